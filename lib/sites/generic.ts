import type { SiteAdapter } from './types';

// Stores with no adapter of their own and no platform Longbox recognises (lib/sites/platforms/ names
// Shopify, WooCommerce and BigCommerce): Magento's product pages, grids and carts.
// The general readers (structured data, product grids, labels, addresses) read these pages anyway.

export const generic: SiteAdapter = {
  id: 'generic',
  name: 'Any store',
  matches: [],
  pages: [
    {
      kind: 'product',
      url: /./,
      items: [
        // Single product: Magento's (Shopify's and WooCommerce's are their platforms', lib/sites/platforms/;
        // the general readers read any other).
        {
          container: '.product-info-main',
          title: ['h1.page-title .base', 'h1'],
          price: ['.product-info-price .price', '[data-product-price]', '.price'],
          anchor: ['h1'],
        },
        // Magento product grids and carts.
        {
          container: 'li.product-item',
          title: ['.product-item-link', 'a[title]@title', 'img@alt'],
          price: ['.price'],
        },
        {
          container: 'tbody.cart.item',
          title: ['.product-item-name a', 'a'],
          price: ['.cart-price .price', '.price'],
        },
      ],
    },
  ],
};
