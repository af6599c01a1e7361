import { storeContentScript } from '@/lib/content/store-script';
import { thirdeye } from '@/lib/sites/thirdeye';

export default defineContentScript(storeContentScript(thirdeye));
