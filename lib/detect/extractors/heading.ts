// The page's own product: a product page names it in its main heading, beside its price and its
// "Add to cart" or "Pre-order" control. Read only when the scan covers the whole document.

import { hasBuyControl, isListHeading, leadingText, NOT_CONTENT, textOf } from '../dom';
import type { Found } from '../found';
import { titleText, wholeTitle } from '../judge';
import { hasPrice, shownPrice } from '../prices';
import type { Extractor, ReadContext } from './context';

/** The page's main heading: its first h1 with text that is not one of a list's product titles. */
export function mainHeading(document: Document): Element | null {
  const h1s = document.querySelectorAll('h1');
  for (let i = 0; i < h1s.length && i < 5; i++) {
    const h1 = h1s[i];
    if (h1 !== undefined && h1.closest(NOT_CONTENT) === null && textOf(h1) !== '') return isListHeading(h1) ? null : h1;
  }
  return null;
}

export const pageHeading: Extractor = function* (context) {
  if (!context.whole) return;
  const h1 = mainHeading(context.document);
  if (h1 === null) return;
  // The product's block: the nearest one around the heading that shows a price or a buy control.
  let block: Element | null = null;
  for (let el = h1.parentElement, depth = 0; el !== null && el.tagName !== 'BODY' && depth < 6; el = el.parentElement, depth++) {
    if (hasBuyControl(el) || hasPrice(leadingText(el, 2000))) {
      block = el;
      break;
    }
  }
  yield;
  if (block === null) return;
  // A heading over products already found (a blog post's "Shop this post" grid, a listing) titles the page,
  // not a product of its own.
  const block_ = block;
  if (context.items.list.filter((item) => block_.contains(item.container) && !item.container.contains(h1)).length >= 2) return;
  context.items.offer({ codes: [], title: titleText(wholeTitle(textOf(h1), h1)), price: shownPrice(block), anchor: h1, container: block, page: true }, 'heading');
};

/** The item of the page's own product, if it has been found: the one named by the page's heading. */
export function pageProduct(context: ReadContext): Found | null {
  if (!context.whole) return null;
  const h1 = mainHeading(context.document);
  return (
    context.items.pageItem ??
    context.items.list.find((item) => h1 !== null && (item.anchor === h1 || h1.contains(item.anchor) || item.anchor.contains(h1))) ??
    null
  );
}
