// The shop platforms Longbox recognises on stores with no adapter of their own: Shopify, WooCommerce,
// BigCommerce. Recognised from the page's markup and asset paths, never from its host.

import { bigcommerce } from './bigcommerce';
import { shopify } from './shopify';
import type { StorePlatform } from './types';
import { woocommerce } from './woocommerce';

export type { StorePlatform } from './types';

export const PLATFORMS: readonly StorePlatform[] = [shopify, woocommerce, bigcommerce];

/** The platform serving this page, if its markup says so. */
export function platformFor(document: Document): StorePlatform | null {
  for (const platform of PLATFORMS) {
    try {
      if (platform.recognise(document)) return platform;
    } catch {
      // A page odd enough to break a selector is read by the generic rules.
    }
  }
  return null;
}
