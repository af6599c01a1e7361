import { describe, expect, it } from 'vitest';
import { idleProgress, SyncProgress } from '@/lib/library/sync';

// The stored sync progress (version 1) as an earlier Longbox saved it, before each phase kept its own pages.

const before = {
  version: 1,
  mode: 'full',
  generation: 3,
  nextPage: 13,
  lastPage: 33,
  total: 3242,
  pagesDone: 12,
  waitingUntil: null,
  failures: 0,
  lastSyncedAt: null,
  problem: null,
  startedAt: 1_000,
};

describe('stored sync progress', () => {
  it('reads a progress saved mid-collection before the phase fields: the collection’s pages are the phase’s', () => {
    expect(SyncProgress.parse({ ...before, step: 'collection' })).toMatchObject({ step: 'collection', pagesDone: 12, phasePagesDone: 12, phaseLastPage: 33 });
  });

  it('reads one saved mid-wishlist or mid-pull-list as none of that step’s pages read (the step starts again)', () => {
    expect(SyncProgress.parse({ ...before, step: 'wishlist', nextPage: 1 })).toMatchObject({ pagesDone: 12, phasePagesDone: 0, phaseLastPage: null });
    expect(SyncProgress.parse({ ...before, step: 'pull-list', nextPage: 1 })).toMatchObject({ phasePagesDone: 0, phaseLastPage: null });
    expect(SyncProgress.parse({ ...before, step: null, lastSyncedAt: 5 })).toMatchObject({ phasePagesDone: 0, phaseLastPage: null });
  });

  it('keeps the phase fields it saved, and an idle progress round-trips', () => {
    const saved = { ...before, step: 'wishlist', phasePagesDone: 2, phaseLastPage: 3 };
    expect(SyncProgress.parse(saved)).toMatchObject({ phasePagesDone: 2, phaseLastPage: 3 });
    expect(SyncProgress.parse(idleProgress())).toEqual(idleProgress());
    expect(SyncProgress.safeParse({ ...before, version: 2, step: null }).success).toBe(false);
  });
});
