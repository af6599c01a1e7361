import { storeContentScript } from '@/lib/content/store-script';
import { generic } from '@/lib/sites/generic';

// Registered at run time (lib/background/other-stores.ts), only once the member turns on "any other store".
// A Shopify, WooCommerce or BigCommerce shop is read with its platform's rules, recognised from its markup;
// the rules come with the general readers (entrypoints/general-readers.ts), asked for at document_start.
const script = storeContentScript(generic, (document) => globalThis.longboxPlatformFor?.(document) ?? null);
export default defineContentScript({ registration: 'runtime', matches: script.matches, runAt: script.runAt, main: script.main });
