import { describe, expect, it } from 'vitest';
import { QuotaTracker, type QuotaState, type QuotaStore } from '@/lib/quota';

function memoryStore(initial?: unknown): QuotaStore & { saved: QuotaState | undefined } {
  const store = {
    saved: initial as QuotaState | undefined,
    load: async () => store.saved,
    save: async (state: QuotaState) => {
      store.saved = state;
    },
  };
  return store;
}

const HOUR = 3_600_000;

describe('QuotaTracker', () => {
  it('lets badges spend down to a reserve that only the member’s clicks may use', async () => {
    let now = 1_000_000;
    const quota = await QuotaTracker.open(memoryStore(), () => now);
    for (let i = 0; i < 269; i++) quota.spend('read');
    expect(quota.blockedUntil('read', 'visible')).toBeNull();
    quota.spend('read'); // 30 left: the user reserve of a free account
    expect(quota.blockedUntil('read', 'visible')).toBe(1_000_000 + HOUR);
    expect(quota.blockedUntil('read', 'user')).toBeNull();
    expect(quota.blockedUntil('read', 'background')).toBe(1_000_000 + HOUR);
    now += HOUR;
    expect(quota.snapshot().reads.remaining).toBe(300);
    expect(quota.blockedUntil('read', 'background')).toBeNull();
  });

  it('stops background sync well before badges', async () => {
    const quota = await QuotaTracker.open(memoryStore(), () => 0);
    for (let i = 0; i < 210; i++) quota.spend('read');
    expect(quota.blockedUntil('read', 'background')).not.toBeNull();
    expect(quota.blockedUntil('read', 'visible')).toBeNull();
  });

  it('believes the service when it reports fewer calls left than we counted', async () => {
    const quota = await QuotaTracker.open(memoryStore(), () => 0);
    quota.spend('read');
    quota.observe({ kind: 'read', status: 200, limit: 300, remaining: 12, retryAt: null });
    quota.spend('read');
    expect(quota.snapshot().reads.remaining).toBe(11);
  });

  it('learns the PRO tier from the hourly limit header', async () => {
    const quota = await QuotaTracker.open(memoryStore(), () => 0);
    quota.observe({ kind: 'read', status: 200, limit: 1000, remaining: 999, retryAt: null });
    expect(quota.tier).toBe('pro');
    expect(quota.snapshot().reads.limit).toBe(1000);
  });

  it('sends nothing while a Retry-After runs, and remembers it across a restart', async () => {
    let now = 5_000;
    const store = memoryStore();
    const quota = await QuotaTracker.open(store, () => now);
    quota.observe({ kind: 'read', status: 429, limit: 300, remaining: 0, retryAt: 65_000 });
    expect(quota.blockedUntil('read', 'user')).toBe(65_000);
    expect(quota.blockedUntil('write', 'user')).toBe(65_000);
    await quota.flushed();

    const restarted = await QuotaTracker.open(store, () => now);
    expect(restarted.snapshot().pausedUntil).toBe(65_000);
    expect(restarted.blockedUntil('read', 'user')).toBe(65_000);
    now = 65_000;
    expect(restarted.blockedUntil('read', 'user')).toBeNull();
  });

  it('starts afresh from a corrupt stored state', async () => {
    const quota = await QuotaTracker.open(memoryStore({ version: 1, tier: 'gold' }), () => 0);
    expect(quota.snapshot().reads.remaining).toBe(300);
  });

  it('counts writes against their own hourly cap', async () => {
    const quota = await QuotaTracker.open(memoryStore(), () => 0);
    for (let i = 0; i < 150; i++) quota.spend('write');
    expect(quota.blockedUntil('write', 'user')).toBe(HOUR);
    expect(quota.blockedUntil('read', 'user')).toBeNull();
  });
});
