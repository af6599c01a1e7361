import { storeContentScript } from '@/lib/content/store-script';
import { instocktrades } from '@/lib/sites/instocktrades';

export default defineContentScript(storeContentScript(instocktrades));
