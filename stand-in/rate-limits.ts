import type { Clock } from './clock.ts';
import type { Tier } from './members.ts';

// Per-member rate limits, as Laravel's throttle does them: a window opens at the first request and
// lasts an hour (or a day); reads count against both the hourly and the daily cap, writes against
// the hourly write cap. Windows follow the movable clock.

export interface TierLimits {
  readsPerHour: number;
  readsPerDay: number;
  writesPerHour: number;
}

export type LimitOverrides = Partial<Record<Tier, Partial<TierLimits>>>;

export const DEFAULT_LIMITS: Record<Tier, TierLimits> = {
  free: { readsPerHour: 300, readsPerDay: 4_000, writesPerHour: 150 },
  pro: { readsPerHour: 1_000, readsPerDay: 20_000, writesPerHour: 500 },
};

export type CallKind = 'read' | 'write';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

interface Window {
  start: number;
  count: number;
}

interface Bucket {
  name: 'reads/hour' | 'reads/day' | 'writes/hour';
  limit: number;
  lengthMs: number;
}

export type RateDecision =
  | { allowed: true; limit: number; remaining: number }
  | { allowed: false; limit: number; retryAfterSeconds: number; resetAtSeconds: number };

export function mergeLimits(base: Record<Tier, TierLimits>, overrides: LimitOverrides = {}): Record<Tier, TierLimits> {
  return { free: { ...base.free, ...overrides.free }, pro: { ...base.pro, ...overrides.pro } };
}

export class RateLimiter {
  private windows = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    public limits: Record<Tier, TierLimits>,
  ) {}

  private buckets(tier: Tier, kind: CallKind): Bucket[] {
    const l = this.limits[tier];
    return kind === 'read'
      ? [
          { name: 'reads/hour', limit: l.readsPerHour, lengthMs: HOUR_MS },
          { name: 'reads/day', limit: l.readsPerDay, lengthMs: DAY_MS },
        ]
      : [{ name: 'writes/hour', limit: l.writesPerHour, lengthMs: HOUR_MS }];
  }

  /** The live window of a bucket (an expired one counts as empty). */
  private window(key: string, bucket: Bucket): Window {
    const now = this.clock.nowMs();
    const id = `${key}|${bucket.name}`;
    let window = this.windows.get(id);
    if (!window || now >= window.start + bucket.lengthMs || now < window.start) {
      window = { start: now, count: 0 };
      this.windows.set(id, window);
    }
    return window;
  }

  /** Count one request, or refuse it when any of its buckets is spent. */
  consume(key: string, tier: Tier, kind: CallKind): RateDecision {
    const now = this.clock.nowMs();
    const buckets = this.buckets(tier, kind).map((bucket) => ({ bucket, window: this.window(key, bucket) }));
    const spent = buckets.filter(({ bucket, window }) => window.count >= bucket.limit);
    if (spent.length > 0) {
      // When both caps are spent, the caller must wait for the later reset.
      const latest = spent.reduce((a, b) => (a.window.start + a.bucket.lengthMs >= b.window.start + b.bucket.lengthMs ? a : b));
      const resetAt = latest.window.start + latest.bucket.lengthMs;
      return { allowed: false, limit: latest.bucket.limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)), resetAtSeconds: Math.ceil(resetAt / 1000) };
    }
    for (const { window } of buckets) window.count += 1;
    return this.tightest(buckets);
  }

  /** The headers a request would carry without counting it (401s and unknown paths). */
  peek(key: string, tier: Tier, kind: CallKind): { limit: number; remaining: number } {
    return this.tightest(this.buckets(tier, kind).map((bucket) => ({ bucket, window: this.window(key, bucket) })));
  }

  /** The headers name the bucket with the fewest requests left (the hourly one on a tie). */
  private tightest(buckets: Array<{ bucket: Bucket; window: Window }>): { allowed: true; limit: number; remaining: number } {
    let best = { allowed: true as const, limit: 0, remaining: Number.POSITIVE_INFINITY };
    for (const { bucket, window } of buckets) {
      const remaining = Math.max(0, bucket.limit - window.count);
      if (remaining < best.remaining) best = { allowed: true, limit: bucket.limit, remaining };
    }
    return best;
  }

  usage(key: string, tier: Tier): Record<Bucket['name'], { used: number; limit: number }> {
    const all = [...this.buckets(tier, 'read'), ...this.buckets(tier, 'write')];
    const usage = all.map((bucket) => [bucket.name, { used: this.window(key, bucket).count, limit: bucket.limit }] as const);
    return Object.fromEntries(usage) as Record<Bucket['name'], { used: number; limit: number }>;
  }

  reset(): void {
    this.windows = new Map();
  }
}
