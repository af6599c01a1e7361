import { storeContentScript } from '@/lib/content/store-script';
import { previewsworld } from '@/lib/sites/previewsworld';

export default defineContentScript(storeContentScript(previewsworld));
