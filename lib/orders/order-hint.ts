// Whether a page may show a placed order, cheaply: the store scripts ask this of every page, and load the
// order reader (lib/orders/order-page.ts, with the page extras) only where it says yes.

/** Words that say an order was placed (in the title, a heading, or a line of its own). */
export const PLACED =
  /\bthank(?:s| you)\b[^.]{0,40}\b(?:order|purchase)|\border\s+(?:confirm(?:ed|ation)|received|complete[d]?|placed|details|summary\s+for\s+order|history|status)\b|\byour\s+order\s+(?:has\s+been|is|was)\s+(?:placed|confirmed|received|complete)|\b(?:my|your|recent)\s+orders\b|\border\s+receipt\b|\breceipt\s+for\b|\bpurchase\s+(?:confirmation|receipt)\b/i;
/** Addresses of placed orders on the platforms most shops run on. */
export const ORDER_ADDRESS =
  /thank[-_]?you|order[-_]?(?:received|confirm\w*|complete\w*|success|details?|history|view|status|receipt)|checkout\/(?:onepage\/)?success|\/sales\/order\/|\/account\/orders?\b|\/orders?\/[\w-]*\d|\/my-?orders?\b|receipt/i;

/** The page's address or its title and main headings speak of a placed order. */
export function mightShowOrder(document: Document, url: string): boolean {
  try {
    const address = new URL(url);
    if (ORDER_ADDRESS.test(address.pathname + address.search)) return true;
  } catch {
    return false;
  }
  if (PLACED.test(document.title.slice(0, 200))) return true;
  for (const heading of [...document.querySelectorAll('h1,h2')].slice(0, 12)) {
    if (PLACED.test((heading.textContent ?? '').replace(/\s+/g, ' ').slice(0, 200))) return true;
  }
  return false;
}
