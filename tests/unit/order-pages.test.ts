// @vitest-environment happy-dom
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect } from '@/lib/detect/page';
import { readOrders } from '@/lib/orders/order-page';
import { fixturePages, parsePage } from '@/scripts/lib/fixtures';

// Every page under tests/fixtures/orders/ (written by someone who had not seen the reader: see its
// README) is read as a content script reads it, the store's detection first and then the order reader,
// and must give the orders its .order.json says: whether it is an order page at all, each order's number,
// date and currency, and each comic bought with its codes, quantity and price for one copy (before an
// order-level discount, which the reader spreads over the lines apart). Non-comic lines must not appear.

const ROOT = join(__dirname, '..', 'fixtures', 'orders');

interface ExpectedLine {
  title: string;
  codes: Array<{ type: string; value: string }>;
  quantity: number;
  unitPrice: number | null;
  comic: boolean;
}
interface ExpectedPage {
  url: string;
  isOrderPage: boolean;
  orders: Array<{ number: string | null; date: string | null; currency: string | null; lines: ExpectedLine[] }>;
}

const pages = existsSync(ROOT) ? readdirSync(ROOT).filter((name) => name.endsWith('.html')).sort() : [];

export async function readPage(name: string) {
  const expected = JSON.parse(readFileSync(join(ROOT, name.replace(/\.html$/, '.order.json')), 'utf8')) as ExpectedPage;
  const { document, close } = parsePage(readFileSync(join(ROOT, name), 'utf8'), expected.url);
  try {
    const items = detect(document, expected.url).items;
    return { expected, report: readOrders(document, expected.url, items) };
  } finally {
    await close();
  }
}

describe('order pages', () => {
  it('has pages to read', () => {
    expect(pages.length).toBeGreaterThanOrEqual(4);
  });

  for (const name of pages) {
    it(name, async () => {
      const { expected, report } = await readPage(name);
      if (!expected.isOrderPage) {
        expect(report, 'not an order page').toBeNull();
        return;
      }
      expect(report, 'an order page').not.toBeNull();
      const orders = report?.orders ?? [];
      expect(orders.map((o) => o.number)).toEqual(expected.orders.map((o) => o.number));
      orders.forEach((order, i) => {
        const want = expected.orders[i]!;
        expect(order.date, `order ${want.number} date`).toBe(want.date);
        expect(order.currency, `order ${want.number} currency`).toBe(want.currency);
        const comics = want.lines.filter((line) => line.comic);
        const got = order.lines.map((line) => ({
          codes: line.query.codes.map((c) => `${c.type}:${c.value}`).sort(),
          quantity: line.quantity,
          unitPrice: line.listedPrice,
        }));
        const wanted = comics.map((line) => ({
          codes: line.codes.map((c) => `${c.type}:${c.value}`).sort(),
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        }));
        expect(got, `order ${want.number}: ${comics.map((l) => l.title).join(' | ')} / read: ${order.lines.map((l) => l.title).join(' | ')}`).toEqual(wanted);
      });
    });
  }
});

describe('pages that are not orders', () => {
  // Every store page of the detection fixtures (products, listings, searches, carts, the layouts no
  // adapter was written for, the pages saved from live stores): none shows an order, so none may get
  // the order banner.
  const stores = fixturePages();
  it('has them', () => {
    expect(stores.length).toBeGreaterThan(40);
  });
  for (const page of stores) {
    it(`${page.folder}/${page.name}`, async () => {
      const { document, close } = parsePage(readFileSync(page.htmlPath, 'utf8'), page.url);
      try {
        expect(readOrders(document, page.url, detect(document, page.url).items)).toBeNull();
      } finally {
        await close();
      }
    });
  }
});
