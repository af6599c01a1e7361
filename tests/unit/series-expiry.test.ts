import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { KEPT_UNTIL_CHANGED, Library, RESOLUTION_TTL } from '@/lib/library/library';
import { matchKey } from '@/lib/library/match';
import { openLongboxDb, type IssueSummary } from '@/lib/store/db';

// Expiry (issue 12): not-found and ambiguous answers expire (the catalog grows); a found one is kept
// until a sync (or a lookup) sees its issue with another series or number, which drops it and what
// series learning built on it. Found resolutions stored by version 2 (30 days) are kept on upgrade.

const DAY = 86_400_000;
let dbCount = 0;

function issue(id: number, seriesId: number | null, number: string): IssueSummary {
  return {
    id, seriesId, seriesName: 'Saga', number, startYear: 2012, volume: null, name: null, coverUrl: null,
    releaseDate: null, publisher: null, matchKey: matchKey('Saga', number),
  };
}

async function library(now: () => number = () => 0) {
  return new Library(await openLongboxDb(`series-expiry-${dbCount++}`), now);
}

describe('resolution expiry', () => {
  it('keeps found answers whatever the time; not-found and ambiguous ones expire', async () => {
    let now = 0;
    const lib = await library(() => now);
    await lib.remember({ code: 'upc:1', kind: 'found', issueId: 10, variantId: null, expiresAt: lib.ttl('found') });
    await lib.remember({ code: 'upc:2', kind: 'not-found', expiresAt: lib.ttl('not-found') });
    await lib.remember({ code: 'upc:3', kind: 'ambiguous', matches: [], total: 2, expiresAt: lib.ttl('ambiguous') });
    expect(lib.ttl('found')).toBe(KEPT_UNTIL_CHANGED);
    now = RESOLUTION_TTL.ambiguous + 1;
    expect(await lib.resolution('upc:2')).toBeNull();
    expect(await lib.resolution('upc:3')).toBeNull();
    now = 10_000 * DAY;
    expect(await lib.expireResolutions()).toBe(2);
    expect(await lib.resolution('upc:1')).toMatchObject({ kind: 'found', issueId: 10 });
  });

  it('drops a found answer when a sync sees its issue with another number or series', async () => {
    const lib = await library();
    await lib.putIssues([issue(10, 1, '5'), issue(11, 1, '6'), issue(12, 1, '7')]);
    for (const id of [10, 11, 12]) await lib.remember({ code: `upc:${id}`, kind: 'found', issueId: id, variantId: null, expiresAt: lib.ttl('found') });
    await lib.learnBase('709853300502', 1);
    await lib.learnSeries(1, { issues: [{ number: '5', issueId: 10 }, { number: '6', issueId: 11 }] });
    // A sync sees #5 renumbered, #6 moved to another series, #7 unchanged (and another record without a series).
    await lib.putIssues([issue(10, 1, '5.1'), issue(11, 2, '6'), issue(12, 1, '07'), issue(12, null, '')]);
    expect(await lib.resolution('upc:10')).toBeNull();
    expect(await lib.resolution('upc:11')).toBeNull();
    expect(await lib.resolution('upc:12')).not.toBeNull();
    // What series learning built on them goes too: it is learned again from the next lookup.
    expect((await lib.seriesRecord(1))?.issues).toEqual([]);
    expect(await lib.upcBase('709853300502')).toBeNull();
  });

  it('keeps a poisoned base poisoned when an issue of its series changes', async () => {
    const lib = await library();
    await lib.putIssues([issue(10, 1, '5')]);
    await lib.learnBase('709853300502', 1);
    await lib.learnBase('709853300502', 2);
    await lib.putIssues([issue(10, 3, '5')]);
    expect((await lib.upcBase('709853300502'))?.seriesIds).toEqual([1, 2]);
  });

  it('keeps the found answers version 2 stored with a 30-day expiry', async () => {
    const name = `series-expiry-v2-${dbCount++}`;
    const v2 = await openDB(name, 2, {
      upgrade(db) {
        db.createObjectStore('resolutions', { keyPath: 'code' }).createIndex('byExpiry', 'expiresAt');
        db.createObjectStore('issues', { keyPath: 'id' }).createIndex('byMatchKey', 'matchKey');
        const copies = db.createObjectStore('copies', { keyPath: 'copyId' });
        copies.createIndex('byIssue', 'issueId');
        copies.createIndex('byGeneration', 'generation');
        db.createObjectStore('wishlist', { keyPath: 'key' }).createIndex('byIssue', 'issueId');
        db.createObjectStore('pullList', { keyPath: 'seriesId' });
        db.createObjectStore('meta');
        const writes = db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
        writes.createIndex('byId', 'id', { unique: true });
        writes.createIndex('byState', 'state');
      },
    });
    await v2.put('resolutions', { code: 'upc:1', kind: 'found', issueId: 10, variantId: null, expiresAt: 30 * DAY });
    await v2.put('resolutions', { code: 'upc:2', kind: 'not-found', expiresAt: DAY });
    await v2.put('issues', issue(10, 1, '5'));
    v2.close();

    const lib = new Library(await openLongboxDb(name), () => 100 * DAY);
    expect(await lib.resolution('upc:1')).toMatchObject({ issueId: 10, expiresAt: KEPT_UNTIL_CHANGED });
    expect(await lib.resolution('upc:2')).toBeNull();
    expect((await lib.issuesOfSeries(1)).map((i) => i.id)).toEqual([10]);
    expect(await lib.upcBase('709853300502')).toBeNull();
  });
});
