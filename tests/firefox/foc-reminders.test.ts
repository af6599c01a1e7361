import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { FocNotice, ReminderOutcome } from '../../lib/background/foc-reminders';
import type { FocReminderTestHooks } from '../../lib/background/foc-reminders-browser';
import { fixturePage } from '../e2e/store';
import { clickPill, settledBadges, until } from './badges';
import { launchFirefox, type FirefoxWithExtension } from './launch';

// FOC reminders (issue 13) in Firefox (the MV2 event page): the optional notifications permission asked
// for by the options switch and answered Allow (Firefox's own test switch), the clocks moved to the day
// before a cutoff on Sam's pull list, what the daily alarm does run through the e2e build's hook on the
// background page, a real notification shown once, and its click opening the popup's FOC list.

let firefox: FirefoxWithExtension;
let si: StandIn;
let options: Page;

const HOUR = 3_600_000;
const states = fixturePage('e2e/dcbs-search-states');
const focReads = () => si.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/discovery/foc').length;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const textOf = (page: Page, selector: string) => page.evaluate((selector) => document.querySelector(selector)?.textContent?.trim() ?? null, selector);

interface ExtensionWindow {
  browser: {
    runtime: { getBackgroundPage(): Promise<{ longboxFocReminders?: FocReminderTestHooks } | null> };
    permissions: { contains(p: { permissions: string[] }): Promise<boolean> };
  };
}

/** Calls a reminder hook on the background page; the answer comes back as JSON. */
async function hook<T>(name: 'alarm' | 'shown' | 'scheduled' | 'setClockOffset' | 'click', arg?: unknown): Promise<T> {
  const json = await options.evaluate(
    async (name, arg) => {
      const page = await (window as unknown as ExtensionWindow).browser.runtime.getBackgroundPage();
      const hooks = page?.longboxFocReminders;
      if (!hooks) throw new Error('no FOC reminder hooks on the background page');
      const call = hooks[name] as (arg?: unknown) => Promise<unknown>;
      return JSON.stringify((await call(arg)) ?? null);
    },
    name,
    arg,
  );
  return JSON.parse(json) as T;
}

beforeAll(async () => {
  si = await startStandIn({ port: 0 });
  firefox = await launchFirefox({ grantOptionalPermissions: true });
  firefox.serve(states);
});

afterAll(async () => {
  await firefox?.close();
  await si?.stop();
});

test('FOC reminders in Firefox: the permission asked for when turned on, tomorrow’s cutoff named once, the click opens the FOC list', async () => {
  // Signed in from the options page the first badge's "Sign in" opens.
  const store = await firefox.openStorePage(states.url);
  await settledBadges(store, 9);
  await clickPill(store, 'upc:76194138626300411');
  options = await firefox.extensionTab('options.html');
  await options.locator('#address').fill(si.url);
  await options.locator('#token').fill(si.tokens.free);
  await options.locator('form.token-form button[type=submit]').click();
  await until('the library sync', () => textOf(options, '[data-testid=sync-status]'), (text) => text?.startsWith('Library synced') ?? false);
  await store.close();

  // The first cutoff (two days off or more) of a series on Sam's pull list.
  const reply = await fetch(`${si.url}/api/v1/user/pull-list?per_page=100`, { headers: { Authorization: `Bearer ${si.tokens.free}`, Accept: 'application/json' } });
  const pulled = new Set(((await reply.json()) as { data: Array<{ series?: { id: number } | null }> }).data.map((e) => e.series?.id));
  const catalog = si.catalog();
  const upcoming = [...catalog.issues.values()].filter((i) => pulled.has(i.seriesId) && i.focDate >= addDays(si.clock.today(), 2)).sort((a, b) => a.focDate.localeCompare(b.focDate));
  const foc = upcoming[0]?.focDate ?? '';
  const names = upcoming.filter((i) => i.focDate === foc).map((i) => `${catalog.seriesOf(i).name} #${i.number}`);
  expect(names.length).toBeGreaterThan(0);
  const target = Date.parse(`${addDays(foc, -1)}T12:00:00Z`);

  // Both clocks first to 11:05 on the day before the cutoff, before the hour about to be chosen: turning
  // reminders on checks at once, and at the real time of day it would name the real day's cutoffs.
  const before = target - 55 * 60_000;
  si.clock.set(before);
  await hook('setClockOffset', before - Date.now());

  // Turned on: the browser is asked for the notifications permission (answered Allow), the hour chosen.
  expect(await options.evaluate(() => (window as unknown as ExtensionWindow).browser.permissions.contains({ permissions: ['notifications'] }))).toBe(false);
  await options.select('#foc-hour', String(new Date(target).getHours()));
  const box = (await until(
    'the reminder switch',
    () => options.evaluateHandle(() => [...document.querySelectorAll('label')].find((label) => label.textContent?.trim() === 'Remind me of Final Order Cutoffs')?.querySelector('input') ?? null),
    (handle) => handle.asElement() !== null,
  )).asElement() as ElementHandle<HTMLInputElement>;
  expect(await box.evaluate((input) => input.checked)).toBe(false);
  await box.click();
  await until('the switch on', () => box.evaluate((input) => input.checked), (checked) => checked);
  expect(await options.evaluate(() => (window as unknown as ExtensionWindow).browser.permissions.contains({ permissions: ['notifications'] }))).toBe(true);
  await until('the daily alarm', () => hook<number | null>('scheduled'), (at) => at !== null);

  // Both clocks to 12:05 on the day before the cutoff, past the chosen hour.
  const offset = target + 5 * 60_000 - Date.now();
  si.clock.set(target + 5 * 60_000);
  await hook('setClockOffset', offset);
  si.clearRequests();
  const fired = await hook<ReminderOutcome>('alarm');
  expect(fired.kind).toBe('notified');
  const shown = await hook<FocNotice[]>('shown');
  expect(shown).toHaveLength(1);
  for (const name of names) expect(shown[0]?.message).toContain(name);
  expect(focReads()).toBe(1);

  // The alarm again: nothing more.
  expect((await hook<ReminderOutcome>('alarm')).kind).toBe('checked-today');
  expect(await hook<FocNotice[]>('shown')).toHaveLength(1);
  expect(focReads()).toBe(1);

  // The notification's click: the popup's FOC list, in a tab.
  await hook('click', shown[0]?.id);
  const popup = await firefox.extensionTab('popup.html');
  await until(
    'the FOC tab chosen',
    () => popup.evaluate(() => [...document.querySelectorAll('[role=tab]')].find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? null),
    (label) => label === 'FOC',
  );
  const series = (names[0] ?? '').replace(/ #.*$/, '');
  await until('the cutoff in the list', () => textOf(popup, '[role=tabpanel]'), (text) => text?.includes(series) ?? false);
});
