import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STATE_MESSAGES, type BadgeState } from '../../lib/badge-states';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { demoData, fixturePage, KAY } from '../e2e/store';
import { messagesOf } from '../shared/messages';
import { clickPill, settledBadges, until } from './badges';
import { launchFirefox, type FirefoxWithExtension } from './launch';

// Longbox in a German Firefox: Firefox in German (its language pack), the demo member signed in to the
// stand-in, a store page with a badge in every state. The extension follows Firefox's language: each
// badge says its state by the German name, and the popup is in German.

const LANGUAGE = 'de';
const table = messagesOf(LANGUAGE);
const states = fixturePage('e2e/dcbs-search-states');

let firefox: FirefoxWithExtension;
let si: StandIn;

beforeAll(async () => {
  si = await startStandIn({ port: 0, data: demoData() });
  firefox = await launchFirefox({ language: LANGUAGE });
  firefox.serve(states);
});

afterAll(async () => {
  await firefox?.close();
  await si?.stop();
});

describe('Longbox in a German Firefox', () => {
  test('the badges and the popup speak German', async () => {
    const page = await firefox.openStorePage(states.url);
    // Signed out first: every badge asks for a sign-in, in German.
    for (const view of await settledBadges(page, 9)) expect(view.label).toBe(table.state_signed_out?.message);
    // The sign-in badge opens the options page (an extension page cannot be navigated to from here).
    await clickPill(page, 'upc:76194138626300411');
    const extension = await firefox.extensionTab('options.html');
    expect(await extension.evaluate(() => (globalThis as unknown as { browser: { i18n: { getUILanguage(): string } } }).browser.i18n.getUILanguage())).toMatch(/^de/);
    expect(await extension.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    const reply = await extension.evaluate(
      ({ address, token }) => (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).browser.runtime.sendMessage({ type: 'sign-in', address, token }),
      { address: si.url, token: KAY.token },
    );
    expect(reply).toMatchObject({ ok: true });
    await until('the library synced', () => extension.evaluate(() => (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).browser.runtime.sendMessage({ type: 'state' })), (state) => /"lastSyncedAt":\d/.test(JSON.stringify(state)), 30_000);

    await page.reload();
    const views = await until('badges with states', () => settledBadges(page, 9), (found) => found.every((view) => view.state !== 'signed-out'), 30_000);
    for (const view of views) {
      const state = view.state as BadgeState;
      const name = table[STATE_MESSAGES[state]]?.message ?? '';
      if (state === 'owned') expect(view.label.startsWith(name.split(/\s*[×·]/)[0] ?? name), view.label).toBe(true);
      else expect(view.label, state).toBe(name);
    }
    await page.bringToFront();
    await extension.evaluate(() => (globalThis as unknown as { browser: { windows: { create(d: object): Promise<unknown> } } }).browser.windows.create({ url: '/popup.html', type: 'popup', width: 380, height: 600 }));
    const popup = await firefox.extensionTab('popup.html');
    await until('the popup', () => popup.evaluate(() => document.body.innerText), (text) => text.length > 0);
    expect(await popup.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    const tab = table.popup_tab_page?.message ?? '?';
    expect(tab).not.toBe(messagesOf('en').popup_tab_page?.message);
    await until(`the "${tab}" tab`, () => popup.evaluate(() => [...document.querySelectorAll('[role=tab]')].map((node) => node.textContent?.trim())), (tabs) => tabs.includes(tab));
  });
});
