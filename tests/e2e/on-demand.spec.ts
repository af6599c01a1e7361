import { expect, test, type Page, type Worker } from '@playwright/test';
import { startStandIn } from '../../stand-in/index.ts';
import { launchWithExtension } from './fixtures';
import { badgeViews, demoData, extensionWorker, fixturePage, KAY, settledBadges, SHOP, signIn } from './store';

// A store with no adapter, read on the member's click: "any other store" is off (as a new member has it),
// so no script is registered for the shop, and opening the popup over its page reads it once, with the
// scripts "any other store" would run there (lib/background/on-demand.ts).
//
// A test cannot click the toolbar button, and without that click Chromium gives no activeTab grant. The
// shop is served at the loopback address, which the e2e build holds a host permission for: that permission
// stands in for the grant the click would give. The popup opens in a window of its own over the shop's tab,
// as the toolbar popup opens over it.

const shop = fixturePage('sites/generic/shopify-product');
const SHOP_URL = shop.url.replace(new URL(shop.url).origin, SHOP);
const COMICS = 3;

/** How many times Longbox's scripts ran in the tab's document: the e2e build's marks on its timeline. */
function runs(tab: Page): Promise<{ early: number; generic: number }> {
  return tab.evaluate(() => ({
    early: performance.getEntriesByName('longbox:readers-requested').length,
    generic: performance.getEntriesByName('longbox:start').length,
  }));
}

/** The popup in a window of its own, over the shop's tab. */
async function openPopupOver(worker: Worker, tab: Page): Promise<Page> {
  await tab.bringToFront();
  const opened = tab.context().waitForEvent('page');
  await worker.evaluate((url) => chrome.windows.create({ url, type: 'popup', width: 380, height: 600 }), new URL('popup.html', worker.url()).href);
  const popup = await opened;
  await popup.waitForURL(/popup\.html$/);
  return popup;
}

test('a shop with no adapter, "any other store" off: the popup opened over it reads the page once, badges its comics and lists them', async () => {
  const si = await startStandIn({ port: 0, data: demoData() });
  const { context, close } = await launchWithExtension();
  try {
    const worker = await extensionWorker(context);
    const extension = await context.newPage();
    await extension.goto(new URL('options.html', worker.url()).href);
    await signIn(extension, si, KAY.token);
    await context.route(`${SHOP}/**`, (route) => route.fulfill({ body: shop.html.replaceAll(new URL(shop.url).origin, SHOP), contentType: 'text/html; charset=utf-8' }));

    // Nothing reads the shop by itself: no script registered, none run, no badge.
    expect(await worker.evaluate(() => chrome.scripting.getRegisteredContentScripts())).toEqual([]);
    const tab = await context.newPage();
    await tab.goto(SHOP_URL);
    await tab.waitForLoadState('load');
    expect(await runs(tab)).toEqual({ early: 0, generic: 0 });
    expect(await badgeViews(tab)).toEqual([]);

    // The popup opened over it: the page is read, its comics badged and listed.
    const popup = await openPopupOver(worker, tab);
    const views = await settledBadges(tab, COMICS);
    expect(views.find((view) => view.code === 'isbn:9781684155583')).toMatchObject({ state: 'owned' });
    await expect(popup.getByRole('tab', { name: 'This page' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.locator('.comic')).toHaveCount(COMICS);
    await expect(popup.locator('.summary')).toHaveText(/^3 comics on this page, \d owned\.$/);
    await expect(popup.locator('.comics')).toContainText('Something Is Killing the Children Vol. 1 TP');
    // The early script, then the generic one, each once; the general readers came with the first.
    expect(await runs(tab)).toEqual({ early: 1, generic: 1 });
    expect(await tab.evaluate(() => performance.getEntriesByName('longbox:readers-asked-again').length)).toBe(0);
    await popup.close();

    // Opened again over the same page: nothing more goes in, and the list is there at once.
    const again = await openPopupOver(worker, tab);
    await expect(again.locator('.comic')).toHaveCount(COMICS);
    expect(await runs(tab)).toEqual({ early: 1, generic: 1 });
    expect(await badgeViews(tab)).toHaveLength(COMICS);
    await again.close();

    // Reloaded, the page is a new one: nothing reads it until the popup opens over it again.
    await tab.reload();
    await tab.waitForLoadState('load');
    expect(await runs(tab)).toEqual({ early: 0, generic: 0 });
    const reloaded = await openPopupOver(worker, tab);
    await settledBadges(tab, COMICS);
    await expect(reloaded.locator('.comic')).toHaveCount(COMICS);
    expect(await runs(tab)).toEqual({ early: 1, generic: 1 });
  } finally {
    await close();
    await si.stop();
  }
});
