// Prices as a shopper reads them: "$3.74", "US $12.99", "£4.50", "4,50 €", "$5.49 CAD" (the currency kept); the price a card asks now,
// not the one struck through beside it.

import { clean, leadingText, MAX_FIELD_CHARS, NOT_CONTENT } from './dom';

/** "$450K" and "$2 million" are sums in a headline, not prices. */
const PRICE =
  /(?:\b(?:US|AU|CA|NZ|C|A) ?)?[$£€¥] ?\d{1,3}(?:,?\d{3})*(?:[.,]\d{2}(?!\d))?(?![\d.,]*\s?(?:[KkMmBb]|million|billion)\b)(?: ?(?:USD|CAD|AUD|NZD|GBP|EUR)\b)?|\b\d{1,3}(?:[.\s]?\d{3})*,\d{2} ?€/;
/** A price a shopper is not asked to pay: struck through, or named as the old or list price. */
const NOT_ASKED = 'del,s,strike,[class*="compare" i],[class*="strike" i],[class*="old-price" i],[class*="price-old" i],[class*="regular" i],[class*="msrp" i],[class*="rrp" i],[class*="list-price" i],[class*="retail" i]';
const SOLD_OUT = /\b(?:sold\s*out|out\s+of\s+stock|unavailable|no\s+longer\s+available|ausverkauft|agotado|esaurito)\b|[ée]puis[ée]/i;
const OLD_PRICE_WORDS = /\b(?:was|msrp|rrp|srp|list(?:\s+price)?|regular(?:\s+price)?|compare\s+at|retail|orig(?:inal)?(?:\s+price)?|reg\.?|cover\s+price)\s*:?\s*$/i;
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { USD: '$', GBP: '£', EUR: '€', CAD: 'CA$', AUD: 'A$', JPY: '¥' };

export function extractPrice(value: string): string | null {
  const match = PRICE.exec(value.slice(0, MAX_FIELD_CHARS));
  return match === null ? null : match[0].replace(/\s+/g, ' ').trim();
}

/** A structured-data price ("3.99" and "USD") as a shopper reads it ("$3.99"). */
export function formatPrice(amount: string | null, currency: string | null): string | null {
  if (amount === null) return null;
  const number = Number(amount.replace(/,/g, ''));
  if (!Number.isFinite(number) || number < 0) return extractPrice(amount);
  const code = (currency ?? '').toUpperCase();
  const sign = CURRENCY_SIGNS[code];
  return sign !== undefined ? sign + number.toFixed(2) : `${number.toFixed(2)} ${code}`.trim();
}

/** The price a block asks: the first one shown that is not struck through or named as the old price,
 *  else the first one shown. Reads at most `maxNodes` text nodes. */
export function shownPrice(block: Element, maxNodes = 80): string | null {
  const walker = block.ownerDocument.createTreeWalker(block, 4 /* NodeFilter.SHOW_TEXT */);
  const shown: { price: string; line: string; parent: Element; label: string }[] = [];
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < maxNodes && shown.length < 6; node = walker.nextNode(), visited++) {
    const raw = node.nodeValue ?? '';
    if (raw.length > 300 || !/\d/.test(raw)) continue;
    // The sign may stand in its own element ("<span>$</span>3.99"): read the parent's text then; or in
    // an element of its own beside the amount's ("<span>3,50</span><span>€</span>"): join the two.
    const parent = node.parentElement;
    if (parent === null) continue;
    const text = /[$£€¥]/.test(raw) ? raw : (parent.textContent ?? '').length <= 40 ? withSign(parent) : raw;
    const line = clean(text);
    const price = extractPrice(line);
    // The words just before the price in its own line ("<li><span>Cover price</span> $0.25</li>").
    const label = text === raw ? clean(node.previousSibling?.textContent?.slice(-40) ?? '') : '';
    if (price !== null && parent.closest(NOT_CONTENT) === null && !shown.some((s) => s.parent === parent)) shown.push({ price, line, parent, label });
  }
  // One price is the price, unless it is only the list price of a comic sold out ("Retail $5.99 · Sold Out");
  // of several, the first not struck through or named as the old one.
  const only = shown.length === 1 ? shown[0] : undefined;
  if (only !== undefined && namedOld(only.line, only.price, only.parent, only.label) && SOLD_OUT.test(leadingText(block, 1000))) return null;
  if (shown.length <= 1) return shown[0]?.price ?? null;
  for (const { price, line, parent, label } of shown) if (!struckWithin(parent, block) && !namedOld(line, price, parent, label)) return price;
  return shown[0]?.price ?? null;
}

/** Whether the price `el` shows inside `block` is one the shopper is not asked to pay: struck through, in an
 *  old or list price's element (Magento's "old-price", "msrp"), or named so in its own text ("Was $4.99"). */
export function isOldPrice(el: Element, block: Element, text: string): boolean {
  if (struckWithin(el, block)) return true;
  const price = /^[\d$£€¥]/.test(text) ? null : extractPrice(text);
  return price !== null && OLD_PRICE_WORDS.test(text.slice(0, text.indexOf(price)));
}

/** An amount's element read with a currency sign that stands alone in the element just before or after it. */
function withSign(el: Element): string {
  const text = el.textContent ?? '';
  // A whole amount only: "19" beside "$" and ".49" is a split price that the parent's text reads whole.
  if (/[$£€¥]/.test(text) || !/^\s*\d[\d.,\s]*[.,]\d{2}\s*$/.test(text)) return text;
  const after = clean(el.nextElementSibling?.textContent ?? '');
  if (/^[$£€¥]$/.test(after) && el.nextSibling === el.nextElementSibling) return `${clean(text)} ${after}`;
  const before = clean(el.previousElementSibling?.textContent ?? '');
  if (/^[$£€¥]$/.test(before) && el.previousSibling === el.previousElementSibling) return `${before}${clean(text)}`;
  return text;
}

/** Whether `el`, or an element above it inside `block`, strikes a price through or names it the old one.
 *  Up to the block only: the page above it is long, and says nothing of this price. */
function struckWithin(el: Element, block: Element): boolean {
  for (let node: Element | null = el; node !== null; node = node === block ? null : node.parentElement) if (node.matches(NOT_ASKED)) return true;
  return false;
}

/** A price named as the old or list one by the words before it: "Was: $4.99", "MSRP $5.99". */
function namedOld(line: string, price: string, parent: Element, label: string): boolean {
  const before = line.slice(0, line.indexOf(price)) || label || clean(parent.previousSibling?.textContent?.slice(-40) ?? '');
  return OLD_PRICE_WORDS.test(before);
}

/** A link's text without the price it holds: "Oblivion Song #1 - £2.65" is "Oblivion Song #1". */
export function withoutPrice(text: string): string {
  const price = PRICE.exec(text.slice(0, MAX_FIELD_CHARS));
  if (price === null) return text;
  const before = text.slice(0, price.index).replace(/[\s\-–—:|,(]+$/, '');
  const after = text.slice(price.index + price[0].length).replace(/^[\s)]+/, '');
  // Only a price at either end: one inside the words ("… $5 Edition") belongs to the title.
  if (after === '' && before !== '') return before;
  if (before === '' && after !== '') return after.replace(/^[\s\-–—:|,]+/, '');
  return text;
}

/** Whether `text` holds a price at all: the commerce signal of a block. */
export function hasPrice(text: string): boolean {
  return PRICE.test(text.slice(0, 2000));
}
