// The retailer sites Longbox supports out of the box, read from the adapters (lib/sites/<id>.ts).
// The manifest's content-script matches and host permissions are generated from this list, so adding
// a store touches its own adapter file (and one line in lib/sites/index.ts) and nothing else.

import { ADAPTERS } from './index';

export interface RetailerSite {
  /** Adapter id; also the folder of its fixture pages under tests/fixtures/sites/. */
  readonly id: string;
  readonly name: string;
  /** Match patterns (https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns). */
  readonly matches: readonly string[];
}

export const RETAILER_SITES: readonly RetailerSite[] = ADAPTERS.map(({ id, name, matches }) => ({ id, name, matches }));

export const RETAILER_MATCHES: readonly string[] = RETAILER_SITES.flatMap((site) => site.matches);

/** Where "any other store" never runs: every host of the supported stores (their adapters read their
 *  shops; their sign-in, payment and account hosts are read by nothing). */
export const RETAILER_DOMAINS: readonly string[] = ADAPTERS.flatMap((adapter) => adapter.domains ?? adapter.matches);
