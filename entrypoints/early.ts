import { TEST_CONTRACT } from '@/lib/content/contract';
import { requestReadersEarly } from '@/lib/content/early-readers';
import * as titles from '@/lib/detect/titles';

// At document_start, beside every store script (wxt.config.ts lists it in the manifest on each store's
// matches and exclusions): asks the background for the general readers while the page is still loading,
// and brings the title rules that the store script, the general readers and the page extras share
// (lib/detect/titles-shared.ts), so they are compiled before the page is read. An unlisted script, so that
// it carries no adapter and no match list.
export default defineUnlistedScript(() => {
  globalThis.longboxTitles = titles;
  // On the page's own timeline, so the e2e build only (tests/e2e/badges.spec.ts).
  if (TEST_CONTRACT) performance.mark('longbox:readers-requested');
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  requestReadersEarly((message) => api.runtime.sendMessage(message));
});
