import type { SiteAdapter } from './types';

// Stores without an adapter of their own: Shopify (Dawn and older themes), WooCommerce and Magento pages.
// Structured data (JSON-LD, microdata, meta tags) and labelled codes are read for every page anyway; these
// rules add the item grids and carts those stores share.

export const generic: SiteAdapter = {
  id: 'generic',
  name: 'Any store',
  matches: [],
  pages: [
    {
      kind: 'product',
      url: /./,
      items: [
        // Single product: Shopify, WooCommerce, Magento.
        {
          container: 'div.product.type-product, .product-info-main, .product-single, section[id^="MainProduct"]',
          title: ['.product_title', 'h1.page-title .base', '.product__title h1', '.product-single__title', 'h1'],
          price: ['.summary .price ins .amount', '.summary .price .amount', '.price-item--sale', '.price-item--regular', '.product-info-price .price', '[data-product-price]', '.price'],
          anchor: ['.product_title', 'h1'],
        },
        // Grids: WooCommerce loop, Magento product items, Shopify cards (Dawn) and grid items (older themes).
        {
          container: 'ul.products li.product, li.product-item, .card-wrapper, .grid-product, .product-card',
          title: [
            '.woocommerce-loop-product__title',
            '.product-item-link',
            '.card__heading a',
            '.grid-product__title',
            '.product-card__title',
            'a[title]@title',
            'h2',
            'h3',
            'img@alt',
          ],
          price: ['.price ins .amount', '.price .amount', '.price-item--sale', '.price-item--regular', '.grid-product__price', '.price'],
        },
        // Carts.
        {
          container: 'tr.cart_item, tr.cart-item, tbody.cart.item, .cart__row, .cart-item',
          title: ['td.product-name a', '.cart-item__name', '.product-item-name a', '.cart__product-title', 'a[href*="/products/"]', 'a'],
          price: ['td.product-price .amount', '.product-option', '.cart-price .price', '.price'],
        },
      ],
    },
  ],
};
