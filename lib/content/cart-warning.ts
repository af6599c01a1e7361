// The banner on a cart or checkout page that names the comics already owned, before the shopper
// pays. Loaded with the badge menu (entrypoints/page-extras.ts) only on cart pages with owned comics.

import { SHADOW_MODE, TEST_CONTRACT } from './contract';

export function cartWarning(document: Document, owned: readonly string[]): HTMLElement {
  const host = document.createElement('div');
  if (TEST_CONTRACT) host.setAttribute('data-longbox-cart-warning', String(owned.length));
  host.style.cssText = 'all:initial;display:block;position:sticky;top:0;z-index:2147483646;';
  const root = host.attachShadow({ mode: SHADOW_MODE });
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'font:14px/1.4 system-ui,sans-serif;background:#fff4d6;color:#5c3900;border-bottom:2px solid #f0cf7a;padding:10px 16px;';
  const heading = document.createElement('strong');
  heading.textContent = `Longbox: ${owned.length === 1 ? 'this comic is' : `${owned.length} comics are`} already in your collection: `;
  box.append(heading, owned.join('; '));
  root.append(box);
  document.body?.prepend(host);
  return host;
}
