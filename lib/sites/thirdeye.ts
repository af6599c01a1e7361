import type { ItemRule, SiteAdapter } from './types';

// Third Eye Comics: a Shopify store on the Dawn theme. Product pages carry JSON-LD (the SKU is the
// distributor code) and a specs table with the UPC; collections and recommendations are Dawn cards.

const card: ItemRule = {
  container: '.card-wrapper',
  title: ['.card__heading a', '.card__heading', 'img@alt'],
  price: ['.price-item--sale', '.price-item--regular', '.price'],
};

export const thirdeye: SiteAdapter = {
  id: 'thirdeye',
  name: 'Third Eye Comics',
  comicShop: true,
  matches: ['https://*.thirdeyecomics.com/*'],
  pages: [
    {
      kind: 'product',
      url: /^\/(?:collections\/[^/]+\/)?products\//,
      items: [
        {
          container: 'div.product',
          title: ['.product__title h1', 'h1'],
          labelled: ['.product__info-container'],
          price: ['.price-item--sale', '.price-item--regular', '.price'],
        },
        card,
      ],
    },
    {
      kind: 'cart',
      url: /^\/cart\b/,
      items: [
        {
          container: 'tr.cart-item',
          title: ['.cart-item__name'],
          price: ['.cart-item__details .product-option', '.cart-item__price-wrapper .price'],
        },
      ],
    },
    { kind: 'listing', url: /^\//, items: [card] },
  ],
};
