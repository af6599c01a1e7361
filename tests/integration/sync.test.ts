import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { VerseDbClient } from '@/lib/versedb/client';
import { backgroundFor, readsServed } from './harness';

// The library sync against the stand-in over HTTP: full and incremental, resumed after the service
// worker is stopped, and a large collection on a free account's hourly cap without a single 429.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0 });
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
      // The browser stops the worker; an hour later the alarm starts a new one.
      const restarted = await harness.restart();
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

/** What VerseDB lists as the member's collection (sold copies are not listed). */
async function totalCopies(token: string): Promise<number> {
  const page = await new VerseDbClient({ baseUrl: si.url, token }).collectionPage(1, 1);
  return page.meta.total;
}
