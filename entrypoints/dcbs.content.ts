import { storeContentScript } from '@/lib/content/store-script';
import { dcbs } from '@/lib/sites/dcbs';

export default defineContentScript(storeContentScript(dcbs));
