import { t, uiLocale } from './i18n';
import { isVerseDbError, VerseDbError } from './versedb/errors';

// A circuit breaker in front of VerseDB (the scheduler asks it before every call). Calls that go out
// while VerseDB answers with 5xx, or does not answer at all, only add to the storm and spend the
// member's allowance on nothing: after a few failures in a row the circuit opens, and calls fail at
// once, unsent, with a transient error (a write waits in the queue, a badge says when Longbox tries
// again). The wait doubles with each opening (30 s, 60 s, 120 s … at most 15 min), with jitter so
// many browsers do not come back at the same second. When it is over, one call is let through as a
// probe (half-open): its success closes the circuit, its failure opens it again for the next wait.
// Kept in memory: a restarted service worker starts closed, and the first failures open it again.

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitSnapshot {
  /** `half-open`: the wait is over and the next call is (or is being sent as) the probe. */
  state: CircuitState;
  /** While open: when the probe may go; null when closed. */
  retryAt: number | null;
  /** Failures in a row since VerseDB last answered. */
  failures: number;
}

export interface CircuitOptions {
  now?: () => number;
  /** In [0, 1); the jitter's dice. */
  random?: () => number;
  /** Failures in a row that open the circuit. */
  threshold?: number;
  /** The first wait; each opening in a row doubles it. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Share of the wait the jitter may add or take away (0.2: ±20 %). */
  jitter?: number;
}

/** What the circuit says of a call about to go out. */
export type Admission =
  | { go: true; probe: boolean }
  /** The probe is on its way: hold the call until it is back. */
  | { go: false; wait: true }
  | { go: false; wait: false; error: CircuitOpenError };

/** "14:05" ("02:05 PM" in American English): a moment's local time, hours and minutes, as the member's language writes it. */
export function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString(uiLocale(), { hour: '2-digit', minute: '2-digit' });
}

/**
 * A call not sent because the circuit is open. Its kind is `unavailable` (status null), which every
 * caller already treats as "not now": a write waits in the queue, the sync backs off, a badge waits.
 */
export class CircuitOpenError extends VerseDbError {
  readonly retryAt: number;

  constructor(retryAt: number) {
    super({ kind: 'unavailable', message: t('versedb_circuit_open', clockTime(retryAt)), status: null });
    this.retryAt = retryAt;
  }
}

/** When the call that failed with this error is tried again, if it failed on an open circuit. */
export function circuitRetryAt(error: unknown): number | null {
  return error instanceof CircuitOpenError ? error.retryAt : null;
}

/** Failures that say VerseDB is not answering: a 5xx, a lost connection, a timeout. */
export function isOutage(error: unknown): boolean {
  if (error instanceof CircuitOpenError) return false;
  return isVerseDbError(error, 'unavailable') || isVerseDbError(error, 'outcome-unknown');
}

export class Circuit {
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly threshold: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly jitter: number;

  private state: 'closed' | 'open' | 'half-open' = 'closed';
  private failures = 0;
  /** Openings in a row (each failed probe is one more): the backoff's exponent. */
  private openings = 0;
  private retryAt: number | null = null;

  constructor(options: CircuitOptions = {}) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.threshold = options.threshold ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 15 * 60_000;
    this.jitter = options.jitter ?? 0.2;
  }

  snapshot(): CircuitSnapshot {
    const state = this.state === 'open' && this.retryAt !== null && this.now() >= this.retryAt ? 'half-open' : this.state;
    return { state, retryAt: this.retryAt, failures: this.failures };
  }

  /**
   * Asks to send a call. Every call let through (`go: true`) must be reported back with `settle`,
   * with the same `probe`.
   */
  admit(): Admission {
    switch (this.state) {
      case 'closed':
        return { go: true, probe: false };
      case 'half-open':
        return { go: false, wait: true };
      case 'open': {
        const retryAt = this.retryAt ?? 0;
        if (this.now() < retryAt) return { go: false, wait: false, error: new CircuitOpenError(retryAt) };
        this.state = 'half-open';
        return { go: true, probe: true };
      }
    }
  }

  /** Reports how a call let through ended: `error` null when VerseDB answered it. */
  settle(probe: boolean, error: unknown): void {
    // Any answer from VerseDB, even a 404 or a 422, says it is there; only outages count.
    const failed = isOutage(error);
    if (probe) {
      if (failed) {
        this.failures += 1;
        this.open();
      } else {
        this.close();
      }
      return;
    }
    // Calls sent before the circuit opened come back while it is open: the probe decides, not them.
    if (this.state !== 'closed') return;
    if (!failed) {
      this.failures = 0;
      return;
    }
    this.failures += 1;
    if (this.failures >= this.threshold) this.open();
  }

  /** Back to closed, forgetting the failures (a new address or token to talk to). */
  reset(): void {
    this.close();
  }

  private open(): void {
    this.openings += 1;
    const delay = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (this.openings - 1));
    const jittered = delay * (1 + this.jitter * (2 * this.random() - 1));
    this.retryAt = this.now() + Math.round(Math.min(this.maxDelayMs, Math.max(0, jittered)));
    this.state = 'open';
  }

  private close(): void {
    this.state = 'closed';
    this.failures = 0;
    this.openings = 0;
    this.retryAt = null;
  }
}
