import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { bestCondition, Library, RESOLUTION_TTL } from '@/lib/library/library';
import { openLongboxDb, type OwnedCopy } from '@/lib/store/db';

let dbCount = 0;
async function library(now: () => number = () => 1_000) {
  return new Library(await openLongboxDb(`library-test-${dbCount++}`), now);
}

function copy(copyId: number, issueId: number, fields: Partial<OwnedCopy> = {}): OwnedCopy {
  return { copyId, issueId, variantId: null, condition: 'NM', gradeScore: null, addedAt: '2026-01-01', generation: 1, ...fields };
}

describe('Library', () => {
  it('answers owned, wishlist and pull-list status locally', async () => {
    const lib = await library();
    await lib.putCopies([copy(1, 10), copy(2, 10, { condition: 'VF' }), copy(3, 11)]);
    await lib.addToWishlist(12, null, '2026-01-02');
    await lib.addToPullList({ seriesId: 5, seriesName: 'Saga', coverUrl: null });

    const owned = await lib.status(10, 5);
    expect(owned.copies.map((c) => c.copyId)).toEqual([1, 2]);
    expect(bestCondition(owned.copies)).toBe('NM');
    expect(owned.onPullList).toBe(true);
    expect((await lib.status(12, null)).wishlisted).toBe(true);
    expect(await lib.status(99, 6)).toEqual({ copies: [], wishlisted: false, onPullList: false });
  });

  it('removes, after a full sync, the copies that sync did not see', async () => {
    const lib = await library();
    await lib.putCopies([copy(1, 10, { generation: 1 }), copy(2, 10, { generation: 2 }), copy(3, 11, { generation: 2 })]);
    expect(await lib.removeCopiesBefore(2)).toBe(1);
    expect(await lib.copyCount()).toBe(2);
    expect(await lib.hasCopy(1)).toBe(false);
  });

  it('forgets resolutions when they expire, not-found ones first', async () => {
    let now = 0;
    const lib = await library(() => now);
    await lib.remember({ code: 'upc:1', kind: 'found', issueId: 10, variantId: null, expiresAt: lib.ttl('found') });
    await lib.remember({ code: 'upc:2', kind: 'not-found', expiresAt: lib.ttl('not-found') });
    expect(await lib.resolution('upc:2')).not.toBeNull();
    now = RESOLUTION_TTL['not-found'] + 1;
    expect(await lib.resolution('upc:2')).toBeNull();
    expect(await lib.resolution('upc:1')).not.toBeNull();
    expect(await lib.expireResolutions()).toBe(1);
  });

  it('clears the member’s data on sign-out but keeps the catalog cache', async () => {
    const lib = await library();
    await lib.putCopies([copy(1, 10)]);
    await lib.remember({ code: 'upc:1', kind: 'found', issueId: 10, variantId: null, expiresAt: lib.ttl('found') });
    await lib.clearMemberData();
    expect(await lib.copyCount()).toBe(0);
    expect(await lib.resolution('upc:1')).not.toBeNull();
  });
});
