import { TEST_CONTRACT } from '@/lib/content/contract';
import { requestReadersEarly } from '@/lib/content/early-readers';

// At document_start, beside every store script (wxt.config.ts lists it in the manifest on each store's
// matches and exclusions): asks the background for the general readers while the page is still loading.
// An unlisted script, so that it carries nothing but this (no adapter, no match list): a few hundred bytes.
export default defineUnlistedScript(() => {
  // On the page's own timeline, so the e2e build only (tests/e2e/badges.spec.ts).
  if (TEST_CONTRACT) performance.mark('longbox:readers-requested');
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  requestReadersEarly((message) => api.runtime.sendMessage(message));
});
