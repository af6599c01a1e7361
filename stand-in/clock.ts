// The stand-in's movable clock. Rate-limit windows, Connect code expiry, "today" for discovery and
// dates written by the API all read it, so a test can jump an hour instead of waiting one.

export const DAY_MS = 86_400_000;

export interface Clock {
  now(): Date;
  nowMs(): number;
  /** Today as YYYY-MM-DD (UTC). */
  today(): string;
  advance(ms: number): void;
  set(date: Date | string | number): void;
  /** Back to the start time, still ticking with real time. */
  reset(): void;
}

export function toEpochMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new Error(`Not a date: ${String(value)}`);
  return ms;
}

/** A clock that ticks with real time from `start` (default: now) and can be moved either way. */
export function createClock(start?: Date | string | number): Clock {
  const realStart = Date.now();
  const initial = start === undefined ? realStart : toEpochMs(start);
  let anchor = initial;
  let anchorReal = realStart;
  const nowMs = (): number => anchor + (Date.now() - anchorReal);
  return {
    now: () => new Date(nowMs()),
    nowMs,
    today: () => isoDate(nowMs()),
    advance(ms) {
      anchor += ms;
    },
    set(date) {
      anchor = toEpochMs(date);
      anchorReal = Date.now();
    },
    reset() {
      anchor = initial;
      anchorReal = realStart;
    },
  };
}

// Catalog generation does tens of thousands of day conversions; Date is slow at them, so both
// directions are memoised (there are only so many days).
const isoByDay = new Map<number, string>();
const msByIso = new Map<string, number>();

export function isoDate(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let iso = isoByDay.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoByDay.set(day, iso);
  }
  return iso;
}

/** Epoch ms of a YYYY-MM-DD day at midnight UTC. */
export function dayMs(date: string): number {
  let ms = msByIso.get(date);
  if (ms === undefined) {
    ms = Date.parse(`${date}T00:00:00Z`);
    msByIso.set(date, ms);
  }
  return ms;
}

export function addDays(date: string, days: number): string {
  return isoDate(dayMs(date) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

/** The Wednesday on or after a day: new comics go on sale on Wednesdays. */
export function wednesdayOnOrAfter(date: string): string {
  const weekday = new Date(dayMs(date)).getUTCDay();
  return addDays(date, (3 - weekday + 7) % 7);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = dayMs(value);
  return Number.isFinite(ms) && isoDate(ms) === value;
}
