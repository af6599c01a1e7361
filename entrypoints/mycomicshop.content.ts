import { storeContentScript } from '@/lib/content/store-script';
import { mycomicshop } from '@/lib/sites/mycomicshop';

export default defineContentScript(storeContentScript(mycomicshop));
