import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { addDays, EMPTY_LOG, focRemindersFor, localDay, type FocNotice, type ReminderLog } from '@/lib/background/foc-reminders';
import { backgroundFor, type Harness } from './harness';

// FOC reminders (issue 13) over HTTP against the stand-in, on its movable clock: Sam's pull list and
// wishlist as the library sync brings them, the FOC list from GET /api/v1/discovery/foc.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());

const DAY = 86_400_000;
const focReads = () => si.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/discovery/foc').length;

/** The reminders of a harness's service, on the stand-in's clock, at the hour it is now (so a check is due). */
function remindersOf(h: Harness, store: { log: unknown }, shown: FocNotice[], hour = new Date(si.clock.nowMs()).getHours()) {
  return focRemindersFor(h.service, {
    now: () => si.clock.nowMs(),
    settings: async () => ({ enabled: true, hour }),
    store: { load: async () => store.log, save: async (log: ReminderLog) => void (store.log = structuredClone(log)) },
    notify: async (notice) => void shown.push(notice),
  });
}

/** A day (stand-in's, UTC) before the first cutoff of one of Sam's pull-list series that is at least two days off. */
async function dayBeforeAPullListCutoff(h: Harness): Promise<{ foc: string; names: string[] }> {
  const pulled = new Set(await h.service.library.pullListSeriesIds());
  const catalog = si.catalog();
  const soon = addDays(si.clock.today(), 2);
  const upcoming = [...catalog.issues.values()].filter((i) => pulled.has(i.seriesId) && i.focDate >= soon).sort((a, b) => a.focDate.localeCompare(b.focDate));
  const first = upcoming[0];
  if (!first) throw new Error('no upcoming cutoff on Sam’s pull list');
  const names = upcoming.filter((i) => i.focDate === first.focDate).map((i) => `${catalog.seriesOf(i).name} #${i.number}`);
  return { foc: first.focDate, names };
}

describe('FOC reminders against the stand-in', () => {
  it('names tomorrow’s pull-list cutoffs once after the clock moves, with one read; not again that day, after a restart, or when the cutoff is today', async () => {
    si.reset();
    const h = await backgroundFor(si);
    await h.service.signIn(si.url, si.tokens.free, 'personal');
    await h.service.runSync();
    const { foc, names } = await dayBeforeAPullListCutoff(h);
    // Midday (UTC) of the day before the cutoff: the same calendar day in any time zone within ±11 h.
    si.clock.set(`${addDays(foc, -1)}T12:00:00Z`);
    expect(localDay(si.clock.nowMs())).toBe(addDays(foc, -1));
    si.clearRequests();

    const store = { log: undefined as unknown };
    const shown: FocNotice[] = [];
    const first = await remindersOf(h, store, shown).run();
    expect(first.kind).toBe('notified');
    expect(shown).toHaveLength(1);
    const notice = shown[0] as FocNotice;
    for (const name of names) expect(notice.message).toContain(name);
    expect(notice.message).toMatch(/^FOC tomorrow: /m);
    // Every comic named is Sam's: a pull-list series or a wishlisted issue, with its cutoff tomorrow.
    for (const comic of notice.comics) {
      const issue = si.catalog().issues.get(comic.issueId);
      expect(comic.focDate).toBe(foc);
      const status = await h.service.library.status(comic.issueId, issue?.seriesId ?? null);
      expect(status.onPullList || status.wishlisted).toBe(true);
    }
    expect(focReads()).toBe(1);

    // The alarm again, later the same day, then after the worker restarted: no read, no notification.
    si.clock.advance(3 * 3_600_000);
    expect((await remindersOf(h, store, shown).run()).kind).toBe('checked-today');
    await h.restart();
    expect((await remindersOf(h, store, shown).run()).kind).toBe('checked-today');
    expect(shown).toHaveLength(1);
    expect(focReads()).toBe(1);

    // The next day the cutoff is today: not named again (other comics may be due by then, never these).
    si.clock.set(`${foc}T12:00:00Z`);
    const next = await remindersOf(h, store, shown).run();
    expect(['notified', 'nothing-due']).toContain(next.kind);
    const again = shown.slice(1).flatMap((n) => n.comics.map((c) => c.issueId));
    for (const comic of notice.comics) expect(again).not.toContain(comic.issueId);
    expect(focReads()).toBeLessThanOrEqual(2);
  });

  it('spends no read when the popup fetched the FOC list within the hour', async () => {
    si.reset();
    const h = await backgroundFor(si);
    await h.service.signIn(si.url, si.tokens.free, 'personal');
    await h.service.runSync();
    const { foc } = await dayBeforeAPullListCutoff(h);
    si.clock.set(`${addDays(foc, -1)}T12:00:00Z`);
    const popup = await h.service.handle({ type: 'discovery', feed: 'foc', days: 14 }, { id: 'ext', url: 'chrome-extension://ext/popup.html' }, { id: 'ext', origin: 'chrome-extension://ext/' });
    expect(popup.ok).toBe(true);
    si.clearRequests();
    const shown: FocNotice[] = [];
    expect((await remindersOf(h, { log: undefined }, shown).run()).kind).toBe('notified');
    expect(focReads()).toBe(0);
  });

  it('a day the browser was closed at the hour is named on the first wake after it, if the cutoff is still ahead', async () => {
    si.reset();
    const h = await backgroundFor(si);
    await h.service.signIn(si.url, si.tokens.free, 'personal');
    await h.service.runSync();
    const { foc, names } = await dayBeforeAPullListCutoff(h);
    // Checked two days before the cutoff (nothing of it due), then the browser was closed until the evening before.
    si.clock.set(`${addDays(foc, -2)}T12:00:00Z`);
    const store = { log: undefined as unknown };
    const shown: FocNotice[] = [];
    const hour = new Date(si.clock.nowMs()).getHours() - 1;
    await remindersOf(h, store, shown, hour).run();
    expect(shown.flatMap((n) => n.comics).filter((c) => c.focDate === foc)).toEqual([]);
    si.clock.set(`${addDays(foc, -1)}T12:00:00Z`);
    si.clock.advance(2 * 3_600_000);
    expect((await remindersOf(h, store, shown, hour).run()).kind).toBe('notified');
    for (const name of names) expect(shown.at(-1)?.message).toContain(name);
  });

  it('does nothing while signed out, and stops when VerseDB refuses the token', async () => {
    si.reset();
    const h = await backgroundFor(si);
    const shown: FocNotice[] = [];
    si.clearRequests();
    expect((await remindersOf(h, { log: undefined }, shown).run()).kind).toBe('signed-out');
    expect(si.requests()).toHaveLength(0);

    await h.service.signIn(si.url, si.tokens.free, 'personal');
    await h.service.runSync();
    await h.service.signOut();
    si.clearRequests();
    const store = { log: structuredClone(EMPTY_LOG) as unknown };
    expect((await remindersOf(h, store, shown).run()).kind).toBe('signed-out');
    expect(si.requests()).toHaveLength(0);

    // Signed in with a token VerseDB then refuses: the one read gets a 401, and nothing more is asked.
    const token = si.createToken('samreads', ['read:public', 'read:user', 'read:showcase'], 'longbox-foc-revocable')?.token;
    if (!token) throw new Error('no token made');
    await h.service.signIn(si.url, token, 'personal');
    await h.service.runSync();
    si.revoke(token);
    si.clock.advance(DAY);
    si.clearRequests();
    const failed = await remindersOf(h, store, shown).run();
    expect(failed.kind).toBe('failed');
    expect((await h.service.state()).session.rejected).toBe(true);
    si.clock.advance(2 * 3_600_000);
    expect((await remindersOf(h, store, shown).run()).kind).toBe('signed-out');
    expect(focReads()).toBe(1);
    expect(shown).toEqual([]);
  });
});
