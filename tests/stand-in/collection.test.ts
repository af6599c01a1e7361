import { describe, expect, it } from 'vitest';
import { api, call, shape, useStandIn } from './helpers.ts';
import { AddedCopy, CollectionCheck, CollectionPage, ErrorField, ProRequired, UpdatedCopy, Validation } from './schemas.ts';

// §4-§6: the collection. A POST adds a copy every time; every write shows in later reads.

// A member of our own, so every issue starts unowned and the demo members' quotas stay untouched.
const TESTER = 'collection-tester-token';
const LEAVING = 'pending-deletion-token';
const standIn = useStandIn({
  clockStart: '2026-11-22T12:00:00Z',
  data: {
    members: [
      { username: 'tester', tier: 'pro', tokens: [{ token: TESTER }] },
      { username: 'leaving', pending_deletion: true, tokens: [{ token: LEAVING }] },
    ],
  },
});

/** A released issue with at least two variants; each test takes its own. */
function unownedIssue(offset: number): number {
  const ids = [...standIn().catalog().issues.values()].filter((i) => i.releaseDate < '2026-01-01' && i.variants.length >= 2).map((i) => i.id);
  return ids[ids.length - 1 - offset]!;
}

async function check(issueId: number, query = '', token = TESTER) {
  return shape(CollectionCheck, (await call(standIn(), api(`/issues/${issueId}/collection/check${query}`), { token })).body);
}

describe('adding copies', () => {
  it('adds a new copy on every POST, each visible to the check and the collection list', async () => {
    const issue = unownedIssue(0);
    const before = await check(issue);
    const first = await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'POST', body: { condition: 'NM', price_paid: 4.99, grade_score: '9.8', notes: 'first' } });
    expect(first.status).toBe(201);
    const added = shape(AddedCopy, first.body).data;
    expect(added).toMatchObject({ condition: 'NM', price_paid: 4.99, notes: 'first', was_on_wishlist: false });
    const second = await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'POST' });
    expect(second.status).toBe(201);
    const after = await check(issue);
    expect(after.copies_count).toBe(before.copies_count + 2);
    expect(after.in_collection).toBe(true);
    const page = shape(CollectionPage, (await call(standIn(), api('/user/collections?per_page=2'), { token: TESTER })).body);
    // Newest first by date added.
    expect(page.data.map((c) => c.id)).toEqual([shape(AddedCopy, second.body).data.id, added.id]);
    expect(page.data[0]!.collectable.id).toBe(issue);
  });

  it('moves a wishlisted issue into the collection and says it was on the wishlist', async () => {
    const issue = unownedIssue(1);
    expect((await call(standIn(), api(`/issues/${issue}/wishlist`), { token: TESTER, method: 'POST' })).status).toBe(201);
    const added = shape(AddedCopy, (await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'POST', body: {} })).body).data;
    expect(added.was_on_wishlist).toBe(true);
  });

  it('records a variant, and refuses a variant of another issue', async () => {
    const catalog = standIn().catalog();
    const issue = catalog.issues.get(unownedIssue(2))!;
    const variant = issue.variants[1]!;
    const ok = await call(standIn(), api(`/issues/${issue.id}/collection`), { token: TESTER, method: 'POST', body: { variant_id: variant.id } });
    expect(shape(AddedCopy, ok.body).data.variant_id).toBe(variant.id);
    expect((await check(issue.id, `?variant_id=${variant.id}`)).copies_count).toBe(1);
    expect((await check(issue.id, `?variant_id=${issue.variants[0]!.id}`)).copies_count).toBe(0);
    const foreign = await call(standIn(), api(`/issues/${issue.id}/collection`), { token: TESTER, method: 'POST', body: { variant_id: 1 } });
    expect(foreign.status).toBe(422);
    expect(shape(ErrorField, foreign.body).error).toBe('Variant does not belong to this issue.');
  });

  it.each([
    ['condition', { condition: 'FN' }],
    ['grade_score', { grade_score: '9.8 SS CGC!' }],
    ['price_paid', { price_paid: 1_000_000 }],
    ['price_paid', { price_paid: -1 }],
    ['format', { format: 'floppy' }],
    ['purchased_at', { purchased_at: '22/11/2026' }],
    ['notes', { notes: 'x'.repeat(1001) }],
  ])('answers 422 naming %s', async (fieldName, body) => {
    const answer = await call(standIn(), api(`/issues/${unownedIssue(3)}/collection`), { token: TESTER, method: 'POST', body });
    expect(answer.status).toBe(422);
    expect(Object.keys(shape(Validation, answer.body).errors)).toContain(fieldName);
  });

  it('accepts all 21 grades and a 10-character grade score', async () => {
    const grades = ['MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-', 'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR'];
    for (const condition of grades) {
      const answer = await call(standIn(), api(`/issues/${unownedIssue(4)}/collection`), { token: TESTER, method: 'POST', body: { condition, grade_score: '9.8 SS CGC' } });
      expect(answer.status).toBe(201);
    }
  });

  it('answers 404 for an unknown issue and 400 for malformed JSON', async () => {
    expect((await call(standIn(), api('/issues/999999/collection'), { token: TESTER, method: 'POST' })).status).toBe(404);
    const bad = await call(standIn(), api(`/issues/${unownedIssue(5)}/collection`), { token: TESTER, method: 'POST', rawBody: '{"condition": "NM"' });
    expect(bad.status).toBe(400);
  });
});

describe('updating and removing copies', () => {
  it('patches the copy named by collection_item_id, then the newest one', async () => {
    const issue = unownedIssue(6);
    const a = shape(AddedCopy, (await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'POST', body: { condition: 'VF' } })).body).data;
    const b = shape(AddedCopy, (await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'POST', body: { condition: 'VF' } })).body).data;
    const byId = await call(standIn(), api(`/issues/${issue}/collection?collection_item_id=${a.id}`), { token: TESTER, method: 'PATCH', body: { condition: 'NM-', price_paid: 12, graded: true } });
    expect(shape(UpdatedCopy, byId.body).data).toEqual({ id: a.id, condition: 'NM-', price_paid: 12, graded: true });
    const newest = await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'PATCH', body: { condition: 'F' } });
    expect(shape(UpdatedCopy, newest.body).data.id).toBe(b.id);
    const invalid = await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'PATCH', body: { read_at: '2030-01-01' } });
    expect(invalid.status).toBe(422);
  });

  it('deletes by id from the query or the body, then answers 404 when no copy is left', async () => {
    const issue = unownedIssue(7);
    const a = shape(AddedCopy, (await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'POST' })).body).data;
    const b = shape(AddedCopy, (await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'POST' })).body).data;
    expect((await call(standIn(), api(`/issues/${issue}/collection?collection_item_id=${a.id}`), { token: TESTER, method: 'DELETE' })).status).toBe(204);
    expect((await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'DELETE', body: { collection_item_id: b.id } })).status).toBe(204);
    expect((await check(issue)).in_collection).toBe(false);
    const gone = await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Issue not found in your collection.' });
    const patch = await call(standIn(), api(`/issues/${issue}/collection`), { token: TESTER, method: 'PATCH', body: { condition: 'NM' } });
    expect(patch.status).toBe(404);
  });

  it('refuses an add while the account is pending deletion', async () => {
    const answer = await call(standIn(), api(`/issues/${unownedIssue(8)}/collection`), { method: 'POST', token: LEAVING });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: 'Cannot add to collection while account is pending deletion.' });
  });
});

describe('GET /user/collections', () => {
  it('pages the PRO collection with Laravel meta and links', async () => {
    const answer = await call(standIn(), api('/user/collections?per_page=100&page=2'), { token: standIn().tokens.pro });
    const body = shape(CollectionPage, answer.body);
    expect(body.data).toHaveLength(100);
    expect(body.meta.total).toBeGreaterThanOrEqual(3000);
    expect(body.meta).toMatchObject({ current_page: 2, from: 101, to: 200, per_page: 100 });
    expect(body.links.prev).toContain('page=1');
    expect(body.links.next).toContain('page=3');
    const last = shape(CollectionPage, (await call(standIn(), api(`/user/collections?per_page=100&page=${body.meta.last_page}`), { token: standIn().tokens.pro })).body);
    expect(last.links.next).toBeNull();
    expect((await call(standIn(), api('/user/collections?per_page=101'))).status).toBe(422);
  });

  it('searches, filters and sorts', async () => {
    const pro = standIn().tokens.pro;
    const saga = shape(CollectionPage, (await call(standIn(), api('/user/collections?search=saga&per_page=100&sort_by=title&sort_order=asc'), { token: pro })).body);
    expect(saga.data.length).toBeGreaterThan(20);
    expect(saga.data.every((c) => c.collectable.series.name.toLowerCase().includes('saga') || c.collectable.name.toLowerCase().includes('saga'))).toBe(true);
    const graded = shape(CollectionPage, (await call(standIn(), api('/user/collections?graded=true&per_page=100'), { token: pro })).body);
    expect(graded.data.every((c) => c.graded)).toBe(true);
    const byPrice = shape(CollectionPage, (await call(standIn(), api('/user/collections?sort_by=price_paid&sort_order=desc&per_page=5'), { token: pro })).body);
    const prices = byPrice.data.map((c) => c.price_paid ?? 0);
    expect([...prices].sort((x, y) => y - x)).toEqual(prices);
    const forSale = shape(CollectionPage, (await call(standIn(), api('/user/collections?for_sale=true&per_page=100'), { token: pro })).body);
    expect(forSale.data.length).toBeGreaterThan(0);
    expect(forSale.data.every((c) => c.for_sale)).toBe(true);
    const sold = shape(CollectionPage, (await call(standIn(), api('/user/collections?status=sold&per_page=100'), { token: pro })).body);
    const all = shape(CollectionPage, (await call(standIn(), api('/user/collections?status=all&per_page=1'), { token: pro })).body);
    const owned = shape(CollectionPage, (await call(standIn(), api('/user/collections?per_page=1'), { token: pro })).body);
    expect(all.meta.total).toBe(owned.meta.total + sold.meta.total);
  });

  it('keeps the PRO-only filters for PRO members', async () => {
    const answer = await call(standIn(), api('/user/collections?is_signed=true'));
    expect(answer.status).toBe(402);
    shape(ProRequired, answer.body);
    expect((await call(standIn(), api('/user/collections?grade_min=9'), { token: standIn().tokens.pro })).status).toBe(200);
  });

  it('gives a read:showcase token public copies only, without prices, notes or storage', async () => {
    const token = standIn().tokens.connect;
    const answer = await call(standIn(), api('/user/collections?per_page=100'), { token });
    const body = shape(CollectionPage, answer.body);
    expect(body.data.every((c) => c.is_public)).toBe(true);
    for (const item of (answer.body as { data: object[] }).data) {
      for (const hidden of ['price_paid', 'estimated_value', 'notes', 'storage_location', 'purchased_at', 'purchase_source']) expect(item).not.toHaveProperty(hidden);
    }
    const fullAnswer = await call(standIn(), api('/user/collections?per_page=1'));
    expect(body.meta.total).toBeLessThan(shape(CollectionPage, fullAnswer.body).meta.total);
    expect((fullAnswer.body as { data: object[] }).data[0]).toHaveProperty('price_paid');
  });
});
