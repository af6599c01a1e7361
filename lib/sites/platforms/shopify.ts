import type { StorePlatform } from './types';

// Shopify shops (Dawn and older themes): assets from cdn.shopify.com or the shop's /cdn/shop/ path, the
// checkout token meta tag, product grids of cards with /products/ links.

export const shopify: StorePlatform = {
  id: 'shopify',
  name: 'Shopify shop',
  matches: [],
  recognise: (document) =>
    document.querySelector('[src*="cdn.shopify.com"],[href*="cdn.shopify.com"],[href*="/cdn/shop/"],meta[name^="shopify-"],#shopify-features') !== null,
  pages: [
    {
      kind: 'product',
      url: /./,
      items: [
        {
          container: 'section[id^="MainProduct"], .product-single',
          title: ['.product__title h1', '.product-single__title', 'h1'],
          price: ['.price-item--sale', '.price-item--regular', '[data-product-price]'],
          anchor: ['.product__title h1', '.product-single__title', 'h1'],
        },
        {
          container: '.card-wrapper, .grid-product, .product-card',
          title: ['.card__heading a', '.grid-product__title', '.product-card__title', 'a[href*="/products/"]@title', 'img@alt'],
          price: ['.price__sale .price-item--sale', '.price-item--sale', '.price-item--regular', '.grid-product__price', '.product-card__price'],
        },
        {
          container: 'tr.cart-item, .cart__row',
          title: ['.cart-item__name', '.cart__product-title', 'a[href*="/products/"]'],
          price: ['.cart-item__price-wrapper .price', '.price'],
        },
      ],
    },
  ],
};
