// Labelled values: a code written after its label, in whatever elements the store chose: "UPC: 761941...",
// "<dt>ISBN-13</dt><dd>978-...</dd>", "<th>Item Code</th><td>JAN250123</td>", "<span class=label>UPC:</span>
// 7619...", Amazon's "ISBN-13 \u200f : \u200e 978-1607066019", or a label inside a sentence of the product's
// description ("... UPC: 76194137654700411."). A code joins the item around it; outside every item it joins
// the page's own product, or the nearest block that names a comic and is for sale.

import { findCodesInText, parseCode, type Code, type CodeHint } from '../codes';
import { clean, NOT_CONTENT, textOf } from '../dom';
import type { Found } from '../found';
import { titledCard, type Titled } from '../judge';
import { parseTitle } from '../titles';
import { addCode, strictCode } from '../links';
import { shownPrice } from '../prices';
import { YIELD_EVERY, type Extractor, type ReadContext } from './context';
import { mainHeading, pageProduct } from './heading';

const MAX_TEXT_NODES = 40_000;
const LABEL_WORDS =
  'upc(?:-a)?|ean(?:-13)?|isbn(?:[- ]?1[03])?|gtin(?:-?1[234])?|barcode|item\\s+(?:code|no\\.?|number|#)|diamond(?:\\s+(?:id|code|no\\.?|number|#))?|lunar(?:\\s+code)?|prh(?:\\s+code)?|distributor\\s+code|order\\s+code|sku|product\\s+code';
/** A label at the start of a text node, its value after it or in the next cell. */
const LABEL = new RegExp(`^(${LABEL_WORDS})(?![A-Za-z0-9])[\\s\\u200e\\u200f]*[:#]?`, 'i');
/** A label inside longer text, its value right after the colon. */
const LABEL_IN_TEXT = new RegExp(`(?:^|[\\s(,;])(${LABEL_WORDS})\\s*[:#]\\s*([0-9A-Za-z][0-9A-Za-z -]{7,30})`, 'gi');

/** Text that may hold a code: six digits in a row, or a Lunar code's 4 digits, 2 letters, 4 digits. */
const CODE_LIKE = /\d{6}|\d{4}[A-Za-z]{2}\d{4}/;

export interface LabelledCode {
  readonly code: Code;
  readonly element: Element;
}

/** The codes written after labels in `region`, reading at most `maxNodes` text nodes. */
export function labelledCodes(region: Element, maxNodes: number): LabelledCode[] {
  const out: LabelledCode[] = [];
  const walker = region.ownerDocument.createTreeWalker(region, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < maxNodes; node = walker.nextNode(), visited++) readNode(node, out);
  return out;
}

function readNode(node: Node, out: LabelledCode[]): void {
  const raw = node.nodeValue ?? '';
  if (raw.length < 3 || raw.length > 2000) return;
  if (raw.length > 200) {
    // A sentence: only worth reading when a label with a long value stands in it.
    if (!CODE_LIKE.test(raw)) return;
    const parent = node.parentElement;
    if (parent === null || parent.closest(NOT_CONTENT) !== null) return;
    for (const match of clean(raw).matchAll(LABEL_IN_TEXT)) {
      const code = codeAfter(match[1] ?? '', match[2] ?? '');
      if (code !== null) out.push({ code, element: parent });
    }
    return;
  }
  // Most text nodes are not labels: the first letter of every label is checked before any regular
  // expression runs, unless the node is long enough to hold a label further in.
  let first = 0;
  while (first < raw.length && raw.charCodeAt(first) <= 32) first++;
  const text = clean(raw);
  const label = 'uegbdisoplUEGBDISOPL'.includes(raw.charAt(first)) ? LABEL.exec(text) : null;
  const parent = node.parentElement;
  if (parent === null) return;
  if (label === null) {
    if (text.length < 12 || !CODE_LIKE.test(text) || parent.closest(NOT_CONTENT) !== null) return;
    for (const match of text.matchAll(LABEL_IN_TEXT)) {
      const code = codeAfter(match[1] ?? '', match[2] ?? '');
      if (code !== null) out.push({ code, element: parent });
    }
    return;
  }
  if (parent.closest(NOT_CONTENT) !== null) return;
  const value = text.slice(label[0].length).trim() || valueAfter(node);
  if (value === '') return;
  const code = codeAfter(label[1] ?? '', value);
  if (code !== null) out.push({ code, element: parent });
}

/** The code a label's value holds, read as the label says: a store's SKU or order code only when it
 *  reads as a code without doubt. */
function codeAfter(label: string, value: string): Code | null {
  const word = label.toLowerCase().slice(0, 4);
  const hint: CodeHint | undefined = word === 'isbn' || word === 'upc' || word === 'ean' ? word : word === 'gtin' ? 'gtin' : undefined;
  const strict = hint === undefined && /^(?:sku|orde|prod|item)/.test(word);
  if (strict) return strictCode(value.split(/\s{2,}|,|;/)[0] ?? value) ?? findCodesInText(value, { limit: 1 }).find((c) => c.type !== 'isbn' && c.type !== 'upc' && c.type !== 'ean') ?? null;
  return parseCode(value, hint) ?? findCodesInText(value, { limit: 1 })[0] ?? null;
}

/** The value beside a label: the next text after it, or the next cell, definition or list item. */
function valueAfter(node: Node): string {
  for (let at: Node | null = node, depth = 0; at !== null && depth < 6; at = at.parentElement, depth++) {
    for (let sibling = at.nextSibling; sibling !== null; sibling = sibling.nextSibling) {
      const value = clean((sibling.textContent ?? '').slice(0, 100));
      if (value !== '') return value;
    }
  }
  return '';
}

export const labels: Extractor = function* (context, root) {
  const { items } = context;
  const cards = new Map<Element, { codes: Code[]; title: Titled }>();
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const found: LabelledCode[] = [];
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < MAX_TEXT_NODES; node = walker.nextNode(), visited++) {
    if (visited % 512 === 511) yield;
    readNode(node, found);
  }
  let page: Found | null | undefined;
  for (let i = 0; i < found.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const { code, element } = found[i] ?? { code: null, element: null };
    if (code === null || element === null) continue;
    const owner = items.containing(element);
    if (owner !== null) {
      items.merge(owner, [code], 'label');
      continue;
    }
    if (items.known([code], null) !== null) continue;
    // A labelled code outside any item: the nearest block around it that names a comic (a related
    // product's row), else the page's own product, whose details list may stand far below its heading.
    // A labelled code is itself a sign of a product: no price is asked for.
    const card = titledCard(element, [code]);
    page ??= pageProduct(context);
    // A block whose title is a comic only because this code vouches for it ("DC Comics" beside the
    // barcode) is not a product of its own on a page that has one.
    if (page !== null && (card === null || parseTitle(card.text).kind !== 'comic' || card.card.contains(page.anchor))) {
      items.merge(page, [code], 'label');
      continue;
    }
    const heading = card ?? pageTitle(context);
    if (heading === null) continue;
    const block = card?.card ?? context.document.documentElement;
    const entry = cards.get(block) ?? { codes: [], title: heading };
    addCode(entry.codes, code);
    cards.set(block, entry);
  }
  for (const [card, { codes, title }] of cards) {
    const whole = card === context.document.documentElement;
    items.offer({ codes, title: title.text, price: shownPrice(whole ? (title.element.parentElement ?? card) : card), anchor: title.element, container: whole ? title.element : card }, 'label');
  }
};

/** The page's main heading as a title, for codes that belong to no block of their own. */
function pageTitle(context: ReadContext): Titled | null {
  const h1 = context.whole ? mainHeading(context.document) : null;
  return h1 === null ? null : { text: textOf(h1), element: h1 };
}

