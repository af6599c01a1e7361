// The demo: the local VerseDB stand-in with its demo members, Chromium with the e2e build of Longbox
// loaded and signed in as the free demo member, and sample store pages served at the stores' real
// addresses (from the fixture pages). With a display it stays open for you to browse; without one
// (or with --headless) it visits each page, saves a screenshot to demo-output/ and prints a summary.
// Run through `npm run demo` (scripts/demo.sh builds the extension first).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { z } from 'zod';
import { startStandIn, type StandIn } from '../stand-in/index.ts';
import { chromiumPath } from './chromium-path.mjs';

const EXTENSION_DIR = resolve('.output/chrome-mv3-e2e');
const FIXTURES = resolve('tests/fixtures/sites');
const OUTPUT = resolve('demo-output');
const PORT = Number(process.env.LONGBOX_STAND_IN_PORT ?? 7878);

/** The sample pages: several stores, a product page, long listings, a cart. */
const SAMPLE_PAGES = [
  'midtown/product-absolute-batman-4',
  'midtown/search-batman',
  'mycomicshop/title-absolute-batman',
  'amazon/dp-saga-volume-1',
  'previewsworld/previewsworld-home-2018-03',
  'instocktrades/instocktrades-home-2018-03',
  'midtown/cart',
];

interface SamplePage {
  name: string;
  url: string;
  html: string;
}

function samplePage(name: string): SamplePage {
  const expected: unknown = JSON.parse(readFileSync(join(FIXTURES, `${name}.expected.json`), 'utf8'));
  const url = typeof expected === 'object' && expected !== null && 'url' in expected ? expected.url : null;
  if (typeof url !== 'string') throw new Error(`${name}.expected.json has no url`);
  return { name, url, html: readFileSync(join(FIXTURES, `${name}.html`), 'utf8') };
}

/** Serves each sample page at its store's real address; the machine needs no internet. */
async function serveSamples(context: BrowserContext, pages: SamplePage[]): Promise<void> {
  const byUrl = new Map(pages.map((page) => [page.url, page.html]));
  await context.route(/^https:\/\/[^/]*\.(com|co\.uk|ca)\//, async (route) => {
    const url = route.request().url();
    const html = byUrl.get(url);
    if (html !== undefined) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    // Store images, scripts and tracking: not part of the demo.
    return route.fulfill({ status: 404, body: '' });
  });
}

async function signIn(context: BrowserContext, extensionId: string, si: StandIn): Promise<Page> {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  const reply = await options.evaluate(
    ({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }),
    { address: si.url, token: si.tokens.free },
  );
  if (!isOk(reply)) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
  // The first library sync: a few pages for the free demo member.
  for (let i = 0; i < 100; i++) {
    const reply = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'state' }));
    const parsed = SyncedReply.safeParse(reply);
    if (parsed.success && parsed.data.state.sync.lastSyncedAt !== null) break;
    await options.waitForTimeout(100);
  }
  return options;
}

const SyncedReply = z.object({ state: z.object({ sync: z.object({ lastSyncedAt: z.number().nullable() }) }) });

function isOk(reply: unknown): boolean {
  return typeof reply === 'object' && reply !== null && 'ok' in reply && reply.ok === true;
}

async function badgeStates(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const counts: Record<string, number> = {};
    for (const host of document.querySelectorAll('[data-longbox-state]')) {
      const state = host.getAttribute('data-longbox-state') ?? '?';
      counts[state] = (counts[state] ?? 0) + 1;
    }
    return counts;
  });
}

async function main(): Promise<void> {
  const headless = process.argv.includes('--headless') || !process.env.DISPLAY;
  const pages = SAMPLE_PAGES.map(samplePage);
  const si = await startStandIn({ port: PORT });
  console.log(`VerseDB stand-in at ${si.url}`);
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
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  await serveSamples(context, pages);
  const options = await signIn(context, extensionId, si);
  console.log(`Longbox ${extensionId} signed in to the stand-in as the free demo member (samreads)`);

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
    console.log('\nstore page                                  badges');
    for (const sample of pages) {
      const page = await context.newPage();
      await page.goto(sample.url);
      await page.waitForTimeout(1_500);
      const file = join(OUTPUT, `${sample.name.replace('/', '--')}.png`);
      await page.screenshot({ path: file, fullPage: false });
      const states = await badgeStates(page);
      const summary = Object.entries(states).map(([state, n]) => `${n} ${state}`).join(', ') || 'none';
      console.log(`${sample.name.padEnd(44)}${summary}`);
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
