import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { VerseDbClient } from '@/lib/versedb/client';
import type { SyncProgress } from '@/lib/library/sync';
import { syncText, unreadableText } from '@/lib/ui/status-text';
import { backgroundFor, readsServed, type Harness } from './harness';

// The library sync against the stand-in over HTTP: full and incremental, resumed after the service
// worker is stopped, and a large collection on a free account's hourly cap without a single 429.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

function member(username: string) {
  const found = si.state().members.find((m) => m.username === username);
  if (!found) throw new Error(`no member ${username}`);
  return found;
}

describe('library sync', () => {
  it('syncs a PRO member’s several-thousand-copy collection, wishlist and pull list', async () => {
    const { service } = await backgroundFor(si);
    expect(member('longboxdana').copies).toBeGreaterThan(2000);
    await service.signIn(si.url, si.tokens.pro, 'personal');
    expect(await service.runSync()).toEqual({ kind: 'done' });
    const total = await totalCopies(si.tokens.pro);
    expect(await service.library.copyCount()).toBe(total);
    const progress = await service.sync.progress();
    expect(progress.lastSyncedAt).not.toBeNull();
    expect(progress.pagesDone).toBe(Math.ceil(total / 100));
    expect(si.requests().filter((r) => r.status === 429)).toEqual([]);
  });

  it('keeps every row it can read: a wishlist row with its issue deleted and a pull-list row with its series deleted are skipped, counted and named', async () => {
    const { service } = await backgroundFor(si);
    await service.signIn(si.url, si.tokens.free, 'personal');
    expect(await service.runSync()).toEqual({ kind: 'done' });
    const progress = await service.sync.progress();
    // Realistic mode adds one such row to the first page of each list; every other row is kept.
    expect(progress.unreadable).toEqual([
      { list: 'wishlist', reason: 'without an issue', count: 1 },
      { list: 'pull-list', reason: 'without a series', count: 1 },
    ]);
    expect(await service.library.db.count('wishlist')).toBe(member('samreads').wishlist);
    expect((await service.library.pullListSeries()).length).toBe(member('samreads').pull_list);
    expect(unreadableText(progress.unreadable)).toEqual([
      '1 wishlist entry could not be read; VerseDB sent it without an issue.',
      '1 pull-list entry could not be read; VerseDB sent it without a series.',
    ]);
    // A second sync counts them again, not on top of the first.
    await service.runSync('incremental');
    expect((await service.sync.progress()).unreadable).toEqual(progress.unreadable);
  });

  it('refreshes incrementally: new copies from the newest page, removals by a full resync', async () => {
    const { service } = await backgroundFor(si);
    await service.signIn(si.url, si.tokens.free, 'personal');
    await service.runSync();
    const before = await service.library.copyCount();

    // The member adds two copies and removes one on the VerseDB site.
    const web = new VerseDbClient({ baseUrl: si.url, token: si.tokens.free });
    const issueIds = [...si.catalog().issues.keys()].slice(0, 2);
    for (const id of issueIds) await web.addCopy(id, { condition: 'VF' });
    si.clearRequests();
    await service.runSync('incremental');
    expect(await service.library.copyCount()).toBe(before + 2);
    // One collection page, one wishlist page, one pull-list page.
    expect(readsServed(si)).toBe(3);

    const newest = await web.collectionPage(1);
    const removed = newest.copies[5];
    if (!removed) throw new Error('collection too small');
    await web.removeCopy(removed.issueId, removed.copyId);
    await service.runSync('incremental');
    expect(await service.library.copyCount()).toBe(before + 1);
    expect(await service.library.hasCopy(removed.copyId)).toBe(false);
  });

  it('shows each phase’s own pages as it reads them: the collection’s, then the wishlist’s, then the pull list’s', async () => {
    await twoWishlistPages();
    expect(member('longboxdana').pull_list).toBeLessThanOrEqual(100);

    const seen: string[] = [];
    let harness: Harness | null = null;
    // Told at every change, as the popup and options page are; `progress()` answers with what is kept.
    harness = await backgroundFor(si, {
      onStateChange: () => void harness?.service.sync.progress().then((p) => seen.push(syncText(p, si.clock.nowMs()))),
    });
    await harness.service.signIn(si.url, si.tokens.pro, 'personal');
    expect(await harness.service.runSync()).toEqual({ kind: 'done' });
    await new Promise((resolve) => setTimeout(resolve, 0));

    const pages = Math.ceil((await totalCopies(si.tokens.pro)) / 100);
    const texts = [...new Set(seen)].filter((text) => text.startsWith('Syncing'));
    const copies = (await totalCopies(si.tokens.pro)).toLocaleString('en-US');
    expect(texts).toEqual([
      `Syncing your collection: 0 pages done.`,
      ...Array.from({ length: pages }, (_, i) => `Syncing your collection: ${i + 1} of ${pages} pages done (${copies} copies).`),
      'Syncing your wishlist: 0 pages done.',
      'Syncing your wishlist: 1 of 2 pages done.',
      'Syncing your wishlist: 2 of 2 pages done.',
      'Syncing your pull list: 0 pages done.',
      'Syncing your pull list: 1 of 1 page done.',
    ]);
    expect(seen.at(-1)).toMatch(/^Library synced /);
    const done = await harness.service.sync.progress();
    expect(done).toMatchObject({ step: null, pagesDone: pages, phasePagesDone: 0, phaseLastPage: null });
  });

  it('a wishlist stopped on its second page says so truly, and after a restart reads it again from its first page', async () => {
    await twoWishlistPages();
    let failPageTwo = true;
    const harness = await backgroundFor(si, {
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (failPageTwo && url.pathname === '/api/v1/user/wishlist' && url.searchParams.get('page') === '2') {
          return new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } });
        }
        return fetch(input, init);
      },
    });
    await harness.service.signIn(si.url, si.tokens.pro, 'personal');
    const outcome = await harness.service.runSync();
    if (outcome.kind !== 'waiting') throw new Error(`expected a wait, got ${outcome.kind}`);
    const waiting = await harness.service.sync.progress();
    // The collection is done; the wishlist kept none of its pages, and says so (not the collection's 33).
    expect(waiting).toMatchObject({ step: 'wishlist', phasePagesDone: 0, phaseLastPage: null });
    expect(syncText(waiting, si.clock.nowMs())).toMatch(/^Syncing your wishlist: 0 pages done\. /);

    failPageTwo = false;
    si.clearRequests();
    const restarted = await harness.restart();
    expect(await restarted.sync.progress()).toEqual(waiting);
    si.clock.set(outcome.until);
    expect(await restarted.onWake()).toEqual({ kind: 'done' });
    const wishlistPages = si.requests().filter((r) => r.path === '/api/v1/user/wishlist' && r.status === 200).length;
    expect(wishlistPages).toBe(2);
    expect(si.requests().some((r) => r.path === '/api/v1/user/collections')).toBe(false);
    expect(await restarted.sync.progress()).toMatchObject({ step: null, phasePagesDone: 0, phaseLastPage: null });
  });

  it('resumes after the worker is stopped, page by page across hours, without a single 429', async () => {
    si.limits.set({ pro: { readsPerHour: 20 } });
    const harness = await backgroundFor(si);
    await harness.service.signIn(si.url, si.tokens.pro, 'personal');
    let outcome = await harness.service.runSync();
    let hours = 0;
    while (outcome.kind === 'waiting' && hours < 10) {
      // Background sync stops at the quota's reserve and asks to be woken when the hour turns.
      expect(harness.wakes.at(-1)).toBe(outcome.until);
      const progress = await harness.service.sync.progress();
      expect(progress.nextPage).toBeGreaterThan(1);
      // While it waits, it shows the pages its step has kept: the collection's, or none of a wishlist or
      // pull list, which start again from their first page.
      expect(progress.phasePagesDone).toBe(progress.step === 'collection' ? progress.pagesDone : 0);
      // The browser stops the worker; an hour later the alarm starts a new one.
      const restarted = await harness.restart();
      expect(await restarted.sync.progress()).toEqual(progress);
      si.clock.set(outcome.until);
      outcome = (await restarted.onWake()) ?? { kind: 'stopped', problem: 'not signed in' };
      hours += 1;
    }
    expect(outcome).toEqual({ kind: 'done' });
    expect(hours).toBeGreaterThan(1);
    const total = await totalCopies(si.tokens.pro);
    expect(await harness.service.library.copyCount()).toBe(total);
    const pages = si.requests().filter((r) => r.path === '/api/v1/user/collections' && r.status === 200).length;
    expect(pages).toBe(Math.ceil(total / 100) + 1); // every page once, plus our own count above
    expect(si.requests().filter((r) => r.status === 429)).toEqual([]);
  });
});

/** Wishlists the PRO member's issues until the wishlist takes two pages of 100. */
async function twoWishlistPages(): Promise<void> {
  const web = new VerseDbClient({ baseUrl: si.url, token: si.tokens.pro });
  const wishlisted = new Set((await web.wishlistPage(1, 100)).entries.map((e) => e.issueId));
  for (const id of si.catalog().issues.keys()) {
    if (member('longboxdana').wishlist > 100) break;
    if (!wishlisted.has(id)) await web.addToWishlist(id);
  }
  expect(member('longboxdana').wishlist).toBeGreaterThan(100);
  expect(member('longboxdana').wishlist).toBeLessThanOrEqual(200);
}

/** What VerseDB lists as the member's collection (sold copies are not listed). */
async function totalCopies(token: string): Promise<number> {
  const page = await new VerseDbClient({ baseUrl: si.url, token }).collectionPage(1, 1);
  return page.meta?.total ?? Number.NaN;
}
