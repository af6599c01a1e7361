import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { CodeRef, ItemQuery } from '@/lib/items';
import { VerseDbClient } from '@/lib/versedb/client';
import { backgroundFor, readsServed } from './harness';
import { badgeStatus } from '@/lib/content/replies';
import { messageFor } from '@/lib/content/menu';

// Item statuses and the member's changes, through the background service, against the stand-in.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const upc = (value: string): CodeRef => ({ type: 'upc', value });
const item = (codes: CodeRef[], matchKey: string | null = null): ItemQuery => ({ codes, matchKey, label: null });

async function signedIn(token = si.tokens.free) {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, token, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness;
}

function web(token = si.tokens.free) {
  return new VerseDbClient({ baseUrl: si.url, token });
}

/**
 * Modern issues of the catalog with their 17-digit UPC, none of them owned by the free member, each of
 * another series: a code of a series already looked up is answered from its learned base (issue 12)
 * with no read, and these tests count the reads of codes that need one.
 */
async function unownedModernIssues(count: number) {
  const owned = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await web().collectionPage(page);
    for (const copy of result.copies) owned.add(copy.issueId);
    if (!result.meta || page >= result.meta.lastPage) break;
  }
  const series = new Set<number>();
  return [...si.catalog().issues.values()]
    .filter((i) => i.upc?.length === 17 && !owned.has(i.id) && !series.has(i.seriesId) && series.add(i.seriesId))
    .slice(0, count);
}

describe('item statuses', () => {
  it('answers owned from the synced library: one lookup per new code, none on a revisit', async () => {
    const { service } = await signedIn();
    const copies = (await web().collectionPage(1)).copies;
    const code = copies.map((c) => si.catalog().issues.get(c.issueId)?.upc).find((u) => u?.length === 17);
    if (!code) throw new Error('no owned modern issue');
    si.clearRequests();
    const [first] = await service.itemStatuses([item([upc(code)])]);
    expect(first).toMatchObject({ state: 'owned', resolvedFrom: `upc:${code}` });
    expect(first?.copies).toBeGreaterThan(0);
    expect(first?.bestCondition).toBeTruthy();
    expect(readsServed(si)).toBe(1);

    const [again] = await service.itemStatuses([item([upc(code)])]);
    expect(again?.state).toBe('owned');
    expect(readsServed(si)).toBe(1);
  });

  it('spends nothing on items not yet on screen: cached ones answer, the rest wait', async () => {
    const { service } = await signedIn();
    const [seen, unseen] = await unownedModernIssues(2);
    await service.itemStatuses([item([upc(seen?.upc ?? '')])]);
    si.clearRequests();
    const statuses = await service.itemStatuses([item([upc(seen?.upc ?? '')]), item([upc(unseen?.upc ?? '')])], { lookUp: false });
    expect(statuses[0]?.state).toBe('not-owned');
    expect(statuses[1]).toBeNull();
    expect(readsServed(si)).toBe(0);
  });

  it('tells a Connect (read-only) token’s member that codes need a personal token', async () => {
    const harness = await backgroundFor(si);
    const state = await harness.service.signIn(si.url, si.tokens.connect, 'connect');
    expect(state.session.missingScopes).toContain('lookup:barcode');
    const [issue] = await unownedModernIssues(1);
    const [status] = await harness.service.itemStatuses([item([upc(issue?.upc ?? '')])]);
    expect(status?.state).toBe('error');
    expect(status?.message).toMatch(/lookup:barcode/);
  });

  it('says not owned, wishlist and pull list, and remembers a code VerseDB does not know', async () => {
    const { service } = await signedIn();
    const [notOwned] = await unownedModernIssues(1);
    if (!notOwned?.upc) throw new Error('no unowned issue');
    expect((await service.itemStatuses([item([upc(notOwned.upc)])]))[0]?.state).toBe('not-owned');

    await service.writer.perform({ action: 'wishlist-add', issueId: notOwned.id });
    expect((await service.itemStatuses([item([upc(notOwned.upc)])]))[0]?.state).toBe('wishlist');
    expect(await web().wishlistPage(1).then((w) => w.entries.some((e) => e.issueId === notOwned.id))).toBe(true);

    await service.writer.perform({ action: 'wishlist-remove', issueId: notOwned.id });
    await service.writer.perform({ action: 'pull-list-add', seriesId: notOwned.seriesId, seriesName: 'x' });
    expect((await service.itemStatuses([item([upc(notOwned.upc)])]))[0]?.state).toBe('pull-list');

    const unknown = upc('036000291452'); // a valid UPC-A that is no comic
    const reads = readsServed(si);
    expect((await service.itemStatuses([item([unknown])]))[0]?.state).toBe('not-found');
    expect((await service.itemStatuses([item([unknown])]))[0]?.state).toBe('not-found');
    expect(readsServed(si)).toBe(reads + 1);
  });

  it('offers the matches of a shared barcode and keeps the member’s choice', async () => {
    const { service } = await signedIn();
    const shared = [...si.catalog().issues.values()].find((i) => i.upc?.length === 12);
    if (!shared?.upc) throw new Error('no shared barcode');
    const [ambiguous] = await service.itemStatuses([item([upc(shared.upc)])]);
    expect(ambiguous?.state).toBe('ambiguous');
    const choice = ambiguous?.matches[1];
    if (!choice) throw new Error('expected several matches');
    const reply = await service.handle(
      { type: 'choose-match', code: `upc:${shared.upc}`, issueId: choice.issueId },
      { id: 'ext', url: 'chrome-extension://ext/popup.html' },
      { id: 'ext', origin: 'chrome-extension://ext/' },
    );
    expect(reply.ok).toBe(true);
    const [chosen] = await service.itemStatuses([item([upc(shared.upc)])]);
    expect(chosen?.issue?.id).toBe(choice.issueId);
    expect(['owned', 'not-owned', 'wishlist', 'pull-list']).toContain(chosen?.state);
  });

  it('matches a title with no code against the library, with no API call', async () => {
    const { service } = await signedIn();
    const copy = (await web().collectionPage(1)).copies[0];
    if (!copy?.issue?.series) throw new Error('no owned issue with a series');
    si.clearRequests();
    const { matchKey } = await import('@/lib/library/match');
    const key = matchKey(copy.issue.series.name ?? '', copy.issue.number);
    const [byTitle] = await service.itemStatuses([item([], key)]);
    expect(byTitle).toMatchObject({ state: 'owned', byTitle: true });
    expect(readsServed(si)).toBe(0);
  });

  it('turns badges to signed out when the token is revoked, and stops calling', async () => {
    const { service } = await signedIn();
    const [issue] = await unownedModernIssues(1);
    si.revoke(si.tokens.free);
    const [status] = await service.itemStatuses([item([upc(issue?.upc ?? '')])]);
    expect(status?.state).toBe('signed-out');
    expect((await service.state()).session.rejected).toBe(true);
    si.clearRequests();
    const [later] = await service.itemStatuses([item([upc('036000291452')])]);
    expect(later?.state).toBe('signed-out');
    expect(si.requests()).toHaveLength(0);
  });

  it('pauses unresolved badges when the quota runs low, while resolved ones stay right', async () => {
    const { service } = await signedIn();
    const issues = await unownedModernIssues(40);
    const [resolved] = await service.itemStatuses([item([upc(issues[0]?.upc ?? '')])]);
    expect(resolved?.state).toBe('not-owned');
    si.clearRequests();
    // Spend the hour down to the reserve kept for the member's own clicks.
    while (service.quota.blockedUntil('read', 'visible') === null) service.quota.spend('read');
    const statuses = await service.itemStatuses(issues.map((i) => item([upc(i.upc ?? '')])));
    expect(statuses[0]?.state).toBe('not-owned');
    expect(statuses.slice(1).every((s) => s?.state === 'paused' && s.resumesAt !== null)).toBe(true);
    expect(readsServed(si)).toBe(0);
    expect(si.requests().filter((r) => r.status === 429)).toHaveLength(0);
  });
});

describe('writes', () => {
  it('never adds a copy twice when the answer to the add was lost', async () => {
    const { service } = await signedIn();
    const [issue] = await unownedModernIssues(1);
    if (!issue) throw new Error('no issue');
    si.faults.set({ drop_next: 1, methods: ['POST'], paths: ['/api/v1/issues/*/collection'] });
    const result = await service.writer.perform({ action: 'copy-add', issueId: issue.id, fields: { condition: 'NM' } });
    si.faults.clear();
    expect(result.kind).toBe('done');
    const check = await web().checkCollection(issue.id);
    expect(check.copies).toHaveLength(1);
    expect((await service.itemStatuses([item([upc(issue.upc ?? '')])]))[0]?.state).toBe('owned');
  });

  it('queues an add whose answer was lost and that cannot be confirmed, then confirms before sending', async () => {
    const { service } = await signedIn();
    const [issue] = await unownedModernIssues(1);
    if (!issue) throw new Error('no issue');
    // The add happens but its answer is lost, and the read that would confirm it is refused (429).
    si.faults.set({ drop_next: 1, methods: ['POST'], paths: ['/api/v1/issues/*/collection'] });
    si.limits.set({ free: { readsPerHour: 1 } });
    const result = await service.writer.perform({ action: 'copy-add', issueId: issue.id, fields: { condition: 'NM' } });
    expect(result.kind).toBe('queued');
    expect((await service.state()).queuedWrites).toBe(1);

    si.faults.clear();
    si.limits.set({ free: { readsPerHour: 300 } });
    si.clock.advance(3_600_000);
    expect(await service.writer.flushQueue()).toBe(0);
    expect((await web().checkCollection(issue.id)).copies).toHaveLength(1);
    const posts = si.requests().filter((r) => r.method === 'POST' && r.path === `/api/v1/issues/${issue.id}/collection`);
    expect(posts).toHaveLength(1);
  });

  it('shows VerseDB’s words for a refused add, field by field', async () => {
    const { service } = await signedIn();
    const [issue] = await unownedModernIssues(1);
    const reply = await service.handle(
      { type: 'write', write: { action: 'copy-add', issueId: issue?.id ?? 0, fields: { condition: 'NM', grade_score: '9.8' } } },
      { id: 'ext', url: 'chrome-extension://ext/popup.html' },
      { id: 'ext', origin: 'chrome-extension://ext/' },
    );
    expect(reply.ok).toBe(true);
    const bad = await service.handle(
      { type: 'write', write: { action: 'copy-add', issueId: issue?.id ?? 0, fields: { condition: 'NM', grade_score: '12345678901' } } },
      { id: 'ext', url: 'chrome-extension://ext/popup.html' },
      { id: 'ext', origin: 'chrome-extension://ext/' },
    );
    // Caught by the message schema before it costs a write.
    expect(bad).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });
});

describe('the protocol', () => {
  const own = { id: 'ext', origin: 'chrome-extension://ext/' };
  it('refuses strangers, malformed messages, and sign-in from a web page', async () => {
    const { service } = await signedIn();
    expect(await service.handle({ type: 'ping' }, { id: 'other' }, own)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await service.handle({ type: 'nope' }, { id: 'ext', url: 'chrome-extension://ext/popup.html' }, own)).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    const fromPage = { id: 'ext', url: 'https://www.midtowncomics.com/', tab: { id: 3 } };
    expect(await service.handle({ type: 'sign-in', address: si.url, token: 'stolen' }, fromPage, own)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await service.handle({ type: 'state' }, fromPage, own)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    const reply = await service.handle({ type: 'statuses', items: [] }, fromPage, own);
    expect(reply).toEqual({ ok: true, statuses: [] });
    expect(JSON.stringify(await service.handle({ type: 'ping' }, fromPage, own))).not.toContain(si.tokens.free);
  });
});

describe('title matching of wishlisted issues', () => {
  it('says "on wishlist" for a wishlisted comic shown by title only, with no API call', async () => {
    const harness = await backgroundFor(si);
    await harness.service.signIn(si.url, si.tokens.free, 'personal');
    await harness.service.runSync();
    const wishlist = await web().wishlistPage(1);
    const entry = wishlist.entries.find((e) => e.series && e.number && !/vol/i.test(e.name ?? ''));
    if (!entry?.series || !entry.number) throw new Error('the free member has no wishlisted single issue');
    const { matchKey } = await import('@/lib/library/match');
    si.clearRequests();
    const [status] = await harness.service.itemStatuses([item([], matchKey(entry.series.name ?? '', entry.number))]);
    expect(status).toMatchObject({ byTitle: true });
    expect(['wishlist', 'owned']).toContain(status?.state);
    expect(readsServed(si)).toBe(0);
  });
});

describe('a comic with neither code nor number', () => {
  it('is not claimed to be missing from VerseDB, and costs nothing', async () => {
    const { service } = await signedIn();
    si.clearRequests();
    const [status] = await service.itemStatuses([{ codes: [], matchKey: null, label: 'Daredevil By Waid & Samnee Omnibus HC' }]);
    expect(status).toMatchObject({ state: 'not-found', resolvedFrom: 'Daredevil By Waid & Samnee Omnibus HC' });
    expect(status?.message).toMatch(/no barcode and no issue number/);
    expect(readsServed(si)).toBe(0);
  });

  it('adds a copy from a variant cover’s barcode as that variant: the variant VerseDB names beside data reaches the copy', async () => {
    const { service } = await signedIn();
    const issue = (await unownedModernIssues(40)).find((i) => i.variants.some((v, n) => n > 0 && v.upc?.length === 17));
    const variant = issue?.variants.find((v, n) => n > 0 && v.upc?.length === 17);
    if (!issue || !variant?.upc) throw new Error('no unowned issue with a variant cover');
    const [looked] = await service.itemStatuses([item([upc(variant.upc)])], { lookUp: true });
    expect(looked).toMatchObject({ state: 'not-owned', variantId: variant.id });
    // The badge's menu, as the content script builds its message from the reply it received.
    const status = badgeStatus(JSON.parse(JSON.stringify(looked)));
    if (!status) throw new Error('the badge could not read the status');
    const request = messageFor(status, { kind: 'copy-add', condition: 'NM', pricePaid: 4.99 }, `upc:${variant.upc}`);
    const fromPage = { id: 'ext', url: 'https://www.midtowncomics.com/', tab: { id: 3 } };
    expect(await service.handle(request, fromPage, { id: 'ext', origin: 'chrome-extension://ext/' })).toMatchObject({ ok: true, result: { kind: 'done' } });
    const check = await web().checkCollection(issue.id);
    expect(check.copies.map((copy) => copy.variantId)).toEqual([variant.id]);
  });
});

