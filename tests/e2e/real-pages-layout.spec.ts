import { expect, test } from '@playwright/test';
import { readPlacing, readPriceAndBuyBoxes, readUnseenBadges } from '../shared/badges';
import { placeholderPng } from './covers';
import { launchWithExtension } from './fixtures';
import { fixturePage, settledBadges, StoreServer } from './store';

// The two real store pages (../shared/real-pages, copied into the fixtures with their provenance), served at
// their addresses with the store's own adapter: every badge can be seen, and no price or buy control moves
// by more than 2 px from where the same page, at an address no Longbox script runs on, shows it. The saved
// pages' cover images are served as plain images of a cover's size, as a live page loads them.

const PAGES = [
  { name: 'sites/instocktrades/instocktrades-home-2018-03', badges: 26 },
  { name: 'sites/previewsworld/previewsworld-home-2018-03', badges: 31 },
];
const BARE = 'http://localhost:8765';
const cover = placeholderPng(120, 180);

for (const { name, badges } of PAGES) {
  test(`${name}: every badge seen, no price or buy control moved`, async () => {
    const page = fixturePage(name);
    const { context, close } = await launchWithExtension();
    try {
      const stores = new StoreServer();
      stores.add(page);
      await stores.attach(context);
      await context.route(`${BARE}/**`, (route) => route.fulfill({ body: page.html, contentType: 'text/html; charset=utf-8' }));
      // Last, so it answers first: every image, on either address.
      await context.route((url) => /\.(jpe?g|png|gif|webp)$/i.test(url.pathname), (route) => route.fulfill({ body: cover, contentType: 'image/png' }));

      const bare = await context.newPage();
      await bare.setViewportSize({ width: 1280, height: 900 });
      await bare.goto(`${BARE}${new URL(page.url).pathname}`, { waitUntil: 'load' });
      const where = await bare.evaluate(readPriceAndBuyBoxes);
      expect(where.length).toBeGreaterThan(10);

      const tab = await context.newPage();
      await tab.setViewportSize({ width: 1280, height: 900 });
      await tab.goto(page.url, { waitUntil: 'load' });
      await settledBadges(tab, badges);
      // Badges that pushed the page are moved in the frames after they go in, hidden meanwhile.
      await expect.poll(() => tab.evaluate(readPlacing), { timeout: 10_000, message: 'badges still being placed' }).toBe(0);
      await expect.poll(() => tab.evaluate(readUnseenBadges), { timeout: 10_000 }).toEqual([]);
      const now = await tab.evaluate(readPriceAndBuyBoxes);
      expect(now.map((c) => c.what)).toEqual(where.map((c) => c.what));
      const moved = now.filter((c, i) => Math.abs(c.x - where[i]!.x) > 2 || Math.abs(c.y - where[i]!.y) > 2);
      expect(moved, `${moved.length} of ${now.length} moved`).toEqual([]);
    } finally {
      await close();
    }
  });
}
