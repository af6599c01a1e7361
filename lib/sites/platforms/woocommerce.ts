import type { StorePlatform } from './types';

// WooCommerce shops (WordPress): assets under /wp-content/plugins/woocommerce/, the generator tag, the
// shop loop's product list, "Add to cart" links that carry the product's SKU.

export const woocommerce: StorePlatform = {
  id: 'woocommerce',
  name: 'WooCommerce shop',
  matches: [],
  recognise: (document) =>
    document.querySelector(
      '[href*="/plugins/woocommerce/"],[src*="/plugins/woocommerce/"],meta[content^="WooCommerce"],body.woocommerce,body.woocommerce-page',
    ) !== null,
  pages: [
    {
      kind: 'product',
      url: /./,
      items: [
        {
          container: 'div.product.type-product:not(li)',
          title: ['.product_title', 'h1'],
          codes: ['.sku'],
          price: ['.summary .price ins .amount', '.summary .price .amount', '.price ins .amount', '.price .amount'],
          anchor: ['.product_title', 'h1'],
        },
        {
          container: 'ul.products li.product',
          title: ['.woocommerce-loop-product__title', 'h2', 'h3', 'a[title]@title', 'img@alt'],
          codes: ['a.add_to_cart_button@data-product_sku'],
          price: ['.price ins .amount', '.price .amount', '.price'],
        },
        {
          container: 'tr.cart_item, tr.woocommerce-cart-form__cart-item',
          title: ['td.product-name a', 'td.product-name'],
          price: ['td.product-price .amount'],
        },
      ],
    },
  ],
};
