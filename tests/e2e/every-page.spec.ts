import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { detect } from '../../lib/detect/page';
import { itemKey } from '../../lib/detect/item-key';
import { adapterFor } from '../../lib/sites/index';
import { fixturePages, parsePage, type FixturePage } from '../../scripts/lib/fixtures';
import { readPriceAndBuyBoxes } from '../shared/badges';
import { placeholderPng } from './covers';
import { launchWithExtension } from './fixtures';
import { badgeViews, extensionWorker, registerAnyStore, SHOP } from './store';

// Every fixture page (tests/fixtures/sites: the stores' pages, the layouts no adapter was written for, the
// real pages), in Chromium with the extension, signed out:
//  1. the browser reads what `npm run detect` reads: the same items, by the same keys (a code, else the
//     parsed title), from the same DOM at the same address;
//  2. every comic has a badge a shopper can see, wherever the page itself shows that comic;
//  3. no price or buy control moves by more than 2 px from where the same page shows it with no Longbox.
// A store's page is served at its own address, where its store script runs; a shop with no adapter at the
// loopback shop address with the any-store scripts registered, as when the member turns "any other store" on.

const BARE = 'http://localhost:8765';
const cover = placeholderPng(120, 180);
const pages = fixturePages();

interface Served {
  url: string;
  html: string;
  bare: string;
}

function served(page: FixturePage): Served {
  const html = readFileSync(page.htmlPath, 'utf8');
  const url = new URL(page.url);
  const path = `${url.pathname}${url.search}`;
  if (adapterFor(page.url).id !== 'generic') return { url: page.url, html, bare: `${BARE}${path}` };
  return { url: `${SHOP}${path}`, html: html.replaceAll(url.origin, SHOP), bare: `${BARE}${path}` };
}

/** What `npm run detect` reads on the page as served: each item's key, in document order, once. */
async function benchKeys(page: Served): Promise<string[]> {
  const { document, close } = parsePage(page.html, page.url);
  try {
    const keys = detect(document, page.url).items.map(itemKey).filter((key): key is string => key !== null);
    return [...new Set(keys)];
  } finally {
    await close();
  }
}

/**
 * In the page: the badges a shopper cannot see although the place they mark can be seen. A badge inside
 * something the page does not show (a phone layout's hidden list, a slide scrolled out of its slider)
 * marks nothing the shopper sees: it is left out, and item 2 asks that the comic has a seen badge elsewhere.
 * Returns each badge's key and whether it is seen.
 */
function readBadgeSight(): Array<{ key: string; seen: boolean; place: boolean }> {
  const hidden = (el: Element): boolean => {
    const box = el.getBoundingClientRect();
    if (box.width < 1 && box.height < 1 && getComputedStyle(el).display !== 'contents') {
      // A zero-size host (over a cover) is placed by its box's position: its parent is the place.
      return el.parentElement === null || hidden(el.parentElement);
    }
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return true;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.right <= clip.left || box.left >= clip.right || box.bottom <= clip.top || box.top >= clip.bottom) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('[data-longbox-badge]')].map((host) => {
    const key = host.getAttribute('data-longbox-key') ?? '?';
    const place = host.parentElement !== null && !hidden(host.parentElement);
    const pill = host.shadowRoot?.querySelector('.pill');
    if (!pill) return { key, seen: false, place };
    const box = pill.getBoundingClientRect();
    let seen = box.width >= 1 && box.height >= 1 && getComputedStyle(pill).visibility !== 'hidden' && host.checkVisibility();
    for (let up = host.parentElement; seen && up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1) seen = false;
    }
    if (seen) {
      // Only the page scrolls: a slider scrolled to the badge would move the page's own boxes.
      window.scrollTo(0, box.top + window.scrollY - innerHeight / 2);
      const now = pill.getBoundingClientRect();
      const top = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
      if (top !== null && top !== host && !host.contains(top)) seen = false;
    }
    return { key, seen, place };
  });
}

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
      // the page are moved in the frames after they go in: the page settles.
      let moved: string[] = [];
      await expect
        .poll(
          async () => {
            const now = await tab.evaluate(readPriceAndBuyBoxes);
            if (now.length !== where.length) return [`${now.length} prices and buy controls, was ${where.length}`];
            moved = now.flatMap((c, i) => {
              const was = where[i]!;
              return Math.abs(c.x - was.x) > 2 || Math.abs(c.y - was.y) > 2 ? [`${c.what} at ${Math.round(c.x)},${Math.round(c.y)}, was ${Math.round(was.x)},${Math.round(was.y)}`] : [];
            });
            return moved;
          },
          { timeout: 5_000, message: `prices and buy controls moved (of ${where.length})` },
        )
        .toEqual([]);
      const sight = await tab.evaluate(readBadgeSight);
      const unseen = sight.filter((badge) => badge.place && !badge.seen).map((badge) => badge.key);
      expect(unseen, 'badges that cannot be seen where their comic can').toEqual([]);
      const seenKeys = new Set(sight.filter((badge) => badge.seen).map((badge) => badge.key));
      const shownKeys = new Set(sight.filter((badge) => badge.place).map((badge) => badge.key));
      expect([...shownKeys].filter((key) => !seenKeys.has(key)), 'comics on view with no badge seen').toEqual([]);

    } finally {
      await tab.close();
    }
  });
}
