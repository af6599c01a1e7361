import type { ItemRule, SiteAdapter } from './types';

// DCBS (Discount Comic Book Service): every item shows its order code (a UPC, a Lunar or a PRH code),
// which is also the product's address (/product/<code>/<slug>).

const thumb: ItemRule = {
  container: 'li.thumbitem, li.featureditem',
  title: ['.thumbtitle a', '.thumbtitle', 'img@alt'],
  codes: ['.thumbcode', '.thumbtitle a@href'],
  price: ['.dcbsprice', '.thumbprice'],
};

export const dcbs: SiteAdapter = {
  id: 'dcbs',
  name: 'DCBS',
  comicShop: true,
  matches: ['https://*.dcbservice.com/*'],
  pages: [
    {
      kind: 'product',
      url: /^\/product\//,
      items: [
        {
          container: '.productdetail',
          title: ['h1.producttitle', 'h1'],
          codes: ['.ordercode', '.addcart@data-code'],
          price: ['.dcbsprice', '.retailprice'],
        },
        thumb,
      ],
    },
    {
      kind: 'cart',
      url: /^\/cart\b/,
      items: [{ container: 'tr.cartrow', title: ['.cartitem a', '.cartitem'], codes: ['.cartcode', '@data-code'], price: ['td.text-right'] }],
    },
    { kind: 'search', url: /^\/search\b/, items: [thumb] },
    { kind: 'listing', url: /^\/(?!cart|account|checkout)/, items: [thumb] },
  ],
};
