import { storeContentScript } from '@/lib/content/store-script';
import { midtown } from '@/lib/sites/midtown';

export default defineContentScript(storeContentScript(midtown));
