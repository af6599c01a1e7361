// The banner on an order page (a store's order confirmation or order history, or any shop's receipt):
// "12 comics in this order. Add them to your VerseDB collection". Loaded with the page extras where
// Longbox found a placed order with comics in it. It says only what the page itself shows (how many
// comics the order has), never what the member owns, and its button only opens Longbox's own review
// list: nothing is added before the member checks the list there and presses its button.

import { plural, t } from '../i18n';
import { bannerHost } from './banner-host';
import { TEST_CONTRACT } from './contract';

export const ORDER_BANNER_HEIGHT = 40;

/** Shows the banner, or changes the one already shown (`shown`) in place. `onOpen` runs on the member's own click only. */
export function orderBanner(document: Document, comics: number, added: boolean, onOpen: () => void, shown: HTMLElement | null = null): HTMLElement {
  const { host, root } = bannerHost(document, shown, ORDER_BANNER_HEIGHT);
  if (TEST_CONTRACT) host.setAttribute('data-longbox-order-banner', String(comics));
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.style.cssText = `box-sizing:border-box;height:${ORDER_BANNER_HEIGHT}px;font:14px/20px system-ui,sans-serif;padding:6px 16px;border-bottom:2px solid #b7c6ee;background:#eef2fc;color:#14255c;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;display:flex;gap:12px;align-items:center;`;
  const words = document.createElement('span');
  words.textContent = plural('content_order_comics', comics);
  const button = document.createElement('button');
  button.type = 'button';
  // Once added (and the rest owned), the button says so; it still opens the list.
  button.textContent = added ? t('content_order_added') : t('content_order_add');
  button.style.cssText = 'font:inherit;padding:2px 10px;border:1px solid #1d3a8a;border-radius:4px;background:#1d3a8a;color:#fff;cursor:pointer;';
  button.addEventListener('click', (event) => {
    // A click the page made (element.click(), dispatchEvent) is not the member's.
    if (!event.isTrusted) return;
    event.preventDefault();
    event.stopPropagation();
    onOpen();
  });
  box.append(words, button);
  root.replaceChildren(box);
  return host;
}
