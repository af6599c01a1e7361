import type { ItemRule, SiteAdapter } from './types';

// MyComicShop: issue lists (a title's issues, one issue with its neighbours) where the cover's alt text
// is the whole title ("Absolute Batman (2024 DC) #1A"). Title links all point at the series, so the
// cover image's address, named after the issue id, tells issues apart.

const issue: ItemRule = {
  container: 'ul.issuelist li.issue',
  title: ['.img img@alt', '.title'],
  price: ['.issuegrades .price'],
  link: ['.img a@href'],
  anchor: ['.title'],
};

export const mycomicshop: SiteAdapter = {
  id: 'mycomicshop',
  name: 'MyComicShop',
  comicShop: true,
  matches: ['https://*.mycomicshop.com/*'],
  pages: [
    {
      kind: 'cart',
      url: /^\/cart\b/,
      items: [{ container: 'tr.cartitem', title: ['td.desc a', 'td.desc'], price: ['td.r'] }],
    },
    { kind: 'search', url: /^\/search\b/, items: [issue] },
    { kind: 'listing', url: /^\//, items: [issue] },
  ],
};
