import { storeContentScript } from '@/lib/content/store-script';
import { amazon } from '@/lib/sites/amazon';

export default defineContentScript(storeContentScript(amazon));
