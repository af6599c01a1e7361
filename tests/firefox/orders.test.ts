import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { fixturePage } from '../e2e/store';
import { memberCopies } from '../shared/collection';
import { clickPill, settledBadges, until } from './badges';
import { launchFirefox, type FirefoxWithExtension } from './launch';

// An order page into the collection in Firefox (the MV2 event page): Sam signs in, the sample Midtown
// order of 12 comics (3 his already) shows its banner, the member's click opens the review tab, one
// press adds the 9 others with the prices paid, and the page reloaded adds nothing more.

let firefox: FirefoxWithExtension;
let si: StandIn;

const ORDER = 'e2e/midtown-order-confirmation';
const order = fixturePage(ORDER);
const expected = JSON.parse(readFileSync(`tests/fixtures/${ORDER}.expected.json`, 'utf8')) as {
  order: { number: string; date: string; lines: Array<{ unitPrice: number; owned: boolean }> };
};
const textOf = (page: Page, selector: string) => page.evaluate((selector) => document.querySelector(selector)?.textContent?.trim() ?? null, selector);
const count = (page: Page, selector: string) => page.evaluate((selector) => document.querySelectorAll(selector).length, selector);

const copies = () => memberCopies(si, si.tokens.free);

/** The banner's button, inside its (e2e build's open) shadow root, once the banner says how many comics. */
async function bannerButton(page: Page, comics: number): Promise<ElementHandle<Element>> {
  await until(
    'the order banner',
    () => page.evaluate(() => document.querySelector('[data-longbox-order-banner]')?.getAttribute('data-longbox-order-banner') ?? null),
    (said) => said === String(comics),
  );
  const handle = await page.evaluateHandle(() => document.querySelector('[data-longbox-order-banner]')?.shadowRoot?.querySelector('button') ?? null);
  const button = handle.asElement();
  if (!button) throw new Error('no button in the order banner');
  return button as ElementHandle<Element>;
}

beforeAll(async () => {
  si = await startStandIn({ port: 0 });
  firefox = await launchFirefox({ grantOptionalPermissions: true });
  firefox.serve(order);
});

afterAll(async () => {
  await firefox?.close();
  await si?.stop();
});

test('an order of 12 comics, 3 owned: the banner opens the review, one press adds 9 copies at the prices paid, a reload adds none', async () => {
  // Signed in from the options page the first badge's "Sign in" opens.
  const page = await firefox.openStorePage(order.url);
  await settledBadges(page, 12);
  // The order banner goes in at the top once the badges are there, and moves them down: click after it.
  await bannerButton(page, 12);
  await clickPill(page, 'upc:76194130007800911');
  const options = await firefox.extensionTab('options.html');
  await options.locator('#address').fill(si.url);
  await options.locator('#token').fill(si.tokens.free);
  await options.locator('form.token-form button[type=submit]').click();
  await until('the library sync', () => textOf(options, '[data-testid=sync-status]'), (text) => text?.startsWith('Library synced') ?? false);
  const before = await copies();

  await page.reload();
  const badges = await settledBadges(page, 12);
  expect(badges.filter((b) => b.state === 'owned')).toHaveLength(3);
  await (await bannerButton(page, 12)).click();
  const review = await firefox.extensionTab('order.html');
  await until('the review list', () => count(review, '[data-testid="order-line"]'), (n) => n === 12);
  expect(await count(review, '[data-testid="order-line"][data-state="owned"]')).toBe(3);
  expect(await count(review, '[data-testid="order-line"][data-state="ready"]')).toBe(9);
  expect(await textOf(review, '[data-testid="order-add"]')).toBe('Add 9 copies to my collection');
  await review.locator('[data-testid="order-add"]').click();
  await until('the summary', () => textOf(review, '[data-testid="order-summary"]'), (text) => text?.startsWith('Done: 9 copies from this order') ?? false);

  const added = (await copies()).filter((copy) => !before.some((b) => b.id === copy.id));
  expect(added).toHaveLength(9);
  expect(added.map((c) => c.pricePaid).sort()).toEqual(expected.order.lines.filter((l) => !l.owned).map((l) => l.unitPrice).sort());
  expect(new Set(added.map((c) => c.purchasedAt?.slice(0, 10)))).toEqual(new Set([expected.order.date]));

  // The order page reloaded and its review opened again: every line added or owned, nothing to press.
  await review.close();
  await page.reload();
  await settledBadges(page, 12);
  await (await bannerButton(page, 12)).click();
  const again = await firefox.extensionTab('order.html');
  await until('the review list again', () => count(again, '[data-testid="order-line"][data-state="added"]'), (n) => n === 9);
  expect(await again.evaluate(() => (document.querySelector('[data-testid="order-add"]') as HTMLButtonElement | null)?.disabled)).toBe(true);
  expect((await copies()).length).toBe(before.length + 9);
  expect(si.requests().filter((r) => r.method === 'POST' && /\/collection$/.test(r.path))).toHaveLength(9);
});
