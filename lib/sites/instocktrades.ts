import type { ItemRule, SiteAdapter } from './types';

// InStockTrades: graphic novels only. Product addresses end in the item's code (a Diamond, Lunar or PRH
// code, or an ISBN-13); grid titles are cut short ("Busce...") and whole in the link's title attribute.
// The 2018 ASP.NET home page (a real capture among the fixtures) has a "TOP SELLER #n" accordion and
// grids in table cells; its 29k-character __VIEWSTATE field is never read.

const gridItem: ItemRule = {
  container: '.productgrid .item, table[id$="_dlProducts"] td, #accordion > div',
  title: ['.item-title a', 'a[id*="hlTitle"]', 'a[id*="hlTopSeller"]', 'img@title', 'img@alt'],
  codes: ['.item-title a@href', 'a[id*="hlTitle"]@href', 'a[id*="hlTopSeller"]@href', 'a[id*="HyperLink1"]@href'],
  price: ['.price'],
  // Titles sit in fixed-height boxes that hide what overflows: the badge goes after the box, not in it.
  anchor: ['.item-title', 'div[style*="overflow:hidden"]:has(a[id*="hlTitle"])', 'a[id*="hlTopSeller"]'],
};

export const instocktrades: SiteAdapter = {
  id: 'instocktrades',
  name: 'InStockTrades',
  comicShop: true,
  matches: ['https://*.instocktrades.com/*'],
  pages: [
    {
      kind: 'product',
      url: /^\/products\//,
      items: [
        {
          container: '.productdetail',
          title: ['.productinfo h1', 'h1'],
          labelled: ['.prodinfo'],
          price: ['.pricing .price', '.price'],
        },
        gridItem,
      ],
    },
    {
      kind: 'cart',
      url: /^\/cart\b/,
      items: [{ container: 'tr.cartitem', title: ['td.title a'], codes: ['td.code', 'td.title a@href'], price: ['td.price'] }],
    },
    { kind: 'listing', url: /^\//, items: [gridItem] },
  ],
};
