import { describe, expect, it } from 'vitest';
import { detect } from '@/lib/detect/page';
import { reportDetection } from '@/lib/detect/report';
import { parseTitle } from '@/lib/detect/titles';
import { parsePage } from '@/scripts/lib/fixtures';

// The rules the fourth round of pages written by helpers who never saw the detection code asked for
// (a TFAW new-releases grid, a German WooCommerce shop, omnibus titles).

function read(html: string, url: string) {
  const { document, close } = parsePage(`<!DOCTYPE html><html><head><title>Shop</title></head><body>${html}</body></html>`, url);
  try {
    return reportDetection(detect(document, url)).items.map((item) => ({ title: item.title, codes: item.codes.map((c) => `${c.type}:${c.value}`), price: item.price }));
  } finally {
    void close();
  }
}

/** A TFAW (Magento) grid tile: the old MSRP price first, the member price after it, a code in a line of its own. */
const tfawTile = (slug: string, title: string, code: string) => `
<li class="item product product-item"><div class="product-item-info">
  <a href="https://www.tfaw.com/${slug}" class="product photo product-item-photo"><img class="product-image-photo" src="https://www.tfaw.com/media/${slug}.jpg" alt="${title}"></a>
  <div class="product details product-item-details">
    <strong class="product name product-item-name"><a class="product-item-link" href="https://www.tfaw.com/${slug}">${title}</a></strong>
    <div class="product-item-code"><small>${code}</small></div>
    <div class="price-box price-final_price">
      <span class="old-price msrp"><span class="price-container"><span class="price-label">MSRP</span> <span class="price-wrapper"><span class="price">$4.99</span></span></span></span>
      <span class="special-price member-price"><span class="price-container"><span class="price-label">Member Price</span> <span class="price-wrapper"><span class="price">$4.24</span></span></span></span>
    </div>
    <form data-role="tocart-form" data-product-sku="1318452" action="https://www.tfaw.com/checkout/cart/add/product/318452/" method="post"><button type="submit" class="action tocart primary"><span>Add to Cart</span></button></form>
  </div></div></li>`;

describe("an adapter's grid tile", () => {
  const items = read(
    `<ol class="products list items product-items">${tfawTile('absolute-batman-9-cover-a', 'Absolute Batman #9 (Cover A - Nick Dragotta)', '0425DC0012')}${tfawTile('transformers-21-cover-a', 'Transformers #21 (Cover A - Daniel Warren Johnson)', 'APR250045')}</ol>`,
    'https://www.tfaw.com/new-releases',
  );

  it('asks the price its rule names that is not the old one (Magento old-price / special-price)', () => {
    expect(items.map((item) => item.price)).toEqual(['$4.24', '$4.24']);
  });

  it('takes a code from a line of its own when the rule found none', () => {
    expect(items.map((item) => item.codes)).toEqual([['lunar:0425DC0012'], ['diamond:APR250045']]);
  });
});

describe('links every card shares', () => {
  // German shops print "zzgl. Versandkosten" under every price, linked to the shipping page.
  const card = (slug: string, title: string, sku: string) => `
<li class="product"><a href="https://shop.example.de/produkt/${slug}/"><img src="https://shop.example.de/wp-content/uploads/${slug}.jpg" alt="${title}"><h2>${title}</h2><span class="price">5,50 €</span></a>
  <p>zzgl. <a href="https://shop.example.de/versandarten/">Versandkosten</a></p>
  <a href="?add-to-cart=1" class="button add_to_cart_button" data-product_sku="${sku}">In den Warenkorb</a></li>`;
  const page = `<ul class="products">${card('absolute-batman-8', 'Absolute Batman #8 Cover A Nick Dragotta', '0525DC0031')}${card('ultimate-spider-man-15', 'Ultimate Spider-Man #15 Cover A Marco Checchetto', 'MAR250612')}${card('transformers-21', 'Transformers #21 Cover A Daniel Warren Johnson', '0425IM0287')}</ul>`;

  it('do not split a card: each card keeps the code on its own add-to-cart button', () => {
    expect(read(page, 'https://shop.example.de/produkt-kategorie/neuheiten/').map((item) => item.codes)).toEqual([['lunar:0525DC0031'], ['diamond:MAR250612'], ['lunar:0425IM0287']]);
  });

  it('a product linked three times is still a product', () => {
    const thrice = `<ul class="products">${card('saga-1', 'Saga #1', '0912IM0001')}${card('saga-2', 'Saga #2', '1012IM0002')}</ul><aside><ul><li><a href="https://shop.example.de/produkt/saga-1/">Saga #1</a> <span>5,50 €</span></li><li><a href="https://shop.example.de/produkt/saga-1/">Saga #1</a> <span>5,50 €</span></li></ul></aside>`;
    expect(read(thrice, 'https://shop.example.de/produkt-kategorie/neuheiten/').map((item) => item.title)).toEqual(['Saga #1', 'Saga #2']);
  });
});

describe('omnibus titles', () => {
  it('keep the word in the series and read it as the format', () => {
    const omnibus = (title: string) => {
      const parsed = parseTitle(title);
      return parsed.kind === 'comic' ? [parsed.series, parsed.volume, parsed.format] : parsed.reason;
    };
    expect(omnibus('Avengers Omnibus HC Vol 03 Buscema Dm Var')).toEqual(['Avengers Omnibus', 3, 'omnibus']);
    expect(omnibus('Batman by Tom King Omnibus')).toEqual(['Batman by Tom King Omnibus', null, 'omnibus']);
    expect(omnibus('Omnibus Vol 2')).toBe('no-series');
  });
});

describe('books that are not comics, and editions', () => {
  const reason = (title: string) => {
    const parsed = parseTitle(title);
    return parsed.kind === 'comic' ? parsed.series : parsed.reason;
  };

  it('a coloring book, a sticker book, a novel and a tote bag are other products', () => {
    for (const title of ['Batman: The Official Coloring Book', 'Spider-Man Sticker Book', 'Batman: Resurrection: A Novel', 'Graphic Novels Tote Bag']) expect(reason(title), title).toBe('merchandise');
    expect(reason('Watchmen: A Graphic Novel')).toBe('Watchmen');
  });

  it('an edition in parentheses ends the series', () => {
    const parsed = parseTitle('Batman: Dark Victory (New Edition)', { category: 'Graphic Novels' });
    expect(parsed.kind === 'comic' ? parsed.series : parsed.reason).toBe('Batman: Dark Victory');
    expect(reason('Saga (Deluxe Edition) Vol. 1')).toBe('Saga');
  });
});

describe('a product page whose block holds shelves of other books', () => {
  // B&N: the product's block holds "Customers also bought" and "Explore more" shelves; their covers' file
  // names carry their ISBNs.
  const shelfCard = (ean: string, title: string, price: string) =>
    `<div class="product-shelf-tile"><a href="/w/${ean}?ean=${ean}" title="${title}"><img src="https://prodimage.images-bn.com/pimages/${ean}_p0_v2_s192x300.jpg" alt="${title}"></a>
     <div class="product-shelf-title"><a href="/w/${ean}?ean=${ean}" title="${title}">${title}</a></div><div class="current"><span>${price}</span></div></div>`;
  const page = `<main id="productDetail"><h1 itemprop="name">Batman: The Long Halloween</h1><p>Paperback</p><p>ISBN-13: 9781401232597</p><p>$26.99</p><button>Add to Cart</button>
    <section><h2>Customers Who Bought This Also Bought</h2><div class="shelf">${shelfCard('9781401207526', 'Batman: Year One', '$17.99')}${shelfCard('9780593723173', 'Batman: Resurrection: A Novel', '$28.00')}${shelfCard('9781401216672', 'Batman: The Killing Joke: The Deluxe Edition', '$19.99')}</div></section>
    <section><h2>Explore More Items</h2><div class="shelf">${shelfCard('9781401207526', 'Batman: Year One', '$17.99')}${shelfCard('9781779515636', 'Batman: Haunted Knight (New Edition)', '$24.99')}</div></section></main>`;

  it("gives the page's product only its own code: a shelf's second copy and a novel's cover keep theirs", () => {
    const items = read(page, 'https://www.barnesandnoble.com/w/batman-the-long-halloween-jeph-loeb/1100150960?ean=9781401232597');
    expect(items.map((item) => [item.title, item.codes])).toEqual([
      ['Batman: The Long Halloween', ['isbn:9781401232597']],
      ['Batman: Year One', ['isbn:9781401207526']],
      ['Batman: The Killing Joke: The Deluxe Edition', ['isbn:9781401216672']],
      ['Batman: Haunted Knight (New Edition)', ['isbn:9781779515636']],
    ]);
  });
});

describe('MyComicShop issue links', () => {
  it('/search?TID=…&IVGroup=… names one issue: a product address, not a list', async () => {
    const { isListLink, isProductAddress } = await import('@/lib/detect/links');
    expect(isListLink('/search?TID=53010&IVGroup=90212660')).toBe(false);
    expect(isProductAddress('/search?TID=53010&IVGroup=90212660')).toBe(true);
    expect(isListLink('/search?TID=53010')).toBe(true);
  });
});

describe('addresses', () => {
  it("a product's '?from=/search' is not a search, and its tracking parameters do not make it another product", async () => {
    const { isListLink, linkKeys } = await import('@/lib/detect/links');
    expect(isListLink('/ip/Batman-1-DC-Comics-2025-Cover-A/14463584913?classType=REGULAR&from=/search')).toBe(false);
    expect(isListLink('/search?q=batman')).toBe(true);
    const key = linkKeys('https://www.walmart.com/search?q=batman+comic');
    expect(key('/ip/Absolute-Batman-Vol-1/5109876543?classType=REGULAR&athbdg=L1600&from=/search')).toBe(key('/ip/Absolute-Batman-Vol-1/5109876543?classType=REGULAR&from=/search'));
    // Where the number names a work, a code parameter still tells its formats apart (B&N's ?ean=).
    expect(key('/w/batman-year-one/1100269264?ean=9781401207526')).not.toBe(key('/w/batman-year-one/1100269264?ean=9781779521088'));
  });
});

describe('French and other volumes', () => {
  const read = (title: string) => {
    const parsed = parseTitle(title);
    return parsed.kind === 'comic' ? [parsed.series, parsed.volume, parsed.format] : parsed.reason;
  };
  it('"T.42" is a volume and "Intégrale" a format, not part of the series', () => {
    expect(read('Les Schtroumpfs T.42 - Les Schtroumpfs et la machine à rêver')).toEqual(['Les Schtroumpfs', 42, 'tpb']);
    expect(read('Spirou et Fantasio - Intégrale - tome 17')).toEqual(['Spirou et Fantasio', 17, 'omnibus']);
    expect(read('Integrated #1')).toEqual(['Integrated', null, 'issue']);
    expect(read('Batman T. Rex #1')).toEqual(['Batman T. Rex', null, 'issue']);
  });
  it('calendars in any of these languages are other products, Calendar Man is not', () => {
    for (const title of ['Calendrier Astérix 2026', 'Batman 2026 Calendar', 'Asterix Kalender 2026']) expect(read(title), title).toBe('merchandise');
    expect(read('Calendar Man #1')).toEqual(['Calendar Man', null, 'issue']);
  });
});

describe('cards', () => {
  it("a theme's own price elements the rule does not name: the card's shown price; a title around its link: that link", () => {
    const card = (handle: string, title: string, price: string) => `<product-card class="product-card"><a href="/collections/new/products/${handle}" class="product-card__media"><img src="//shop.example/cdn/shop/files/${handle}.jpg" alt="${title}"></a>
      <span class="product-card__title"><a href="/collections/new/products/${handle}">${title}</a></span><price-list><sale-price><span class="sr-only">Sale price</span>${price}</sale-price><compare-at-price class="line-through"><span class="sr-only">Regular price</span>$4.99</compare-at-price></price-list></product-card>`;
    const page = `<link rel="stylesheet" href="https://cdn.shopify.com/s/files/theme.css"><div class="grid">${card('saga-1', 'Saga #1', '$4.24')}${card('saga-2', 'Saga #2', '$3.99')}</div><section><h2>Recently viewed</h2>${card('saga-1', 'Saga #1', '$4.24')}</section>`;
    expect(read(page, 'https://shop.example/collections/new').map((item) => [item.title, item.price])).toEqual([['Saga #1', '$4.24'], ['Saga #2', '$3.99']]);
  });

  it('a product shown in a sidebar before the grid keeps the code on its grid card', () => {
    const side = (slug: string, title: string) => `<li><a href="https://shop.example/product/${slug}/"><img src="https://shop.example/wp-content/uploads/${slug}-100x100.jpg" alt="${title}"><span>${title}</span></a><span>$16.99</span></li>`;
    const box = (slug: string, title: string, sku: string) => `<div class="box"><a href="https://shop.example/product/${slug}/"><img src="https://shop.example/wp-content/uploads/${slug}-247x380.jpg" alt="${title}"></a><p><a href="https://shop.example/product/${slug}/">${title}</a></p><span>$16.99</span><a href="?add-to-cart=1" class="button" data-product_sku="${sku}">Add to cart</a></div>`;
    const page = `<aside><ul>${side('saga-vol-11', 'Saga Vol. 11')}${side('monstress-vol-9', 'Monstress Vol. 9')}</ul></aside><div class="products">${box('saga-vol-11', 'Saga Vol. 11', '9781534328457')}${box('monstress-vol-9', 'Monstress Vol. 9', '9781534327238')}${box('transformers-vol-3', 'Transformers Vol. 3', '9781534331211')}</div>`;
    expect(read(page, 'https://shop.example/product-category/graphic-novels/').map((item) => [item.title, item.codes])).toEqual([
      ['Saga Vol. 11', ['isbn:9781534328457']],
      ['Monstress Vol. 9', ['isbn:9781534327238']],
      ['Transformers Vol. 3', ['isbn:9781534331211']],
    ]);
  });
});

describe('round five', () => {
  it('a cover note ("Card stock") does not make a comic some other product', () => {
    const row = (code: string, title: string, note: string) => `<tr><td><a href="/product/${code}/x">${title}</a><span>${note}</span></td><td>${code}</td><td><span>Retail $5.99</span> <span>$3.59</span></td><td><button>Add to Cart</button></td></tr>`;
    const items = read(`<table><tbody>${row('0126DC0032', 'Absolute Wonder Woman #17 Cvr B Jorge Fornes Card Stock Var', 'Card stock')}${row('0126DC0033', 'Absolute Wonder Woman #17 Cvr C Mateus Manhanini Card Stock Var', 'Card stock')}</tbody></table>`, 'https://shop.example/comics');
    expect(items.map((item) => [item.codes, item.price])).toEqual([[['lunar:0126DC0032'], '$3.59'], [['lunar:0126DC0033'], '$3.59']]);
  });

  it('a sold-out comic showing only its list price has no price', async () => {
    const { shownPrice } = await import('@/lib/detect/prices');
    const { document, close } = parsePage('<div id="a"><span>Retail $5.99</span> <span>Sold Out</span></div><div id="b"><span>Retail $5.99</span></div>', 'https://shop.example/');
    expect(shownPrice(document.getElementById('a') as Element)).toBeNull();
    expect(shownPrice(document.getElementById('b') as Element)).toBe('$5.99');
    void close();
  });

  it("a card's format line makes a title with no format a comic (a hardcover only where the shop sells comics); who signed it is not the series", () => {
    const tile = (id: string, title: string, format: string) => `<article><a href="/${id}-x/"><img src="/p/${id}.webp" alt=""></a><p>${format}</p><h2><a href="/${id}-x/">${title}</a></h2><span class="price">£15.00</span><button>Add to basket</button></article>`;
    const list = `<ul><li>${tile('455873', 'Batman: Hush (Signed by Jim Lee)', 'Hardcover')}</li><li>${tile('455874', 'Batman: Year One', 'Graphic Novel')}</li><li>${tile('455875', 'Batman Cowl Replica', 'Collectibles')}</li></ul>`;
    expect(read(list, 'https://shop.example/search?q=batman').map((item) => item.title)).toEqual(['Batman: Year One']);
    expect(read(list, 'https://www.examplecomics.example/search?q=batman').map((item) => item.title)).toEqual(['Batman: Hush (Signed by Jim Lee)', 'Batman: Year One']);
    const parsed = parseTitle('Batman: Hush (Signed by Jim Lee)', { category: 'Hardcover' });
    expect(parsed.kind === 'comic' ? parsed.series : parsed.reason).toBe('Batman: Hush');
  });
});

describe('round five: manga, Italian and Spanish shops, Amazon ads', () => {
  const read1 = (title: string, category?: string) => {
    const parsed = parseTitle(title, category === undefined ? {} : { category });
    return parsed.kind === 'comic' ? [parsed.series, parsed.number, parsed.volume] : parsed.reason;
  };
  it('"n. 450", "nº 105" are issue numbers; a "No." before a volume is part of the name', () => {
    expect(read1('Tex n. 780')).toEqual(['Tex', '780', null]);
    expect(read1('One Piece nº 105')).toEqual(['One Piece', '105', null]);
    expect(read1('Kaiju No. 8, Vol. 14')).toEqual(['Kaiju No. 8', null, 14]);
    expect(read1('Batman No. 5')).toEqual(['Batman', '5', null]);
  });
  it('a number ending a title a store vouches for is its number, a year is not', () => {
    expect(read1('Chainsaw Man 18', 'Comics')).toEqual(['Chainsaw Man', '18', null]);
    expect(read1('Batman 1989', 'Comics')).toEqual(['Batman 1989', null, null]);
    expect(read1('Chainsaw Man 18')).toBe('no-comic-marker');
  });
  it('light novels, art books, subscriptions and "nº 1 al 3" packs are not comics; "Complete Box Set" is a format', () => {
    expect(read1('Re:ZERO -Starting Life in Another World-, Vol. 1 (light novel)')).toBe('merchandise');
    expect(read1('Chainsaw Man Official Illustration Book (Art Book)')).toBe('merchandise');
    expect(read1('Abbonamento Topolino - 52 numeri')).toBe('merchandise');
    expect(read1('Pack One Piece nº 1 al 3')).toBe('lot');
    expect(read1('Demon Slayer Complete Box Set')).toEqual(['Demon Slayer', null, null]);
  });
  it("Amazon's 'Sponsored Ad - ' is not part of the title", async () => {
    const { titleText } = await import('@/lib/detect/judge');
    expect(titleText('Sponsored Ad - Absolute Batman Vol. 1: The Zoo')).toBe('Absolute Batman Vol. 1: The Zoo');
    expect(titleText('Ad - Absolute Batman Vol. 1: The Zoo')).toBe('Absolute Batman Vol. 1: The Zoo');
  });
});
