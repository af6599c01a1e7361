// npm run bench:detect (second part), after `wxt build --mode e2e`
// Every fixture page in Chromium with the extension's e2e build, signed out, per page set (the stores'
// own pages, the layouts no adapter was written for, the real pages saved from live stores): the items
// `npm run detect` finds, the comics the browser badges (and whether they are the same), the badges a
// shopper can see, and the page's prices and buy controls that moved by more than 2 px from where the same
// page shows them with no Longbox. Prints numbers; asserts nothing (tests/e2e/every-page.spec.ts does).

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { fixturePages, LAYOUTS_FOLDER, type FixturePage } from '../scripts/lib/fixtures';
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { readPriceAndBuyBoxes } from '../tests/shared/badges';
import { benchKeys, movedBetween, readBadgeSight, served } from '../tests/shared/page-check';
import { placeholderPng } from '../tests/e2e/covers';

const EXTENSION = resolve(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3-e2e');
const ARGS = ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-gpu'];

interface Counts {
  pages: number;
  items: number;
  badged: number;
  sameReading: number;
  seen: number;
  hidden: number;
  controls: number;
  moved: number;
}

const none = (): Counts => ({ pages: 0, items: 0, badged: 0, sameReading: 0, seen: 0, hidden: 0, controls: 0, moved: 0 });

async function settle(tab: Page, count: number): Promise<string[]> {
  const until = Date.now() + 20_000;
  let keys: string[] = [];
  while (Date.now() < until) {
    keys = await tab.evaluate(() => [...new Set([...document.querySelectorAll('[data-longbox-badge]')].filter((host) => host.getAttribute('data-longbox-state')).map((host) => host.getAttribute('data-longbox-key') ?? host.getAttribute('data-longbox-code') ?? '?'))]);
    if (keys.length >= count) break;
    await tab.waitForTimeout(200);
  }
  // The badges that pushed the page move in the frames after they go in.
  await tab.waitForTimeout(500);
  return keys;
}

async function open(context: BrowserContext, url: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.setViewportSize({ width: 1280, height: 900 });
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 10_000 }).catch(() => undefined);
  return tab;
}

async function measure(context: BrowserContext, routes: Map<string, string>, page: FixturePage, into: Counts): Promise<void> {
  const at = served(page);
  routes.set(at.url, at.html);
  routes.set(at.bare, at.html);
  const expected = await benchKeys(at);
  const bare = await open(context, at.bare);
  const where = await bare.evaluate(readPriceAndBuyBoxes);
  await bare.close();
  const tab = await open(context, at.url);
  try {
    const keys = await settle(tab, expected.length);
    const now = await tab.evaluate(readPriceAndBuyBoxes);
    const sight = await tab.evaluate(readBadgeSight);
    const seen = new Set(sight.filter((badge) => badge.seen).map((badge) => badge.key));
    // A comic whose every place the page hides (a phone layout's list, a slide out of view) has no badge to see.
    const hidden = new Set(sight.map((badge) => badge.key).filter((key) => !sight.some((badge) => badge.key === key && badge.place)));
    const moved = movedBetween(where, now);
    into.pages += 1;
    into.items += expected.length;
    into.badged += keys.length;
    into.sameReading += expected.filter((key) => keys.includes(key)).length;
    into.seen += keys.filter((key) => seen.has(key)).length;
    into.hidden += keys.filter((key) => hidden.has(key) && !seen.has(key)).length;
    into.controls += where.length;
    into.moved += moved === null ? where.length : moved.length;
    const unseen = keys.filter((key) => !seen.has(key) && !hidden.has(key)).length;
    if (unseen > 0 || (moved?.length ?? 1) > 0 || keys.length !== expected.length) {
      console.log(`    ${page.folder}/${page.name}: ${expected.length} items, ${keys.length} badged, ${unseen} not seen, ${moved === null ? 'page changed' : `${moved.length} moved`}`);
    }
  } finally {
    await tab.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(EXTENSION, 'manifest.json'))) {
    console.log(`Badges on the fixture pages: no e2e build in ${EXTENSION} (run wxt build --mode e2e first)`);
    return;
  }
  const pages = fixturePages();
  const sets: Array<{ name: string; pages: FixturePage[] }> = [
    { name: "stores' own pages", pages: pages.filter((p) => p.folder !== LAYOUTS_FOLDER && !p.real) },
    { name: 'layouts no adapter was written for', pages: pages.filter((p) => p.folder === LAYOUTS_FOLDER) },
    { name: 'real pages (saved from live stores)', pages: pages.filter((p) => p.real) },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'longbox-bench-layout-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.LONGBOX_CHROMIUM ?? chromiumPath(),
    headless: true,
    args: [...ARGS, `--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // "Any other store" on, for the loopback shop the pages of shops with no adapter are served at.
    await worker.evaluate(async () => {
      const api = (globalThis as unknown as { chrome: { scripting: { registerContentScripts(scripts: object[]): Promise<void> } } }).chrome.scripting;
      await api.registerContentScripts([
        { id: 'bench-any-store-early', js: ['early.js'], matches: ['http://127.0.0.1/*'], runAt: 'document_start', persistAcrossSessions: false },
        { id: 'bench-any-store', js: ['content-scripts/generic.js'], matches: ['http://127.0.0.1/*'], runAt: 'document_idle', persistAcrossSessions: false },
      ]);
    });
    const routes = new Map<string, string>();
    const cover = placeholderPng(120, 180);
    // tsx names the functions it compiles with a helper of its own, which the page's world lacks.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        for (const img of document.images) img.loading = 'eager';
      });
    });
    await context.route(
      () => true,
      (route) => {
        const url = route.request().url();
        const html = routes.get(url);
        if (html !== undefined) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
        if (/\.(jpe?g|png|gif|webp)(\?|$)/i.test(new URL(url).pathname)) return route.fulfill({ body: cover, contentType: 'image/png' });
        return route.fulfill({ status: 404, body: '' });
      },
    );
    console.log('Badges on the fixture pages in Chromium (signed out, 1280x900)');
    for (const set of sets) {
      const counts = none();
      console.log(`  ${set.name} (${set.pages.length} pages)`);
      for (const page of set.pages) await measure(context, routes, page, counts);
      console.log(
        `    items found by npm run detect: ${counts.items}; badged in the browser: ${counts.badged} (${counts.sameReading} the same items); ` +
          `badges seen: ${counts.seen} of ${counts.badged} (${counts.hidden} more mark only places the page hides); prices and buy controls moved: ${counts.moved} of ${counts.controls}`,
      );
    }
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
