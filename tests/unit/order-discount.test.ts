// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect } from '@/lib/detect/page';
import { readOrders } from '@/lib/orders/order-page';
import { parsePage } from '@/scripts/lib/fixtures';

// An order-level coupon comes off what the member paid for each comic only when the page does not say
// per line what was paid; it is shared over the whole subtotal, supplies included, as it came off those too.

const URL = 'https://shop.example.com/checkout/orders/1001/thank-you';

function order(lines: string, totals: string): string {
  return `<html><body><main><h1>Thank you for your order</h1><p>Order #1001 placed March 4, 2026</p>
    <table><thead><tr><th>Product</th><th>Qty</th><th>Price</th></tr></thead><tbody>${lines}</tbody></table>
    <dl>${totals}</dl></main></body></html>`;
}

async function read(html: string) {
  const { document, close } = parsePage(html, URL);
  try {
    const report = readOrders(document, URL, detect(document, URL).items);
    const first = report?.orders[0];
    return { share: first?.discountShare ?? null, paid: Object.fromEntries((first?.lines ?? []).map((l) => [l.title, l.unitPrice])) };
  } finally {
    await close();
  }
}

describe('order-level discounts', () => {
  it('spreads a coupon in the totals over the subtotal, bags and boards included', async () => {
    const html = order(
      `<tr><td><a href="/products/saga-66">Saga #66</a></td><td>1</td><td>$4.00</td></tr>
       <tr><td><a href="/products/absolute-batman-16">Absolute Batman #16</a></td><td>1</td><td>$4.00</td></tr>
       <tr><td><a href="/products/bags-boards">Current size bags and boards (100)</a></td><td>1</td><td>$12.00</td></tr>`,
      '<dt>Subtotal</dt><dd>$20.00</dd><dt>Discount (SAVE10)</dt><dd>-$2.00</dd><dt>Total</dt><dd>$18.00</dd>',
    );
    const { share, paid } = await read(html);
    expect(share).toBe(0.1);
    expect(paid).toEqual({ 'Saga #66': 3.6, 'Absolute Batman #16': 3.6 });
  });

  it('leaves each price as the line says where the lines name their share of the coupon', async () => {
    const html = order(
      `<tr><td><a href="/products/saga-66">Saga #66</a><div>Discount (SAVE10): -$0.40</div></td><td>1</td><td><s>$4.00</s> $3.60</td></tr>
       <tr><td><a href="/products/absolute-batman-16">Absolute Batman #16</a><div>Discount (SAVE10): -$0.40</div></td><td>1</td><td><s>$4.00</s> $3.60</td></tr>`,
      '<dt>Subtotal</dt><dd>$7.20</dd><dt>Discount (SAVE10)</dt><dd>-$0.80</dd><dt>Total</dt><dd>$7.20</dd>',
    );
    const { share, paid } = await read(html);
    expect(share).toBe(0);
    expect(paid).toEqual({ 'Saga #66': 3.6, 'Absolute Batman #16': 3.6 });
  });

  it('reads a discount column as the line saying what was paid', async () => {
    const html = `<html><body><h1>Order confirmation</h1><p>Order #1001</p>
      <table><thead><tr><th>Item</th><th>Qty</th><th>Price</th><th>Discount</th><th>Total</th></tr></thead><tbody>
      <tr><td><a href="/products/saga-66">Saga #66</a></td><td>2</td><td>$4.00</td><td>$0.80</td><td>$7.20</td></tr>
      </tbody></table><dl><dt>Subtotal</dt><dd>$7.20</dd><dt>Coupon</dt><dd>-$0.80</dd><dt>Total</dt><dd>$7.20</dd></dl></body></html>`;
    const { share, paid } = await read(html);
    expect(share).toBe(0);
    expect(paid).toEqual({ 'Saga #66': 3.6 });
  });

  it('takes nothing off where the page shows no coupon', async () => {
    const html = order(
      `<tr><td><a href="/products/saga-66">Saga #66</a></td><td>1</td><td>$4.00</td></tr>`,
      '<dt>Subtotal</dt><dd>$4.00</dd><dt>Shipping</dt><dd>$5.00</dd><dt>Total</dt><dd>$9.00</dd>',
    );
    const { share, paid } = await read(html);
    expect(share).toBe(0);
    expect(paid).toEqual({ 'Saga #66': 4 });
  });
});

describe('order-level discounts on the order pages of real shop platforms', () => {
  async function shareOf(name: string): Promise<number | null> {
    const expected = JSON.parse(readFileSync(join('tests/fixtures/orders', `${name}.order.json`), 'utf8')) as { url: string };
    const { document, close } = parsePage(readFileSync(join('tests/fixtures/orders', `${name}.html`), 'utf8'), expected.url);
    try {
      return readOrders(document, expected.url, detect(document, expected.url).items)?.orders[0]?.discountShare ?? null;
    } finally {
      await close();
    }
  }

  it('Shopify: the order discount over the subtotal, not the "Total savings" that also counts the lines’ sale prices', async () => {
    // Subtotal $62.12, order discount −$5.00, total savings $15.00.
    expect(await shareOf('shopify-thank-you')).toBeCloseTo(5 / 62.12, 4);
  });

  it('a "You saved … off SRP" summary is no discount: the lines’ prices already show it', async () => {
    expect(await shareOf('instocktrades-order-confirmation')).toBe(0);
  });
});
