import { SHADOW_MODE } from './contract';

// The host of a banner Longbox puts at the top of a store page (the cart's, the order page's): one
// size, sticky, above the page, its content in a shadow root the page cannot reach in a store build.

/** Each banner's closed root, which the page cannot reach (and neither can `host.shadowRoot`). */
const roots = new WeakMap<HTMLElement, ShadowRoot>();

/** The banner `shown` when it is still on the page, else a new one at the top of the body; and its root. */
export function bannerHost(document: Document, shown: HTMLElement | null, height: number): { host: HTMLElement; root: ShadowRoot } {
  const root = shown?.isConnected ? roots.get(shown) : undefined;
  if (shown && root) return { host: shown, root };
  const host = document.createElement('div');
  host.style.cssText = `all:initial;display:block;position:sticky;top:0;z-index:2147483646;height:${height}px;overflow:hidden;`;
  const fresh = host.attachShadow({ mode: SHADOW_MODE });
  roots.set(host, fresh);
  document.body?.prepend(host);
  return { host, root: fresh };
}
