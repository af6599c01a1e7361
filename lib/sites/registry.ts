// The retailer sites Longbox supports out of the box. The manifest's content-script matches and
// host permissions are generated from this list, so adding a store touches this list (and, with
// the detection work, the store's own adapter file) and nothing else.

export interface RetailerSite {
  /** Adapter id; also the folder of its fixture pages under tests/fixtures/sites/. */
  readonly id: string;
  readonly name: string;
  /** Match patterns (https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns). */
  readonly matches: readonly string[];
}

export const RETAILER_SITES: readonly RetailerSite[] = [
  { id: 'midtown', name: 'Midtown Comics', matches: ['https://*.midtowncomics.com/*'] },
  { id: 'tfaw', name: 'Things From Another World', matches: ['https://*.tfaw.com/*'] },
  { id: 'dcbs', name: 'DCBS', matches: ['https://*.dcbservice.com/*'] },
  { id: 'instocktrades', name: 'InStockTrades', matches: ['https://*.instocktrades.com/*'] },
  { id: 'previewsworld', name: 'PREVIEWSworld', matches: ['https://*.previewsworld.com/*'] },
  { id: 'milehigh', name: 'Mile High Comics', matches: ['https://*.milehighcomics.com/*'] },
  { id: 'mycomicshop', name: 'MyComicShop', matches: ['https://*.mycomicshop.com/*'] },
  {
    id: 'forbiddenplanet',
    name: 'Forbidden Planet',
    matches: ['https://*.forbiddenplanet.com/*', 'https://*.forbiddenplanet.co.uk/*'],
  },
  { id: 'thirdeye', name: 'Third Eye Comics', matches: ['https://*.thirdeyecomics.com/*'] },
  {
    id: 'amazon',
    name: 'Amazon',
    matches: ['https://*.amazon.com/*', 'https://*.amazon.co.uk/*', 'https://*.amazon.ca/*'],
  },
  { id: 'ebay', name: 'eBay', matches: ['https://*.ebay.com/*', 'https://*.ebay.co.uk/*'] },
  { id: 'barnesandnoble', name: 'Barnes & Noble', matches: ['https://*.barnesandnoble.com/*'] },
];

export const RETAILER_MATCHES: readonly string[] = RETAILER_SITES.flatMap((site) => site.matches);
