import { messageTemplates } from '../i18n';

// What a store page says at first sight (its badges' words and tooltips, their menus), sent to the page
// with its settings as templates (lib/i18n.ts): a store page that asked the browser's i18n itself would
// wait, before its first badge, on the browser reading the whole message file for its fresh process.
// Any other message a store page says it asks the browser for, when it first says it.

/** The message ids a store page says on its badges and in their menus, by their area. */
const STORE_PAGE_AREAS = /^(badge|state|content|menu|action|field)_/;

let words: Promise<Record<string, string>> | null = null;

/**
 * The store page's messages as templates, made once per background life. `ids`: every message id (the
 * default locale's file lists them all); where they cannot be read, no templates, and pages ask the browser.
 */
export function storePageWords(ids: () => Promise<readonly string[]>): Promise<Record<string, string>> {
  words ??= ids()
    .then((all) => messageTemplates(all.filter((id) => STORE_PAGE_AREAS.test(id))))
    .catch(() => {
      words = null;
      return {};
    });
  return words;
}

/** Every message id, from the default locale's file at this address (the extension's own). */
export async function messageIdsAt(address: string, fetcher: typeof fetch = fetch): Promise<string[]> {
  const response = await fetcher(address);
  if (!response.ok) throw new Error(`No message file at ${address} (${response.status})`);
  const table: unknown = await response.json();
  return table && typeof table === 'object' ? Object.keys(table) : [];
}
