import type { ItemRule, SiteAdapter } from './types';

// Midtown Comics: product tiles everywhere (search, new releases, "other covers", slick carousels), a
// specs list with "Item Code:" and "UPC:" on product pages, a table for the cart.

const tile: ItemRule = {
  container: '.product-tile',
  title: ['a.tile-title', '.tile-title', 'img@alt'],
  price: ['.discounted-price', '.price', '.tile-price'],
};

export const midtown: SiteAdapter = {
  id: 'midtown',
  name: 'Midtown Comics',
  comicShop: true,
  matches: ['https://*.midtowncomics.com/*'],
  pages: [
    {
      kind: 'product',
      url: /^\/product\//,
      items: [
        {
          container: '.product-detail',
          title: ['h1.product-title', 'h1', '#prod-main-img@alt'],
          labelled: ['.product-specs'],
          price: ['.product-price .discounted-price', '.product-price .price', '.product-price'],
        },
        tile,
      ],
    },
    {
      kind: 'cart',
      url: /^\/cart\b/,
      items: [{ container: 'tr.cart-row', title: ['td.cart-title a', '.cart-title'], price: ['.cart-price'] }],
    },
    { kind: 'search', url: /^\/search\b/, items: [tile] },
    { kind: 'listing', url: /^\/(?!cart|checkout|account|login|register)/, items: [tile] },
  ],
};
