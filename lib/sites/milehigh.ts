import type { ItemRule, SiteAdapter } from './types';

// Mile High Comics: 1990s-style tables. Back issues have no codes on the page (the 11-digit numbers in
// links and image names are Mile High's own title ids), so items are read by title.

const nearby: ItemRule = { container: 'table.nearby tr', title: ['td a'], price: ['td[align="right"]'] };

export const milehigh: SiteAdapter = {
  id: 'milehigh',
  name: 'Mile High Comics',
  comicShop: true,
  matches: ['https://*.milehighcomics.com/*'],
  pages: [
    {
      kind: 'product',
      url: /^\/cgi-bin\/backissue\.cgi\?(?:.*&)?action=fullsize/,
      items: [
        { container: 'table.fullsize', title: ['h1.issuetitle', 'h1'], price: ['.gradetable .price'] },
        nearby,
      ],
    },
    {
      kind: 'listing',
      url: /^\/cgi-bin\/(?:backissue|newcomics)\.cgi/,
      items: [{ container: 'table.issuelist tr', title: ['td.issue a', 'td.issue'], price: ['td.price'] }, nearby],
    },
    {
      kind: 'cart',
      url: /^\/cgi-bin\/cart\.cgi/,
      items: [{ container: 'table.carttable tr', title: ['td.cartitem'], price: ['td[align="right"]'] }],
    },
  ],
};
