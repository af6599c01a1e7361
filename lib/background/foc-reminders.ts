import { z } from 'zod';
import { discovery, DiscoveryResult, type DiscoveryEntry } from './discovery';
import { plural, t } from '../i18n';
import type { LongboxService } from './service';

// FOC reminders: once a day, at the hour the member chose, one notification naming the
// pull-list and wishlist comics whose Final Order Cutoff is today or tomorrow. The rules are pure
// functions; FocReminders runs them with an injected clock, notifier and store, so unit and integration
// tests reach it; entrypoints/background.ts only wires the alarm, the notification click and storage.
//
// - The cutoffs come from the FOC discovery list the popup shows (its window and its hour-long cache),
//   so a day costs at most one read, and none when the popup fetched it within the hour.
// - A day is checked once: after the chosen hour, at the daily alarm or the first wake after it (a day
//   the browser was closed at that hour is checked when it next runs). A check VerseDB could not answer
//   (down, or the allowance held back for the member's own clicks) is tried again at most every hour,
//   MAX_ATTEMPTS times a day.
// - A cutoff (issue, FOC date) is named once, ever: a comic told of tomorrow is not told of again today.
// - Signed out, or the token refused: nothing is read and nothing is shown.

export const FOC_REMINDER_ALARM = 'longbox-foc-reminder';
/** The notification's id starts with this; its click opens the popup's FOC list. */
export const FOC_NOTIFICATION_PREFIX = 'longbox-foc-';
/** The popup's FOC window (lib/ui/snapshot.ts FEED_DAYS.foc.initial): the same list, the same cache. */
export const FOC_REMINDER_WINDOW_DAYS = 14;
export const DEFAULT_REMINDER_HOUR = 9;
/** Checks of one day that VerseDB could not answer before the day is given up. */
export const MAX_ATTEMPTS = 3;
const RETRY_AFTER = 3_600_000;
/** How many comics the notification names before "and N more". */
const NAMED = 5;

export interface FocReminderSettings {
  enabled: boolean;
  /** 0-23, the member's local time. */
  hour: number;
}

/** What is remembered between wakes (extension storage, not the library: it outlives a sign-out). */
export const ReminderLog = z.object({
  /** The local day (YYYY-MM-DD) last checked with an answer from VerseDB. */
  checkedDay: z.string().nullable(),
  /** Failed checks on `attemptDay`, and when the last one was. */
  attemptDay: z.string().nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.number().nullable(),
  /** Cutoffs already named: `issueId@focDate`. Pruned once the cutoff has passed. */
  notified: z.array(z.string()),
});
export type ReminderLog = z.infer<typeof ReminderLog>;
export const EMPTY_LOG: ReminderLog = { checkedDay: null, attemptDay: null, attempts: 0, lastAttemptAt: null, notified: [] };

export interface FocNotice {
  id: string;
  title: string;
  message: string;
  /** The comics named, in order. */
  comics: Array<{ issueId: number; name: string; focDate: string; when: 'today' | 'tomorrow' }>;
}

export type ReminderOutcome =
  | { kind: 'off' }
  | { kind: 'signed-out' }
  | { kind: 'not-yet'; at: number }
  | { kind: 'checked-today' }
  | { kind: 'wait'; until: number }
  | { kind: 'gave-up' }
  | { kind: 'failed'; reason: string }
  | { kind: 'nothing-due'; due: number }
  | { kind: 'notified'; notice: FocNotice }
  | { kind: 'notify-failed'; reason: string; notice: FocNotice };

// --- the rules ---

const pad = (n: number) => String(n).padStart(2, '0');

/** The member's local day of a time, as YYYY-MM-DD (FOC dates are calendar days). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A calendar day plus n days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n));
  return date.toISOString().slice(0, 10);
}

/** Today's reminder time (the chosen hour, local) for the day of `now`. */
export function reminderTimeOn(now: number, hour: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), hour, 0, 0, 0).getTime();
}

/** The next time the reminder alarm should ring: today at the hour if that is still ahead, else tomorrow. */
export function nextReminderAt(now: number, hour: number): number {
  const today = reminderTimeOn(now, hour);
  if (today > now) return today;
  const d = new Date(now);
  // Built from the calendar, not +24 h, so a daylight-saving change keeps the hour.
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, hour, 0, 0, 0).getTime();
}

export function cutoffKey(entry: { issueId: number; focDate: string | null }): string {
  return `${entry.issueId}@${entry.focDate ?? ''}`;
}

/** A comic's name as the member knows it: "Saga #71". */
export function comicName(entry: Pick<DiscoveryEntry, 'seriesName' | 'title' | 'number' | 'issueId'>): string {
  if (entry.seriesName) return `${entry.seriesName} #${entry.number}`;
  return entry.title ?? t('notify_issue', String(entry.issueId));
}

/**
 * The FOC list's comics the member cares about (series on the pull list, issues on the wishlist) whose
 * cutoff is today or tomorrow, not already named; today's first, then as the list has them.
 */
export function dueCutoffs(entries: readonly DiscoveryEntry[], options: { today: string; wishlisted: ReadonlySet<number>; notified?: ReadonlySet<string> }): DiscoveryEntry[] {
  const tomorrow = addDays(options.today, 1);
  const seen = new Set<number>();
  const due = entries.filter((entry) => {
    if (entry.focDate !== options.today && entry.focDate !== tomorrow) return false;
    if (!entry.onPullList && !options.wishlisted.has(entry.issueId)) return false;
    if (options.notified?.has(cutoffKey(entry)) || seen.has(entry.issueId)) return false;
    seen.add(entry.issueId);
    return true;
  });
  return [...due.filter((e) => e.focDate === options.today), ...due.filter((e) => e.focDate !== options.today)];
}

function listOf(names: string[]): string {
  const shown = names.slice(0, NAMED);
  const more = names.length - shown.length;
  return more > 0 ? plural('notify_and_more', more, shown.join(', ')) : shown.join(', ');
}

/** The one notification for the day's due cutoffs: "FOC tomorrow: Saga #71, Absolute Batman #14". */
export function focNotice(due: readonly DiscoveryEntry[], today: string): FocNotice {
  const comics = due.map((entry) => ({ issueId: entry.issueId, name: comicName(entry), focDate: entry.focDate ?? '', when: entry.focDate === today ? ('today' as const) : ('tomorrow' as const) }));
  const todays = comics.filter((c) => c.when === 'today').map((c) => c.name);
  const tomorrows = comics.filter((c) => c.when === 'tomorrow').map((c) => c.name);
  const lines = [...(todays.length > 0 ? [t('notify_foc_today', listOf(todays))] : []), ...(tomorrows.length > 0 ? [t('notify_foc_tomorrow', listOf(tomorrows))] : [])];
  const title = comics.length === 1 ? (comics[0]?.when === 'today' ? t('notify_title_today') : t('notify_title_tomorrow')) : plural('notify_title_soon', comics.length);
  return { id: `${FOC_NOTIFICATION_PREFIX}${today}`, title, message: lines.join('\n'), comics };
}

export type CheckDecision = { check: true } | { check: false; outcome: ReminderOutcome };

/** Whether a wake at `now` should read the FOC list (the rules of "once a day at the chosen hour"). */
export function shouldCheck(log: ReminderLog, now: number, hour: number): CheckDecision {
  const today = localDay(now);
  if (log.checkedDay === today) return { check: false, outcome: { kind: 'checked-today' } };
  const at = reminderTimeOn(now, hour);
  if (now < at) return { check: false, outcome: { kind: 'not-yet', at } };
  if (log.attemptDay === today) {
    if (log.attempts >= MAX_ATTEMPTS) return { check: false, outcome: { kind: 'gave-up' } };
    if (log.lastAttemptAt !== null && now - log.lastAttemptAt < RETRY_AFTER) return { check: false, outcome: { kind: 'wait', until: log.lastAttemptAt + RETRY_AFTER } };
  }
  return { check: true };
}

/** Cutoffs that have passed are forgotten (a cutoff named stays named while it can still come up). */
export function pruneNotified(notified: readonly string[], today: string): string[] {
  return notified.filter((key) => (key.split('@')[1] ?? '') >= today);
}

// --- the runner ---

export interface FocReminderDeps {
  now: () => number;
  settings: () => Promise<FocReminderSettings>;
  store: { load(): Promise<unknown>; save(log: ReminderLog): Promise<void> };
  /** The FOC list (one read at most, the popup's cache first); null while signed out or the token was refused. */
  focList: (now: number) => Promise<DiscoveryEntry[] | null>;
  /** The FOC list as last fetched, however old, with no read; null when there is none or the member is signed out. */
  keptFocList?: () => Promise<DiscoveryEntry[] | null>;
  /** Of these issues, the ones on the member's wishlist. */
  wishlisted: (issueIds: number[]) => Promise<Set<number>>;
  notify: (notice: FocNotice) => Promise<void>;
}

export class FocReminders {
  /** Checks run one after another: a worker woken by the alarm also checks as it starts, and must not name a cutoff twice. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: FocReminderDeps) {}

  async log(): Promise<ReminderLog> {
    const parsed = ReminderLog.safeParse(await this.deps.store.load().catch(() => null));
    return parsed.success ? parsed.data : EMPTY_LOG;
  }

  /** When the daily alarm should next ring, or null when reminders are off. */
  async nextAlarm(): Promise<number | null> {
    const settings = await this.deps.settings();
    return settings.enabled ? nextReminderAt(this.deps.now(), settings.hour) : null;
  }

  /**
   * The toolbar's count when the tab shows no comics: pull-list and wishlist cutoffs today or tomorrow (the
   * next 48 hours), named or not, from the FOC list as last fetched (no read). 0 while reminders are off.
   */
  async cutoffsSoon(): Promise<number> {
    try {
      if (!(await this.deps.settings()).enabled || !this.deps.keptFocList) return 0;
      const entries = await this.deps.keptFocList();
      if (!entries) return 0;
      const today = localDay(this.deps.now());
      const tomorrow = addDays(today, 1);
      const near = entries.filter((e) => e.focDate === today || e.focDate === tomorrow).map((e) => e.issueId);
      return dueCutoffs(entries, { today, wishlisted: near.length > 0 ? await this.deps.wishlisted(near) : new Set() }).length;
    } catch {
      return 0;
    }
  }

  /** What the alarm and every wake do. Never throws. */
  run(): Promise<ReminderOutcome> {
    const next = this.last.then(async (): Promise<ReminderOutcome> => {
      try {
        return await this.check();
      } catch (error) {
        return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
    });
    this.last = next;
    return next;
  }

  private async check(): Promise<ReminderOutcome> {
    const settings = await this.deps.settings();
    if (!settings.enabled) return { kind: 'off' };
    const now = this.deps.now();
    const log = await this.log();
    const decision = shouldCheck(log, now, settings.hour);
    if (!decision.check) return decision.outcome;
    const today = localDay(now);

    let entries: DiscoveryEntry[] | null;
    try {
      entries = await this.deps.focList(now);
    } catch (error) {
      const attempts = log.attemptDay === today ? log.attempts + 1 : 1;
      await this.deps.store.save({ ...log, attemptDay: today, attempts, lastAttemptAt: now });
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    if (entries === null) return { kind: 'signed-out' };

    const notified = pruneNotified(log.notified, today);
    const tomorrow = addDays(today, 1);
    const near = entries.filter((e) => e.focDate === today || e.focDate === tomorrow).map((e) => e.issueId);
    const wishlisted = near.length > 0 ? await this.deps.wishlisted(near) : new Set<number>();
    const due = dueCutoffs(entries, { today, wishlisted, notified: new Set(notified) });
    const checked: ReminderLog = { ...log, checkedDay: today, attemptDay: null, attempts: 0, lastAttemptAt: null, notified };
    if (due.length === 0) {
      await this.deps.store.save(checked);
      return { kind: 'nothing-due', due: 0 };
    }
    const notice = focNotice(due, today);
    // Recorded before it is shown: a worker stopped between the two loses one notification, never shows two.
    await this.deps.store.save({ ...checked, notified: [...notified, ...due.map(cutoffKey)] });
    try {
      await this.deps.notify(notice);
    } catch (error) {
      // Not shown (the permission was taken back): not counted as named either.
      await this.deps.store.save(checked);
      return { kind: 'notify-failed', reason: error instanceof Error ? error.message : String(error), notice };
    }
    return { kind: 'notified', notice };
  }
}

/** The reminders of a running background service: its client, scheduler and library. */
export function focRemindersFor(
  service: Pick<LongboxService, 'client' | 'scheduler' | 'library'>,
  env: Pick<FocReminderDeps, 'now' | 'settings' | 'store' | 'notify'>,
): FocReminders {
  return new FocReminders({
    ...env,
    focList: async (now) => {
      const client = service.client();
      if (!client) return null;
      const list = await discovery({ client, scheduler: service.scheduler, library: service.library, now }, 'foc', FOC_REMINDER_WINDOW_DAYS, false, 'background');
      return list.entries;
    },
    keptFocList: async () => {
      if (!service.client()) return null;
      const kept = DiscoveryResult.safeParse(await service.library.meta(`discovery:foc:${FOC_REMINDER_WINDOW_DAYS}`));
      if (!kept.success) return null;
      // The pull-list marks are the member's as of now (as the popup's kept list has them).
      const pulled = new Set(await service.library.pullListSeriesIds());
      return kept.data.entries.map((e) => ({ ...e, onPullList: e.seriesId !== null && pulled.has(e.seriesId) }));
    },
    wishlisted: async (issueIds) => {
      const statuses = await Promise.all(issueIds.map(async (id) => [id, (await service.library.status(id, null)).wishlisted] as const));
      return new Set(statuses.filter(([, wished]) => wished).map(([id]) => id));
    },
  });
}
