import { storeContentScript } from '@/lib/content/store-script';
import { milehigh } from '@/lib/sites/milehigh';

export default defineContentScript(storeContentScript(milehigh));
