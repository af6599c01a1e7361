// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDetectionSession, detect } from '@/lib/detect/page';
import type { DetectedItem } from '@/lib/detect/types';
import type { SiteAdapter } from '@/lib/sites/types';

// Page detection on small pages written for each rule: structured data, labelled text, attributes and
// addresses, clones, what is never an item, hostile and huge pages, and scanning a page that grows.

const SHOP = 'https://www.rocketshipcomics.net/item/1';
const MIDTOWN = 'https://www.midtowncomics.com/search?q=batman';

function page(body: string, head = ''): Document {
  return new DOMParser().parseFromString(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`, 'text/html');
}

function codes(item: DetectedItem | undefined): string[] {
  return (item?.codes ?? []).map((c) => `${c.type}:${c.value}`).sort();
}

function ld(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

describe('structured data', () => {
  it('reads a JSON-LD @graph, with the offer price and the heading as anchor', () => {
    const doc = page(
      '<h1>Geiger #1 (Cover A Gary Frank)</h1><p>Out now</p>',
      ld({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, item: 'https://x.example/comics' }] },
          { '@type': 'Product', name: 'Geiger #1 (Cover A Gary Frank)', gtin13: '0709853035114', offers: { price: 3.99, priceCurrency: 'USD' } },
        ],
      }),
    );
    const { adapter, items } = detect(doc, SHOP);
    expect(adapter).toBe('generic');
    expect(items).toHaveLength(1);
    expect(items[0]?.via).toBe('json-ld');
    expect(codes(items[0])).toEqual(['upc:709853035114']);
    expect(items[0]?.price).toBe('$3.99');
    expect(items[0]?.parsed?.series).toBe('Geiger');
    expect(items[0]?.anchor.tagName).toBe('H1');
  });

  it('reads JSON-LD arrays, ItemLists and Book ISBNs, each product once', () => {
    const doc = page(
      '<a href="/p/saga-1">Saga Vol. 1 TP</a> <a href="/p/saga-2">Saga Vol. 2 TP</a>',
      ld([
        { '@type': 'Book', name: 'Saga Vol. 1 TP', isbn: '978-1-60706-601-9', url: 'https://www.rocketshipcomics.net/p/saga-1' },
        {
          '@type': 'ItemList',
          itemListElement: [
            { '@type': 'ListItem', item: { '@type': 'Book', name: 'Saga Vol. 2 TP', isbn: '9781607066927', url: '/p/saga-2' } },
            { '@type': 'ListItem', item: { '@type': 'Book', name: 'Saga Vol. 1 TP', isbn: '1607066017' } },
          ],
        },
      ]),
    );
    const { items } = detect(doc, SHOP);
    expect(items.map((i) => i.title)).toEqual(['Saga Vol. 1 TP', 'Saga Vol. 2 TP']);
    expect(codes(items[0])).toEqual(['isbn:9781607066019']);
    expect(items[1]?.anchor.getAttribute('href')).toBe('/p/saga-2');
  });

  it('skips malformed JSON-LD and still reads the rest of the page', () => {
    const doc = page(
      '<h1>Spawn #350 Cover A</h1><ul><li>UPC: 70985303005835011</li></ul>',
      [
        '<script type="application/ld+json">{"@type":"Product","name":"Spawn #350 Cover B","offers":{"price":NaN}</script>',
        '<script type="application/ld+json"></script>',
        '<script type="application/ld+json">"just a string"</script>',
        '<script type="application/ld+json">{"@type":["Thing",42,null],"name":{"nested":true},"offers":"free"}</script>',
      ].join(''),
    );
    const { items } = detect(doc, SHOP);
    expect(items.map((i) => i.title)).toEqual(['Spawn #350 Cover A']);
    expect(codes(items[0])).toEqual(['upc:70985303005835011']);
    expect(items[0]?.via).toBe('label');
  });

  it('reads microdata products and leaves out a statue with a valid UPC', () => {
    const doc = page(`
      <div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">Venom #1</h2>
        <span itemprop="gtin13">0759606204496</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="4.99"><meta itemprop="priceCurrency" content="USD"></div></div>
      <div itemscope itemtype="http://schema.org/Product"><h2 itemprop="name">Hellboy 1:6 Scale Bust</h2><span itemprop="gtin12">761568091137</span></div>`);
    const { items } = detect(doc, SHOP);
    expect(items).toHaveLength(1);
    expect(items[0]?.via).toBe('microdata');
    expect(items[0]?.title).toBe('Venom #1');
    expect(codes(items[0])).toEqual(['upc:759606204496']);
    expect(items[0]?.price).toBe('$4.99');
    expect(items[0]?.anchor.tagName).toBe('H2');
  });

  it('reads product meta tags', () => {
    const doc = page(
      '<h1>Transformers #1 Cover A</h1>',
      '<meta property="og:type" content="product"><meta property="og:title" content="Transformers #1 Cover A"><meta property="product:upc" content="709853039600 00111"><meta property="product:price:amount" content="3.99"><meta property="product:price:currency" content="GBP">',
    );
    const { items } = detect(doc, SHOP);
    expect(items).toHaveLength(1);
    expect(items[0]?.via).toBe('meta');
    expect(codes(items[0])).toEqual(['upc:70985303960000111']);
    expect(items[0]?.price).toBe('£3.99');
  });
});

describe('labelled text', () => {
  it.each([
    ['a label and its value in one text', '<p>Item Code: JUL230408</p>', 'diamond:JUL230408'],
    ['a bold label and the text after it', '<li><strong>UPC:</strong> 76194138626300411</li>', 'upc:76194138626300411'],
    ['Amazon direction marks around the colon', '<li><span class="a-text-bold">ISBN-13 \u200f : \u200e</span><span>978-1607066019</span></li>', 'isbn:9781607066019'],
    ['a table row', '<table><tr><th>EAN</th><td>9770955110000</td></tr></table>', 'ean:9770955110000'],
    ['a definition list', '<dl><dt>Diamond ID</dt><dd>MAR180454</dd></dl>', 'diamond:MAR180454'],
    ['nested label cells', '<dl><dt><div><span>UPC</span></div></dt><dd><div><span>75960620807400111</span></div></dd></dl>', 'upc:75960620807400111'],
    ['an ISBN-10', '<li>ISBN-10: 1607066017</li>', 'isbn:9781607066019'],
    ['an ISBN-10 ending in X', '<li>ISBN 1-56389-470-X</li>', 'isbn:9781563894701'],
    ['a SKU that is a Lunar code', '<p>SKU: 0924BM0121</p>', 'lunar:0924BM0121'],
  ])('reads %s', (_, specs, code) => {
    const { items } = detect(page(`<h1>Something Is Killing The Children #41</h1><div class="specs">${specs}</div>`), SHOP);
    expect(items).toHaveLength(1);
    expect(codes(items[0])).toEqual([code]);
  });

  it('gives each related product its own labelled code', () => {
    const doc = page(`<div id="main"><h1>Spawn #350 Cover A</h1><table><tr><td>UPC:</td><td>70985303005835011</td></tr></table><div class="price">$5.99</div></div>
      <div class="rel"><a href="/item/361">Spawn #361 Cover A</a> <span>UPC: 70985303005836111</span> <span>$3.99</span></div>
      <div class="rel"><a href="/item/40">King Spawn #40 Cover A</a> <span>UPC: 70985303407004011</span> <span>$3.99</span></div>`);
    const { items } = detect(doc, SHOP);
    expect(items.map((i) => [i.title, codes(i).join(), i.price])).toEqual([
      ['Spawn #350 Cover A', 'upc:70985303005835011', '$5.99'],
      ['Spawn #361 Cover A', 'upc:70985303005836111', '$3.99'],
      ['King Spawn #40 Cover A', 'upc:70985303407004011', '$3.99'],
    ]);
  });

  it('takes no code that fails its check digit, nor a phone or order number', () => {
    const doc = page(`<h1>Spawn #350 Cover A</h1><p>UPC: 70985303005935011</p><p>ISBN 978-1-5343-2596-1, ISBN-10 1534325965</p>
      <p>Order # 761941386264, call 1-800-266-4271, ad slot 4403817726151</p>`);
    expect(detect(doc, SHOP).items).toEqual([]);
  });
});

describe('attributes and addresses', () => {
  it('reads code attributes and distributor codes in product addresses, with the card title', () => {
    const doc = page(`<ul>
      <li class="tile"><h3>Batman #1 Cover A</h3><button data-upc="76194134182800111">Add</button></li>
      <li class="tile"><a href="/Catalog/MAR180454">JUDGE DREDD UNDER SIEGE #1</a></li>
      <li class="tile"><a href="/Catalog/JUN170377"><img src="/banner.jpg" alt=""></a></li>
    </ul>`);
    const { items } = detect(doc, SHOP);
    expect(items.map((i) => [i.title, codes(i).join(), i.via])).toEqual([
      ['Batman #1 Cover A', 'upc:76194134182800111', 'attribute'],
      ['JUDGE DREDD UNDER SIEGE #1', 'diamond:MAR180454', 'url'],
    ]);
  });

  it('prefers the whole title in a link title attribute when the text is cut short', () => {
    const doc = page(
      '<div class="productgrid"><div class="item"><div class="item-title"><a href="/products/sep170987/x" title="AVENGERS OMNIBUS HC VOL 03 BUSCEMA DM VAR">Avengers Omnibus HC Vol 03 Busce...</a></div><span class="price">$50.00</span></div></div>',
    );
    const { items } = detect(doc, 'https://www.instocktrades.com/');
    expect(items).toHaveLength(1);
    expect(items[0]?.title).toBe('AVENGERS OMNIBUS HC VOL 03 BUSCEMA DM VAR');
    expect(items[0]?.via).toBe('adapter:instocktrades');
    expect(codes(items[0])).toEqual(['diamond:SEP170987']);
  });
});

describe('the same comic shown twice', () => {
  const tile = (id: number, title: string) =>
    `<div class="product-tile"><a href="/product/${id}/x"><img alt="${title}"></a><a href="/product/${id}/x" class="tile-title">${title}</a><span class="price">$3.74</span></div>`;

  it('counts slider clones once, with the badge on the original slide', () => {
    const doc = page(`<div class="slick-track">
      <div class="slick-slide slick-cloned" aria-hidden="true">${tile(2, 'Detective Comics #1090')}</div>
      <div class="slick-slide">${tile(1, 'Batman #152')}</div>
      <div class="slick-slide">${tile(2, 'Detective Comics #1090')}</div>
      <div class="slick-slide" aria-hidden="true">${tile(3, 'Nightwing #118')}</div>
      <div class="slick-slide slick-cloned" aria-hidden="true">${tile(1, 'Batman #152')}</div>
      <div class="swiper-slide swiper-slide-duplicate">${tile(3, 'Nightwing #118')}</div></div>`);
    const { items } = detect(doc, MIDTOWN);
    expect(items.map((i) => i.title)).toEqual(['Batman #152', 'Detective Comics #1090', 'Nightwing #118']);
    for (const item of items.slice(0, 2)) expect(item.anchor.closest('.slick-cloned')).toBeNull();
  });

  it('counts one product in two blocks of a page once, by code or by address', () => {
    const doc = page(`<div class="productgrid">
      <div class="item"><div class="item-title"><a href="/products/aug120491/saga-tp-vol-01">Saga TP Vol 01 (MR)</a></div></div>
      <div class="item"><div class="item-title"><a href="/products/aug120491/saga-tp-vol-01?ref=deals">Saga TP Vol 01 (MR)</a></div></div></div>`);
    expect(detect(doc, 'https://www.instocktrades.com/').items).toHaveLength(1);
  });
});

describe('what is never an item', () => {
  it('ignores templates, scripts, noscript, comments, hidden inputs and base64 blobs', () => {
    const blob = btoa(JSON.stringify({ title: 'Absolute Batman #4 Cover A', upc: '76194138626300411' })).repeat(300);
    const doc = page(`
      <script type="text/template"><div class="card"><h3>Batman #150 Cover A</h3><span>UPC: 76194134182815011</span></div></script>
      <template><li><a href="/Catalog/JUL230408">TRANSFORMERS #1</a> <span>ISBN 9781607066019</span></li></template>
      <noscript><div><h3>Saga #1</h3><p>UPC: 70985303005835011</p></div></noscript>
      <!-- <div class="product"><h2>Ultimate Spider-Man #1</h2> UPC: 75960620807400111</div> -->
      <form><input type="hidden" name="last_viewed_upc" value="76194138626300411"><input type="hidden" name="__STATE" value="${blob}"></form>
      <div data-state="${blob}">Limited time offer</div><textarea>UPC: 76194138626300411 Batman #1</textarea>`);
    expect(detect(doc, SHOP).items).toEqual([]);
  });

  it('keeps markup in a title as text', () => {
    const doc = page('<h1>Spawn #350 &lt;img src=x onerror=alert(1)&gt; Cover A</h1><p>UPC: 70985303005835011</p>');
    const [item] = detect(doc, SHOP).items;
    expect(item?.title).toBe('Spawn #350 <img src=x onerror=alert(1)> Cover A');
    expect(doc.querySelector('img')).toBeNull();
  });

  it('leaves out merchandise and store headings, using the adapter category where it has one', () => {
    const gallery = (title: string, cat: string, code: string) =>
      `<div class="slGalleryItem" dmd-title="${title}" dmd-cat="${cat}"><div class="slGalleryItemDmdNo"><a href="/Catalog/${code}">${code}</a></div><div class="slGalleryItemTitle">${title}</div></div>`;
    const doc = page(
      gallery('STAR TREK STARSHIPS FIG MAG BONUS #5', '10', 'OCT172376') + gallery('DETECTIVE COMICS #976', '1', 'JAN180283') + gallery('SOME NEW THING #1', '10', 'MAR182629'),
    );
    const { items } = detect(doc, 'https://www.previewsworld.com/');
    expect(items.map((i) => i.title)).toEqual(['DETECTIVE COMICS #976']);
  });
});

describe('hostile and huge pages', () => {
  it('never throws, whatever the page or the address', () => {
    const deep = '<div>'.repeat(3000) + '<h1>Saga #1</h1><p>UPC: 70985303005835011</p>' + '</div>'.repeat(3000);
    const nestedJson = '['.repeat(5000) + ']'.repeat(5000);
    const cases: [string, string][] = [
      [deep, SHOP],
      [`<script type="application/ld+json">${nestedJson}</script>`, SHOP],
      ['<div class="product-tile">' + 'x'.repeat(2_000_000) + '</div>', MIDTOWN],
      ['<p>' + 'UPC: 1 '.repeat(50_000) + '</p>', SHOP],
      ['<a href="http://[::1">broken</a><a href="%E0%A4%A">Batman #1</a>', 'not a url'],
      ['', ''],
    ];
    for (const [body, url] of cases) expect(() => detect(page(body), url)).not.toThrow();
  });

  it('survives an adapter with broken selectors and address tests', () => {
    const broken: SiteAdapter = {
      id: 'broken',
      name: 'Broken',
      matches: [],
      pages: [{ kind: 'listing', url: /./, items: [{ container: 'div[', title: [')('], price: ['::nope@'] }, { container: '.tile', title: ['h3', '>>'], price: ['['] }] }],
    };
    const doc = page('<div class="tile"><h3>Batman #1</h3><span>$3.99</span></div>');
    const { items } = detect(doc, SHOP, { adapter: broken });
    expect(items.map((i) => [i.title, i.via])).toEqual([['Batman #1', 'adapter:broken']]);
  });

  it('never throws on random markup', () => {
    const fragment = fc.array(
      fc.oneof(
        fc.constantFrom('<div class="product-tile">', '</div>', '<a href="/Catalog/MAR180454">', '</a>', '<h1>', '</h1>', 'UPC: ', '76194138626300411', 'Batman #1', '<script type="application/ld+json">', '</script>', '{"@type":"Product","name":', '"Saga #1"}', '<li itemscope itemtype="https://schema.org/Product">', '<span itemprop="gtin13">', '</span>', '…', '<template>', '</template>'),
        fc.string({ maxLength: 20 }),
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(fragment, fc.constantFrom(SHOP, MIDTOWN, 'https://www.previewsworld.com/', 'x'), (parts, url) => {
        expect(() => detect(page(parts.join('')), url)).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('caps the work on a page with tens of thousands of items, and honours a limit', () => {
    const tiles = Array.from({ length: 6000 }, (_, i) => `<div class="product-tile"><a href="/product/${i}/x" class="tile-title">Batman #${i + 1}</a></div>`).join('');
    const doc = page(tiles);
    const all = detect(doc, MIDTOWN).items;
    expect(all.length).toBe(2000); // the default limit
    expect(detect(doc, MIDTOWN, { limit: 25 }).items).toHaveLength(25);
    const unlimited = detect(doc, MIDTOWN, { limit: 1_000_000 }).items;
    // The adapter reads at most 5,000 containers a scan; the grid reader (at most 8,000 links) the rest.
    expect(unlimited.length).toBe(6000);
    // Heavy DOM work (three reads of 6,000 tiles in happy-dom): room for a loaded machine; nothing here is timed.
  }, 120_000);
});

describe('a page that grows', () => {
  const tile = (id: number, title: string) => `<div class="product-tile"><a href="/product/${id}/x" class="tile-title">${title}</a></div>`;

  it('returns only new items from a later scan of the page or of the new nodes', () => {
    const doc = page(`<div id="grid">${tile(1, 'Batman #1')}${tile(2, 'Batman #2')}</div>`);
    const session = createDetectionSession(doc, MIDTOWN);
    expect(session.adapter).toBe('midtown');
    expect(session.scan().map((i) => i.title)).toEqual(['Batman #1', 'Batman #2']);
    expect(session.scan()).toEqual([]);
    const more = doc.createElement('div');
    more.innerHTML = tile(3, 'Batman #3') + tile(1, 'Batman #1');
    doc.getElementById('grid')?.append(more);
    expect(session.scan(more).map((i) => i.title)).toEqual(['Batman #3']);
    expect(session.scan()).toEqual([]);
  });

  it('skips what a shared seen set says was handled', () => {
    const doc = page(tile(1, 'Batman #1') + tile(2, 'Batman #2'));
    const seen = new WeakSet<Element>();
    expect(detect(doc, MIDTOWN, { seen }).items).toHaveLength(2);
    expect(detect(doc, MIDTOWN, { seen }).items).toHaveLength(0);
  });

  it('reads a big page in time slices when asked', () => {
    const doc = page(Array.from({ length: 3000 }, (_, i) => tile(i, `Batman #${i + 1}`)).join(''));
    const session = createDetectionSession(doc, MIDTOWN, { limit: 10_000 });
    let total = session.scan(undefined, 0).length;
    expect(session.pending).toBe(true);
    for (let i = 0; i < 500 && session.pending; i++) total += session.scan(undefined, 5).length;
    expect(session.pending).toBe(false);
    expect(total).toBe(3000);
  });
});
