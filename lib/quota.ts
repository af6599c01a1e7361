import { z } from 'zod';
import type { RateInfo } from './versedb/client';

// The member's VerseDB budget: hourly and daily reads, hourly writes, per tier. Reads are the scarce
// resource (300 an hour on a free account), so passive work stops early and leaves a reserve for the
// member's own clicks. The state is persisted after every change: the browser stops the service worker
// whenever it likes, and a restarted worker must not forget that it is paused or nearly out.

export type Tier = 'free' | 'pro';
/** Who a call is for: the member's click, a badge on screen, or background sync. */
export type Priority = 'user' | 'visible' | 'background';

export const TIER_LIMITS: Record<Tier, { readsPerHour: number; readsPerDay: number; writesPerHour: number }> = {
  free: { readsPerHour: 300, readsPerDay: 4000, writesPerHour: 150 },
  pro: { readsPerHour: 1000, readsPerDay: 20000, writesPerHour: 500 },
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Share of a cap that only the member's own clicks may spend, and that badges leave for clicks. */
const USER_RESERVE = 0.1;
/** Background sync stops when this share of a cap is left, so badges on screen still get answers. */
const BACKGROUND_RESERVE = 0.3;

const Window = z.object({ startedAt: z.number(), used: z.number().int().nonnegative() });
/** The service's count of what is left, and our own count of calls when it said so. */
const ServerWord = z.object({
  remaining: z.number().int(),
  limit: z.number().int().nullable(),
  usedThen: z.number().int().nonnegative(),
});

export const QuotaState = z.object({
  version: z.literal(1),
  tier: z.enum(['free', 'pro']),
  readHour: Window,
  readDay: Window,
  writeHour: Window,
  /** The service's own count of what is left, with when it said so; it wins over ours when lower. */
  serverReadsLeft: ServerWord.nullable(),
  serverWritesLeft: ServerWord.nullable(),
  pausedUntil: z.number().nullable(),
});
export type QuotaState = z.infer<typeof QuotaState>;

export interface QuotaSnapshot {
  tier: Tier;
  reads: { limit: number; remaining: number; resetsAt: number };
  readsToday: { limit: number; remaining: number; resetsAt: number };
  writes: { limit: number; remaining: number; resetsAt: number };
  /** Set while a 429's Retry-After runs: nothing is sent before then. */
  pausedUntil: number | null;
}

export interface QuotaStore {
  load(): Promise<unknown>;
  save(state: QuotaState): Promise<void>;
}

export function freshQuotaState(now: number, tier: Tier = 'free'): QuotaState {
  return {
    version: 1,
    tier,
    readHour: { startedAt: now, used: 0 },
    readDay: { startedAt: now, used: 0 },
    writeHour: { startedAt: now, used: 0 },
    serverReadsLeft: null,
    serverWritesLeft: null,
    pausedUntil: null,
  };
}

function rolled(window: z.infer<typeof Window>, length: number, now: number) {
  return now - window.startedAt >= length ? { startedAt: now, used: 0 } : window;
}

export class QuotaTracker {
  private state: QuotaState;
  private readonly store: QuotaStore;
  /** The clock the budget runs on (the scheduler's circuit uses it too). */
  readonly now: () => number;
  private saving: Promise<void> = Promise.resolve();

  private constructor(state: QuotaState, store: QuotaStore, now: () => number) {
    this.state = state;
    this.store = store;
    this.now = now;
  }

  static async open(store: QuotaStore, now: () => number = Date.now): Promise<QuotaTracker> {
    const parsed = QuotaState.safeParse(await store.load());
    return new QuotaTracker(parsed.success ? parsed.data : freshQuotaState(now()), store, now);
  }

  get tier(): Tier {
    return this.state.tier;
  }

  setTier(tier: Tier): void {
    if (tier === this.state.tier) return;
    this.state = { ...this.state, tier };
    this.persist();
  }

  private roll(): QuotaState {
    const now = this.now();
    const s = this.state;
    const next: QuotaState = {
      ...s,
      readHour: rolled(s.readHour, HOUR, now),
      readDay: rolled(s.readDay, DAY, now),
      writeHour: rolled(s.writeHour, HOUR, now),
      pausedUntil: s.pausedUntil !== null && s.pausedUntil <= now ? null : s.pausedUntil,
    };
    // What the service said of the hour is stale once our hour has rolled past it.
    if (next.readHour !== s.readHour) next.serverReadsLeft = null;
    if (next.writeHour !== s.writeHour) next.serverWritesLeft = null;
    this.state = next;
    return next;
  }

  snapshot(): QuotaSnapshot {
    const s = this.roll();
    const limits = TIER_LIMITS[s.tier];
    const hourLimit = s.serverReadsLeft?.limit ?? limits.readsPerHour;
    const writeLimit = s.serverWritesLeft?.limit ?? limits.writesPerHour;
    return {
      tier: s.tier,
      reads: {
        limit: hourLimit,
        remaining: Math.max(0, Math.min(hourLimit - s.readHour.used, serverLeft(s.serverReadsLeft, s.readHour))),
        resetsAt: s.readHour.startedAt + HOUR,
      },
      readsToday: {
        limit: limits.readsPerDay,
        remaining: Math.max(0, limits.readsPerDay - s.readDay.used),
        resetsAt: s.readDay.startedAt + DAY,
      },
      writes: {
        limit: writeLimit,
        remaining: Math.max(0, Math.min(writeLimit - s.writeHour.used, serverLeft(s.serverWritesLeft, s.writeHour))),
        resetsAt: s.writeHour.startedAt + HOUR,
      },
      pausedUntil: s.pausedUntil,
    };
  }

  /**
   * When a call of this kind and priority may be sent: now (returns null), or the epoch ms at
   * which the budget it may use comes back.
   */
  blockedUntil(kind: 'read' | 'write', priority: Priority): number | null {
    const snap = this.snapshot();
    if (snap.pausedUntil !== null) return snap.pausedUntil;
    if (kind === 'write') return snap.writes.remaining > 0 ? null : snap.writes.resetsAt;
    const reserve = priority === 'user' ? 0 : priority === 'visible' ? USER_RESERVE : BACKGROUND_RESERVE;
    if (snap.reads.remaining <= Math.ceil(snap.reads.limit * reserve)) return snap.reads.resetsAt;
    if (snap.readsToday.remaining <= Math.ceil(snap.readsToday.limit * reserve)) return snap.readsToday.resetsAt;
    return null;
  }

  /** Counts a call as it is sent, so concurrent calls see the budget it took. */
  spend(kind: 'read' | 'write'): void {
    const s = this.roll();
    const now = this.now();
    // The service's window starts at the first call after the last one ended; so does ours.
    const count = (window: z.infer<typeof Window>) =>
      window.used === 0 ? { startedAt: now, used: 1 } : { ...window, used: window.used + 1 };
    if (kind === 'write') {
      this.state = { ...s, writeHour: count(s.writeHour) };
    } else {
      this.state = { ...s, readHour: count(s.readHour), readDay: count(s.readDay) };
    }
    this.persist();
  }

  /** Takes in what a response's rate-limit headers (or its 429) said. */
  observe(info: RateInfo): void {
    const s = this.roll();
    let next = s;
    if (info.remaining !== null) {
      next =
        info.kind === 'read'
          ? { ...next, serverReadsLeft: { remaining: info.remaining, limit: info.limit, usedThen: s.readHour.used } }
          : { ...next, serverWritesLeft: { remaining: info.remaining, limit: info.limit, usedThen: s.writeHour.used } };
    }
    if (info.limit !== null && info.kind === 'read') {
      // The hourly read limit tells the tier even before the profile is read.
      if (info.limit >= TIER_LIMITS.pro.readsPerHour) next = { ...next, tier: 'pro' };
    }
    if (info.retryAt !== null) {
      // A 429 says when the service's window ends; line our window up with it, so the budget comes
      // back exactly when the service gives it back.
      const exhausted = { startedAt: info.retryAt - HOUR, used: Number.MAX_SAFE_INTEGER };
      next =
        info.kind === 'read'
          ? { ...next, readHour: exhausted, serverReadsLeft: null }
          : { ...next, writeHour: exhausted, serverWritesLeft: null };
      next = { ...next, pausedUntil: Math.max(next.pausedUntil ?? 0, info.retryAt) };
    }
    this.state = next;
    this.persist();
  }

  private persist(): void {
    const state = this.state;
    this.saving = this.saving.then(() => this.store.save(state)).catch(() => undefined);
  }

  /** Resolves once every change so far is in storage. */
  flushed(): Promise<void> {
    return this.saving;
  }
}

/** Calls left by the service's last word, less what we have sent since it said so. */
function serverLeft(seen: QuotaState['serverReadsLeft'], window: z.infer<typeof Window>): number {
  if (!seen) return Number.POSITIVE_INFINITY;
  return seen.remaining - Math.max(0, window.used - seen.usedThen);
}
