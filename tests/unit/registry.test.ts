import { describe, expect, it } from 'vitest';
import { adapterFor } from '@/lib/sites/index';
import { RETAILER_DOMAINS, RETAILER_MATCHES, RETAILER_SITES } from '@/lib/sites/registry';

// Match patterns are checked by the browser only at install time; a bad one makes the whole
// extension fail to load, so check their shape here.
const MATCH_PATTERN = /^https:\/\/(?:\*|www|cart)\.[a-z0-9-]+(\.[a-z0-9-]+)+\/\*$/;

describe('retailer registry', () => {
  it('has unique adapter ids', () => {
    const ids = RETAILER_SITES.map((site) => site.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares only https match patterns for store domains or their shop hosts', () => {
    for (const pattern of RETAILER_MATCHES) expect(pattern).toMatch(MATCH_PATTERN);
    for (const pattern of RETAILER_DOMAINS) expect(pattern).toMatch(MATCH_PATTERN);
  });

  it('reads Amazon and eBay shops on their own hosts, never their sign-in, payment or account pages', () => {
    expect(adapterFor('https://www.amazon.com/dp/1607066017').id).toBe('amazon');
    expect(adapterFor('https://cart.ebay.com/').id).toBe('ebay');
    for (const address of [
      'https://www.amazon.com/ap/signin?openid.return_to=x',
      'https://www.amazon.co.uk/gp/buy/spc/handlers/display.html',
      'https://pay.amazon.com/checkout',
      'https://sellercentral.amazon.com/home',
      'https://signin.ebay.com/ws/eBayISAPI.dll',
      'https://pay.ebay.com/rxo?action=view',
      'https://www.ebay.com/mye/myebay/summary',
    ]) {
      expect(adapterFor(address).id, address).toBe('generic');
    }
    // Nor does "any other store": every host of a supported store is left out of it.
    expect(RETAILER_DOMAINS).toEqual(expect.arrayContaining(['https://*.amazon.com/*', 'https://*.ebay.com/*']));
  });
});
