import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readBoxes, readUnseenBadges } from '../shared/badges';
import { launchWithExtension } from './fixtures';
import { extensionWorker, registerAnyStore, settledBadges, SHOP } from './store';

// Badges a shopper can see, on layouts where a badge beside the title could not be seen or would push
// the page (tests/fixtures/placement/tight-layouts.html: fixed-height cards that hide their overflow, a
// bestseller column of fixed boxes with a narrow text column, a slider). Each badge must be seen, and
// the page's prices and buy buttons must not move by more than 2 px from where the same page, with no
// Longbox, shows them. The general readers on a shop with no adapter, in Chromium's e2e build.

const html = readFileSync('tests/fixtures/placement/tight-layouts.html', 'utf8');
const PATH = '/collections/new-this-week';
/** The same page at an address no Longbox script runs on: the layout as the store made it. */
const BARE = 'http://localhost:8765';

/** Where each price and buy button is, scrolled to the top. */
async function controls(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(readBoxes, '.price, button');
}

test('every badge can be seen on fixed-height cards, a narrow column and a slider, and no price or button moves', async () => {
  const { context, close } = await launchWithExtension();
  try {
    await registerAnyStore(await extensionWorker(context));
    for (const origin of [SHOP, BARE]) await context.route(`${origin}/**`, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
    const bare = await context.newPage();
    await bare.setViewportSize({ width: 1280, height: 900 });
    await bare.goto(`${BARE}${PATH}`);
    const where = await controls(bare);
    expect(await bare.locator('[data-longbox-badge]').count()).toBe(0);

    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${SHOP}${PATH}`);
    await settledBadges(page, 13);
    // Nothing the page shows moved: every price and button where the store put it.
    expect(await controls(page)).toEqual(where);
    // Every badge whose comic is in view can be seen; the fourth slide is off the slider until it turns.
    expect(await page.evaluate(readUnseenBadges)).toEqual(['Absolute Superman #20']);
    await page.evaluate(() => {
      (document.querySelector('.track') as HTMLElement).style.transform = 'translateX(-190px)';
    });
    // The slide's badge moved with it: in view now, and seen.
    expect(await page.evaluate(readUnseenBadges)).toEqual(['Wonder Woman #35']);
  } finally {
    await close();
  }
});
