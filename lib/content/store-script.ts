import { browser } from 'wxt/browser';
import type { SiteAdapter } from '../sites/types';
import { TEST_CONTRACT } from './contract';
import { PageSession } from './page-session';
import { watchLocation, type PageContext } from './quiet-context';

// One content script per store (entrypoints/<store>.content.ts), each carrying only its own adapter:
// what runs on every page of a store stays small. This is the whole of what each one does.
// Its context is ./quiet-context.ts (wxt.config.ts swaps it in for WXT's), which says nothing to the page.

/** `recognise` picks other rules by the page's markup (the shop platforms, for "any other store"). */
export function storeContentScript(site: SiteAdapter, recognise?: (document: Document) => SiteAdapter | null) {
  return {
    matches: [...site.matches],
    // Left out when empty: Firefox refuses an empty exclude_matches.
    ...(site.excludeMatches?.length ? { excludeMatches: [...site.excludeMatches] } : {}),
    runAt: 'document_idle' as const,
    main(ctx: PageContext): void {
      // User-timing marks let bench/badges.ts measure start to badges. The timeline is the page's own, so a
      // mark named longbox would tell the store that Longbox is installed: the e2e build only.
      if (TEST_CONTRACT) performance.mark('longbox:start');
      // "Any other store": the rules of the shop platform the page's markup names, if any (the session asks
      // again once the general readers, which carry them, are here).
      const session = new PageSession(document, location.href, site, { send: (message) => browser.runtime.sendMessage(message) }, ctx.signal, recognise);
      watchLocation(ctx.signal, (url) => session.navigated(url));
      // Whatever goes wrong stays in here: the store's page must never break because of Longbox. (The
      // content scripts' console is their own: a page script cannot read or replace it.)
      session
        .start()
        .then(() => session.firstView)
        .then(() => {
          if (TEST_CONTRACT) performance.mark('longbox:badges-shown');
        })
        .catch((error: unknown) => console.debug('Longbox:', error));
    },
  };
}
