import { createServer, type Server } from 'node:http';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { demoData, fixturePage, KAY } from '../e2e/store';
import { badgeViews, clickPill, settledBadges, until } from './badges';
import { launchFirefox, type FirefoxWithExtension } from './launch';

// A shop with no adapter read on the member's click, in Firefox's MV2 build: browser.scripting.executeScript
// (there since Firefox 102) injects the early and generic scripts, as in Chromium. "Any other store" is off.
// A test cannot click the toolbar button, so the shop is served at the loopback address, which the e2e
// build holds a host permission for: it stands in for the activeTab grant that click gives.

let firefox: FirefoxWithExtension;
let si: StandIn;
let shopServer: Server;
let shopUrl: string;
let options: Page;

const states = fixturePage('e2e/dcbs-search-states');
const shop = fixturePage('sites/generic/shopify-product');
const textOf = (page: Page, selector: string) => page.evaluate((selector) => document.querySelector(selector)?.textContent?.trim() ?? null, selector);

interface ExtensionWindow {
  browser: { windows: { create(details: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown> } };
}

async function openPopupOver(page: Page): Promise<Page> {
  await page.bringToFront();
  await options.evaluate(() => (window as unknown as ExtensionWindow).browser.windows.create({ url: '/popup.html', type: 'popup', width: 380, height: 600 }));
  return firefox.extensionTab('popup.html');
}

beforeAll(async () => {
  si = await startStandIn({ port: 0, data: demoData() });
  firefox = await launchFirefox();
  firefox.serve(states);
  shopServer = createServer((request, response) => {
    response.writeHead(request.url === new URL(shop.url).pathname ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(request.url === new URL(shop.url).pathname ? shop.html.replaceAll(new URL(shop.url).origin, '') : '');
  });
  await new Promise<void>((done) => shopServer.listen(0, '127.0.0.1', done));
  const bound = shopServer.address();
  if (bound === null || typeof bound === 'string') throw new Error('the shop has no port');
  shopUrl = `http://127.0.0.1:${bound.port}${new URL(shop.url).pathname}`;
});

afterAll(async () => {
  await firefox?.close();
  await si?.stop();
  await new Promise((done) => shopServer?.close(done));
});

test('Firefox: the popup over a shop with no adapter reads it once, badges and lists its comics; opened again it injects nothing', async () => {
  // Signed in from the options page the first badge's "Sign in" opens.
  const store = await firefox.openStorePage(states.url);
  await settledBadges(store, 9);
  await clickPill(store, 'upc:76194138626300411');
  options = await firefox.extensionTab('options.html');
  await options.locator('#address').fill(si.url);
  await options.locator('#token').fill(KAY.token);
  await options.locator('form.token-form button[type=submit]').click();
  await until('the library sync', () => textOf(options, '[data-testid=sync-status]'), (text) => text?.startsWith('Library synced') ?? false);
  await store.close();

  // Nothing reads the shop by itself.
  const page = await firefox.browser.newPage();
  await page.goto(shopUrl);
  await new Promise((done) => setTimeout(done, 1_000));
  expect(await badgeViews(page)).toEqual([]);

  const popup = await openPopupOver(page);
  const views = await settledBadges(page, 3);
  expect(views.find((view) => view.code === 'isbn:9781684155583')).toMatchObject({ state: 'owned' });
  const summary = await until("the popup's page summary", () => textOf(popup, '.summary'), (text) => text?.startsWith('3 comics') ?? false);
  expect(summary).toMatch(/^3 comics on this page, \d owned\.$/);
  await popup.close();

  // Opened again: the list is there, and no second reading put a second badge beside any comic.
  const again = await openPopupOver(page);
  await until("the popup's page summary", () => textOf(again, '.summary'), (text) => text?.startsWith('3 comics') ?? false);
  await new Promise((done) => setTimeout(done, 1_000));
  expect(await badgeViews(page)).toHaveLength(3);
  await Promise.all([again.close(), page.close()]);
});
