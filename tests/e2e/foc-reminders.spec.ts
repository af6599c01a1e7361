import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { FocNotice, ReminderOutcome } from '../../lib/background/foc-reminders';
import type { FocReminderTestHooks } from '../../lib/background/foc-reminders-browser';

// FOC reminders (issue 13) in Chromium with the e2e build, against the stand-in: turned on from the options
// page, then the clocks (the stand-in's and, through the e2e build's hook, the reminders') moved to the day
// before a cutoff on Sam's pull list. What the daily alarm does is run through the same hook, since a real
// alarm rings at real time; the alarm itself is checked to be set for the chosen hour.

declare const self: { longboxFocReminders?: FocReminderTestHooks };

const HOUR = 3_600_000;
let si: StandIn;
test.beforeAll(async () => {
  si = await startStandIn({ port: 0 });
});
test.afterAll(async () => {
  await si.stop();
});

const focReads = () => si.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/discovery/foc').length;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first cutoff, two days off or more, of a series on Sam's pull list, and the comics it names. */
async function nextPullListCutoff(): Promise<{ foc: string; names: string[] }> {
  const reply = await fetch(`${si.url}/api/v1/user/pull-list?per_page=100`, { headers: { Authorization: `Bearer ${si.tokens.free}`, Accept: 'application/json' } });
  const body = (await reply.json()) as { data: Array<{ series?: { id: number } | null; pullable?: { id: number } | null }> };
  const pulled = new Set(body.data.map((e) => e.series?.id ?? e.pullable?.id));
  const catalog = si.catalog();
  const soon = addDays(si.clock.today(), 2);
  const upcoming = [...catalog.issues.values()].filter((i) => pulled.has(i.seriesId) && i.focDate >= soon).sort((a, b) => a.focDate.localeCompare(b.focDate));
  const foc = upcoming[0]?.focDate;
  if (!foc) throw new Error('no upcoming cutoff on Sam’s pull list');
  return { foc, names: upcoming.filter((i) => i.focDate === foc).map((i) => `${catalog.seriesOf(i).name} #${i.number}`) };
}

const hooks = {
  offset: (worker: Worker, ms: number) => worker.evaluate((to) => self.longboxFocReminders?.setClockOffset(to), ms),
  alarm: (worker: Worker) => worker.evaluate(() => self.longboxFocReminders?.alarm()) as Promise<ReminderOutcome>,
  shown: (worker: Worker) => worker.evaluate(() => self.longboxFocReminders?.shown() ?? []) as Promise<FocNotice[]>,
  scheduled: (worker: Worker) => worker.evaluate(() => self.longboxFocReminders?.scheduled() ?? null),
  click: (worker: Worker, id: string) => worker.evaluate((which) => self.longboxFocReminders?.click(which), id),
};

async function signIn(page: Page, extensionId: string): Promise<void> {
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await page.getByLabel('VerseDB address').fill(si.url);
  await page.getByLabel('Personal access token').fill(si.tokens.free);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('member-name')).toHaveText('Sam Okafor');
  await expect(page.getByTestId('sync-status')).toHaveText(/Library synced/, { timeout: 20_000 });
}

test('a reminder for tomorrow’s pull-list cutoff fires once after the clock moves; the alarm again does not repeat it; its click opens the FOC list', async ({ context, page, extensionId, serviceWorker }) => {
  si.reset();
  await signIn(page, extensionId);
  const { foc, names } = await nextPullListCutoff();
  // Midday (UTC) of the day before the cutoff; the reminder hour one hour later.
  const target = Date.parse(`${addDays(foc, -1)}T12:00:00Z`);
  const hour = new Date(target + HOUR).getHours();

  // Both clocks to 12:00 on the day before the cutoff first: turning reminders on checks at once, and at
  // the real time of day (past the chosen hour) it would name the real day's cutoffs.
  const offset = target - Date.now();
  si.clock.set(target);
  await hooks.offset(serviceWorker, offset);

  // Off until turned on; turning it on asks for the notifications permission (the e2e build has it granted).
  const box = page.getByRole('checkbox', { name: 'Remind me of Final Order Cutoffs' });
  await expect(box).not.toBeChecked();
  expect(await hooks.scheduled(serviceWorker)).toBeNull();
  await page.getByLabel('Time of day').selectOption(String(hour));
  await box.click();
  await expect(box).toBeChecked();
  await expect(page.getByTestId('foc-said')).toContainText('Reminders on: each day at');
  await expect.poll(() => page.evaluate(async () => (await chrome.storage.local.get('preferences')).preferences)).toMatchObject({ focReminders: true, focReminderHour: hour });
  // The daily alarm is set for the chosen hour of the reminders' (moved) clock: the browser's alarm is
  // at that moment less the offset.
  await expect.poll(async () => new Date(((await hooks.scheduled(serviceWorker)) ?? 0) + offset).getHours()).toBe(hour);

  // At 12:00, before the chosen hour, the alarm reads nothing.
  si.clearRequests();
  expect(await hooks.alarm(serviceWorker)).toMatchObject({ kind: 'not-yet' });
  expect(focReads()).toBe(0);

  // An hour on: the alarm names tomorrow's cutoff, in one notification, with one read.
  si.clock.advance(HOUR + 60_000);
  await hooks.offset(serviceWorker, offset + HOUR + 60_000);
  const fired = await hooks.alarm(serviceWorker);
  expect(fired.kind).toBe('notified');
  const shown = await hooks.shown(serviceWorker);
  expect(shown).toHaveLength(1);
  const notice = shown[0] as FocNotice;
  expect(notice.message).toMatch(/^FOC tomorrow: /);
  for (const name of names) expect(notice.message).toContain(name);
  expect(focReads()).toBe(1);
  // The toolbar count (the global text, shown on tabs with no comics): the cutoffs in the next 48 hours.
  await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({}))).toBe(String(notice.comics.length));

  // The alarm again (and later that day): no second notification, no read.
  expect(await hooks.alarm(serviceWorker)).toMatchObject({ kind: 'checked-today' });
  si.clock.advance(5 * HOUR);
  await hooks.offset(serviceWorker, offset + 6 * HOUR + 60_000);
  expect(await hooks.alarm(serviceWorker)).toMatchObject({ kind: 'checked-today' });
  expect(await hooks.shown(serviceWorker)).toHaveLength(1);
  expect(focReads()).toBe(1);
  // The next alarm is tomorrow at the chosen hour.
  await expect.poll(async () => new Date(((await hooks.scheduled(serviceWorker)) ?? 0) + offset + 6 * HOUR + 60_000).toISOString().slice(0, 10)).toBe(foc);

  // The notification's click opens the popup's FOC list in a tab, naming the comic.
  const opened = context.waitForEvent('page');
  await hooks.click(serviceWorker, notice.id);
  const popup = await opened;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`chrome-extension://${extensionId}/popup.html#foc`);
  await expect(popup.getByRole('tab', { name: 'FOC' })).toHaveAttribute('aria-selected', 'true');
  const [first] = names;
  await expect(popup.getByRole('tabpanel')).toContainText((first ?? '').replace(/ #.*$/, ''));

  // Turned off: no alarm.
  await box.click();
  await expect(box).not.toBeChecked();
  await expect.poll(() => hooks.scheduled(serviceWorker)).toBeNull();
  await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({}))).toBe('');
});
