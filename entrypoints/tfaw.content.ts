import { storeContentScript } from '@/lib/content/store-script';
import { tfaw } from '@/lib/sites/tfaw';

export default defineContentScript(storeContentScript(tfaw));
