import { PageSession } from '@/lib/content/page-session';
import { RETAILER_MATCHES } from '@/lib/sites/registry';

export default defineContentScript({
  matches: [...RETAILER_MATCHES],
  runAt: 'document_idle',
  main(ctx) {
    // User-timing marks (shared with the page's timeline) let bench/badges.ts measure start to badges.
    performance.mark('longbox:start');
    const session = new PageSession(document, location.href, { send: (message) => browser.runtime.sendMessage(message) }, ctx.signal);
    ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl }) => session.navigated(newUrl.href));
    // Whatever goes wrong stays in here: the store's page must never break because of Longbox.
    session
      .start()
      .then(() => performance.mark('longbox:badges-shown'))
      .catch((error: unknown) => console.debug('Longbox:', error));
  },
});
