import { describe, expect, it } from 'vitest';
import { api, call, shape, useStandIn } from './helpers.ts';
import { ErrorMessage, FollowsPage, PullListPage, Validation, WishlistPage } from './schemas.ts';

// §7-§9: wishlist (idempotent add, 204 remove), pull list (per series) and follows.

const TESTER = 'library-tester-token';
const standIn = useStandIn({
  clockStart: '2026-11-22T12:00:00Z',
  // Filling the wishlist takes 500 writes: more than a free hour allows.
  limits: { free: { writesPerHour: 5_000 } },
  data: { members: [{ username: 'librarian', tokens: [{ token: TESTER }] }] },
});

const issueIds = () => [...standIn().catalog().issues.keys()];
const seriesId = (slug: string) => [...standIn().catalog().series.values()].find((s) => s.slug === slug)!.id;
const wishlist = async (token = TESTER) => shape(WishlistPage, (await call(standIn(), api('/user/wishlist?per_page=100'), { token })).body);

describe('wishlist', () => {
  it('adds once (201, then 200), lists newest first, and removes with 204 either way', async () => {
    const [a, b] = issueIds();
    expect((await call(standIn(), api(`/issues/${a}/wishlist`), { method: 'POST', token: TESTER })).status).toBe(201);
    const again = await call(standIn(), api(`/issues/${a}/wishlist`), { method: 'POST', token: TESTER });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ in_wishlist: true });
    standIn().clock.advance(60_000);
    expect((await call(standIn(), api(`/issues/${b}/wishlist`), { method: 'POST', token: TESTER })).status).toBe(201);
    const listed = await wishlist();
    expect(listed.data.map((w) => w.entity.id)).toEqual([b, a]);
    expect(listed.meta.total).toBe(2);
    expect((await call(standIn(), api(`/issues/${a}/wishlist`), { method: 'DELETE', token: TESTER })).status).toBe(204);
    expect((await call(standIn(), api(`/issues/${a}/wishlist`), { method: 'DELETE', token: TESTER })).status).toBe(204);
    expect((await wishlist()).data.map((w) => w.entity.id)).toEqual([b]);
  });

  it('keeps one entry per variant plus one without', async () => {
    const issue = [...standIn().catalog().issues.values()].find((i) => i.variants.length >= 2)!;
    const post = (body?: unknown) => call(standIn(), api(`/issues/${issue.id}/wishlist`), { method: 'POST', token: TESTER, body });
    expect((await post()).status).toBe(201);
    expect((await post({ variant_id: issue.variants[1]!.id })).status).toBe(201);
    expect((await post({ variant_id: issue.variants[1]!.id })).status).toBe(200);
    expect((await post({ variant_id: 1 })).status).toBe(422);
    expect((await wishlist()).data.filter((w) => w.entity.id === issue.id)).toHaveLength(2);
    await call(standIn(), api(`/issues/${issue.id}/wishlist?variant_id=${issue.variants[1]!.id}`), { method: 'DELETE', token: TESTER });
    expect((await wishlist()).data.filter((w) => w.entity.id === issue.id)).toHaveLength(1);
  });

  it('refuses the 501st item with 422', async () => {
    const ids = issueIds().slice(100);
    let total = (await wishlist()).meta.total;
    let next = 0;
    while (total < 500) {
      const added = await call(standIn(), api(`/issues/${ids[next++]}/wishlist`), { method: 'POST', token: TESTER });
      if (added.status === 201) total += 1;
    }
    const full = await call(standIn(), api(`/issues/${ids[next]}/wishlist`), { method: 'POST', token: TESTER });
    expect(full.status).toBe(422);
    expect(full.body).toEqual({ message: 'Wishlist is full (max 500 items).' });
  });

  it('hides notes from a read:showcase token', async () => {
    const showcase = await call(standIn(), api('/user/wishlist'), { token: standIn().tokens.connect });
    for (const item of (showcase.body as { data: object[] }).data) expect(item).not.toHaveProperty('note');
    const full = await call(standIn(), api('/user/wishlist'));
    expect((full.body as { data: object[] }).data[0]).toHaveProperty('note');
  });
});

describe('pull list', () => {
  it('adds a series, lists it, and removes it by series id', async () => {
    const saga = seriesId('saga-2012');
    expect((await call(standIn(), api('/pull-list/items'), { method: 'POST', token: TESTER, body: { series_id: saga } })).status).toBe(201);
    // Adding a series already pulled answers 201 too (the only status the contract documents), and keeps one row.
    expect((await call(standIn(), api('/pull-list/items'), { method: 'POST', token: TESTER, body: { series_id: saga } })).status).toBe(201);
    const list = shape(PullListPage, (await call(standIn(), api('/user/pull-list'), { token: TESTER })).body);
    expect(list.data.map((p) => p.series.id)).toEqual([saga]);
    expect(list.data[0]!.series.publisher.name).toBe('Image Comics');
    expect((await call(standIn(), api(`/pull-list/items/${saga}`), { method: 'DELETE', token: TESTER })).status).toBe(204);
    expect(shape(PullListPage, (await call(standIn(), api('/user/pull-list'), { token: TESTER })).body).data).toEqual([]);
  });

  it('answers 422 with errors.series_id for an unknown or missing series', async () => {
    for (const body of [{ series_id: 999_999 }, {}, { series_id: 'saga' }]) {
      const answer = await call(standIn(), api('/pull-list/items'), { method: 'POST', token: TESTER, body });
      expect(answer.status).toBe(422);
      expect(shape(Validation, answer.body).errors.series_id).toBeDefined();
    }
  });

  it('shows the demo members’ pull lists', async () => {
    const pro = shape(PullListPage, (await call(standIn(), api('/user/pull-list?per_page=100'), { token: standIn().tokens.pro })).body);
    expect(pro.meta.total).toBe(20);
  });
});

describe('follows', () => {
  const titleId = (name: string) => [...standIn().catalog().titles.values()].find((t) => t.name === name)!.id;

  it('follows a title, checks it, updates preferences, lists it and unfollows', async () => {
    const saga = titleId('Saga');
    const follow = await call(standIn(), api('/follow'), { method: 'POST', token: TESTER, body: { type: 'title', id: saga, preferences: { email_notifications: false } } });
    expect(follow.status).toBe(200);
    expect(follow.body).toMatchObject({ is_following: true });
    expect((await call(standIn(), api(`/follow/title/${saga}/check`), { token: TESTER })).body).toEqual({ is_following: true });
    const prefs = await call(standIn(), api(`/follow/title/${saga}/preferences`), { method: 'PUT', token: TESTER, body: { push_notifications: true } });
    expect(prefs.body).toMatchObject({ preferences: { email_notifications: false, push_notifications: true } });
    const list = shape(FollowsPage, (await call(standIn(), api('/user/follows?type=title'), { token: TESTER })).body);
    expect(list.data.map((f) => f.followable.name)).toEqual(['Saga']);
    const unfollow = await call(standIn(), api(`/follow/title/${saga}`), { method: 'DELETE', token: TESTER });
    expect(unfollow.body).toMatchObject({ is_following: false });
    expect((await call(standIn(), api(`/follow/title/${saga}/check`), { token: TESTER })).body).toEqual({ is_following: false });
  });

  it('refuses to follow a series (422), and unknown records (404)', async () => {
    const series = await call(standIn(), api('/follow'), { method: 'POST', token: TESTER, body: { type: 'series', id: 1 } });
    expect(series.status).toBe(422);
    expect(shape(Validation, series.body).errors.type).toBeDefined();
    const missing = await call(standIn(), api('/follow'), { method: 'POST', token: TESTER, body: { type: 'title', id: 999_999 } });
    expect(missing.status).toBe(404);
    expect(shape(ErrorMessage, missing.body).message).toBe('Title not found');
    expect((await call(standIn(), api('/follow/series/1'), { method: 'DELETE', token: TESTER })).status).toBe(404);
    expect((await call(standIn(), api(`/follow/title/${titleId('Batman')}/preferences`), { method: 'PUT', token: TESTER, body: {} })).status).toBe(422);
  });
});
