// The demo: the local VerseDB stand-in seeded with tests/fixtures/demo-data.json (the sample pages'
// comics, and Kay, a demo shopper who owns some of them, wishlists one and pulls a series), Chromium
// (or Firefox, with --browser firefox) with the e2e build of Longbox loaded and signed in as Kay, and
// sample store pages served at the stores' real addresses (from the fixture pages). With a display it
// stays open for you to browse; without one (or with --headless) it visits each page, saves a
// screenshot to demo-output/ (demo-output/firefox/ for Firefox) and prints a summary. Run through
// `npm run demo` (scripts/demo.sh builds the extension first). `--store-screenshots` (Chromium, headless)
// first makes the stores' 1280x800 screenshots in store/screenshots/ (scripts/lib/store-screenshots.ts).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import type { ElementHandle, Page as FirefoxPage } from 'puppeteer-core';
import { z } from 'zod';
import { startStandIn, type StandIn } from '../stand-in/index.ts';
import { launchFirefox } from '../tests/firefox/launch.ts';
import { chromiumPath } from './chromium-path.mjs';
import { focReminderDemo, type FocDemoBrowser } from './lib/demo-foc.ts';
import { storeScreenshots, STORE_SCREENSHOTS } from './lib/store-screenshots.ts';

const EXTENSION_DIR = resolve(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3-e2e');
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
  'e2e/midtown-order-confirmation',
];

/** The sample order confirmation: its banner opens the review list, whose one press adds the comics. */
const ORDER_PAGE = 'e2e/midtown-order-confirmation';

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

/** What a store address other than a sample page gets: covers and logos as placeholders, other images
 *  blank, and the stores' scripts, stylesheets and tracking a 404 (not part of the demo). */
function otherStoreRequest(url: string, isImage: boolean): { status: number; contentType: string; body: string | Buffer } {
  if (!isImage) return { status: 404, contentType: 'text/plain', body: '' };
  if (/logo/i.test(url)) return { status: 200, contentType: 'image/svg+xml', body: logoSvg(new URL(url).hostname) };
  if (COVER_IMAGE.test(url)) return { status: 200, contentType: 'image/svg+xml', body: COVER_SVG };
  return { status: 200, contentType: 'image/gif', body: BLANK_GIF }; // spacers, icons, banners
}

/** An image by its address (Firefox over BiDi does not say what a request is for). */
const IMAGE_ADDRESS = /\.(jpe?g|png|gif|webp|avif|svg)(\?|$)/i;

const StateReply = z.object({ state: z.object({ sync: z.object({ lastSyncedAt: z.number().nullable() }) }) });

function isOk(reply: unknown): boolean {
  return typeof reply === 'object' && reply !== null && 'ok' in reply && reply.ok === true;
}

/** A tab of either browser, as far as the demo uses one. */
interface DemoTab {
  /** Runs a function in the page (no named functions inside: tsx would wrap them in a helper the page does not have). */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  screenshot(path: string): Promise<void>;
  /** Opens the first badge's menu, as a click on its pill. */
  clickFirstPill(): Promise<void>;
  close(): Promise<void>;
}

/** The browser with Longbox loaded, signed in through one of its own pages. */
interface DemoBrowser {
  name: string;
  /** The extension's id (Chromium) or internal UUID (Firefox). */
  extensionId: string;
  openStorePage(url: string): Promise<DemoTab>;
  openPopup(): Promise<DemoTab>;
  /** The FOC reminder's steps (scripts/lib/demo-foc.ts). */
  foc: FocDemoBrowser;
  /** Opens an order page, clicks its banner (the member's click) and answers the review tab it opens. */
  openOrderReview(url: string): Promise<{ store: DemoTab; review: DemoTab & { pressAdd(): Promise<void> } }>;
  /** Chromium's own handles, for the store screenshots (Firefox has none). */
  chromium?: { context: BrowserContext; worker: Worker };
  /** Resolves when the member closes the browser (or presses Ctrl+C). */
  closed(): Promise<void>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Signs in with the demo shopper's token through `ask` (a message from an extension page), and waits for the first library sync. */
async function signIn(ask: (message: unknown) => Promise<unknown>, si: StandIn): Promise<void> {
  const reply = await ask({ type: 'sign-in', address: si.url, token: SHOPPER.token });
  if (!isOk(reply)) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
  // The first library sync: one page of copies, the wishlist and the pull list.
  for (let i = 0; i < 100; i++) {
    const parsed = StateReply.safeParse(await ask({ type: 'state' }));
    if (parsed.success && parsed.data.state.sync.lastSyncedAt !== null) return;
    await pause(100);
  }
  throw new Error('the library sync did not finish');
}

/** Playwright types a page function's argument as Unboxed<A>, which is A for the plain values the demo passes. */
function chromiumEvaluate(page: Page): DemoTab['evaluate'] {
  return <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate<R, A>(fn as (arg: unknown) => R | Promise<R>, arg);
}

function chromiumTab(page: Page): DemoTab {
  return {
    evaluate: chromiumEvaluate(page),
    screenshot: async (path) => void (await page.screenshot({ path, fullPage: false })),
    clickFirstPill: () => page.locator('[data-longbox-badge]').first().locator('.pill').click(),
    close: () => page.close(),
  };
}

async function launchChromium(headless: boolean, pages: SamplePage[], si: StandIn): Promise<DemoBrowser> {
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
  const byUrl = new Map(pages.map((page) => [page.url, withStoreCss(page.html)]));
  await context.route(/^https:\/\/[^/]*\.(com|co\.uk|ca)\//, async (route) => {
    const request = route.request();
    const html = byUrl.get(request.url());
    if (html !== undefined) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    return route.fulfill(otherStoreRequest(request.url(), request.resourceType() === 'image'));
  });
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await signIn((message) => options.evaluate((message) => chrome.runtime.sendMessage(message), message), si);
  await options.close();
  return {
    name: 'Chromium',
    extensionId,
    chromium: { context, worker },
    openStorePage: async (url) => {
      const page = await context.newPage();
      await page.goto(url);
      return chromiumTab(page);
    },
    openPopup: async () => {
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${extensionId}/popup.html`);
      return chromiumTab(popup);
    },
    openOrderReview: async (url) => {
      const page = await context.newPage();
      await page.goto(url);
      const banner = page.locator('[data-longbox-order-banner]');
      await banner.waitFor({ timeout: 30_000 });
      const opened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/order.html'), timeout: 30_000 });
      await banner.getByRole('button').click();
      const review = await opened;
      await review.setViewportSize({ width: 1000, height: 900 });
      return { store: chromiumTab(page), review: { ...chromiumTab(review), pressAdd: () => review.getByTestId('order-add').click() } };
    },
    foc: {
      ask: async (message) => {
        const page = await context.newPage();
        await page.goto(`chrome-extension://${extensionId}/options.html`);
        const reply: unknown = await page.evaluate((message) => chrome.runtime.sendMessage(message), message);
        await page.close();
        return reply;
      },
      turnOn: async (hour) => {
        const page = await context.newPage();
        await page.goto(`chrome-extension://${extensionId}/options.html`);
        await page.getByLabel('Time of day').selectOption(String(hour));
        await page.getByRole('checkbox', { name: 'Remind me of Final Order Cutoffs' }).click();
        await page.locator('[data-testid=foc-said]', { hasText: 'Reminders on' }).waitFor();
        await page.close();
      },
      hook: (name, arg) =>
        worker.evaluate(async ([name, arg]) => {
          const hooks = (globalThis as unknown as { longboxFocReminders: Record<string, (arg: unknown) => Promise<unknown>> }).longboxFocReminders;
          return JSON.stringify((await hooks[name]?.(arg)) ?? null);
        }, [name, arg] as const),
    },
    closed: () =>
      new Promise<void>((done) => {
        context.on('close', () => done());
        process.on('SIGINT', () => done());
      }),
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Puppeteer types a page function's argument as FlattenHandle<A> and its answer as Awaited<R>: A and R for the demo's plain values. */
function firefoxEvaluate(page: FirefoxPage): DemoTab['evaluate'] {
  return <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg) as Promise<R>;
}

function firefoxTab(page: FirefoxPage): DemoTab {
  return {
    evaluate: firefoxEvaluate(page),
    screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
    clickFirstPill: async () => {
      const pill = await page.waitForSelector('[data-longbox-badge] >>> .pill');
      await pill?.click();
    },
    close: () => page.close(),
  };
}

/**
 * Firefox (puppeteer-core over WebDriver BiDi; tests/firefox/launch.ts). BiDi may not open a
 * moz-extension:// address, so the demo signs in the way a new member would start: the first sample
 * page's "Sign in" badge opens the options page.
 */
async function launchFirefoxDemo(headless: boolean, pages: SamplePage[], si: StandIn): Promise<DemoBrowser> {
  const firefox = await launchFirefox({
    headless,
    // The FOC reminder's notifications permission, asked for by the options switch, is answered Allow.
    grantOptionalPermissions: true,
    otherRequest: (request) => otherStoreRequest(request.url(), IMAGE_ADDRESS.test(request.url()) || COVER_IMAGE.test(request.url())),
  });
  firefox.serve(...pages.map((page) => ({ url: page.url, html: withStoreCss(page.html) })));
  const first = pages[0];
  if (!first) throw new Error('no sample pages');
  const store = await firefox.openStorePage(first.url);
  const pill = await store.waitForSelector('[data-longbox-badge][data-longbox-state="signed-out"] >>> .pill');
  await pill?.click();
  const options = await firefox.extensionTab('options.html');
  // Firefox's MV2 `chrome` namespace takes callbacks; its `browser` answers with promises.
  await signIn((message) => options.evaluate((message) => browser.runtime.sendMessage(message), message), si);
  await store.close();
  return {
    name: 'Firefox',
    extensionId: firefox.origin.replace(/^moz-extension:\/\/|\/$/g, ''),
    openStorePage: async (url) => firefoxTab(await firefox.openStorePage(url)),
    openPopup: async () => {
      await options.setViewport({ width: 380, height: 600 });
      await options.evaluate(() => {
        location.href = '/popup.html';
      });
      return firefoxTab(await firefox.extensionTab('popup.html'));
    },
    openOrderReview: async (url) => {
      const page = await firefox.openStorePage(url);
      const button = await page.waitForSelector('[data-longbox-order-banner] >>> button', { timeout: 30_000 });
      await button?.click();
      const review = await firefox.extensionTab('order.html', 30_000);
      await review.setViewport({ width: 1000, height: 900 });
      return {
        store: firefoxTab(page),
        review: {
          ...firefoxTab(review),
          pressAdd: async () => void (await (await review.waitForSelector('[data-testid="order-add"]:not([disabled])'))?.click()),
        },
      };
    },
    foc: {
      ask: (message) => options.evaluate((message) => browser.runtime.sendMessage(message), message),
      turnOn: async (hour) => {
        await options.select('#foc-hour', String(hour));
        const box = await options.evaluateHandle(() => [...document.querySelectorAll('label')].find((label) => label.textContent?.trim() === 'Remind me of Final Order Cutoffs')?.querySelector('input') ?? null);
        await (box.asElement() as ElementHandle<Element> | null)?.click();
        await options.waitForFunction(() => document.querySelector('[data-testid=foc-said]')?.textContent?.startsWith('Reminders on') ?? false);
      },
      hook: (name, arg) =>
        options.evaluate(
          async (name, arg) => {
            const page = (await browser.runtime.getBackgroundPage()) as unknown as { longboxFocReminders: Record<string, (arg: unknown) => Promise<unknown>> } | null;
            return JSON.stringify((await page?.longboxFocReminders[name]?.(arg)) ?? null);
          },
          name,
          arg,
        ),
    },
    closed: () =>
      new Promise<void>((done) => {
        firefox.browser.on('disconnected', () => done());
        process.on('SIGINT', () => done());
      }),
    close: () => firefox.close().catch(() => undefined),
  };
}

/** The badges on the page: how many, and how many in each state (`looking up` while unresolved). */
function badgeStates(page: DemoTab): Promise<{ badges: number; states: Record<string, number> }> {
  return page.evaluate(() => {
    const states: Record<string, number> = {};
    const hosts = [...document.querySelectorAll('[data-longbox-badge]')].filter((host) => host.shadowRoot !== null);
    for (const host of hosts) {
      const state = host.getAttribute('data-longbox-state') ?? 'looking up';
      states[state] = (states[state] ?? 0) + 1;
    }
    return { badges: hosts.length, states };
  }, null);
}

/**
 * Badges a shopper cannot see although they are on the page: cut off by a store's fixed-height,
 * overflow-hidden box, or inside a part of the page that is not shown. Measured by the pill (in the e2e
 * build's open shadow root), since a badge over a cover sits in a host that takes no space itself.
 */
function hiddenBadges(page: DemoTab): Promise<number> {
  return page.evaluate(() => {
    let hidden = 0;
    for (const host of document.querySelectorAll('[data-longbox-badge]')) {
      const pill = host.shadowRoot?.querySelector('.pill') ?? host;
      const box = pill.getBoundingClientRect();
      let cut = box.width === 0 || box.height === 0 || getComputedStyle(pill).visibility === 'hidden';
      for (let up = host.parentElement; up && !cut; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        cut = box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1;
      }
      if (cut) hidden += 1;
    }
    return hidden;
  }, null);
}

/** Scrolls to the first badge further down in a state the screen does not show yet; false if none. */
function scrollToOtherStates(page: DemoTab): Promise<boolean> {
  return page.evaluate(() => {
    const hosts = [...document.querySelectorAll('[data-longbox-badge][data-longbox-state]')];
    const shown = new Set(
      hosts
        .filter((host) => host.getBoundingClientRect().bottom > 0 && host.getBoundingClientRect().top < window.innerHeight)
        .map((host) => host.getAttribute('data-longbox-state')),
    );
    const next = hosts.find((host) => !shown.has(host.getAttribute('data-longbox-state')) && host.getBoundingClientRect().top >= window.innerHeight);
    if (!next) return false;
    window.scrollTo(0, next.getBoundingClientRect().top + window.scrollY - 300);
    return true;
  }, null);
}

/** Scrolls down the page as a shopper would, so every badge comes on screen and is looked up; then back up. */
async function browse(page: DemoTab): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight, null);
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await pause(120);
  }
  for (let i = 0; i < 40; i++) {
    const { states } = await badgeStates(page);
    if (!states['looking up']) break;
    await pause(100);
  }
  // The screenshot shows the first comics: a long page is scrolled down to them.
  await page.evaluate(() => {
    const first = document.querySelector('[data-longbox-badge]');
    const top = first ? first.getBoundingClientRect().top + window.scrollY : 0;
    window.scrollTo(0, top > 600 ? top - 260 : 0);
  }, null);
  await pause(200);
}

const STATE_ORDER = ['owned', 'wishlist', 'pull-list', 'not-owned', 'ambiguous', 'not-found', 'signed-out', 'paused', 'error', 'looking up'];

/** `--browser chromium` (the default) or `--browser firefox`. */
function chosenBrowser(args: string[]): 'chromium' | 'firefox' {
  const at = args.indexOf('--browser');
  const named = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith('--browser='))?.slice('--browser='.length);
  if (named === undefined || named === 'chromium' || named === 'chrome') return 'chromium';
  if (named === 'firefox') return 'firefox';
  throw new Error(`--browser ${named}: the demo runs in chromium or firefox.`);
}

/**
 * The sample order confirmation into the collection: the banner's button opens the review list (its
 * screenshot), one press on "Add" adds the checked comics, and the list says when they are in.
 */
async function orderDemo(browser: DemoBrowser, pages: SamplePage[], output: string): Promise<string[]> {
  const sample = pages.find((page) => page.name === ORDER_PAGE);
  if (!sample) return [];
  const { store, review } = await browser.openOrderReview(sample.url);
  const counts = () =>
    review.evaluate(() => {
      const lines = [...document.querySelectorAll('[data-testid="order-line"]')];
      const by: Record<string, number> = {};
      for (const line of lines) by[line.getAttribute('data-state') ?? '?'] = (by[line.getAttribute('data-state') ?? '?'] ?? 0) + 1;
      return { lines: lines.length, by, summary: document.querySelector('[data-testid="order-summary"]')?.textContent ?? null };
    }, null);
  const waitFor = async (done: (c: Awaited<ReturnType<typeof counts>>) => boolean) => {
    for (let i = 0; i < 150; i += 1) {
      const c = await counts();
      if (done(c)) return c;
      await pause(200);
    }
    return counts();
  };
  const listed = await waitFor((c) => c.lines > 0 && !('?' in c.by));
  await review.screenshot(join(output, 'order-review.png'));
  const said = Object.entries(listed.by).map(([state, n]) => `${n} ${state}`).join(', ');
  await review.pressAdd();
  const added = await waitFor((c) => c.summary?.startsWith('Done') ?? false);
  await review.screenshot(join(output, 'order-review--added.png'));
  await review.close();
  await store.close();
  return [
    `Order page (${sample.url}): the banner's button opened the review list: ${listed.lines} comics (${said}).`,
    `  One press on Add: ${added.summary ?? 'no summary yet'}`,
  ];
}

async function main(): Promise<void> {
  const storeShots = process.argv.includes('--store-screenshots');
  const headless = process.argv.includes('--headless') || !process.env.DISPLAY || storeShots;
  const which = chosenBrowser(process.argv.slice(2));
  if (storeShots && which !== 'chromium') throw new Error('--store-screenshots: the store screenshots are made in Chromium (leave out --browser firefox).');
  const output = which === 'firefox' ? join(OUTPUT, 'firefox') : OUTPUT;
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

  const browser = which === 'firefox' ? await launchFirefoxDemo(headless, pages, si) : await launchChromium(headless, pages, si);
  console.log(`Longbox ${browser.extensionId} in ${browser.name}, signed in to the stand-in as ${SHOPPER.name}`);

  if (!headless) {
    for (const sample of pages) await browser.openStorePage(sample.url);
    console.log(`${browser.name} is open with the sample store pages. Close the window or press Ctrl+C to stop.`);
    // Puppeteer intercepts requests tab by tab: a tab the member opens by hand reaches the real (here unreachable) stores.
    if (which === 'firefox') console.log('In Firefox the sample pages are served in the tabs the demo opened.');
    await browser.closed();
  } else {
    if (storeShots && browser.chromium) {
      // First, while Kay's library is as the demo data has it (the order and FOC steps below change it).
      const byName = new Map(pages.map((page) => [page.name, page.url]));
      const lines = await storeScreenshots({
        ...browser.chromium,
        extensionId: browser.extensionId,
        urlOf: (name) => byName.get(name) ?? '',
        settle: (page) => browse(chromiumTab(page)),
      });
      console.log(`Store screenshots in ${STORE_SCREENSHOTS}:`);
      for (const line of lines) console.log(line);
    }
    // This browser's screenshots only (Firefox's are in a folder of their own inside).
    mkdirSync(output, { recursive: true });
    for (const file of readdirSync(output)) if (file.endsWith('.png')) rmSync(join(output, file));
    console.log(`\n${'sample page'.padEnd(48)}${'store'.padEnd(15)}${'items found'.padEnd(13)}badges`);
    for (const sample of pages) {
      const page = await browser.openStorePage(sample.url);
      await pause(800);
      await browse(page);
      const file = join(output, `${sample.name.replace(/^[^/]+\//, '').replace('/', '--')}.png`);
      await page.screenshot(file);
      const { badges, states } = await badgeStates(page);
      const summary = STATE_ORDER.filter((state) => states[state]).map((state) => `${states[state]} ${state}`).join(', ') || 'none';
      const warning = await page.evaluate(() => document.querySelectorAll('[data-longbox-cart-warning]').length, null);
      const order = await page.evaluate(() => document.querySelector('[data-longbox-order-banner]')?.getAttribute('data-longbox-order-banner') ?? null, null);
      const hidden = await hiddenBadges(page);
      const found = `${badges} of ${sample.items}`;
      const notes = [warning ? 'cart warning shown' : '', order ? `order banner: ${order} comics` : '', hidden ? `${hidden} cut off by the page's layout` : ''].filter(Boolean);
      console.log(`${sample.name.padEnd(48)}${sample.adapter.padEnd(15)}${found.padEnd(13)}${summary}${notes.map((note) => `; ${note}`).join('')}`);
      if (await scrollToOtherStates(page)) {
        // Further down: the page's other states.
        await pause(200);
        await page.screenshot(file.replace(/\.png$/, '--more.png'));
        await page.evaluate(() => window.scrollTo(0, 0), null);
      }
      if (MENU_SHOTS.has(sample.name)) {
        // The first badge's menu: what one click on it offers.
        await page.clickFirstPill();
        await pause(500);
        await page.screenshot(file.replace(/\.png$/, '--menu.png'));
      }
      await page.close();
    }
    console.log('');
    for (const line of await orderDemo(browser, pages, output)) console.log(line);
    console.log('');
    for (const line of await focReminderDemo(browser.foc, si)) console.log(line);
    const popup = await browser.openPopup();
    await pause(500);
    await popup.screenshot(join(output, 'popup.png'));
    console.log(`\nScreenshots in ${output}`);
  }
  await browser.close();
  await si.stop();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
