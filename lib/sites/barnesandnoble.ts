import type { ItemRule, SiteAdapter } from './types';

// Barnes & Noble: every product link names the edition's EAN (`/w/<slug>/<id>?ean=978...`); product pages
// list "ISBN-13:" in the Product Details table. Shelf tiles (search, browse, "customers who bought")
// name the format ("Paperback", "Toy") beside the price, which tells comics from merchandise.

const shelfTile: ItemRule = {
  container: '.product-shelf-tile',
  title: ['.product-shelf-title a@title', '.product-shelf-title', 'img@alt'],
  codes: ['.product-shelf-title a@href', '.product-shelf-image a@href'],
  price: ['.product-shelf-pricing .current', '.current', '.price'],
  category: ['.product-shelf-pricing .format', '.format'],
  anchor: ['.product-shelf-title'],
};

export const barnesandnoble: SiteAdapter = {
  id: 'barnesandnoble',
  name: 'Barnes & Noble',
  matches: ['https://*.barnesandnoble.com/*'],
  // Formats B&N shows beside the price that are not comics, though they may carry an ISBN.
  categoryNames: { Calendar: 'Merchandise', Toy: 'Toys', Stationery: 'Merchandise' },
  pages: [
    {
      kind: 'product',
      url: /^\/w\//,
      items: [
        {
          container: '.pdp-container',
          title: ['h1.pdp-header-title', 'h1'],
          codes: ['@data-ean'],
          labelled: ['#ProductDetailsTab', '.product-details-section'],
          price: ['#pdp-cur-price', '.current-price'],
          category: ['nav.breadcrumb'],
          anchor: ['h1'],
        },
        shelfTile,
      ],
    },
    {
      kind: 'cart',
      url: /^\/(?:cart|checkout)/,
      items: [
        {
          container: 'li.cart-item',
          title: ['.cart-item__title a', '.cart-item__title', 'img@alt'],
          codes: ['@data-ean', '.cart-item__title a@href'],
          price: ['.cart-item__price .price', '.cart-item__price'],
          category: ['.cart-item__format'],
        },
        shelfTile,
      ],
    },
    { kind: 'search', url: /^\/(?:s|b)\//, items: [shelfTile] },
    { kind: 'listing', url: /^\//, items: [shelfTile] },
  ],
};
