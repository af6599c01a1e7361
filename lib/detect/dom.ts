// DOM helpers the extractors share: bounded text reads, selector checks, and the elements that are never
// items. Nothing here throws on odd markup.

export const MAX_FIELD_CHARS = 600;
/** One product's block holds at most this many elements; a larger one is a page section (a product
 *  page's main column, a whole grid) whose lines speak of other products too. */
export const MAX_BLOCK_ELEMENTS = 120;
/** Text that may hold a code: six digits in a row, or a Lunar code's 4 digits, 2 letters, 4 digits. */
export const CODE_LIKE = /\d{6}|\d{4}[A-Za-z]{2}\d{4}/;
/** Never items: their text is code, markup for later, or form state. */
export const NOT_CONTENT = 'script,style,template,noscript,textarea,select,option,head';
/** Copies a slider makes of its slides; read after the originals so the original keeps the badge. */
export const CLONE = '.slick-cloned,.swiper-slide-duplicate,.cloned,.clone,[data-clone],[aria-hidden="true"]';
/** The surest of those: copies a slider made. A slide merely out of view is only aria-hidden. */
const DUPLICATE = '.slick-cloned,.swiper-slide-duplicate,.cloned,.clone,[data-clone]';

/** The order in which copies of one comic are read, so the first read keeps the badge: an original on
 *  view (0), then one hidden from view (1: a carousel's slide out of view), then a slider's copy (2). */
export function copyRank(el: Element): 0 | 1 | 2 {
  if (el.closest(DUPLICATE) !== null) return 2;
  return el.closest('[aria-hidden="true"]') !== null ? 1 : 0;
}
const INVISIBLE = /[\s\u00a0\u200b-\u200f\u202a-\u202e\u2060\ufeff]+/g;
/** A control that puts the item in a cart or orders it: the surest sign a block is for sale. */
const BUY_WORDS = /^\W*(?:add(?:\s+(?:to|2)\s+(?:cart|basket|bag|order))?|pre-?order(?:\s+now)?|buy(?:\s+(?:it\s+)?now)?|in\s+den\s+warenkorb|order\s+now|reserve)\W*$/i;
const BUY_ATTRIBUTE = /add[-_]?to[-_]?(?:cart|basket|bag)|addtocart|add_to_cart|pre-?order|buy[-_]?now/i;

/** What clean changes besides the ends: any space but a single plain one, and the invisible characters. */
const UNUSUAL_SPACE = /[^\S ]| {2}|[\u200b-\u200f\u202a-\u202e\u2060]/;

export function clean(value: string): string {
  // Most text (a link's, a title's) has single plain spaces only: one look, no new string.
  return UNUSUAL_SPACE.test(value) ? value.replace(INVISIBLE, ' ').trim() : value.trim();
}

export function textOf(el: Element): string {
  return clean((el.textContent ?? '').slice(0, MAX_FIELD_CHARS));
}

const validSelectors = new Map<string, boolean>();

export function isValidSelector(document: Document, selector: string): boolean {
  let valid = validSelectors.get(selector);
  if (valid === undefined) {
    try {
      document.createDocumentFragment().querySelector(selector);
      valid = true;
    } catch {
      valid = false;
    }
    if (validSelectors.size < 1000) validSelectors.set(selector, valid);
  }
  return valid;
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Items in the order they stand on the page: sorts only when they are not already. */
export function sortByDocumentOrder<T extends { readonly anchor: Element }>(items: T[]): void {
  const before = (a: T, b: T): boolean => (a.anchor.compareDocumentPosition(b.anchor) & 2) !== 0;
  if (items.some((item, i) => i > 0 && before(items[i - 1] ?? item, item))) {
    items.sort((a, b) => (a.anchor === b.anchor ? 0 : before(a, b) ? 1 : -1));
  }
}

/** A control in `block` that adds to a cart or pre-orders: a button, a link or a form, read by its words
 *  and, failing those, by its name or action (class names are not trusted: they change with every theme). */
const CONTROLS = 'button,input[type="submit"],input[type="button"],a[href],form';

/** The first `max` elements under `root` that match `selector`, in document order, without listing the
 *  rest (a querySelectorAll of a block around a whole listing lists thousands). */
function firstMatches(root: Element, selector: string, max: number): Element[] {
  const found: Element[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, 1 /* NodeFilter.SHOW_ELEMENT */);
  for (let node = walker.nextNode(); node !== null && found.length < max; node = walker.nextNode()) {
    if ((node as Element).matches(selector)) found.push(node as Element);
  }
  return found;
}

/**
 * An h1 that titles one product of a list, not the page: Squarespace heads each product of its product
 * list with an h1. It is one when, a few levels up, it stands beside at least two blocks like it that hold
 * an h1 too (a product page's one or two h1s do not).
 */
export function isListHeading(h1: Element): boolean {
  for (let el: Element = h1, depth = 0; el.parentElement !== null && el.parentElement.tagName !== 'BODY' && depth < 6; el = el.parentElement, depth++) {
    let withHeading = 0;
    for (const child of el.parentElement.children) {
      if (child.tagName === 'H1' || child.querySelector('h1') !== null) withHeading++;
      if (withHeading >= 3) return true;
    }
  }
  return false;
}

/** The text of `el` as textContent gives it, up to `max` characters, without building the rest. */
export function leadingText(el: Element, max: number): string {
  let text = '';
  const walker = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node !== null && text.length < max; node = walker.nextNode()) text += node.nodeValue ?? '';
  return text.slice(0, max);
}

export function hasBuyControl(block: Element): boolean {
  for (const control of firstMatches(block, CONTROLS, 24)) {
    if (control.tagName === 'FORM') {
      if (/cart|basket|checkout/i.test(control.getAttribute('action') ?? '')) return true;
      continue;
    }
    const words = control.tagName === 'INPUT' ? (control.getAttribute('value') ?? '') : (control.textContent ?? '').slice(0, 40);
    if (BUY_WORDS.test(clean(words))) return true;
    const named = (control.getAttribute('name') ?? '') + ' ' + (control.getAttribute('href') ?? '').slice(0, 200) + ' ' + (control.getAttribute('data-action') ?? '');
    if (BUY_ATTRIBUTE.test(named)) return true;
  }
  return false;
}
