// What our content scripts get from WXT in place of its ContentScriptContext: an abort signal, and
// client-side navigation followed from inside the content scripts' own world. Nothing here reaches the page.
//
// WXT's own context (wxt/utils/content-script-context) announces every content script to the page it
// runs on: on start a `window.postMessage` and a CustomEvent on `document`, both named
// "<extension id>:<script>:wxt:content-script-started" (so that an older copy of the same script stops), and
// on client-side navigation an event "<extension id>:<script>:wxt:locationchange" dispatched on `window`.
// A store's scripts receive all three: they would learn that Longbox is installed, and its id. The entry
// module WXT generates for each content script constructs `ContentScriptContext` from
// `wxt/utils/content-script-context`; wxt.config.ts points that import at this module for content scripts.
// scripts/check-store-build.mjs fails the build if WXT's signals come back.

// Our scripts are injected only by the manifest or by registerContentScripts, so a page never holds two
// copies of one script: there is no older copy to stop. A copy orphaned by an update of the extension finds
// its messages refused, which PageSession already survives.

export class ContentScriptContext {
  private readonly controller = new AbortController();

  /** WXT's generated entry calls `new ContentScriptContext(name, options)`; both are kept for parity. */
  constructor(
    readonly contentScriptName: string,
    readonly options?: unknown,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(reason?: unknown): void {
    this.controller.abort(reason);
  }
}

/** What a store script uses of its context. */
export type PageContext = Pick<ContentScriptContext, 'signal'>;

interface NavigateEvent extends Event {
  readonly destination: { readonly url: string };
}
interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: NavigateEvent) => void, options: { signal: AbortSignal }): void;
}

/**
 * Calls `onChange` with the new address when the page moves to another one without loading
 * (pushState, replaceState, a link the page's script takes over), until `signal` aborts. The Navigation
 * API's listener sits in our own world; where a browser has none, the address is polled each second.
 */
export function watchLocation(signal: AbortSignal, onChange: (url: string) => void): void {
  let last = location.href;
  const seen = (url: string): void => {
    if (url === last) return;
    last = url;
    onChange(url);
  };
  const navigation = (globalThis as { navigation?: NavigationLike }).navigation;
  if (typeof navigation?.addEventListener === 'function') {
    navigation.addEventListener('navigate', (event) => seen(new URL(event.destination.url).href), { signal });
    return;
  }
  const timer = setInterval(() => seen(location.href), 1_000);
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
