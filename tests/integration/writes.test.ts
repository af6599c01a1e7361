import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, FULL_ACCESS, type StandIn } from '../../stand-in/index.ts';
import { VerseDbClient } from '@/lib/versedb/client';
import { backgroundFor } from './harness';

// The member's changes are applied exactly once, whatever the connection, VerseDB, the token or the
// service worker do meanwhile: the background service against the stand-in over HTTP.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const web = (token: string = si.tokens.free) => new VerseDbClient({ baseUrl: si.url, token });

async function signedIn(options: { fetch?: typeof fetch; token?: string } = {}) {
  const harness = await backgroundFor(si, options);
  await harness.service.signIn(si.url, options.token ?? si.tokens.free, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness;
}

/** Issues of the catalog the free member owns no copy of and has not wishlisted. */
async function untouchedIssues(count: number) {
  const touched = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await web().collectionPage(page);
    for (const copy of result.copies) touched.add(copy.issueId);
    if (!result.meta || page >= result.meta.lastPage) break;
  }
  for (const entry of (await web().wishlistPage(1, 100)).entries) touched.add(entry.issueId);
  return [...si.catalog().issues.values()].filter((i) => !touched.has(i.id)).slice(0, count);
}

const posts = (issueId: number) => si.requests().filter((r) => r.method === 'POST' && r.path === `/api/v1/issues/${issueId}/collection`);

/** A fetch that, like a browser's network stack, sends a POST again once when its connection dropped. */
const resendingFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (init?.method !== 'POST') throw error;
    return fetch(input, init);
  }
};

describe('a collection add', () => {
  it('leaves one copy when the browser resent a POST whose connection dropped, and says it tidied up', async () => {
    const { service } = await signedIn({ fetch: resendingFetch });
    const [issue] = await untouchedIssues(1);
    if (!issue) throw new Error('no issue');
    si.faults.set({ drop_next: 1, methods: ['POST'], paths: ['/api/v1/issues/*/collection'] });
    const result = await service.writer.perform({ action: 'copy-add', issueId: issue.id, fields: { condition: 'NM' } });
    // Two POSTs reached VerseDB (the dropped one and the browser's resend), and both saved a copy.
    expect(posts(issue.id)).toHaveLength(2);
    const copies = (await web().checkCollection(issue.id)).copies;
    expect(copies).toHaveLength(1);
    expect(result).toEqual({ kind: 'done', copyId: copies[0]?.copyId });
    const state = await service.state();
    expect(state.queuedWrites).toBe(0);
    expect(state.writeNotices).toHaveLength(1);
    expect(state.writeNotices[0]).toMatch(/a second copy of .*; Longbox removed it/);
    expect((await service.library.status(issue.id, null)).copies.map((c) => c.copyId)).toEqual([copies[0]?.copyId]);
  });

  it('sends again an add that a 5xx refused, once, when VerseDB answers again', async () => {
    const { service } = await signedIn();
    const [issue] = await untouchedIssues(1);
    if (!issue) throw new Error('no issue');
    si.faults.set({ error_next: 1, methods: ['POST'], paths: ['/api/v1/issues/*/collection'] });
    const result = await service.writer.perform({ action: 'copy-add', issueId: issue.id, fields: { condition: 'VF' } });
    expect(result.kind).toBe('queued');
    expect((await web().checkCollection(issue.id)).copies).toHaveLength(0);
    expect(await service.writer.flushQueue()).toBe(0);
    expect((await web().checkCollection(issue.id)).copies).toHaveLength(1);
    expect(posts(issue.id).filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('settles an add whose answer VerseDB sent but Longbox could not read, without sending it twice', async () => {
    const garbling: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST' && String(input).includes('/collection')) return new Response('{"data":', { status: 201, headers: response.headers });
      return response;
    };
    const { service } = await signedIn({ fetch: garbling });
    const [issue] = await untouchedIssues(1);
    if (!issue) throw new Error('no issue');
    const result = await service.writer.perform({ action: 'copy-add', issueId: issue.id, fields: { condition: 'NM' } });
    const copies = (await web().checkCollection(issue.id)).copies;
    expect(copies).toHaveLength(1);
    expect(result).toEqual({ kind: 'done', copyId: copies[0]?.copyId });
    expect(posts(issue.id)).toHaveLength(1);
  });

  it('is one change however often its message arrives (the same write id)', async () => {
    const { service } = await signedIn();
    const [issue] = await untouchedIssues(1);
    if (!issue) throw new Error('no issue');
    const write = { action: 'copy-add', issueId: issue.id, fields: { condition: 'NM' } } as const;
    const [a, b] = await Promise.all([service.writer.perform(write, 'click-0001'), service.writer.perform(write, 'click-0001')]);
    const again = await service.writer.perform(write, 'click-0001');
    expect(a).toEqual(b);
    expect(again).toEqual(a);
    expect((await web().checkCollection(issue.id)).copies).toHaveLength(1);
    expect(posts(issue.id)).toHaveLength(1);
  });

  it('survives a worker stopped while the add was in flight: the next worker settles it from VerseDB', async () => {
    const harness = await signedIn();
    const [issue] = await untouchedIssues(1);
    if (!issue) throw new Error('no issue');
    // The add reaches VerseDB; its answer is lost and the confirming read fails too, as a worker stopped would leave it.
    si.faults.set({ drop_next: 1, methods: ['POST'], paths: ['/api/v1/issues/*/collection'] });
    si.limits.set({ free: { readsPerHour: 2 } });
    const first = await harness.service.writer.perform({ action: 'copy-add', issueId: issue.id, fields: { condition: 'NM' } });
    expect(first.kind).toBe('queued');
    si.faults.clear();
    si.limits.set({ free: { readsPerHour: 300 } });
    si.clock.advance(3_600_000);
    const restarted = await harness.restart();
    expect((await restarted.state()).queuedWrites).toBe(1);
    expect(await restarted.writer.flushQueue()).toBe(0);
    expect((await web().checkCollection(issue.id)).copies).toHaveLength(1);
    expect(posts(issue.id)).toHaveLength(1);
    expect((await restarted.library.status(issue.id, null)).copies).toHaveLength(1);
  });
});

describe('the write queue', () => {
  it('sends waiting changes in the order they were made', async () => {
    const { service } = await signedIn();
    const [issue] = await untouchedIssues(1);
    if (!issue) throw new Error('no issue');
    si.faults.set({ error_rate: 1, methods: ['POST', 'DELETE'] });
    expect((await service.writer.perform({ action: 'wishlist-add', issueId: issue.id })).kind).toBe('queued');
    // VerseDB answers again; the remove is made after the add and must win.
    si.faults.clear();
    expect((await service.writer.perform({ action: 'wishlist-remove', issueId: issue.id })).kind).toBe('done');
    const wishlisted = (await web().wishlistPage(1, 100)).entries.some((e) => e.issueId === issue.id);
    expect(wishlisted).toBe(false);
    expect((await service.library.status(issue.id, null)).wishlisted).toBe(false);
  });

  it('keeps a waiting change through a sync that read VerseDB before it', async () => {
    const { service } = await signedIn();
    const [issue] = await untouchedIssues(1);
    if (!issue) throw new Error('no issue');
    si.faults.set({ error_rate: 1, methods: ['POST'] });
    expect((await service.writer.perform({ action: 'wishlist-add', issueId: issue.id })).kind).toBe('queued');
    await service.runSync('full');
    expect((await service.library.status(issue.id, null)).wishlisted).toBe(true);
    si.faults.clear();
    expect(await service.writer.flushQueue()).toBe(0);
    expect((await web().wishlistPage(1, 100)).entries.some((e) => e.issueId === issue.id)).toBe(true);
  });

  it('keeps changes through a refused token and a sign-out, and sends them when the member signs in again', async () => {
    const token = 'longbox-test-rotating';
    si.createToken(1, [...FULL_ACCESS], token);
    const harness = await signedIn({ token });
    const [a, b] = await untouchedIssues(2);
    if (!a || !b) throw new Error('no issues');
    si.revoke(token);
    const refused = await harness.service.writer.perform({ action: 'wishlist-add', issueId: a.id });
    expect(refused).toMatchObject({ kind: 'queued', reason: 'sign in again to send it' });
    let state = await harness.service.state();
    expect(state.session.rejected).toBe(true);
    expect([state.queuedWrites, state.writesNeedSignIn]).toEqual([1, 1]);
    // Still refused: a second change waits too.
    expect((await harness.service.writer.perform({ action: 'wishlist-add', issueId: b.id })).kind).toBe('queued');

    await harness.service.signOut();
    state = await harness.service.state();
    expect([state.queuedWrites, state.writesNeedSignIn]).toEqual([2, 2]);

    const restarted = await harness.restart();
    await restarted.signIn(si.url, si.tokens.free, 'personal');
    expect(await restarted.writer.flushQueue()).toBe(0);
    const wishlist = (await web().wishlistPage(1, 100)).entries.map((e) => e.issueId);
    expect(wishlist).toEqual(expect.arrayContaining([a.id, b.id]));
    state = await restarted.state();
    expect([state.queuedWrites, state.writesNeedSignIn]).toEqual([0, 0]);
  });

  it('does not send one member’s waiting changes with another member’s token', async () => {
    const harness = await signedIn();
    const proWishlist = new Set((await web(si.tokens.pro).wishlistPage(1, 100)).entries.map((e) => e.issueId));
    const issue = (await untouchedIssues(50)).find((i) => !proWishlist.has(i.id));
    if (!issue) throw new Error('no issue');
    si.faults.set({ error_rate: 1, methods: ['POST'] });
    await harness.service.writer.perform({ action: 'wishlist-add', issueId: issue.id });
    si.faults.clear();
    await harness.service.signOut();
    si.clearRequests();
    await harness.service.signIn(si.url, si.tokens.pro, 'personal');
    await harness.service.writer.flushQueue();
    expect((await web(si.tokens.pro).wishlistPage(1, 100)).entries.some((e) => e.issueId === issue.id)).toBe(false);
    expect(si.requests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('a pull-list removal', () => {
  it('is not sent for a series VerseDB no longer lists, which could remove another series', async () => {
    const { service } = await signedIn();
    const pulled = (await web().pullListPage(1, 100)).entries;
    const [gone, ...others] = pulled;
    if (!gone || others.length === 0) throw new Error('the free member pulls fewer than two series');
    // Removed on the website since the last sync: the library still has it.
    await web().removeFromPullList(gone.seriesId);
    si.clearRequests();
    expect(await service.writer.perform({ action: 'pull-list-remove', seriesId: gone.seriesId })).toEqual({ kind: 'done' });
    expect(si.requests().filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect((await web().pullListPage(1, 100)).entries.map((e) => e.seriesId)).toEqual(others.map((e) => e.seriesId));
    expect(await service.library.pullListSeriesIds()).not.toContain(gone.seriesId);
  });

  it('is sent again after a dropped answer only while VerseDB still lists the series', async () => {
    const harness = await signedIn();
    const pulled = (await web().pullListPage(1, 100)).entries;
    const [series, ...others] = pulled;
    if (!series) throw new Error('the free member pulls nothing');
    si.faults.set({ drop_next: 1, methods: ['DELETE'], paths: ['/api/v1/pull-list/items/*'] });
    // The server removes it, the answer is lost; the retry (after the circuit or a restart) reads first.
    const first = await harness.service.writer.perform({ action: 'pull-list-remove', seriesId: series.seriesId });
    si.faults.clear();
    if (first.kind === 'queued') expect(await (await harness.restart()).writer.flushQueue()).toBe(0);
    expect(si.requests().filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect((await web().pullListPage(1, 100)).entries.map((e) => e.seriesId)).toEqual(others.map((e) => e.seriesId));
  });
});

describe('a session that ends', () => {
  it('stops the sync under way: nothing of the old member’s library is stored after a sign-out', async () => {
    const harness = await backgroundFor(si);
    await harness.service.signIn(si.url, si.tokens.pro, 'personal');
    // signIn started the full sync of a large library; let it read a little, then sign out.
    si.faults.set({ latency_ms: 20 });
    const running = harness.service.runSync();
    while ((await harness.service.library.copyCount()) === 0) await new Promise((r) => setTimeout(r, 5));
    await harness.service.signOut();
    const outcome = await running;
    expect(outcome.kind).toBe('stopped');
    expect(await harness.service.library.copyCount()).toBe(0);
    expect((await harness.service.sync.progress()).step).toBeNull();

    // Another member signs in: their library alone.
    si.faults.clear();
    await harness.service.signIn(si.url, si.tokens.free, 'personal');
    await harness.service.runSync();
    let total = 0;
    for (let page = 1; ; page++) {
      const result = await web().collectionPage(page);
      total = result.meta?.total ?? Number.NaN;
      if (!result.meta || page >= result.meta.lastPage) break;
    }
    expect(await harness.service.library.copyCount()).toBe(total);
  });
});
