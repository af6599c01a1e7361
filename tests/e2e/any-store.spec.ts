import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startStandIn } from '../../stand-in/index.ts';
import { launchWithExtension } from './fixtures';
import { demoData, extensionWorker, fixturePage, KAY, registerAnyStore, settledBadges, SHOP, signIn } from './store';
import { memberCopies } from '../shared/collection';

// "Any other store" end to end: the generic script and the early script beside it, registered as
// lib/background/other-stores.ts registers them once the member grants the host permission, on a
// WooCommerce shop no adapter was written for. The shop platforms' rules are not in the generic script
// (it stays small): they come with the general readers the early script asks for at document_start.
// One of the shop's comics carries its Lunar code only where WooCommerce's own rules read it (the add-to-cart
// button's data-product_sku), so its badge proves those rules were there.
//
// Headless Chromium cannot answer the permission prompt, so the test registers the scripts itself, for the
// loopback address the e2e build already holds a host permission for, under ids of its own (the
// background's own registration follows the permission, which this browser never granted).

const page = fixturePage('sites/layouts/woocommerce-de-neuheiten');
const REAL_ORIGIN = new URL(page.url).origin;

test('any other store: a WooCommerce shop is read with WooCommerce\'s rules, which come with the general readers', async () => {
  const { context, close } = await launchWithExtension();
  try {
    await registerAnyStore(await extensionWorker(context));
    const html = page.html.replaceAll(REAL_ORIGIN, SHOP);
    await context.route(`${SHOP}/**`, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));

    const tab = await context.newPage();
    await tab.goto(page.url.replace(REAL_ORIGIN, SHOP));
    const views = await settledBadges(tab, 10);
    const codes = views.map((view) => view.code);
    // Read by the WooCommerce rules only: the SKU on the add-to-cart button.
    expect(codes).toContain('lunar:0525DC0031');
    // Read by the general readers: a product only the sidebar widget shows, its ISBN in its cover's file name.
    expect(codes).toContain('isbn:9783864255106');
    for (const view of views) expect(view).toMatchObject({ state: 'signed-out', label: 'Sign in' });
    // The readers (and the rules with them) were asked for once, by the early script.
    const asked = await tab.evaluate(() => performance.getEntriesByName('longbox:readers-asked-again').length);
    expect(asked).toBe(0);
  } finally {
    await close();
  }
});

test('any other store: a Shopify thank-you page whose lines detection reads no product from still shows the order banner', async () => {
  const order = JSON.parse(readFileSync('tests/fixtures/orders/shopify-thank-you.order.json', 'utf8')) as { url: string; orders: Array<{ lines: Array<{ quantity: number; comic: boolean }> }> };
  const html = readFileSync('tests/fixtures/orders/shopify-thank-you.html', 'utf8');
  const origin = new URL(order.url).origin;
  const { context, close } = await launchWithExtension();
  try {
    await registerAnyStore(await extensionWorker(context));
    await context.route(`${SHOP}/**`, (route) => route.fulfill({ body: html.replaceAll(origin, SHOP), contentType: 'text/html; charset=utf-8' }));
    const tab = await context.newPage();
    await tab.goto(order.url.replace(origin, SHOP));
    // No badge: detection finds no product here. The order reader reads its comic lines all the same.
    const comics = order.orders.flatMap((o) => o.lines).filter((line) => line.comic).reduce((sum, line) => sum + line.quantity, 0);
    await expect(tab.locator('[data-longbox-order-banner]')).toHaveAttribute('data-longbox-order-banner', String(comics), { timeout: 20_000 });
    expect(await tab.locator('[data-longbox-badge]').count()).toBe(0);
  } finally {
    await close();
  }
});

test('any other store: the Shopify order status page’s lines, titles only, are found in VerseDB and added, the member picking between same-named series', async () => {
  const order = JSON.parse(readFileSync('tests/fixtures/orders/shopify-thank-you.order.json', 'utf8')) as { url: string };
  const html = readFileSync('tests/fixtures/orders/shopify-thank-you.html', 'utf8');
  const origin = new URL(order.url).origin;
  const si = await startStandIn({ port: 0, data: demoData() });
  const { context, close } = await launchWithExtension();
  try {
    const worker = await extensionWorker(context);
    await registerAnyStore(worker);
    const options = await context.newPage();
    await options.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
    await signIn(options, si, KAY.token);
    await context.route(`${SHOP}/**`, (route) => route.fulfill({ body: html.replaceAll(origin, SHOP), contentType: 'text/html; charset=utf-8' }));
    const before = await memberCopies(si, KAY.token);

    const tab = await context.newPage();
    await tab.goto(order.url.replace(origin, SHOP));
    const banner = tab.locator('[data-longbox-order-banner]');
    await expect(banner).toHaveAttribute('data-longbox-order-banner', '5', { timeout: 20_000 });
    const opened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/order.html') });
    await banner.getByRole('button', { name: 'Add them to your VerseDB collection' }).click();
    const review = await opened;

    // The Power Fantasy #14: one series of that name, found by its title.
    const lines = review.getByTestId('order-line');
    await expect(lines.filter({ hasText: 'The Power Fantasy #14' })).toHaveAttribute('data-state', 'ready');
    // Batman and Robin #24: two series of that name have a #24, and the page gives no year. The review asks.
    const robin = lines.filter({ hasText: 'Batman and Robin #24' });
    await expect(robin).toHaveAttribute('data-state', 'unmatched');
    const choices = robin.getByRole('group', { name: 'Which series?' }).getByRole('button');
    await expect(choices).toHaveText(['Batman and Robin (2009, DC Comics)', 'Batman and Robin (2023, DC Comics)']);
    await choices.filter({ hasText: '2023' }).click();
    await expect(robin).toHaveAttribute('data-state', 'ready');
    await expect(robin.getByRole('checkbox')).toBeChecked();
    // No issue number: the deluxe edition cannot be told from its title, and says so.
    await expect(lines.filter({ hasText: 'Long Halloween' })).toHaveAttribute('data-state', 'unmatched');

    await review.getByTestId('order-add').click();
    await expect(review.getByTestId('order-summary')).toContainText('Done: 4 copies', { timeout: 20_000 });
    const added = (await memberCopies(si, KAY.token)).filter((copy) => !before.some((b) => b.id === copy.id));
    expect(added.map((copy) => copy.issueId).sort()).toEqual([5008, 5011, 5011, 5011]);
    // $4.99 each, less the order's $5.00 discount shared over its $62.12 subtotal.
    expect(new Set(added.map((copy) => copy.pricePaid))).toEqual(new Set([4.59]));
  } finally {
    await close();
    await si.stop();
  }
});
