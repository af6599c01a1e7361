import type { ItemRule, SiteAdapter } from './types';

// Things From Another World runs Magento 2: product grids (search, related, upsell) carry the distributor
// code in the add-to-cart form's data-product-sku; product pages add a "More Information" table with the UPC.

const gridItem: ItemRule = {
  container: 'li.product-item',
  title: ['.product-item-link', '.product-item-name', '.product-image-photo@alt'],
  codes: ['form[data-product-sku]@data-product-sku'],
  price: ['.price-final_price .price', '.price'],
};

export const tfaw: SiteAdapter = {
  id: 'tfaw',
  name: 'Things From Another World',
  comicShop: true,
  matches: ['https://*.tfaw.com/*'],
  pages: [
    {
      kind: 'cart',
      url: /^\/checkout\/cart/,
      items: [
        {
          container: 'tbody.cart.item',
          title: ['.product-item-name a', '.product-item-name', '.product-item-photo@title'],
          price: ['.col.price .price', '.cart-price .price'],
        },
        gridItem,
      ],
    },
    { kind: 'search', url: /^\/catalogsearch\//, items: [gridItem] },
    {
      kind: 'product',
      url: /^\/(?!checkout|customer|catalogsearch)[^/]+\/?(?:\?|$)/,
      items: [
        {
          container: '.column.main',
          title: ['h1.page-title .base', 'h1.page-title', '.product-info-main h1'],
          codes: ['.product-info-stock-sku .sku .value', '#product_addtocart_form@data-product-sku'],
          labelled: ['#product-attribute-specs-table', '.additional-attributes'],
          price: ['.product-info-main .price-final_price .price', '.product-info-price .price'],
          anchor: ['h1.page-title'],
        },
        gridItem,
      ],
    },
    { kind: 'listing', url: /^\/(?!checkout|customer)/, items: [gridItem] },
  ],
};
