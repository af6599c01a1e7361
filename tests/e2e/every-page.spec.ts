import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { fixturePages } from '../../scripts/lib/fixtures';
import { readPlacing, readPriceAndBuyBoxes } from '../shared/badges';
import { benchKeys, movedBetween, readBadgeSight, served } from '../shared/page-check';
import { placeholderPng } from './covers';
import { launchWithExtension } from './fixtures';
import { badgeViews, extensionWorker, registerAnyStore } from './store';

// Every fixture page (tests/fixtures/sites: the stores' pages, the layouts no adapter was written for, the
// real pages), in Chromium with the extension, signed out:
//  1. the browser reads what `npm run detect` reads: the same items, by the same keys (a code, else the
//     parsed title), from the same DOM at the same address;
//  2. every comic has a badge a shopper can see, wherever the page itself shows that comic;
//  3. no price or buy control moves by more than 2 px from where the same page shows it with no Longbox.
// A store's page is served at its own address, where its store script runs; a shop with no adapter at the
// loopback shop address with the any-store scripts registered, as when the member turns "any other store" on.

const cover = placeholderPng(120, 180);
const pages = fixturePages();

/** The keys the page's badges were given by the reading, once each. */
async function readKeys(tab: Page): Promise<string[]> {
  const keys = await tab.evaluate(() => [...document.querySelectorAll('[data-longbox-badge]')].map((host) => host.getAttribute('data-longbox-key') ?? '?'));
  return [...new Set(keys)];
}

let context: BrowserContext;
let close: () => Promise<void>;
const routes = new Map<string, string>();


test.beforeAll(async () => {
  ({ context, close } = await launchWithExtension());
  await registerAnyStore(await extensionWorker(context));
  // Lazy images load when they near the view, after the load event, so a page would not be laid out the
  // same twice: every image is loaded at once, on the bare page and the badged one alike.
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
});

test.afterAll(async () => {
  await close();
});

async function open(url: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.setViewportSize({ width: 1280, height: 900 });
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 10_000 });
  return tab;
}

for (const page of pages) {
  test(`${page.folder}/${page.name}: the browser reads what detect reads; every badge seen; nothing moved`, async () => {
    const at = served(page);
    routes.set(at.url, at.html);
    routes.set(at.bare, at.html);
    const expected = await benchKeys(at);

    const bare = await open(at.bare);
    const where = await bare.evaluate(readPriceAndBuyBoxes);
    await bare.close();

    const tab = await open(at.url);
    try {
      // Settled: every item has its badge and every badge its state, and it stays so.
      let keys: string[] = [];
      await expect
        .poll(
          async () => {
            const views = await badgeViews(tab);
            keys = await readKeys(tab);
            return views.every((view) => view.state !== null) ? keys.length : -1;
          },
          { timeout: 20_000, intervals: [100, 250, 500] },
        )
        .toBe(expected.length);
      await tab.waitForTimeout(300);
      keys = await readKeys(tab);
      expect([...keys].sort(), 'the browser reads the same items as npm run detect').toEqual([...expected].sort());

      // Read before anything scrolls: a page's own scripts may change it as it scrolls. Badges that pushed
      // the page are moved in the frames after they go in (hidden meanwhile): the page settles.
      await expect.poll(() => tab.evaluate(readPlacing), { timeout: 10_000, message: 'badges still being placed' }).toBe(0);
      let moved: string[] = [];
      await expect
        .poll(
          async () => {
            const now = await tab.evaluate(readPriceAndBuyBoxes);
            moved = movedBetween(where, now) ?? [`${now.length} prices and buy controls, was ${where.length}`];
            return moved;
          },
          { timeout: 5_000, message: `prices and buy controls moved (of ${where.length})` },
        )
        .toEqual([]);
      const sight = await tab.evaluate(readBadgeSight);
      const unseen = sight.filter((badge) => badge.place && !badge.seen).map((badge) => `${badge.key}: ${badge.why ?? ''}`);
      expect(unseen, 'badges that cannot be seen where their comic can').toEqual([]);
      const seenKeys = new Set(sight.filter((badge) => badge.seen).map((badge) => badge.key));
      const shownKeys = new Set(sight.filter((badge) => badge.place).map((badge) => badge.key));
      expect([...shownKeys].filter((key) => !seenKeys.has(key)), 'comics on view with no badge seen').toEqual([]);

    } finally {
      await tab.close();
    }
  });
}
