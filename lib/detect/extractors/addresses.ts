// Codes a page carries where a shopper does not read them: attributes named for a code (data-upc,
// data-isbn, WooCommerce's data-product_sku), product addresses with a code in their path
// (/Catalog/MAR180454, /product/76194134182812511), and cover images named by their code
// (/covers/100/MA/MAR180598.jpg). They join the item around them; outside every item, they make one with
// the title found beside them, when that block is for sale.

import type { Code, CodeHint } from '../codes';
import { hasBuyControl, leadingText, NOT_CONTENT } from '../dom';
import { titledCard } from '../judge';
import { addCode, CODE_IN_PATH, codesFromAddress, codesFromImageName, strictCode } from '../links';
import { hasPrice, shownPrice } from '../prices';
import type { DetectionStep } from '../types';
import { YIELD_EVERY, type Extractor, type ReadContext } from './context';
import { codeFrom } from './structured';

const MAX_ELEMENTS = 8000;
/** Attributes that hold a code, with what the name says it is; a store's SKU is a code only when it
 *  reads as one without doubt (see strictCode). */
const CODE_ATTRIBUTES: readonly (readonly [string, CodeHint | 'sku' | undefined])[] = [
  ['data-upc', 'upc'],
  ['data-isbn', 'isbn'],
  ['data-isbn13', 'isbn'],
  ['data-ean', 'ean'],
  ['data-gtin', 'gtin'],
  ['data-barcode', undefined],
  ['data-diamond-code', 'diamond'],
  ['data-product_sku', 'sku'],
  ['data-product-sku', 'sku'],
  ['data-sku', 'sku'],
];
const CODE_ATTRIBUTE_SELECTOR = CODE_ATTRIBUTES.map(([name]) => `[${name}]`).join(',');
/** A file name that may be a code: 9 to 18 letters and digits, with digits in it (six in a row, or a Lunar
 *  code's 4 + 4: "0325DC0104_{width}x.jpg"). */
const CODE_LIKE_FILE = /\/(?:[0-9A-Za-z]*\d{6}[0-9A-Za-z]*|\d{4}[A-Za-z]{2}\d{4})(?:[._-][0-9A-Za-z_{}-]{0,12}){0,3}\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

export const addresses: Extractor = function* (context, root) {
  const tagged = root.querySelectorAll(CODE_ATTRIBUTE_SELECTOR);
  for (let i = 0; i < tagged.length && i < MAX_ELEMENTS; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const el = tagged[i];
    if (el === undefined || el.closest(NOT_CONTENT) !== null) continue;
    const codes: Code[] = [];
    for (const [name, hint] of CODE_ATTRIBUTES) {
      const value = el.getAttribute(name);
      addCode(codes, hint === 'sku' ? strictCode(value) : codeFrom(value, hint));
    }
    // A code attribute is the store's own word: no further sign of sale is needed.
    if (codes.length > 0) offerNearby(context, el, codes, 'attribute', false);
  }
  const links = root.querySelectorAll('a[href]');
  for (let i = 0; i < links.length && i < MAX_ELEMENTS; i++) {
    if (i % 128 === 127) yield;
    const link = links[i];
    const href = link?.getAttribute('href') ?? '';
    if (link === undefined || !CODE_IN_PATH.test(href)) continue;
    const codes = codesFromAddress(href, context.url, true);
    // A product address with its code is a product's own link.
    if (codes.length > 0) offerNearby(context, link, codes, 'url', false);
  }
  const images = root.querySelectorAll('img[src],img[data-src],source[srcset]');
  for (let i = 0; i < images.length && i < MAX_ELEMENTS; i++) {
    if (i % 128 === 127) yield;
    const image = images[i];
    const src = image?.getAttribute('src') || image?.getAttribute('data-src') || (image?.getAttribute('srcset') ?? '').split(/[\s,]/)[0] || '';
    if (image === undefined || !CODE_LIKE_FILE.test(src)) continue;
    const codes = codesFromImageName(src);
    if (codes.length > 0) offerNearby(context, image, codes, 'image', true);
  }
};

/** Codes read off one element: they join the item around it, or make one with a title found nearby. */
function offerNearby(context: ReadContext, el: Element, codes: Code[], via: DetectionStep, needSale: boolean): void {
  const { items, seen } = context;
  // A code an item has already is that item's, wherever else it shows (the same comic in a second shelf
  // inside a product page's block); otherwise the item around it takes it.
  const owner = items.known(codes, null) ?? items.containing(el);
  if (owner !== null) {
    items.merge(owner, codes, via);
    return;
  }
  // A code inside a block read as some other product (a calendar's ISBN) is that product's.
  if (seen.has(el) || el.closest(NOT_CONTENT) !== null || items.isRejected(el)) return;
  const nearby = titledCard(el, codes, context.signal, true);
  if (nearby === null) return; // an image-only banner link is not an item
  const price = shownPrice(nearby.card);
  if (needSale && price === null && !hasBuyControl(nearby.card) && !hasPrice(leadingText(nearby.card, 2000))) return;
  const href = el.getAttribute('href');
  items.offer({ codes, title: nearby.text, price, anchor: nearby.element, link: href === null ? null : context.linkKey(href) }, via);
  seen.add(el);
}
