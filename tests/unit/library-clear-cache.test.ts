import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Library } from '@/lib/library/library';
import { matchKey } from '@/lib/library/match';
import { openLongboxDb, type IssueSummary } from '@/lib/store/db';

// "Clear cache" forgets code resolutions and the issues nothing in the library refers to; the issues
// the member's copies, wishlist and pull list need (title matching reads them) stay.

let dbCount = 0;

function issue(id: number, seriesId: number, series: string, number: string): IssueSummary {
  return {
    id, seriesId, seriesName: series, number, startYear: 2020, volume: null, name: null,
    coverUrl: null, releaseDate: null, publisher: null, matchKey: matchKey(series, number),
  };
}

describe('Library.clearCache', () => {
  it('keeps the issues the library refers to, with their match keys, and clears the rest', async () => {
    const lib = new Library(await openLongboxDb(`clear-cache-${dbCount++}`), () => 1_000);
    await lib.putIssues([
      issue(1, 10, 'Saga', '1'), // owned (two copies)
      issue(2, 10, 'Saga', '2'), // wishlisted
      issue(3, 20, 'Monstress', '5'), // of a pulled series
      issue(4, 30, 'Batman', '1'), // only looked up once
      issue(5, 40, 'Spawn', '300'), // only looked up once
    ]);
    await lib.putCopies([
      { copyId: 100, issueId: 1, variantId: null, condition: 'NM', gradeScore: null, addedAt: '2026-01-01', generation: 1 },
      { copyId: 101, issueId: 1, variantId: 7, condition: 'VF', gradeScore: null, addedAt: '2026-01-02', generation: 1 },
    ]);
    await lib.addToWishlist(2, null, '2026-01-03');
    await lib.addToPullList({ seriesId: 20, seriesName: 'Monstress', coverUrl: null });
    for (const [code, issueId] of [['upc:1', 1], ['upc:4', 4]] as const) {
      await lib.remember({ code, kind: 'found', issueId, variantId: null, expiresAt: lib.ttl('found') });
    }
    await lib.remember({ code: 'upc:9', kind: 'not-found', expiresAt: lib.ttl('not-found') });

    expect(await lib.clearCache()).toBe(2);

    for (const code of ['upc:1', 'upc:4', 'upc:9']) expect(await lib.resolution(code)).toBeNull();
    expect(await lib.issue(4)).toBeUndefined();
    expect(await lib.issue(5)).toBeUndefined();
    expect((await lib.issuesByMatchKey(matchKey('Saga', '1') ?? '')).map((i) => i.id)).toEqual([1]);
    expect((await lib.issuesByMatchKey(matchKey('Saga', '2') ?? '')).map((i) => i.id)).toEqual([2]);
    expect((await lib.issuesByMatchKey(matchKey('Monstress', '5') ?? '')).map((i) => i.id)).toEqual([3]);
    // The library itself is untouched.
    expect((await lib.status(1, 10)).copies).toHaveLength(2);
    expect((await lib.status(2, 10)).wishlisted).toBe(true);
    expect(await lib.pullListSeriesIds()).toEqual([20]);
  });

  it('clears everything when the library is empty', async () => {
    const lib = new Library(await openLongboxDb(`clear-cache-${dbCount++}`), () => 1_000);
    await lib.putIssues([issue(1, 10, 'Saga', '1')]);
    expect(await lib.clearCache()).toBe(1);
    expect(await lib.issue(1)).toBeUndefined();
  });
});
