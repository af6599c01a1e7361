import type { StorePlatform } from './types';

// BigCommerce shops (Cornerstone and its offspring): assets from cdn11.bigcommerce.com, product cards
// (`article.card`) with their data-name and data-product-price, the product view.

export const bigcommerce: StorePlatform = {
  id: 'bigcommerce',
  name: 'BigCommerce shop',
  matches: [],
  recognise: (document) =>
    document.querySelector('script[src*="bigcommerce.com"],link[href*="bigcommerce.com"],img[src*="bigcommerce.com/s-"],meta[content="bigcommerce" i]') !== null,
  pages: [
    {
      kind: 'product',
      url: /./,
      items: [
        {
          container: '.productView',
          title: ['.productView-title', 'h1'],
          labelled: ['.productView-info'],
          price: ['.productView-price .price--withoutTax', '.productView-price .price'],
          anchor: ['.productView-title', 'h1'],
        },
        {
          container: 'article.card',
          title: ['.card-title a', '@data-name', '.card-title', 'img@alt'],
          price: ['[data-product-price-without-tax]', '.price--withoutTax', '.price'],
        },
        {
          container: '.cart-item',
          title: ['.cart-item-name a', '.cart-item-name'],
          price: ['.cart-item-value .cart-item-value', '.cart-item-value'],
        },
      ],
    },
  ],
};
