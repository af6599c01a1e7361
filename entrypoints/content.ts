import { PageSession } from '@/lib/content/page-session';
import { RETAILER_MATCHES } from '@/lib/sites/registry';

export default defineContentScript({
  matches: [...RETAILER_MATCHES],
  runAt: 'document_idle',
  main(ctx) {
    const session = new PageSession(document, location.href, { send: (message) => browser.runtime.sendMessage(message) }, ctx.signal);
    ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl }) => session.navigated(newUrl.href));
    // Whatever goes wrong stays in here: the store's page must never break because of Longbox.
    session.start().catch((error: unknown) => console.debug('Longbox:', error));
  },
});
