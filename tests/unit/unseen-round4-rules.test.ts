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
