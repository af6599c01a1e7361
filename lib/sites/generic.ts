import type { SiteAdapter } from './types';

// Stores with no adapter of their own and no platform Longbox recognises (lib/sites/platforms/ names
// Shopify, WooCommerce and BigCommerce): Magento's product pages and grids, and any page's main product.
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
        // Single product: Magento, and the common product-page shapes of other platforms.
        {
          container: 'div.product.type-product, .product-info-main, .product-single, section[id^="MainProduct"]',
          title: ['.product_title', 'h1.page-title .base', '.product__title h1', '.product-single__title', 'h1'],
          price: ['.summary .price ins .amount', '.summary .price .amount', '.price-item--sale', '.price-item--regular', '.product-info-price .price', '[data-product-price]', '.price'],
          anchor: ['.product_title', 'h1'],
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
