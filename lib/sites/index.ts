// The retailer adapters, in one ordered list. Adding a store: its own file, its fixtures, one line here.

import type { SiteAdapter } from './types';
import { amazon } from './amazon';
import { barnesandnoble } from './barnesandnoble';
import { dcbs } from './dcbs';
import { ebay } from './ebay';
import { forbiddenplanet } from './forbiddenplanet';
import { generic } from './generic';
import { instocktrades } from './instocktrades';
import { midtown } from './midtown';
import { milehigh } from './milehigh';
import { mycomicshop } from './mycomicshop';
import { platformFor } from './platforms/index';
import { previewsworld } from './previewsworld';
import { tfaw } from './tfaw';
import { thirdeye } from './thirdeye';

export const ADAPTERS: readonly SiteAdapter[] = [
  midtown,
  tfaw,
  dcbs,
  instocktrades,
  previewsworld,
  milehigh,
  mycomicshop,
  forbiddenplanet,
  thirdeye,
  amazon,
  ebay,
  barnesandnoble,
];

/** Stores without an adapter of their own (Shopify, WooCommerce, Magento, any page with Product data). */
export const GENERIC_ADAPTER: SiteAdapter = generic;

/** The adapter for a page of a store with no adapter of its own: the rules of the shop platform its markup
 *  names (Shopify, WooCommerce, BigCommerce), else the generic ones. */
export function platformAdapter(document: Document): SiteAdapter {
  return platformFor(document) ?? generic;
}

/** The adapter whose match patterns cover the address, else the generic one. */
export function adapterFor(url: string): SiteAdapter {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return generic;
  }
  return (
    ADAPTERS.find(
      (adapter) =>
        adapter.matches.some((pattern) => matchesPattern(pattern, address)) && !(adapter.excludeMatches ?? []).some((pattern) => matchesPattern(pattern, address)),
    ) ?? generic
  );
}

/** A browser match pattern (`https://*.example.com/*`) against an address, as the browser reads it:
 *  `*.example.com` covers example.com and every subdomain. */
export function matchesPattern(pattern: string, address: URL): boolean {
  const parts = /^(\*|https?):\/\/(\*|\*\.[^/*]+|[^/*]+)(\/.*)$/.exec(pattern);
  if (parts === null) return false;
  const [, scheme = '', host = '', path = ''] = parts;
  const protocol = address.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : protocol !== scheme) return false;
  const hostname = address.hostname.toLowerCase();
  if (host.startsWith('*.')) {
    const domain = host.slice(2).toLowerCase();
    if (hostname !== domain && !hostname.endsWith('.' + domain)) return false;
  } else if (host !== '*' && hostname !== host.toLowerCase()) {
    return false;
  }
  const glob = new RegExp('^' + path.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  return glob.test(address.pathname + address.search);
}
