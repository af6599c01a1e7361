import { storeContentScript } from '@/lib/content/store-script';
import { ebay } from '@/lib/sites/ebay';

export default defineContentScript(storeContentScript(ebay));
