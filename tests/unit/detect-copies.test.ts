// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { detect } from '@/lib/detect/page';

// The same comic shown at two places of a page (a bestseller column, then the grid) is one item with a
// copy: the content script badges each place. Two parts of one card are not two places.

const SHOP = 'https://www.rocketshipcomics.net/collections/new';

function page(body: string): Document {
  return new DOMParser().parseFromString(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`, 'text/html');
}

function card(slug: string, title: string, price: string): string {
  return `<div class="tile"><a href="/products/${slug}"><img src="/img/${slug}.jpg" alt=""></a><h3><a href="/products/${slug}">${title}</a></h3><span class="money">${price}</span><button>Add to cart</button></div>`;
}

describe('copies of one comic on a page', () => {
  it('a comic in the sidebar and in the grid is one item, its other place a copy', () => {
    const doc = page(
      `<aside><h2>Bestsellers</h2>${card('saga-70', 'Saga #70', '$3.99')}${card('monstress-55', 'Monstress #55', '$3.99')}</aside>` +
        `<main>${card('absolute-batman-8', 'Absolute Batman #8', '$4.99')}${card('saga-70', 'Saga #70', '$3.99')}${card('ultimate-x-men-9', 'Ultimate X-Men #9', '$4.99')}</main>`,
    );
    const { items } = detect(doc, SHOP);
    expect(items.map((item) => item.title)).toEqual(['Saga #70', 'Monstress #55', 'Absolute Batman #8', 'Ultimate X-Men #9']);
    const saga = items[0]!;
    expect(saga.anchor.closest('aside')).not.toBeNull();
    expect(saga.copies).toHaveLength(1);
    expect(saga.copies![0]!.closest('main')).not.toBeNull();
    expect(saga.copies![0]!.textContent).toBe('Saga #70');
    for (const item of items.slice(1)) expect(item.copies ?? []).toEqual([]);
  });

  it('the image link and the title link of one card are one place', () => {
    const doc = page(`<main>${card('saga-70', 'Saga #70', '$3.99')}${card('monstress-55', 'Monstress #55', '$3.99')}</main>`);
    for (const item of detect(doc, SHOP).items) expect(item.copies ?? []).toEqual([]);
  });

  it('a page that shows only one comic twice, with nothing else, gives no copy (the two may be one card)', () => {
    const doc = page(`<main><div><h1>Saga #70</h1><span class="money">$3.99</span><button>Add to cart</button></div><div class="sticky"><a href="/products/saga-70">Saga #70</a> <button>Add to cart</button></div></main>`);
    for (const item of detect(doc, SHOP).items) expect(item.copies ?? []).toEqual([]);
  });
});
