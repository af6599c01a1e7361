import { storeContentScript } from '@/lib/content/store-script';
import { barnesandnoble } from '@/lib/sites/barnesandnoble';

export default defineContentScript(storeContentScript(barnesandnoble));
