import type { ItemRule, SiteAdapter } from './types';

// eBay: sellers write their own titles ("Absolute Batman #4 1:25 Wes Craig Incentive Variant NM DC");
// the item page's "Item specifics" may carry a UPC or ISBN. Item numbers (/itm/<12 digits>) are never
// codes, whatever their check digit. The first search row is a hidden "Shop on eBay" template.

const similar: ItemRule = {
  container: 'li.vim-merch-card',
  title: ['.merch-card__title', 'a.merch-card__link@aria-label', 'img@alt'],
  price: ['.merch-card__price'],
};

export const ebay: SiteAdapter = {
  id: 'ebay',
  name: 'eBay',
  // The shop's own hosts only (listings, items, the cart): sign-in, checkout and payment live elsewhere.
  matches: ['https://www.ebay.com/*', 'https://cart.ebay.com/*', 'https://www.ebay.co.uk/*', 'https://cart.ebay.co.uk/*'],
  excludeMatches: ['com', 'co.uk'].flatMap((tld) => ['mye', 'signin', 'ws', 'vod'].map((path) => `https://www.ebay.${tld}/${path}/*`)),
  domains: ['https://*.ebay.com/*', 'https://*.ebay.co.uk/*'],
  productKey: /\/itm\/(?:[^/?#]+\/)?(\d{9,15})(?=[/?#]|$)/,
  pages: [
    {
      kind: 'product',
      url: /^\/itm\//,
      items: [
        {
          container: '#mainContent',
          title: ['h1.x-item-title__mainTitle', '.x-item-title h1', 'h1'],
          labelled: ['.ux-layout-section--itemspecifics', '.x-about-this-item'],
          price: ['.x-price-primary', '.x-bin-price'],
          link: ['link[rel="canonical"]@href'],
          anchor: ['h1'],
        },
        similar,
      ],
    },
    {
      kind: 'search',
      url: /^\/(?:sch|b)\//,
      items: [{ container: 'li.s-item', title: ['.s-item__title [role="heading"]', '.s-item__title', 'img@alt'], price: ['.s-item__price'] }],
    },
    {
      kind: 'cart',
      url: /^\/(?:$|sc\/|cart)/,
      items: [
        {
          container: 'li.cart-bucket-lineitem',
          title: ['[data-test-id="cart-item-title"]', '.item-title a', 'img@alt'],
          price: ['[data-test-id="cart-item-price"]', '.item-price'],
        },
        similar,
      ],
    },
  ],
};
