import type { ItemRule, SiteAdapter } from './types';

// Forbidden Planet (UK): product cards in grids and Swiper carousels (whose loop duplicates are skipped),
// a details list with the EAN on product pages, basket lines.

const card: ItemRule = {
  container: 'article.product-card',
  title: ['.product-card__title a', '.product-card__title', 'img@alt'],
  price: ['.product-card__price', '.price'],
};

export const forbiddenplanet: SiteAdapter = {
  id: 'forbiddenplanet',
  name: 'Forbidden Planet',
  comicShop: true,
  matches: ['https://*.forbiddenplanet.com/*', 'https://*.forbiddenplanet.co.uk/*'],
  pages: [
    {
      kind: 'cart',
      url: /^\/basket\b/,
      items: [{ container: 'li.basket-line', title: ['.basket-line__title'], price: ['.basket-line__price'] }, card],
    },
    { kind: 'listing', url: /^\/catalog\//, items: [card] },
    {
      kind: 'product',
      url: /^\/\d+-[^/]+\/?$/,
      items: [
        {
          container: 'div.product',
          title: ['.product__title', 'h1'],
          labelled: ['.product__details'],
          price: ['.product__price .price', '.product__price'],
        },
        card,
      ],
    },
    { kind: 'search', url: /^\//, items: [card] },
  ],
};
