// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { addresses } from '@/lib/detect/extractors/addresses';
import type { Extractor } from '@/lib/detect/extractors/context';
import { GENERAL_READERS } from '@/lib/detect/extractors/general';
import { pageHeading } from '@/lib/detect/extractors/heading';
import { jsonLd } from '@/lib/detect/extractors/json-ld';
import { labels } from '@/lib/detect/extractors/labels';
import { metaTags } from '@/lib/detect/extractors/meta';
import { microdata } from '@/lib/detect/extractors/microdata';
import { productGrid } from '@/lib/detect/extractors/product-grid';
import { createReader } from '@/lib/detect/reader';
import type { DetectedItem } from '@/lib/detect/types';
import { midtown } from '@/lib/sites/midtown';
import type { SiteAdapter } from '@/lib/sites/types';

// Each extractor on its own, with no adapter rules: what it reads, and what it leaves alone. The merged
// chain is tested on whole pages in detect-page, detect-fixtures and detect-unseen.

const SHOP = 'https://www.paneltopanelcomics.com/collections/new';
const NONE: SiteAdapter = { id: 'generic', name: 'none', matches: [], pages: [] };

function page(body: string, head = ''): Document {
  return new DOMParser().parseFromString(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`, 'text/html');
}

function read(extractor: Extractor, doc: Document, url = SHOP, adapter = NONE): DetectedItem[] {
  return createReader(doc, url, adapter, { general: [['one', extractor]] }).scan();
}

const summary = (items: DetectedItem[]) => items.map((i) => [i.title, i.codes.map((c) => `${c.type}:${c.value}`).join(' '), i.price, i.via]);

const card = (slug: string, title: string, price: string, extra = '') =>
  `<li><a href="/products/${slug}"><img src="/cdn/${slug}.jpg" alt=""></a><h3><a href="/products/${slug}">${title}</a></h3>${extra}<span>${price}</span><button>Add to cart</button></li>`;

describe('each extractor alone', () => {
  it('lists every general reader once, structured data first', () => {
    expect(GENERAL_READERS.map(([name]) => name)).toEqual(['json-ld', 'microdata', 'meta', 'product-json', 'grid', 'heading', 'label', 'addresses']);
  });

  it('the adapter reads its own selectors, and nothing where they do not match', () => {
    const tiles = '<div class="product-tile"><a class="tile-title" href="/product/1/x">Batman #1</a><span class="price">$3.99</span></div>';
    expect(summary(createReader(page(tiles), 'https://www.midtowncomics.com/search?q=b', midtown).scan())).toEqual([['Batman #1', '', '$3.99', 'adapter:midtown']]);
    expect(createReader(page(tiles.replace(/product-tile/g, 'x1')), 'https://www.midtowncomics.com/search?q=b', midtown).scan()).toEqual([]);
  });

  it("a reading of the whole page tells what the adapter found as soon as it is done, before the general readers add theirs", () => {
    const tiles = '<div class="product-tile"><a class="tile-title" href="/product/1/x">Batman #1</a><span class="price">$3.99</span></div>';
    const told: Array<{ items: string[]; generalRan: boolean }> = [];
    let generalRan = false;
    const general: Extractor = function* () {
      generalRan = true;
      yield;
    };
    const reader = createReader(page(tiles), 'https://www.midtowncomics.com/search?q=b', midtown, {
      general: [['one', general]],
      onAdapterRead: (items) => told.push({ items: items.map((item) => `${item.title} ${item.via}`), generalRan }),
    });
    expect(summary(reader.scan())).toEqual([['Batman #1', '', '$3.99', 'adapter:midtown']]);
    expect(told).toEqual([{ items: ['Batman #1 adapter:midtown'], generalRan: false }]);
    // A reading of part of the page (nodes a store added later) tells nothing early.
    reader.scan(page(tiles).body);
    expect(told).toHaveLength(1);
  });

  it('json-ld reads products with their codes and offers, and skips what is not a product', () => {
    const data = { '@type': 'Product', name: 'Saga #70', gtin13: '0709853035114', offers: { price: 3.99, priceCurrency: 'USD' } };
    const doc = page('<h1>Saga #70</h1>', `<script type="application/ld+json">${JSON.stringify(data)}</script><script type="application/ld+json">{"@type":"Organization","name":"Batman #1"}</script>`);
    expect(summary(read(jsonLd, doc))).toEqual([['Saga #70', 'upc:709853035114', '$3.99', 'json-ld']]);
  });

  it('microdata reads Product scopes only', () => {
    const doc = page('<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Geiger #1</span><meta itemprop="gtin13" content="0709853035114"></div><div itemscope itemtype="https://schema.org/Article"><span itemprop="name">Batman #1 reviewed</span></div>');
    expect(summary(read(microdata, doc))).toEqual([['Geiger #1', 'upc:709853035114', null, 'microdata']]);
  });

  it('meta tags read a product page, and nothing on a page that is not one', () => {
    const head = '<meta property="og:type" content="product"><meta property="og:title" content="Transformers #1"><meta property="product:upc" content="70985303960000111">';
    expect(summary(read(metaTags, page('<h1>Transformers #1</h1>', head)))).toEqual([['Transformers #1', 'upc:70985303960000111', null, 'meta']]);
    expect(read(metaTags, page('<h1>Transformers #1</h1>', '<meta property="og:type" content="article"><meta property="og:title" content="Transformers #1">'))).toEqual([]);
  });

  it('the product grid reads repeated cards by their links, and leaves out toys, headlines and lone links', () => {
    const doc = page(`<nav><a href="/collections/batman">Batman</a> <a href="/pages/about">About us</a></nav>
      <ul>${card('absolute-batman-6', 'Absolute Batman #6 Cover A', '$3.99')}${card('saga-70', 'Saga #70', '<del>$4.99</del> $3.49')}${card('spawn-1-figure', 'Spawn #1', '$34.99', '<p>Vinyl Figure</p>')}</ul>
      <p><a href="/blogs/news/absolute-batman-1-review-roundup">Absolute Batman #1 Review Roundup</a></p>`);
    expect(summary(read(productGrid, doc))).toEqual([
      ['Absolute Batman #6 Cover A', '', '$3.99', 'grid'],
      ['Saga #70', '', '$3.49', 'grid'],
    ]);
  });

  it('the product grid reads table rows with no link of their own', () => {
    const doc = page('<table><tr><td>Spawn (1992) #1</td><td>VF</td><td>$18.00</td></tr><tr><td>Saga (2012) #1</td><td>NM</td><td>$45.00</td></tr><tr><td>Comic bags (100)</td><td></td><td>$9.95</td></tr></table>');
    expect(summary(read(productGrid, doc))).toEqual([
      ['Spawn (1992) #1', '', '$18.00', 'grid'],
      ['Saga (2012) #1', '', '$45.00', 'grid'],
    ]);
  });

  it("the page's heading is its product when a price or a buy control stands by it", () => {
    expect(summary(read(pageHeading, page('<main><h1>Absolute Batman #4 Cover A</h1><p>$3.74</p><button>Pre-order</button></main>')))).toEqual([
      ['Absolute Batman #4 Cover A', '', '$3.74', 'heading'],
    ]);
    expect(read(pageHeading, page('<main><h1>Absolute Batman #4 review</h1><p>Our verdict</p></main>'))).toEqual([]);
  });

  it('labels read a code after its label, in a sentence too, and never a look-alike', () => {
    const doc = page('<h1>Absolute Batman #6</h1><p>Out now. UPC: 76194137654700411. Call 1-800-266-4271.</p><div>Item Code: JAN250123</div>');
    expect(summary(read(labels, doc))).toEqual([['Absolute Batman #6', 'upc:76194137654700411 diamond:JAN250123', null, 'label']]);
  });

  it('addresses read codes in attributes, product links and cover file names beside a title', () => {
    const doc = page(`<ul><li><h3>Batman #1 Cover A</h3><button data-upc="76194134182800111">Add</button></li>
      <li><a href="/Catalog/MAR180454">JUDGE DREDD UNDER SIEGE #1</a></li>
      <li><img src="/covers/100/MA/MAR180598.jpg" alt=""><h3>Saga #52</h3><span>$2.54</span></li>
      <li><img src="/covers/100/MA/MAR181999.jpg" alt=""><h3>Hellboy statue</h3><span>$99.00</span></li></ul>`);
    expect(summary(read(addresses, doc))).toEqual([
      ['Batman #1 Cover A', 'upc:76194134182800111', null, 'attribute'],
      ['JUDGE DREDD UNDER SIEGE #1', 'diamond:MAR180454', null, 'url'],
      ['Saga #52', 'diamond:MAR180598', '$2.54', 'image'],
    ]);
  });
});
