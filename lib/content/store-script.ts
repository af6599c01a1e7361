import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { browser } from 'wxt/browser';
import type { SiteAdapter } from '../sites/types';
import { PageSession } from './page-session';

// One content script per store (entrypoints/<store>.content.ts), each carrying only its own adapter:
// what runs on every page of a store stays small. This is the whole of what each one does.

/** `recognise` picks other rules by the page's markup (the shop platforms, for "any other store"). */
export function storeContentScript(site: SiteAdapter, recognise?: (document: Document) => SiteAdapter | null) {
  return {
    matches: [...site.matches],
    // Left out when empty: Firefox refuses an empty exclude_matches.
    ...(site.excludeMatches?.length ? { excludeMatches: [...site.excludeMatches] } : {}),
    runAt: 'document_idle' as const,
    main(ctx: ContentScriptContext): void {
      // User-timing marks (shared with the page's timeline) let bench/badges.ts measure start to badges.
      performance.mark('longbox:start');
      // "Any other store": the rules of the shop platform the page's markup names, if any.
      const adapter = recognise?.(document) ?? site;
      const session = new PageSession(document, location.href, adapter, { send: (message) => browser.runtime.sendMessage(message) }, ctx.signal);
      ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl }) => session.navigated(newUrl.href));
      // Whatever goes wrong stays in here: the store's page must never break because of Longbox.
      session
        .start()
        .then(() => performance.mark('longbox:badges-shown'))
        .catch((error: unknown) => console.debug('Longbox:', error));
    },
  };
}
