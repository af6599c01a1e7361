import { storeContentScript } from '@/lib/content/store-script';
import { forbiddenplanet } from '@/lib/sites/forbiddenplanet';

export default defineContentScript(storeContentScript(forbiddenplanet));
