// `npm run demo -- --store-screenshots`: the screenshots for the Chrome Web Store and addons.mozilla.org
// listings, 1280x800 PNGs in store/screenshots/, made in Chromium from the demo's own sample pages with
// Longbox signed in as the demo shopper (the same pages, stand-in and build as the rest of the demo):
//   1-listing-badges.png     a store's search results with their badges
//   2-badge-menu.png         a product page with its badge's menu open
//   3-popup-this-page.png    the toolbar popup over a back-issue page: the page's comics and the run's gaps
//   4-cart-warning.png       a cart with the banner naming the comics already owned
//   5-popup-foc.png          the toolbar popup's Final Order Cutoff list over a store page
// A headless browser cannot open the toolbar's popup, so for 3 and 5 the popup is opened as Longbox's own
// window over the store's tab (what it lists is that tab's) and its screenshot is laid where the toolbar
// shows it, over the screenshot of that same page. Every file is checked to be 1280x800 (its PNG header).
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';

export const STORE_SCREENSHOTS = resolve('store/screenshots');
const SIZE = { width: 1280, height: 800 };
/** The popup's width (components/styles/popup.css) and the browsers' tallest popup. */
const POPUP = { width: 380, maxHeight: 600 };

/** A PNG's width and height, from its IHDR chunk; throws when the file is no PNG. */
export function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') {
    throw new Error(`${file} is not a PNG`);
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export interface StoreScreenshotDeps {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** The address a sample page is served at, by its name under tests/fixtures. */
  urlOf(name: string): string;
  /** Scrolls a store page as a shopper would until its badges have their answers (the demo's `browse`). */
  settle(page: Page): Promise<void>;
}

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

async function storePage(deps: StoreScreenshotDeps, name: string): Promise<Page> {
  const page = await deps.context.newPage();
  await page.setViewportSize(SIZE);
  await page.goto(deps.urlOf(name));
  await pause(800);
  await deps.settle(page);
  return page;
}

/** Longbox's popup in a window of its own over `tab` (the tab it lists), `hash` naming its tab. */
async function popupOver(deps: StoreScreenshotDeps, tab: Page, hash: string): Promise<Page> {
  await tab.bringToFront();
  const opened = deps.context.waitForEvent('page', { predicate: (page) => page.url().includes('/popup.html'), timeout: 30_000 });
  const url = `chrome-extension://${deps.extensionId}/popup.html${hash}`;
  await deps.worker.evaluate((address) => chrome.windows.create({ url: address, type: 'popup', width: 380, height: 600 }).then(() => undefined), url);
  const popup = await opened;
  await popup.setViewportSize({ width: POPUP.width, height: POPUP.maxHeight });
  return popup;
}

/** The popup's screenshot, as tall as its content (at most the browsers' 600 px). */
async function popupImage(popup: Page): Promise<Buffer> {
  const height = await popup.evaluate((max) => Math.min(max, Math.ceil(document.documentElement.scrollHeight)), POPUP.maxHeight);
  return popup.screenshot({ clip: { x: 0, y: 0, width: POPUP.width, height } });
}

/** The popup's image laid over the page's, where the toolbar shows it (top right), as one 1280x800 PNG. */
async function compose(deps: StoreScreenshotDeps, background: Buffer, popup: Buffer, file: string): Promise<void> {
  const page = await deps.context.newPage();
  await page.setViewportSize(SIZE);
  const data = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
  await page.setContent(
    `<!doctype html><html><body style="margin:0;width:${SIZE.width}px;height:${SIZE.height}px;overflow:hidden;position:relative">` +
      `<img alt="" src="${data(background)}" style="position:absolute;left:0;top:0;width:${SIZE.width}px;height:${SIZE.height}px">` +
      `<img alt="" src="${data(popup)}" style="position:absolute;top:0;right:28px;width:${POPUP.width}px;display:block;background:#fff;` +
      'border-radius:0 0 8px 8px;box-shadow:0 10px 30px rgba(0,0,0,.35),0 0 0 1px rgba(0,0,0,.14)">' +
      '</body></html>',
  );
  await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
  writeFileSync(file, await page.screenshot());
  await page.close();
}

/** Waits until `count` gives the same non-zero answer twice in a row, 300 ms apart (a list that has settled). */
async function settledCount(count: () => Promise<number>, what: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 100; i += 1) {
    const now = await count();
    if (now > 0 && now === last) return now;
    last = now;
    await pause(300);
  }
  throw new Error(`store screenshots: ${what} did not settle`);
}

/** Makes the store screenshots; returns one line per file, with its measured size. */
export async function storeScreenshots(deps: StoreScreenshotDeps): Promise<string[]> {
  mkdirSync(STORE_SCREENSHOTS, { recursive: true });
  for (const file of readdirSync(STORE_SCREENSHOTS)) if (file.endsWith('.png')) rmSync(join(STORE_SCREENSHOTS, file));
  const made: string[] = [];
  const shot = (name: string) => {
    const file = join(STORE_SCREENSHOTS, name);
    made.push(file);
    return file;
  };

  // 1. A store's search results, badged.
  const listing = await storePage(deps, 'sites/midtown/search-batman');
  await listing.evaluate(() => window.scrollTo(0, 0));
  await pause(300);
  await listing.screenshot({ path: shot('1-listing-badges.png') });
  await listing.close();

  // 2. A product page with its badge's menu open (one click on the pill).
  const product = await storePage(deps, 'sites/midtown/product-absolute-batman-4');
  await product.locator('[data-longbox-badge]').first().locator('.pill').click();
  await pause(500);
  await product.screenshot({ path: shot('2-badge-menu.png') });
  await product.close();

  // 3. The popup over a back-issue page: this page's comics and the run summed up.
  const run = await storePage(deps, 'sites/mycomicshop/title-absolute-batman');
  await run.evaluate(() => window.scrollTo(0, 0));
  await pause(300);
  const runPage = await run.screenshot();
  const pagePopup = await popupOver(deps, run, '');
  await pagePopup.getByTestId('run-summary').first().waitFor({ timeout: 30_000 });
  await settledCount(() => pagePopup.locator('.comic').count(), "the popup's list of this page's comics");
  await compose(deps, runPage, await popupImage(pagePopup), shot('3-popup-this-page.png'));
  await pagePopup.close();
  await run.close();

  // 4. A cart with the banner naming the comics already owned.
  const cart = await storePage(deps, 'sites/midtown/cart');
  await cart.evaluate(() => window.scrollTo(0, 0));
  await cart.locator('[data-longbox-cart-warning]').first().waitFor({ timeout: 30_000 });
  await pause(300);
  await cart.screenshot({ path: shot('4-cart-warning.png') });
  await cart.close();

  // 5. The popup's FOC list (pull-list series first) over a store's new-releases page.
  const releases = await storePage(deps, 'sites/previewsworld/previewsworld-home-2018-03');
  await releases.evaluate(() => window.scrollTo(0, 0));
  await pause(300);
  const releasesPage = await releases.screenshot();
  const focPopup = await popupOver(deps, releases, '#foc');
  await settledCount(() => focPopup.locator('.foc-section .comic').count(), "the popup's FOC list");
  await compose(deps, releasesPage, await popupImage(focPopup), shot('5-popup-foc.png'));
  await focPopup.close();
  await releases.close();

  return made.map((file) => {
    const { width, height } = pngSize(file);
    if (width !== SIZE.width || height !== SIZE.height) throw new Error(`${file} is ${width}x${height}, not ${SIZE.width}x${SIZE.height}`);
    return `  ${file.slice(resolve('.').length + 1)}  ${width}x${height}  ${Math.round(readFileSync(file).length / 1024)} kB`;
  });
}
