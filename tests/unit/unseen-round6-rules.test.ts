import { describe, expect, it } from 'vitest';
import { detect } from '@/lib/detect/page';
import { reportDetection } from '@/lib/detect/report';
import { altTitle } from '@/lib/detect/extractors/product-grid';
import { shownPrice, withoutPrice } from '@/lib/detect/prices';
import { parsePage } from '@/scripts/lib/fixtures';

// The rules the eighth round of pages written by helpers who never saw the detection code asked for:
// general bookstores, an Italian publisher's shop, a bestseller link list, feature tiles in Spanish and
// French, a comic shop's graphic-novel shelf (tests/fixtures/sites/layouts/, bookstore-home-mixed to
// graphic-novel-shelf).

function read(html: string, url: string, title = 'Shop') {
  const { document, close } = parsePage(`<!DOCTYPE html><html><head><title>${title}</title></head><body>${html}</body></html>`, url);
  try {
    return reportDetection(detect(document, url)).items.map((item) => ({ title: item.title, series: item.series, number: item.number, price: item.price }));
  } finally {
    void close();
  }
}

describe('a book is a comic only with a comic signal', () => {
  const card = (slug: string, isbn: string, title: string, binding: string, lines: string) =>
    `<div role="listitem"><dl><dt><a href="/p/${slug}/${isbn}" title="${title} (${binding})"><img src="/covers/${isbn}.jpg" alt="${title}"></a></dt><dd><a href="/p/${slug}/${isbn}"><strong>${title}</strong></a></dd>${lines}<dd>$19.99</dd></dl><button type="button">Add to Cart</button></div>`;
  const shelf = (heading: string, cards: string) => `<section><div><h2>${heading}</h2><a href="/c/all">See All</a></div><div role="list">${cards}</div></section>`;

  it('on a bookstore, a priced book with an ISBN and a binding is not one; a publisher, a format or a department line makes it one', () => {
    const html =
      shelf('New &amp; Noteworthy', card('The-Women', '9781250649058', 'The Women', 'Hardcover', '<dd>Kristin Hannah</dd>') + card('Absolute-Batman', '9781799501886', 'Absolute Batman Vol. 1: The Zoo', 'Graphic Novel', '<dd>Scott Snyder</dd>')) +
      shelf('Teen &amp; Young Adult', card('Chainsaw-Man', '9781974558360', 'Chainsaw Man, Vol. 19', 'Paperback', '<dd>Tatsuki Fujimoto</dd><dd>Viz Media LLC</dd>') + card('Legendborn', '9781534390546', 'Legendborn', 'Paperback', '<dd>Tracy Deonn</dd><dd>Margaret K. McElderry Books</dd>')) +
      shelf('Cookbooks We Love', card('Magnolia-Table', '9780062671202', 'Magnolia Table, Volume 3', 'Hardcover', '<dd>Joanna Gaines</dd>'));
    // The title is the one shown, not the link attribute that adds the format to it.
    expect(read(html, 'https://www.bookstore.example/', 'Lanternhouse Books').map((item) => item.title)).toEqual(['Absolute Batman Vol. 1: The Zoo', 'Chainsaw Man, Vol. 19']);
  });

  it("on a comic shop's shelf, a role-playing game book filed under graphic novels is a game", () => {
    const tile = (id: string, title: string, publisher: string) => `<div class="p"><a href="/products/${id}/x"><img alt="${title}"></a><h3><a href="/products/${id}/x">${title}</a></h3><div>${publisher}</div><span>$29.99</span><button>Add to Cart</button></div>`;
    const html = `<h1>Graphic Novels</h1><div>${tile('1', 'Superman: Space Age HC', 'DC Comics')}${tile('2', 'Marvel Multiverse Role-Playing Game: Core Rulebook HC', 'Marvel')}${tile('3', "Dungeons &amp; Dragons Player's Handbook HC (2024)", 'Wizards of the Coast')}</div>`;
    expect(read(html, 'https://www.comicsdepot.example/category/graphic-novels').map((item) => item.title)).toEqual(['Superman: Space Age HC']);
  });
});

describe('Italian bare numbers', () => {
  it('where the shop sells comics, "Dampyr 216" is series and number, its price split in two spans', () => {
    const slide = (slug: string, title: string, price: string) =>
      `<div class="s"><a href="/shop/fumetti/albo/${slug}/"><img alt="Una storia - ${title} cover"></a><h2><a href="/shop/fumetti/albo/${slug}/">${title}</a></h2><span>${price}</span><span>&euro;</span><button type="button">Aggiungi al carrello</button></div>`;
    const html = `<div>${slide('dampyr-216-1002418', 'Dampyr 216', '3,50')}${slide('tex-690-variant-1002477', 'Tex 690 - Variant', '6,50')}${slide('dylan-dog-100-oro-1002519', 'Dylan Dog 100 - Oro', '7,90')}</div>`;
    expect(read(html, 'https://shop.editore.example/shop/fumetti/')).toEqual([
      { title: 'Dampyr 216', series: 'Dampyr', number: '216', price: '3,50 €' },
      { title: 'Tex 690 - Variant', series: 'Tex', number: '690', price: '6,50 €' },
      { title: 'Dylan Dog 100 - Oro', series: 'Dylan Dog', number: '100', price: '7,90 €' },
    ]);
  });

  it('a cover-only strip gives its titles from the covers: the series and number of "<story> - <series> <n> cover", or the address of a bare "462"', () => {
    const strip = `<ul><li><a href="/shop/fumetti/albo/dylan-dog-461-1002987/"><img alt="La stanza senza porte - Dylan Dog 461 cover"></a></li><li><a href="/shop/fumetti/albo/tex-770-1002990/"><img alt="Il fortino sul fiume - Tex 770 cover"></a></li></ul>`;
    const slides = `<div><div><a href="/shop/fumetti/albo/dylan-dog-462-1003012/"><img alt="462"></a></div><div><a href="/shop/fumetti/albo/nathan-never-402-1003030/"><img alt="402"></a></div></div>`;
    expect(read(strip + slides, 'https://shop.editore.example/shop/fumetti/').map((item) => [item.title, item.series, item.number, item.price])).toEqual([
      ['Dylan Dog 461', 'Dylan Dog', '461', null],
      ['Tex 770', 'Tex', '770', null],
      ['Dylan Dog 462', 'Dylan Dog', '462', null],
      ['Nathan Never 402', 'Nathan Never', '402', null],
    ]);
  });

  it('reads a cover description only as the structure says', () => {
    expect(altTitle('Frontiera di sangue - Tex 690 - Variant cover', '/albo/tex-690-variant-1002477/')).toBe('Tex 690 - Variant');
    expect(altTitle('Batman: Hush - Chapter Two', '/p/1')).toBe('Batman: Hush - Chapter Two');
    expect(altTitle('462', '/shop/fumetti/albo/dylan-dog-462-1003012/')).toBe('Dylan Dog 462');
    expect(altTitle('463', '/shop/fumetti/albo/dylan-dog-462-1003012/')).toBe('463');
  });

  it('outside a comics shop a name and a number is no comic', () => {
    const html = `<div><div><a href="/p/tazza-1"><img alt=""></a><h2><a href="/p/tazza-1">Dampyr 216</a></h2><span>3,50 €</span><button>Add to cart</button></div><div><a href="/p/tazza-2"><img alt=""></a><h2><a href="/p/tazza-2">Zagor 700</a></h2><span>3,50 €</span><button>Add to cart</button></div></div>`;
    expect(read(html, 'https://www.homewares.example/')).toEqual([]);
  });
});

describe('link lists', () => {
  it("the title is the one shown (not the link title's boilerplate), the price inside the link is the price, not the title", () => {
    const li = (id: string, title: string, price: string) => `<li><a href="/${id}-x/" title="Product detail for '${title}'"><span>${title} - <strong>${price}</strong></span></a></li>`;
    const html = `<ol>${li('239837', 'Oblivion Song #1', '£2.65')}${li('198245', 'Funko Pop! Heroes: Pop! Batman #01 Vinyl Figure', '£9.99')}${li('236519', 'Saga Vol. 8 TP', '£12.99')}${li('101177', 'BCW Current Comic Bags (Pack of 100)', '£6.50')}${li('231466', 'The Princess Diarist (Memoir) PB', '£9.99')}</ol>`;
    expect(read(html, 'https://www.comicshop.example/news/launch-night/')).toEqual([
      { title: 'Oblivion Song #1', series: 'Oblivion Song', number: '1', price: '£2.65' },
      { title: 'Saga Vol. 8 TP', series: 'Saga', number: null, price: '£12.99' },
    ]);
  });

  it('a price at either end of a link text is not part of the title', () => {
    expect(withoutPrice('Oblivion Song #1 - £2.65')).toBe('Oblivion Song #1');
    expect(withoutPrice('$3.99 Batman #1')).toBe('Batman #1');
    expect(withoutPrice('Batman $5 Edition #1')).toBe('Batman $5 Edition #1');
  });
});

describe('feature tiles', () => {
  it('a cover and a caption linking to a product are items when the caption reads as a comic; events, blog posts and figures are not', () => {
    const tile = (href: string, caption: string) => `<div><a href="${href}"><img alt="${caption}"></a><a href="${href}">${caption}</a></div>`;
    const html = `<h2>Destacados</h2><div>${tile('/producto/saga-tomo-3/', 'Saga Tomo 3')}${tile('/eventos/firma-de-autores/', 'Firma de autores el sábado')}${tile('/producto/superman-num-12/', 'Superman núm. 12')}${tile('/producto/batman-ano-uno-edicion-deluxe/', 'Batman: Año Uno (Edición Deluxe)')}${tile('/blog/los-diez-comics-del-ano/', 'Blog: los diez cómics del año')}${tile('/producto/figura-batman/', 'Figura Batman Black &amp; White')}</div>`;
    expect(read(html, 'https://www.bocadillo.example/', 'Bocadillo Cómics | Tu tienda de cómics').map((item) => [item.title, item.series, item.number])).toEqual([
      ['Saga Tomo 3', 'Saga', null],
      ['Superman núm. 12', 'Superman', '12'],
      ['Batman: Año Uno (Edición Deluxe)', 'Batman: Año Uno', null],
    ]);
  });
});

describe('prices', () => {
  it('an amount and its currency sign in two elements side by side are one price', async () => {
    const { document, close } = parsePage('<!DOCTYPE html><html><body><div id="a"><span>3,50</span><span>&euro;</span></div><div id="b"><span>$</span><span>19</span><span>.49</span> <span>current price $19.49</span></div></body></html>', 'https://x.example/');
    try {
      expect(shownPrice(document.getElementById('a') as Element)).toBe('3,50 €');
      expect(shownPrice(document.getElementById('b') as Element)).toBe('$19.49');
    } finally {
      await close();
    }
  });
});
