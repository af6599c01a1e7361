import type { SiteAdapter } from '../types';

/** The rules a shop platform's themes share, for shops Longbox has no adapter of their own for: used by
 *  "any other store" when the page's markup and asset paths say which platform serves it (never its host). */
export interface StorePlatform extends SiteAdapter {
  recognise(document: Document): boolean;
}
