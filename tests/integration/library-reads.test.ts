import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { ItemQuery } from '@/lib/items';
import { matchKey } from '@/lib/library/match';
import { VerseDbClient } from '@/lib/versedb/client';
import { backgroundFor, readsServed } from './harness';

// Reads the library costs, through the background service against the stand-in: before the first
// sync has finished, a page viewed twice spends its reads once (and a page not on screen spends none);
// "Clear cache" leaves what title matching needs, so an owned comic shown by title still reads owned.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const byCode = (upc: string): ItemQuery => ({ codes: [{ type: 'upc', value: upc }], matchKey: null, label: null });
const titled = (series: string, number: string): ItemQuery => ({ codes: [], matchKey: matchKey(series, number), label: `${series} #${number}` });
const popup = { id: 'ext', url: 'chrome-extension://ext/popup.html' };
const own = { id: 'ext', origin: 'chrome-extension://ext/' };

function web() {
  return new VerseDbClient({ baseUrl: si.url, token: si.tokens.free });
}

/** The free member's owned issues (as VerseDB has them), and modern ones nobody owns there. */
async function catalogFor() {
  const owned = new Map<number, { series: string; number: string }>();
  for (let page = 1; ; page++) {
    const result = await web().collectionPage(page);
    for (const copy of result.copies) {
      if (copy.issue?.series) owned.set(copy.issueId, { series: copy.issue.series.name ?? '', number: copy.issue.number });
    }
    if (!result.meta || page >= result.meta.lastPage) break;
  }
  const issues = [...si.catalog().issues.values()].filter((i) => i.upc?.length === 17);
  si.clearRequests();
  return {
    owned: issues.filter((i) => owned.has(i.id)).map((i) => ({ ...i, ...(owned.get(i.id) ?? { series: '', number: '' }) })),
    unowned: issues.filter((i) => !owned.has(i.id)),
  };
}

describe('before the first sync has finished', () => {
  it('spends a page’s reads once: a second view, and a view after a worker restart, spend none', async () => {
    const harness = await backgroundFor(si);
    // Hold background sync back at its quota reserve (badges on screen may still spend), so the
    // first sync waits and never finishes during the test.
    while (harness.service.quota.blockedUntil('read', 'background') === null) harness.service.quota.spend('read');
    await harness.service.signIn(si.url, si.tokens.free, 'personal');
    expect(await harness.service.runSync()).toMatchObject({ kind: 'waiting' });
    expect((await harness.service.sync.progress()).lastSyncedAt).toBeNull();
    const { owned, unowned } = await catalogFor();
    const [mine, theirs] = [owned[0], unowned[0]];
    if (!mine?.upc || !theirs?.upc) throw new Error('no owned and unowned modern issues');
    const page = [byCode(mine.upc), byCode(theirs.upc)];

    const first = await harness.service.itemStatuses(page, { tabId: 4 });
    expect(first.map((s) => s?.state)).toEqual(['owned', 'not-owned']);
    // One lookup and one collection check per comic.
    expect(readsServed(si)).toBe(4);

    si.clearRequests();
    const second = await harness.service.itemStatuses(page, { tabId: 4 });
    expect(second.map((s) => s?.state)).toEqual(['owned', 'not-owned']);
    // The same comic shown by title on another page is answered from what the first view read.
    const [byTitle] = await harness.service.itemStatuses([titled(mine.series, mine.number)], { tabId: 5 });
    expect(byTitle).toMatchObject({ state: 'owned', byTitle: true });
    expect(readsServed(si)).toBe(0);

    const service = await harness.restart();
    expect((await service.itemStatuses(page, { tabId: 6 })).map((s) => s?.state)).toEqual(['owned', 'not-owned']);
    expect(readsServed(si)).toBe(0);
    expect((await service.sync.progress()).lastSyncedAt).toBeNull();
  });

  it('spends nothing for comics not on screen: they wait for a lookup instead', async () => {
    const harness = await backgroundFor(si);
    while (harness.service.quota.blockedUntil('read', 'background') === null) harness.service.quota.spend('read');
    await harness.service.signIn(si.url, si.tokens.free, 'personal');
    await harness.service.runSync();
    const { unowned } = await catalogFor();
    const [seen, unseen] = unowned;
    if (!seen?.upc || !unseen?.upc) throw new Error('no unowned modern issues');
    // Looked up once (code known), but its copies not read yet: a comic below the fold.
    await harness.service.library.remember({ code: `upc:${seen.upc}`, kind: 'found', issueId: seen.id, variantId: null, expiresAt: harness.service.library.ttl('found') });
    const statuses = await harness.service.itemStatuses([byCode(seen.upc), byCode(unseen.upc)], { tabId: 4, lookUp: false });
    expect(statuses).toEqual([null, null]);
    expect(readsServed(si)).toBe(0);
  });
});

describe('Clear cache', () => {
  it('keeps the issues title matching needs: an owned comic shown by title still reads owned', async () => {
    const harness = await backgroundFor(si);
    await harness.service.signIn(si.url, si.tokens.free, 'personal');
    await harness.service.runSync();
    const { owned, unowned } = await catalogFor();
    const mine = owned.find((i) => !/vol/i.test(i.number));
    if (!mine?.upc || !unowned[0]?.upc) throw new Error('no owned modern issue');
    const [before] = await harness.service.itemStatuses([titled(mine.series, mine.number)]);
    expect(before).toMatchObject({ state: 'owned', byTitle: true });
    // A lookup leaves a resolution and an issue the library does not need.
    await harness.service.itemStatuses([byCode(unowned[0].upc)]);
    expect(await harness.service.library.issue(unowned[0].id)).toBeDefined();

    expect(await harness.service.handle({ type: 'clear-cache' }, popup, own)).toEqual({ ok: true });
    si.clearRequests();
    const [after] = await harness.service.itemStatuses([titled(mine.series, mine.number)]);
    expect(after).toMatchObject({ state: 'owned', byTitle: true, copies: before?.copies });
    expect(readsServed(si)).toBe(0);
    expect(await harness.service.library.issue(unowned[0].id)).toBeUndefined();
    expect(await harness.service.library.resolution(`upc:${unowned[0].upc}`)).toBeNull();
  });
});
