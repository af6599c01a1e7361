import { storeContentScript } from '@/lib/content/store-script';
import { generic } from '@/lib/sites/generic';

// Registered at run time (lib/background/other-stores.ts), only once the member turns on "any other store".
const script = storeContentScript(generic);
export default defineContentScript({ registration: 'runtime', matches: script.matches, runAt: script.runAt, main: script.main });
