import { GENERAL_READERS } from '@/lib/detect/extractors/general';
import { comicSignals } from '@/lib/detect/signals';
import { platformFor } from '@/lib/sites/platforms/index';

// Injected by the background into a store page's content-script world as the page is first read (the
// `load-extras` request with part `readers`): the general readers, which read comics on layouts no adapter
// was written for, what says a book on a page that is not a comic shop's is a comic, and the shop
// platforms' rules that "any other store" reads Shopify, WooCommerce and BigCommerce shops with. Never listed in the manifest, never reachable by the page. Kept out of the store
// scripts so what is injected into every page stays small.
export default defineUnlistedScript(() => {
  globalThis.longboxGeneralReaders = GENERAL_READERS;
  globalThis.longboxComicSignals = comicSignals;
  globalThis.longboxPlatformFor = platformFor;
});
