import { cartWarning } from '@/lib/content/cart-warning';
import { renderMenu } from '@/lib/content/menu';
import { placeOver } from '@/lib/content/placement-fix';
import { orderBanner } from '@/lib/content/order-banner';
import { readOrders } from '@/lib/orders/order-page';

// Injected by the background into a store page's content-script world when first needed (the
// `load-extras` request): a badge's menu, the cart banner, the order reader and its banner, and the
// moving of badges a page's layout hides or that would push it. Never listed in the manifest, never
// reachable by the page. Kept out of the store scripts so what runs on every page stays small.
export default defineUnlistedScript(() => {
  globalThis.longboxExtras = { menu: renderMenu, cartWarning, readOrders: (document, url, items) => readOrders(document, url, items), orderBanner, placeOver };
});
