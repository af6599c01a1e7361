// Codes written after their label, in whatever elements the store chose: "UPC: 761941...",
// "<dt>ISBN-13</dt><dd>978-...</dd>", "<th>Item Code</th><td>JAN250123</td>", "<span class=label>UPC:</span>
// 7619...", Amazon's "ISBN-13 \u200f : \u200e 978-1607066019", or a label inside a sentence ("... UPC:
// 76194137654700411."). Read by the adapters' `labelled` regions and by the label extractor.

import { findCodesInText, parseCode, type Code, type CodeHint } from './codes';
import { clean, CODE_LIKE, NOT_CONTENT } from './dom';
import { strictCode } from './links';

const LABEL_WORDS =
  'upc(?:-a)?|ean(?:-13)?|isbn(?:[- ]?1[03])?|gtin(?:-?1[234])?|barcode|item\\s+(?:code|no\\.?|number|#)|diamond(?:\\s+(?:id|code|no\\.?|number|#))?|lunar(?:\\s+code)?|prh(?:\\s+code)?|distributor\\s+code|order\\s+code|sku|product\\s+code';
/** A label at the start of a text node, its value after it or in the next cell. */
const LABEL = new RegExp(`^(${LABEL_WORDS})(?![A-Za-z0-9])[\\s\\u200e\\u200f]*[:#]?`, 'i');
/** A label inside longer text, its value right after the colon. */
const LABEL_IN_TEXT = new RegExp(`(?:^|[\\s(,;])(${LABEL_WORDS})\\s*[:#]\\s*([0-9A-Za-z][0-9A-Za-z -]{7,30})`, 'gi');


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

export function readNode(node: Node, out: LabelledCode[]): void {
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
  const labelFirst = 'uegbdisoplUEGBDISOPL'.includes(raw.charAt(first));
  // Neither a label's first letter nor a code's digits (cleaning never joins two runs of them): nothing to read.
  if (!labelFirst && !CODE_LIKE.test(raw)) return;
  const text = clean(raw);
  const label = labelFirst ? LABEL.exec(text) : null;
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
