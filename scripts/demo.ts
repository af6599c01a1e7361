// The demo: the local VerseDB stand-in seeded with tests/fixtures/demo-data.json (the sample pages'
// comics, and Kay, a demo shopper who owns some of them, wishlists one and pulls a series), Chromium
// with the e2e build of Longbox loaded and signed in as Kay, and sample store pages served at the
// stores' real addresses (from the fixture pages). With a display it stays open for you to browse;
// without one (or with --headless) it visits each page, saves a screenshot to demo-output/ and prints
// a summary. Run through `npm run demo` (scripts/demo.sh builds the extension first).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { z } from 'zod';
import { startStandIn, type StandIn } from '../stand-in/index.ts';
import { chromiumPath } from './chromium-path.mjs';

const EXTENSION_DIR = resolve('.output/chrome-mv3-e2e');
const FIXTURES = resolve('tests/fixtures');
const OUTPUT = resolve('demo-output');
const PORT = Number(process.env.LONGBOX_STAND_IN_PORT ?? 7878);

/** The demo shopper of tests/fixtures/demo-data.json. */
const SHOPPER = { name: 'Kay Moreno (@kaycollects)', token: 'longbox-demo-kay' };

/** The sample pages (under tests/fixtures): several stores, product pages, long listings, a cart, and a
 *  store page in a layout its adapter was not written for (read by the general readers). */
const SAMPLE_PAGES = [
  'sites/midtown/product-absolute-batman-4',
  'sites/layouts/midtown-product-redesign',
  'sites/midtown/search-batman',
  'sites/mycomicshop/title-absolute-batman',
  'sites/amazon/dp-saga-volume-1',
  'e2e/ebay-item-ravenwood-1',
  'sites/previewsworld/previewsworld-home-2018-03',
  'sites/instocktrades/instocktrades-home-2018-03',
  'sites/midtown/cart',
];

/** Pages whose first badge is also shown with its menu open. */
const MENU_SHOTS = new Set(['sites/midtown/product-absolute-batman-4', 'e2e/ebay-item-ravenwood-1']);

const Expected = z.object({ url: z.string(), adapter: z.string(), items: z.array(z.unknown()) });

interface SamplePage {
  name: string;
  url: string;
  adapter: string;
  /** How many comics a careful reader finds on the page (its .expected.json). */
  items: number;
  html: string;
}

function samplePage(name: string): SamplePage {
  const expected = Expected.parse(JSON.parse(readFileSync(join(FIXTURES, `${name}.expected.json`), 'utf8')));
  return { name, url: expected.url, adapter: expected.adapter, items: expected.items.length, html: readFileSync(join(FIXTURES, `${name}.html`), 'utf8') };
}

// The stores' own stylesheets and images are not fetched (the machine needs no internet): a small
// stylesheet stands in for theirs, and a plain placeholder for each cover.
const STORE_CSS = readFileSync(resolve('scripts/demo-stores.css'), 'utf8');
const COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300" viewBox="0 0 200 300"><rect width="200" height="300" fill="#d9dde3"/>' +
  '<rect x="14" y="14" width="172" height="272" fill="none" stroke="#b9bfc8" stroke-width="2"/><path d="M60 190l30-40 22 28 14-18 24 30z" fill="#b9bfc8"/>' +
  '<circle cx="128" cy="118" r="12" fill="#b9bfc8"/></svg>';

/** A store's logo, as a wordmark. */
function logoSvg(host: string): string {
  const name = Object.entries(STORE_NAMES).find(([domain]) => host.endsWith(domain))?.[1] ?? host;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40"><text x="0" y="28" font-family="Arial, sans-serif" font-size="22" font-weight="bold" fill="#c8102e">${name}</text></svg>`;
}
const STORE_NAMES: Record<string, string> = {
  'midtowncomics.com': 'Midtown Comics', 'mycomicshop.com': 'MyComicShop', 'amazon.com': 'amazon', 'ebay.com': 'ebay',
  'previewsworld.com': 'PREVIEWSworld', 'instocktrades.com': 'InStockTrades',
};

/** The stores' cover images, by address; other images (spacers, icons, banners) come back blank. */
const COVER_IMAGE = /\/(product|covers?|catalogthumbnail|images\/I|images\/g|small)\/|loadingcover/i;
const BLANK_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function withStoreCss(html: string): string {
  const style = `<style data-demo="stands in for the store's stylesheet">\n${STORE_CSS}</style>`;
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `${style}\n</head>`) : style + html;
}

/** Serves each sample page at its store's real address. */
async function serveSamples(context: BrowserContext, pages: SamplePage[]): Promise<void> {
  const byUrl = new Map(pages.map((page) => [page.url, withStoreCss(page.html)]));
  await context.route(/^https:\/\/[^/]*\.(com|co\.uk|ca)\//, async (route) => {
    const request = route.request();
    const html = byUrl.get(request.url());
    if (html !== undefined) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    if (request.resourceType() === 'image') {
      const url = request.url();
      if (/logo/i.test(url)) return route.fulfill({ body: logoSvg(new URL(url).hostname), contentType: 'image/svg+xml' });
      if (COVER_IMAGE.test(url)) return route.fulfill({ body: COVER_SVG, contentType: 'image/svg+xml' });
      return route.fulfill({ body: BLANK_GIF, contentType: 'image/gif' }); // spacers, icons, banners
    }
    // Store scripts, stylesheets and tracking: not part of the demo.
    return route.fulfill({ status: 404, body: '' });
  });
}

const StateReply = z.object({ state: z.object({ sync: z.object({ lastSyncedAt: z.number().nullable() }) }) });

async function signIn(context: BrowserContext, extensionId: string, si: StandIn): Promise<Page> {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  const reply = await options.evaluate(
    ({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }),
    { address: si.url, token: SHOPPER.token },
  );
  if (!isOk(reply)) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
  // The first library sync: one page of copies, the wishlist and the pull list.
  for (let i = 0; i < 100; i++) {
    const parsed = StateReply.safeParse(await options.evaluate(() => chrome.runtime.sendMessage({ type: 'state' })));
    if (parsed.success && parsed.data.state.sync.lastSyncedAt !== null) return options;
    await options.waitForTimeout(100);
  }
  throw new Error('the library sync did not finish');
}

function isOk(reply: unknown): boolean {
  return typeof reply === 'object' && reply !== null && 'ok' in reply && reply.ok === true;
}

/** The badges on the page: how many, and how many in each state (`looking up` while unresolved). */
function badgeStates(page: Page): Promise<{ badges: number; states: Record<string, number> }> {
  return page.evaluate(() => {
    const states: Record<string, number> = {};
    const hosts = [...document.querySelectorAll('[data-longbox-badge]')].filter((host) => host.shadowRoot !== null);
    for (const host of hosts) {
      const state = host.getAttribute('data-longbox-state') ?? 'looking up';
      states[state] = (states[state] ?? 0) + 1;
    }
    return { badges: hosts.length, states };
  });
}

/**
 * Badges a shopper cannot see although they are on the page: cut off by a store's fixed-height,
 * overflow-hidden box, or inside a part of the page that is not shown.
 */
function hiddenBadges(page: Page): Promise<number> {
  return page.evaluate(() => {
    let hidden = 0;
    for (const host of document.querySelectorAll('[data-longbox-badge]')) {
      const box = host.getBoundingClientRect();
      let cut = box.width === 0 || box.height === 0;
      for (let up = host.parentElement; up && !cut; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        cut = box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1;
      }
      if (cut) hidden += 1;
    }
    return hidden;
  });
}

/** Scrolls to the first badge further down in a state the screen does not show yet; false if none. */
function scrollToOtherStates(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const hosts = [...document.querySelectorAll('[data-longbox-badge][data-longbox-state]')];
    // (No named functions in here: tsx would wrap them in a helper the page does not have.)
    const shown = new Set(
      hosts
        .filter((host) => host.getBoundingClientRect().bottom > 0 && host.getBoundingClientRect().top < window.innerHeight)
        .map((host) => host.getAttribute('data-longbox-state')),
    );
    const next = hosts.find((host) => !shown.has(host.getAttribute('data-longbox-state')) && host.getBoundingClientRect().top >= window.innerHeight);
    if (!next) return false;
    window.scrollTo(0, next.getBoundingClientRect().top + window.scrollY - 300);
    return true;
  });
}

/** Scrolls down the page as a shopper would, so every badge comes on screen and is looked up; then back up. */
async function browse(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(120);
  }
  for (let i = 0; i < 40; i++) {
    const { states } = await badgeStates(page);
    if (!states['looking up']) break;
    await page.waitForTimeout(100);
  }
  // The screenshot shows the first comics: a long page is scrolled down to them.
  await page.evaluate(() => {
    const first = document.querySelector('[data-longbox-badge]');
    const top = first ? first.getBoundingClientRect().top + window.scrollY : 0;
    window.scrollTo(0, top > 600 ? top - 260 : 0);
  });
  await page.waitForTimeout(200);
}

const STATE_ORDER = ['owned', 'wishlist', 'pull-list', 'not-owned', 'ambiguous', 'not-found', 'signed-out', 'paused', 'error', 'looking up'];

async function main(): Promise<void> {
  const headless = process.argv.includes('--headless') || !process.env.DISPLAY;
  const pages = SAMPLE_PAGES.map(samplePage);
  const data: unknown = JSON.parse(readFileSync(join(FIXTURES, 'demo-data.json'), 'utf8'));
  // Port 7878 (or LONGBOX_STAND_IN_PORT) when it is free, so the address is easy to type; any free port otherwise.
  const si = await startStandIn({ port: PORT, data }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') return startStandIn({ port: 0, data });
    throw error;
  });
  console.log(`VerseDB stand-in at ${si.url} (tests/fixtures/demo-data.json on the generated catalog)`);
  console.log(`  token ${'kay'.padEnd(9)} ${SHOPPER.token}   <- the demo shopper`);
  for (const [name, token] of Object.entries(si.tokens)) console.log(`  token ${name.padEnd(9)} ${token}`);

  const userDataDir = mkdtempSync(join(tmpdir(), 'longbox-demo-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless,
    viewport: { width: 1280, height: 900 },
    args: [
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      // Covers come from the stand-in on 127.0.0.1, and a store page (public) may not load images from
      // loopback; the real VerseDB serves its covers over https.
      '--disable-features=LocalNetworkAccessChecks',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  await serveSamples(context, pages);
  const options = await signIn(context, extensionId, si);
  console.log(`Longbox ${extensionId} signed in to the stand-in as ${SHOPPER.name}`);

  if (!headless) {
    await options.close();
    for (const sample of pages) await (await context.newPage()).goto(sample.url);
    console.log('Chromium is open with the sample store pages. Close the window or press Ctrl+C to stop.');
    await new Promise<void>((done) => {
      context.on('close', () => done());
      process.on('SIGINT', () => done());
    });
  } else {
    rmSync(OUTPUT, { recursive: true, force: true });
    mkdirSync(OUTPUT, { recursive: true });
    console.log(`\n${'sample page'.padEnd(48)}${'store'.padEnd(15)}${'items found'.padEnd(13)}badges`);
    for (const sample of pages) {
      const page = await context.newPage();
      await page.goto(sample.url);
      await page.waitForTimeout(800);
      await browse(page);
      const file = join(OUTPUT, `${sample.name.replace(/^[^/]+\//, '').replace('/', '--')}.png`);
      await page.screenshot({ path: file, fullPage: false });
      const { badges, states } = await badgeStates(page);
      const summary = STATE_ORDER.filter((state) => states[state]).map((state) => `${states[state]} ${state}`).join(', ') || 'none';
      const warning = await page.locator('[data-longbox-cart-warning]').count();
      const hidden = await hiddenBadges(page);
      const found = `${badges} of ${sample.items}`;
      const notes = [warning ? 'cart warning shown' : '', hidden ? `${hidden} cut off by the page's layout` : ''].filter(Boolean);
      console.log(`${sample.name.padEnd(48)}${sample.adapter.padEnd(15)}${found.padEnd(13)}${summary}${notes.map((note) => `; ${note}`).join('')}`);
      if (await scrollToOtherStates(page)) {
        // Further down: the page's other states.
        await page.waitForTimeout(200);
        await page.screenshot({ path: file.replace(/\.png$/, '--more.png'), fullPage: false });
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      if (MENU_SHOTS.has(sample.name)) {
        // The first badge's menu: what one click on it offers.
        await page.locator('[data-longbox-badge]').first().locator('.pill').click();
        await page.waitForTimeout(500);
        await page.screenshot({ path: file.replace(/\.png$/, '--menu.png'), fullPage: false });
      }
      await page.close();
    }
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.waitForTimeout(500);
    await popup.screenshot({ path: join(OUTPUT, 'popup.png') });
    console.log(`\nScreenshots in ${OUTPUT}`);
  }
  await context.close().catch(() => undefined);
  await si.stop();
  rmSync(userDataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
