import type { ElementHandle, Page } from 'puppeteer-core';
import { readBadgeBoxes, readBoxes, readClippedLabels, readUnseenBadges, STATES_PAGE_VIEWS } from '../shared/badges';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { api, dcbsListing, demoData, fixturePage, idsIn, KAY } from '../e2e/store';
import { badgeState, choose, clickPill, inBadge, settledBadges, until, type BadgeView } from './badges';
import { launchFirefox, type FirefoxWithExtension } from './launch';
import { readFileSync } from 'node:fs';
import { memberCopies } from '../shared/collection';

// Longbox in Firefox, end to end: the Firefox e2e build (MV2, a background page) in Debian's firefox-esr
// driven over WebDriver BiDi, the VerseDB stand-in over HTTP with the demo data (Kay owns Absolute
// Batman #4 twice, Saga Vol. 1, Ravenwood #1..., wishlists Saga Vol. 2 and pulls the Saga trades), and
// store pages served at the stores' real addresses. One browser and one stand-in for the file; each
// test goes on from where the one before left the member, as a member's afternoon would.

/** What an extension page may call, for the few steps a member does with the browser's own UI. */
declare global {
  interface Window {
    browser: {
      runtime: {
        sendMessage(message: unknown): Promise<unknown>;
        getBackgroundPage(): Promise<Window | null>;
      };
      tabs: {
        create(details: { url: string }): Promise<{ id?: number }>;
        query(filter: { url: string }): Promise<{ id?: number }[]>;
      };
      scripting: { getRegisteredContentScripts(): Promise<{ id: string; runAt?: string; js?: string[] }[]> };
      browserAction: { getBadgeText(details: { tabId: number }): Promise<string> };
      windows: { create(details: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown> };
      contextMenus: { update(id: string, properties: Record<string, unknown>): Promise<void> };
    };
  }
}

let firefox: FirefoxWithExtension;
let si: StandIn;
/** The options page, opened by the first badge's "Sign in" and kept open as the member's extension page. */
let options: Page;

const states = fixturePage('e2e/dcbs-search-states');
const ravenwood = fixturePage('e2e/ebay-item-ravenwood-1');
const shopify = fixturePage('sites/generic/shopify-product');
const lookups = () => si.requests().filter((request) => request.path.startsWith('/api/v1/lookup/'));
const byCode = (views: BadgeView[]) => new Map(views.map((view) => [view.code ?? '', view]));

/** The count on the toolbar button for the tab showing this address, as the background set it. */
const toolbarCount = (url: string) =>
  options.evaluate(async (url) => {
    const [tab] = await window.browser.tabs.query({ url });
    return tab?.id === undefined ? 'no such tab' : window.browser.browserAction.getBadgeText({ tabId: tab.id });
  }, url);

/** Text of the first element matching the selector, or null. */
const textOf = (page: Page, selector: string) => page.evaluate((selector) => document.querySelector(selector)?.textContent?.trim() ?? null, selector);

/** Clicks the element matching the selector whose text is exactly this, inside `within`. */
async function clickText(within: Page | ElementHandle | null | undefined, selector: string, text: string): Promise<void> {
  if (!within) throw new Error(`nothing to find ${selector} in`);
  const target = await until(
    `${selector} "${text}"`,
    async () => {
      for (const element of await within.$$(selector)) {
        if ((await element.evaluate((node) => node.textContent?.trim())) === text) return element;
      }
      return null;
    },
    (element) => element !== null,
  );
  await target?.click();
}

/** The popup in a window of its own over the store page's tab, as the toolbar button opens it over the page. */
async function openPopupOver(page: Page): Promise<Page> {
  await page.bringToFront();
  await options.evaluate(() => window.browser.windows.create({ url: '/popup.html', type: 'popup', width: 380, height: 600 }));
  const popup = await firefox.extensionTab('popup.html');
  return popup;
}

beforeAll(async () => {
  si = await startStandIn({ port: 0, data: demoData() });
  firefox = await launchFirefox({ grantOptionalPermissions: true });
  firefox.serve(states, ravenwood, shopify);
});

afterAll(async () => {
  await firefox?.close();
  await si?.stop();
});

describe('Longbox in Firefox', () => {
  test('before sign-in every badge says so; its "Sign in" opens the options page', async () => {
    const page = await firefox.openStorePage(states.url);
    const views = await settledBadges(page, 9);
    for (const view of views) expect(view).toMatchObject({ state: 'signed-out', label: 'Sign in' });
    await clickPill(page, 'upc:76194138626300411');
    options = await firefox.extensionTab('options.html');
    await options.waitForSelector('#token');
    expect(lookups()).toHaveLength(0);
    await page.close();
  });

  test('signing in on the options page: address and token typed, Save clicked, the library synced', async () => {
    await options.locator('#address').fill(si.url);
    await options.locator('#token').fill(KAY.token);
    await options.locator('form.token-form button[type=submit]').click();
    await until('the signed-in member', () => textOf(options, '[data-testid=member-name]'), (name) => name === 'Kay Moreno');
    // The member's card comes with the background's state; the form's own words when its reply arrives.
    await until('the form says so', () => textOf(options, '[data-testid=account-status]'), (text) => text === 'Signed in as Kay Moreno.');
    await until('the library sync', () => textOf(options, '[data-testid=sync-status]'), (text) => text?.startsWith('Library synced') ?? false);
    expect(si.requests().some((request) => request.path === '/api/v1/user/wishlist')).toBe(true);
  });

  test('badges in every state on two store pages, at their real addresses', async () => {
    const page = await firefox.openStorePage(states.url);
    const views = byCode(await settledBadges(page, 9));
    for (const [code, view] of Object.entries(STATES_PAGE_VIEWS)) expect(views.get(code), code).toMatchObject({ code, ...view });
    // Every state's badge takes the same box in Firefox too.
    const boxes = await page.evaluate(readBadgeBoxes);
    expect(await page.evaluate(readClippedLabels)).toEqual([]);
    expect(boxes).toHaveLength(9);
    expect(new Set(boxes).size, boxes.join(', ')).toBe(1);
    // The toolbar button (browserAction in Firefox's MV2) counts the comics owned on the page.
    const owned = [...views.values()].filter((view) => view.state === 'owned').length;
    expect(owned).toBeGreaterThan(0);
    await until('the toolbar count', () => toolbarCount(states.url), (count) => count === String(owned));
    // eBay: barcodes, and title-only items matched against the library.
    const ebay = await firefox.openStorePage(ravenwood.url);
    const similar = byCode(await settledBadges(ebay, 5));
    expect(similar.get('Absolute Batman #1 (2024) Cover A Nick Dragotta 1st Print NM')).toMatchObject({
      state: 'owned', label: 'Owned · NM-', tip: 'In your VerseDB collection: 1 copy, best NM-. Matched by title.',
    });
    expect(similar.get('Ravenwood #2 (1988) DC Newsstand Tomas Ferrante VF')).toMatchObject({ state: 'not-owned', tip: 'Not in your VerseDB collection. Matched by title.' });
    // The newsstand barcode both Ravenwood issues share, on a page whose title says #1: that one (issue 12).
    expect(similar.get('upc:761941309507')).toMatchObject({ state: 'owned', label: 'Owned · VF' });
    await Promise.all([page.close(), ebay.close()]);
  });

  test('one click puts an issue on the wishlist, on VerseDB', async () => {
    const page = await firefox.openStorePage(states.url);
    await settledBadges(page, 9);
    const code = 'upc:76194130007800211'; // Absolute Batman #2, issue 921
    const writesBefore = si.requests().filter((request) => request.method !== 'GET').length;
    await choose(page, code, 'Add to wishlist');
    expect(await badgeState(page, code, 'wishlist')).toMatchObject({ label: 'On wishlist' });
    const writes = await until(
      'the wishlist add in the stand-in\'s log',
      async () => si.requests().filter((request) => request.method !== 'GET').slice(writesBefore).map((request) => `${request.method} ${request.path}`),
      (seen) => seen.length > 0,
    );
    expect(writes).toEqual(['POST /api/v1/issues/921/wishlist']);
    expect(idsIn(await api(si, KAY.token, '/user/wishlist'), 'entity')).toContain(921);
    await page.close();
  });

  test('a comic shown by its title only is wishlisted from its badge: the issue is found in VerseDB’s catalog on the click', async () => {
    const listing = dcbsListing('lumberjanes', [{ title: 'Lumberjanes #4', code: '', price: '$3.99' }]);
    firefox.serve(listing);
    const page = await firefox.openStorePage(listing.url);
    await settledBadges(page, 1);
    const key = 'Lumberjanes #4';
    expect(await badgeState(page, key, 'not-owned')).toBeTruthy();
    await choose(page, key, 'Add to wishlist');
    expect(await badgeState(page, key, 'wishlist')).toMatchObject({ label: 'On wishlist' });
    const series = [...si.catalog().series.values()].find((s) => s.name === 'Lumberjanes');
    const issue = series && si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === '4');
    expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).toContain(issue?.id);
    await page.close();
  });

  test('"Look up in VerseDB" on selected text: the menu entry is there, and its panel wishlists the comic a title names', async () => {
    // A test cannot click the browser's own context menu: the entry is checked to exist, and the panel it
    // opens (lookup.html with the selection) is opened as the entry opens it.
    const entry = await options.evaluate(() => window.browser.contextMenus.update('longbox-look-up', {}).then(() => true, (error: Error) => error.message));
    expect(entry).toBe(true);
    await options.evaluate(() => window.browser.windows.create({ url: `/lookup.html#q=${encodeURIComponent('Lumberjanes #5')}`, type: 'popup', width: 420, height: 640 }));
    const panel = await firefox.extensionTab('lookup.html');
    const row = await until('the looked-up comic', () => panel.$('[data-testid=lookup-result] .comic'), (found) => found !== null);
    await until('its state', () => textOf(panel, '[data-testid=lookup-result] .pill'), (text) => text === 'Not owned');
    await clickText(row, 'button', 'Add to wishlist');
    await until('the row saying so', () => textOf(panel, '[data-testid=lookup-result] .pill'), (text) => text === 'On wishlist');
    const series = [...si.catalog().series.values()].find((s) => s.name === 'Lumberjanes');
    const issue = series && si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === '5');
    expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).toContain(issue?.id);
    await panel.close();
  });

  test("the popup over a store page lists the page's comics; its FOC list puts the pull list first", async () => {
    const page = await firefox.openStorePage(states.url);
    const views = await settledBadges(page, 9);
    const owned = views.filter((view) => view.state === 'owned').length;
    const popup = await openPopupOver(page);
    const summary = await until("the popup's page summary", () => textOf(popup, '.summary'), (text) => text !== null);
    expect(summary).toBe(`9 comics on this page, ${owned} owned.`);
    const rows = await popup.$$eval('.comic .comic-title', (titles) => titles.map((title) => title.textContent ?? ''));
    expect(rows).toHaveLength(9);
    expect(rows).toContain('Absolute Batman #4');

    // FOC: the member pulls the series of a comic whose cutoff is coming up, from its row...
    await clickText(popup, '[role=tab]', 'FOC');
    const row = await until('a FOC row', () => popup.$('.foc-section .comic'), (found) => found !== null);
    const title = await row?.$eval('.comic-title', (button) => button.textContent ?? '');
    await clickText(row, '.comic-title', title ?? '');
    await clickText(row, 'button', 'Pull this series');
    await until('the row saying so', async () => (await row?.evaluate((element) => element.textContent)) ?? '', (text) => /is on your pull list\./.test(text));
    await until('the pull-list add in the stand-in\'s log', async () => si.requests().some((request) => request.method === 'POST' && request.path === '/api/v1/pull-list/items'), (seen) => seen);
    await popup.close();
    // ...and the popup, opened again, lists the pull list's cutoffs first, that comic among them.
    const again = await openPopupOver(page);
    await clickText(again, '[role=tab]', 'FOC');
    const sections = await until(
      'the FOC sections',
      () => again.$$eval('.foc-section', (found) => found.map((section) => ({ heading: section.querySelector('h2')?.textContent, titles: [...section.querySelectorAll('.comic-title')].map((t) => t.textContent) }))),
      (found) => found.length > 0,
    );
    expect(sections[0]?.heading).toBe('Your pull list');
    expect(sections[0]?.titles).toContain(title);
    expect(await again.$$eval('.foc-section .countdown', (days) => days.map((day) => day.textContent))).not.toHaveLength(0);
    await Promise.all([again.close(), page.close()]);
  });

  test('"Any other store": the optional permission (optional_permissions in MV2) is granted, and a shop with no adapter gets badges', async () => {
    const checkbox = await until(
      'the "Any other store" switch',
      () => options.evaluateHandle(() => [...document.querySelectorAll('label')].find((label) => label.textContent?.trim() === 'Any other store')?.querySelector('input') ?? null),
      (handle) => handle.asElement() !== null,
    );
    const box = checkbox.asElement() as ElementHandle<HTMLInputElement>;
    expect(await box.evaluate((input) => input.checked)).toBe(false);
    await box.click();
    await until('the switch on', () => box.evaluate((input) => input.checked), (checked) => checked);
    // The background registers the general content script once the browser says the permission came.
    await until('the general content script registered', () => options.evaluate(async () => (await window.browser.scripting.getRegisteredContentScripts()).map((script) => script.id)), (ids) => ids.includes('longbox-any-store'));
    // And before it, on the same pages, the early script that asks for the general readers at document_start.
    expect(await options.evaluate(async () => (await window.browser.scripting.getRegisteredContentScripts()).map((script) => [script.id, script.runAt, script.js]))).toEqual(
      expect.arrayContaining([['longbox-any-store-early', 'document_start', ['early.js']]]),
    );
    const page = await firefox.openStorePage(shopify.url);
    const views = byCode(await settledBadges(page, 3));
    expect(views.get('isbn:9781684155583')).toMatchObject({ state: 'owned' });
    await page.close();
  });

  test('"Any other store": a Shopify order status page shows its banner; its title-only lines are found in VerseDB and added', async () => {
    const expected = JSON.parse(readFileSync('tests/fixtures/orders/shopify-thank-you.order.json', 'utf8')) as { url: string };
    firefox.serve({ url: expected.url, html: readFileSync('tests/fixtures/orders/shopify-thank-you.html', 'utf8') });
    const before = await memberCopies(si, KAY.token);
    const page = await firefox.openStorePage(expected.url);
    await until(
      'the order banner',
      () => page.evaluate(() => document.querySelector('[data-longbox-order-banner]')?.getAttribute('data-longbox-order-banner') ?? null),
      (said) => said === '5',
    );
    const button = (await page.evaluateHandle(() => document.querySelector('[data-longbox-order-banner]')?.shadowRoot?.querySelector('button') ?? null)).asElement();
    await (button as ElementHandle<Element>).click();
    const review = await firefox.extensionTab('order.html');
    const stateOf = (title: string) =>
      review.evaluate((title) => [...document.querySelectorAll('[data-testid="order-line"]')].find((row) => row.textContent?.includes(title))?.getAttribute('data-state') ?? null, title);
    await until('the review list', () => stateOf('The Power Fantasy #14'), (state) => state === 'ready');
    // Two series named Batman and Robin have a #24: the member picks the 2023 one.
    await until('the question', () => stateOf('Batman and Robin #24'), (state) => state === 'unmatched');
    const row = await review.evaluateHandle(() => [...document.querySelectorAll('[data-testid="order-line"]')].find((r) => r.textContent?.includes('Batman and Robin #24')) ?? null);
    await clickText(row.asElement() as ElementHandle<Element>, '[data-testid="order-choices"] button', 'Batman and Robin (2023, DC Comics)');
    await until('matched on the pick', () => stateOf('Batman and Robin #24'), (state) => state === 'ready');
    await review.locator('[data-testid="order-add"]').click();
    await until('the summary', () => textOf(review, '[data-testid="order-summary"]'), (text) => text?.startsWith('Done: 4 copies') ?? false);
    const added = (await memberCopies(si, KAY.token)).filter((copy) => !before.some((b) => b.id === copy.id));
    expect(added.map((copy) => copy.issueId).sort()).toEqual([5008, 5011, 5011, 5011]);
    expect(new Set(added.map((copy) => copy.pricePaid))).toEqual(new Set([4.59]));
    await Promise.all([review.close(), page.close()]);
  });

  test('"Any other store": on fixed-height cards, a narrow column and a slider every badge is seen over its cover, and nothing of the page moves', async () => {
    const url = 'https://www.panelshopcomics.com/collections/new-this-week';
    firefox.serve({ url, html: readFileSync('tests/fixtures/placement/tight-layouts.html', 'utf8') });
    const page = await firefox.openStorePage(url);
    await settledBadges(page, 13);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Every badge whose comic is in view is seen once the page's layout is checked; the slider's fourth slide is out of view.
    const unseen = await until('the badges the layout hid, moved', () => page.evaluate(readUnseenBadges), (codes) => codes.length === 1);
    expect(unseen).toEqual(['Absolute Superman #20']);
    // Prices and buttons are where they are with the badges taken out again: the badges moved nothing.
    const withBadges = await page.evaluate(readBoxes, '.price, button');
    await page.evaluate(() => document.querySelectorAll('[data-longbox-badge]').forEach((host) => host.remove()));
    expect(await page.evaluate(readBoxes, '.price, button')).toEqual(withBadges);
    await page.close();
  });

  test('a badge over a cover inside its product link: clicks in its menu stay on the page', async () => {
    const url = 'https://www.panelshopcomics.com/collections/new-this-week';
    firefox.serve({ url, html: readFileSync('tests/fixtures/placement/tight-layouts.html', 'utf8') });
    const page = await firefox.openStorePage(url);
    await settledBadges(page, 13);
    // The badges the layout put over a cover, inside the cover's link (moved there once the page's layout is checked).
    const inLinks = await until(
      'badges over covers inside their links',
      () => page.evaluate(() => [...document.querySelectorAll('[data-longbox-badge]')].filter((host) => host.closest('a[href]')).map((host) => host.getAttribute('data-longbox-code') ?? '')),
      (codes) => codes.length > 0,
    );
    const key = inLinks[0] ?? '';
    await clickPill(page, key);
    for (const selector of ['.menu .tip', '.menu form.copy label']) {
      const target = await inBadge(page, key, selector);
      await target.click();
      await target.dispose();
    }
    await new Promise((done) => setTimeout(done, 500));
    expect(page.url()).toBe(url);
    await page.close();
  });

  test('the background page restarted: the library still answers, the badges come back with no new lookups', async () => {
    const page = await firefox.openStorePage(states.url);
    const before = await settledBadges(page, 9);
    const looked = lookups().length;
    const started = await options.evaluate(async () => (await window.browser.runtime.getBackgroundPage())?.performance.timeOrigin ?? null);
    expect(started).not.toBeNull();
    await options.evaluate(async () => (await window.browser.runtime.getBackgroundPage())?.location.reload());
    await until(
      'a new background page',
      () => options.evaluate(async () => (await window.browser.runtime.getBackgroundPage())?.performance.timeOrigin ?? null).catch(() => null),
      (origin) => origin !== null && origin !== started,
    );
    await page.reload();
    expect(await settledBadges(page, 9)).toEqual(before);
    expect(lookups().length).toBe(looked);
    await page.close();
  });
});
