import { storeContentScript } from '@/lib/content/store-script';
import { generic } from '@/lib/sites/generic';
import { platformFor } from '@/lib/sites/platforms/index';

// Registered at run time (lib/background/other-stores.ts), only once the member turns on "any other store".
// A Shopify, WooCommerce or BigCommerce shop is read with its platform's rules, recognised from its markup.
const script = storeContentScript(generic, platformFor);
export default defineContentScript({ registration: 'runtime', matches: script.matches, runAt: script.runAt, main: script.main });
