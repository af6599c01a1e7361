import { describe, expect, it } from 'vitest';
import type { DiscoveryEntry } from '@/lib/background/discovery';
import {
  addDays,
  dueCutoffs,
  EMPTY_LOG,
  focNotice,
  FocReminders,
  localDay,
  MAX_ATTEMPTS,
  nextReminderAt,
  shouldCheck,
  type FocNotice,
  type FocReminderSettings,
  type ReminderLog,
} from '@/lib/background/foc-reminders';

// The FOC reminder's rules (issue 13), in the member's local time: times are built with the local
// Date constructor, so the tests hold in any time zone.

const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime(); // November 2026
const TODAY = localDay(at(24, 12));
const TOMORROW = addDays(TODAY, 1);

function entry(issueId: number, focDate: string | null, fields: Partial<DiscoveryEntry> = {}): DiscoveryEntry {
  return {
    issueId,
    seriesId: issueId * 10,
    seriesName: `Series ${issueId}`,
    number: String(issueId),
    title: null,
    coverUrl: null,
    releaseDate: null,
    focDate,
    onPullList: false,
    reason: null,
    ...fields,
  };
}

describe('the rules', () => {
  it('calendar days', () => {
    expect(TODAY).toBe('2026-11-24');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('due: pull-list and wishlist comics whose cutoff is today or tomorrow, not yesterday or in 3 days', () => {
    const entries = [
      entry(1, addDays(TODAY, -1), { onPullList: true }),
      entry(2, TODAY, { onPullList: true }),
      entry(3, TOMORROW),
      entry(4, TOMORROW),
      entry(5, addDays(TODAY, 2), { onPullList: true }),
      entry(6, addDays(TODAY, 3), { onPullList: true }),
      entry(7, null, { onPullList: true }),
    ];
    const due = dueCutoffs(entries, { today: TODAY, wishlisted: new Set([3, 6]) });
    // 3 is wishlisted, 4 is neither pulled nor wishlisted.
    expect(due.map((e) => e.issueId)).toEqual([2, 3]);
  });

  it('today’s cutoffs first, each comic once, and those already named left out', () => {
    const entries = [entry(3, TOMORROW, { onPullList: true }), entry(2, TODAY, { onPullList: true }), entry(2, TODAY, { onPullList: true }), entry(9, TOMORROW, { onPullList: true })];
    expect(dueCutoffs(entries, { today: TODAY, wishlisted: new Set() }).map((e) => e.issueId)).toEqual([2, 3, 9]);
    expect(dueCutoffs(entries, { today: TODAY, wishlisted: new Set(), notified: new Set([`9@${TOMORROW}`]) }).map((e) => e.issueId)).toEqual([2, 3]);
  });

  it('one notification naming them', () => {
    const notice = focNotice(
      [entry(71, TODAY, { seriesName: 'Saga', number: '71' }), entry(14, TOMORROW, { seriesName: 'Absolute Batman', number: '14' }), entry(5, TOMORROW, { seriesName: 'Monstress', number: '60' })],
      TODAY,
    );
    expect(notice.id).toBe(`longbox-foc-${TODAY}`);
    expect(notice.title).toBe('3 Final Order Cutoffs soon');
    expect(notice.message).toBe('FOC today: Saga #71\nFOC tomorrow: Absolute Batman #14, Monstress #60');
    const one = focNotice([entry(14, TOMORROW, { seriesName: 'Absolute Batman', number: '14' })], TODAY);
    expect(one.title).toBe('Final Order Cutoff tomorrow');
    expect(one.message).toBe('FOC tomorrow: Absolute Batman #14');
    const many = focNotice(Array.from({ length: 8 }, (_, i) => entry(i + 1, TOMORROW)), TODAY);
    expect(many.message).toBe('FOC tomorrow: Series 1 #1, Series 2 #2, Series 3 #3, Series 4 #4, Series 5 #5 and 3 more');
  });

  it('the alarm rings at the chosen hour: today if still ahead, else tomorrow', () => {
    expect(nextReminderAt(at(24, 8, 59), 9)).toBe(at(24, 9));
    expect(nextReminderAt(at(24, 9), 9)).toBe(at(25, 9));
    expect(nextReminderAt(at(24, 23), 9)).toBe(at(25, 9));
    expect(nextReminderAt(at(30, 10), 0)).toBe(new Date(2026, 11, 1, 0).getTime());
  });

  it('a day is checked once, from the chosen hour on; a failed check again after an hour, three times at most', () => {
    expect(shouldCheck(EMPTY_LOG, at(24, 8), 9)).toMatchObject({ check: false, outcome: { kind: 'not-yet', at: at(24, 9) } });
    expect(shouldCheck(EMPTY_LOG, at(24, 9), 9)).toEqual({ check: true });
    // A missed day: the first wake after the hour.
    expect(shouldCheck({ ...EMPTY_LOG, checkedDay: addDays(TODAY, -2) }, at(24, 18), 9)).toEqual({ check: true });
    expect(shouldCheck({ ...EMPTY_LOG, checkedDay: TODAY }, at(24, 18), 9)).toMatchObject({ check: false, outcome: { kind: 'checked-today' } });
    const failed: ReminderLog = { ...EMPTY_LOG, attemptDay: TODAY, attempts: 1, lastAttemptAt: at(24, 9) };
    expect(shouldCheck(failed, at(24, 9, 30), 9)).toMatchObject({ check: false, outcome: { kind: 'wait' } });
    expect(shouldCheck(failed, at(24, 10), 9)).toEqual({ check: true });
    expect(shouldCheck({ ...failed, attempts: MAX_ATTEMPTS }, at(24, 20), 9)).toMatchObject({ check: false, outcome: { kind: 'gave-up' } });
    // Yesterday's failures do not hold today back.
    expect(shouldCheck({ ...failed, attemptDay: addDays(TODAY, -1), attempts: MAX_ATTEMPTS }, at(24, 9), 9)).toEqual({ check: true });
  });
});

/** FocReminders with a movable clock, an in-memory store, a counted FOC list and the notifications shown. */
function reminders(options: { entries: () => DiscoveryEntry[] | null; settings?: FocReminderSettings; wishlisted?: number[]; notifyFails?: boolean }) {
  let now = at(24, 9);
  let stored: unknown = null;
  const shown: FocNotice[] = [];
  const reads = { count: 0 };
  let fail: Error | null = null;
  const r = new FocReminders({
    now: () => now,
    settings: async () => options.settings ?? { enabled: true, hour: 9 },
    store: { load: async () => stored, save: async (log) => void (stored = structuredClone(log)) },
    focList: async () => {
      const list = options.entries();
      if (list === null) return null;
      reads.count += 1;
      if (fail) throw fail;
      return list;
    },
    wishlisted: async (ids) => new Set(ids.filter((id) => options.wishlisted?.includes(id))),
    notify: async (notice) => {
      if (options.notifyFails) throw new Error('no permission');
      shown.push(notice);
    },
  });
  return {
    r,
    shown,
    reads,
    set: (ms: number) => void (now = ms),
    failWith: (error: Error | null) => void (fail = error),
    stored: () => stored,
  };
}

describe('FocReminders', () => {
  /** Saga #71 on the pull list with its cutoff on the 25th; a wishlisted Absolute Batman #14 on the 26th. */
  const list = () => [
    entry(71, localDay(at(25, 12)), { seriesName: 'Saga', number: '71', onPullList: true }),
    entry(14, localDay(at(26, 12)), { seriesName: 'Absolute Batman', number: '14' }),
    entry(99, localDay(at(25, 12)), { seriesName: 'Not Followed', number: '1' }),
  ];

  it('names tomorrow’s cutoff once: the next wakes of the day read nothing, and the next day names only what is new', async () => {
    const t = reminders({ entries: list, wishlisted: [14] });
    const first = await t.r.run();
    expect(first).toMatchObject({ kind: 'notified' });
    expect(t.shown.map((n) => n.message)).toEqual(['FOC tomorrow: Saga #71']);
    expect(t.reads.count).toBe(1);

    // The alarm fired again, the worker restarted, the 30-minute wake: no read, no second notification.
    for (const hour of [9, 12, 18, 23]) {
      t.set(at(24, hour, 30));
      expect((await t.r.run()).kind).toBe('checked-today');
    }
    expect(t.reads.count).toBe(1);

    // The next day: Saga #71's cutoff is today, already named; Absolute Batman #14's is tomorrow.
    t.set(at(25, 9));
    expect(await t.r.run()).toMatchObject({ kind: 'notified', notice: { message: 'FOC tomorrow: Absolute Batman #14' } });
    expect(t.reads.count).toBe(2);
    // The day after: both named, both still in the window (one is today), nothing new.
    t.set(at(26, 9));
    expect(await t.r.run()).toEqual({ kind: 'nothing-due', due: 0 });
    expect(t.shown).toHaveLength(2);
    // Passed cutoffs are forgotten.
    t.set(at(28, 9));
    await t.r.run();
    expect((t.stored() as ReminderLog).notified).toEqual([]);
  });

  it('two wakes at once (the worker started by the alarm also checks as it starts) name a cutoff once, with one read', async () => {
    const t = reminders({ entries: list });
    const outcomes = await Promise.all([t.r.run(), t.r.run(), t.r.run()]);
    expect(outcomes.map((o) => o.kind)).toEqual(['notified', 'checked-today', 'checked-today']);
    expect(t.shown).toHaveLength(1);
    expect(t.reads.count).toBe(1);
  });

  it('before the chosen hour nothing is read; a day the browser was closed at that hour fires on the next wake', async () => {
    const t = reminders({ entries: list, settings: { enabled: true, hour: 20 } });
    t.set(at(24, 19, 59));
    expect((await t.r.run()).kind).toBe('not-yet');
    expect(t.reads.count).toBe(0);
    // The browser was closed at 20:00; it starts at 23:10, the cutoff (the 25th) is still tomorrow.
    t.set(at(24, 23, 10));
    expect(await t.r.run()).toMatchObject({ kind: 'notified', notice: { message: 'FOC tomorrow: Saga #71' } });
    // Closed all the next day until 21:00: the cutoff is today, already named.
    t.set(at(25, 21));
    expect(await t.r.run()).toEqual({ kind: 'nothing-due', due: 0 });
  });

  it('a missed cutoff still today is named on the next wake', async () => {
    const t = reminders({ entries: list });
    t.set(at(25, 15));
    expect(await t.r.run()).toMatchObject({ kind: 'notified', notice: { message: 'FOC today: Saga #71', title: 'Final Order Cutoff today' } });
  });

  it('does nothing while off or signed out (no read, no notification)', async () => {
    const off = reminders({ entries: list, settings: { enabled: false, hour: 9 } });
    expect(await off.r.run()).toEqual({ kind: 'off' });
    expect(await off.r.nextAlarm()).toBeNull();
    const signedOut = reminders({ entries: () => null });
    expect(await signedOut.r.run()).toEqual({ kind: 'signed-out' });
    expect(signedOut.reads.count).toBe(0);
    expect(signedOut.shown).toEqual([]);
    // Not counted as checked: signing in later that day still gets the reminder.
    expect(signedOut.stored()).toBeNull();
  });

  it('one read a day at most, and a failed read is tried again after an hour, three times a day at most; it never throws', async () => {
    const t = reminders({ entries: list });
    t.failWith(new Error('VerseDB is down'));
    expect(await t.r.run()).toMatchObject({ kind: 'failed', reason: 'VerseDB is down' });
    expect((await t.r.run()).kind).toBe('wait');
    t.set(at(24, 10, 1));
    expect((await t.r.run()).kind).toBe('failed');
    t.set(at(24, 11, 2));
    expect((await t.r.run()).kind).toBe('failed');
    t.set(at(24, 12, 3));
    expect((await t.r.run()).kind).toBe('gave-up');
    expect(t.reads.count).toBe(MAX_ATTEMPTS);
    expect(t.shown).toEqual([]);
    // The next day it reads once, and names the cutoff still in reach (today, the 25th).
    t.failWith(null);
    t.set(at(25, 9));
    expect(await t.r.run()).toMatchObject({ kind: 'notified', notice: { message: 'FOC today: Saga #71' } });
    expect(t.reads.count).toBe(MAX_ATTEMPTS + 1);
  });

  it('a notification the browser refused is not counted as shown; a broken store does not throw', async () => {
    const t = reminders({ entries: list, notifyFails: true });
    expect(await t.r.run()).toMatchObject({ kind: 'notify-failed', reason: 'no permission' });
    expect((t.stored() as ReminderLog).notified).toEqual([]);
    const broken = new FocReminders({
      now: () => at(24, 9),
      settings: async () => ({ enabled: true, hour: 9 }),
      store: { load: async () => ({ garbage: true }), save: async () => Promise.reject(new Error('quota exceeded')) },
      focList: async () => list(),
      wishlisted: async () => new Set(),
      notify: async () => undefined,
    });
    expect(await broken.run()).toMatchObject({ kind: 'failed', reason: 'quota exceeded' });
  });

  it('the next alarm at the chosen hour', async () => {
    const t = reminders({ entries: list, settings: { enabled: true, hour: 7 } });
    expect(await t.r.nextAlarm()).toBe(at(25, 7));
  });
});

describe('the toolbar count when the tab shows no comics', () => {
  it('counts pull-list and wishlist cutoffs today and tomorrow from the list as last fetched, with no read; 0 while off', async () => {
    const entries = [
      entry(1, TODAY, { onPullList: true }),
      entry(2, TOMORROW),
      entry(3, TOMORROW),
      entry(4, addDays(TODAY, 2), { onPullList: true }),
    ];
    let enabled = true;
    let kept: DiscoveryEntry[] | null = entries;
    const reads = { count: 0 };
    const r = new FocReminders({
      now: () => at(24, 12),
      settings: async () => ({ enabled, hour: 9 }),
      store: { load: async () => null, save: async () => undefined },
      focList: async () => {
        reads.count += 1;
        return entries;
      },
      keptFocList: async () => kept,
      wishlisted: async (ids) => new Set(ids.filter((id) => id === 2)),
      notify: async () => undefined,
    });
    expect(await r.cutoffsSoon()).toBe(2);
    expect(reads.count).toBe(0);
    kept = null;
    expect(await r.cutoffsSoon()).toBe(0);
    kept = entries;
    enabled = false;
    expect(await r.cutoffsSoon()).toBe(0);
  });
});

describe('the manifest', () => {
  it('notifications is an optional permission in both browsers', async () => {
    const { platformManifest } = await import('@/lib/platform');
    expect(platformManifest('chrome', ['https://*/*'], ['notifications'])).toMatchObject({ optional_host_permissions: ['https://*/*'], optional_permissions: ['notifications'] });
    expect(platformManifest('firefox', ['https://*/*'], ['notifications'])).toMatchObject({ optional_permissions: ['https://*/*', 'notifications'] });
  });
});
