// The banner on a cart or checkout page that names the comics already owned, before the shopper
// pays. Loaded with the badge menu (entrypoints/page-extras.ts) on cart pages where Longbox found
// comics. It is there whether or not any is owned, and always one size (one line; the full list in
// its tooltip), so the page, which can see and measure it, learns nothing of what the member owns.

import { plural, t } from '../i18n';
import { bannerHost } from './banner-host';
import { TEST_CONTRACT } from './contract';

/** The banner's one height, in every state. */
export const CART_BANNER_HEIGHT = 40;

/** Shows the banner, or changes the words of the one already shown (`shown`) in place. */
export function cartWarning(document: Document, owned: readonly string[], shown: HTMLElement | null = null): HTMLElement {
  const { host, root } = bannerHost(document, shown, CART_BANNER_HEIGHT);
  if (TEST_CONTRACT) host.setAttribute('data-longbox-cart-warning', String(owned.length));
  const box = document.createElement('div');
  box.setAttribute('role', owned.length > 0 ? 'alert' : 'status');
  box.style.cssText = `box-sizing:border-box;height:${CART_BANNER_HEIGHT}px;font:14px/20px system-ui,sans-serif;padding:8px 16px;border-bottom:2px solid;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;${
    owned.length > 0 ? 'background:#fff4d6;color:#5c3900;border-color:#f0cf7a;' : 'background:#eef6ee;color:#1d4d1d;border-color:#b7d8b7;'
  }`;
  const heading = document.createElement('strong');
  if (owned.length > 0) {
    heading.textContent = plural('content_cart_owned', owned.length);
    box.append(heading, ' ', owned.join('; '));
    box.title = owned.join('\n');
  } else {
    heading.textContent = t('content_cart_none_owned');
    box.append(heading);
  }
  root.replaceChildren(box);
  return host;
}
