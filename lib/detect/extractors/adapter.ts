// The store's adapter (lib/sites/<store>.ts): where the items sit on the store's pages, said as selectors.
// It runs first, so where it finds an item its fields win; where its selectors no longer match (a
// redesign), the general readers after it still find the items.

import { parseCode, findCodesInText, type Code } from '../codes';
import { CLONE, clean, copyRank, isValidSelector, MAX_BLOCK_ELEMENTS, MAX_FIELD_CHARS, NOT_CONTENT, textOf } from '../dom';
import { judgeTitle, linkTitle, namesOtherProduct, signalFor, titleText, wholeTitle, type Titled } from '../judge';
import { labelledCodes } from '../labelled';
import { addCode, CODE_IN_PATH, codesFromAddress } from '../links';
import { extractPrice, isOldPrice } from '../prices';
import type { ItemRule, Pick, SiteAdapter } from '../../sites/types';
import type { DetectionStep } from '../types';
import { YIELD_EVERY, type Extractor, type ReadContext } from './context';

/** Item containers read per scan; a page with more is not a page a person reads. */
const MAX_CONTAINERS = 5000;
const MAX_MATCHES = 8;

interface Field {
  readonly selector: string;
  readonly attribute: string | null;
}

const compiled = new WeakMap<Pick, Field[]>();

/** The adapter's item rules for this address (every page rule whose address test passes). */
export function rulesFor(adapter: SiteAdapter, url: string): ItemRule[] {
  let path: string;
  try {
    const address = new URL(url);
    path = address.pathname + address.search;
  } catch {
    return [];
  }
  return [...new Set(adapter.pages.filter((page) => page.url.test(path)).flatMap((page) => page.items))];
}

export const adapterRules: Extractor = function* (context, root) {
  const { document, adapter, seen } = context;
  const rules = rulesFor(adapter, context.url).filter((rule) => isValidSelector(document, rule.container));
  if (rules.length === 0) return;
  const selector = rules.map((rule) => rule.container).join(',');
  const found = root.querySelectorAll(selector);
  const containers = root.matches(selector) ? [root] : [];
  for (let i = 0; i < found.length && containers.length < MAX_CONTAINERS; i++) containers.push(found[i] ?? root);
  const via: DetectionStep = `adapter:${adapter.id}`;
  // Most pages have no slider clones and no parsed <noscript>: look for each once, not per item.
  const cloned = root.querySelector(CLONE) !== null || root.closest(CLONE) !== null;
  const inert = document.querySelector('noscript,template,textarea,select') !== null;
  const clones: Element[] = [];
  for (let i = 0; i < containers.length; i++) {
    const container = containers[i] ?? root;
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    if (seen.has(container)) continue;
    if (cloned && container.closest(CLONE) !== null) clones.push(container);
    else readContainer(context, container, rules, via, false, inert);
  }
  // Slides out of view before a slider's copies: the same comic keeps its badge on the original.
  for (const rank of [1, 2]) for (const container of clones) if (copyRank(container) === rank) readContainer(context, container, rules, via, true, inert);
};

function readContainer(context: ReadContext, container: Element, rules: readonly ItemRule[], via: DetectionStep, clone: boolean, inert: boolean): void {
  const { items, seen, adapter } = context;
  if (items.full()) return;
  try {
    const rule = rules.length === 1 ? rules[0] : rules.find((r) => container.matches(r.container));
    if (rule === undefined || (inert && container.closest(NOT_CONTENT) !== null)) return;
    const title = pickTitle(context.document, container, rule.title);
    const codes = pickCodes(context, container, rule);
    const link = pickLink(context, container, rule.link, title?.element);
    // The codes its own address carries (/Catalog/MAR180454) tell it apart from the same product elsewhere.
    const href = (title?.element.closest('a[href]') ?? null)?.getAttribute('href') ?? '';
    if (CODE_IN_PATH.test(href)) codesFromAddress(href, context.url, true, codes);
    const same = items.known(codes, link);
    if (same !== null) {
      seen.add(container);
      return;
    }
    const text = title?.text ?? null;
    if (clone && codes.length === 0 && link === null && text !== null && items.byTitle(text) !== null) return;
    const category = pick(context.document, container, rule.category, (value) => adapter.categoryNames?.[value] ?? value);
    // Where the store names no category, a line of the block naming another product type decides.
    // (Checked last: counting a container's elements is the dearest test, and most containers never need it.)
    const otherProduct =
      category === null && rule.category === undefined && text !== null && namesOtherProduct(container, text) && container.getElementsByTagName('*').length <= MAX_BLOCK_ELEMENTS;
    const judged = otherProduct ? null : judgeTitle(text, category, codes, signalFor(context.signal, container, codes, category));
    // A container that names something other than a comic is done with; one the rule could not read
    // (no title, no code) is left to the general readers.
    if (text !== null || codes.length > 0) seen.add(container);
    if (judged === null) {
      if (text !== null) items.reject(container);
      return;
    }
    const anchor = pickElement(context.document, container, rule.anchor) ?? title?.element ?? container;
    // Where the rule's price selectors name nothing (a theme's own price elements), the grid reader gives
    // the block's shown price (./product-grid.ts).
    const price = pickPrice(context.document, container, rule.price);
    items.add({ codes, title: text, parsed: judged ?? null, price, anchor, via, sources: [via], container, link, scan: items.scan }, link);
  } catch {
    // One odd item does not stop the others.
  }
}

function fieldsOf(document: Document, entries: Pick | undefined): Field[] {
  if (entries === undefined) return [];
  let fields = compiled.get(entries);
  if (fields === undefined) {
    fields = [];
    for (const entry of entries) {
      const at = entry.lastIndexOf('@');
      const attribute = at >= 0 && /^[\w:-]+$/.test(entry.slice(at + 1)) ? entry.slice(at + 1) : null;
      const selector = (attribute === null ? entry : entry.slice(0, at)).trim();
      if (selector === '' || isValidSelector(document, selector)) fields.push({ selector, attribute });
    }
    compiled.set(entries, fields);
  }
  return fields;
}

function readField(el: Element, field: Field): string {
  if (field.attribute === null) return textOf(el);
  const value = el.getAttribute(field.attribute) ?? '';
  return value.length > MAX_FIELD_CHARS * 4 ? '' : clean(value);
}

/** The first thing `read` makes of the elements a field names inside a container, in document order.
 *  The first element is found with querySelector; the rest are listed only when it gives nothing. */
function findIn<T>(container: Element, field: Field, read: (el: Element) => T | null): T | null {
  if (field.selector === '') return read(container);
  const first = container.querySelector(field.selector);
  const value = first === null ? null : read(first);
  if (first === null || value !== null) return value;
  const all = container.querySelectorAll(field.selector);
  for (let i = 1; i < all.length && i < MAX_MATCHES; i++) {
    const el = all[i];
    const next = el === undefined ? null : read(el);
    if (next !== null) return next;
  }
  return null;
}

/** The first value `read` accepts, trying each entry's elements in order. */
function pick(document: Document, container: Element, entries: Pick | undefined, read: (value: string) => string | null): string | null {
  for (const field of fieldsOf(document, entries)) {
    const found = findIn(container, field, (el) => {
      const value = readField(el, field);
      return value === '' ? null : read(value);
    });
    if (found !== null) return found;
  }
  return null;
}

/** The price a block asks: of the elements the rule's first matching entry names, the first that is not an
 *  old or list price (Magento's "old-price", "MSRP $4.99" before "Member Price $4.24"); one element is the price. */
function pickPrice(document: Document, container: Element, entries: Pick | undefined): string | null {
  for (const field of fieldsOf(document, entries)) {
    const all = field.selector === '' ? [container] : container.querySelectorAll(field.selector);
    let first: string | null = null;
    for (let i = 0; i < all.length && i < MAX_MATCHES; i++) {
      const el = all[i];
      const value = el === undefined ? '' : readField(el, field);
      const price = value === '' ? null : extractPrice(value);
      if (el === undefined || price === null) continue;
      if (all.length === 1 || field.attribute !== null || !isOldPrice(el, container, value)) return price;
      first ??= price;
    }
    if (first !== null) return first;
  }
  return null;
}

function pickTitle(document: Document, container: Element, entries: Pick): Titled | null {
  for (const field of fieldsOf(document, entries)) {
    const found = findIn(container, field, (el): Titled | null => {
      // A link's title attribute, without the store's words around the name ("Product detail for '…'").
      const value = field.attribute === 'title' && el.matches('a[href]') ? (linkTitle(el) ?? '') : readField(el, field);
      return value === '' ? null : { text: titleText(wholeTitle(value, el)), element: el };
    });
    if (found !== null) return found;
  }
  return null;
}

/** A field that names a code or holds one in a sentence ("UPC: 7 59606 ... 00111"). */
function codesFromValue(value: string): Code[] {
  const whole = parseCode(value);
  return whole !== null ? [whole] : findCodesInText(value.slice(0, MAX_FIELD_CHARS), { limit: 4 });
}

function pickCodes(context: ReadContext, container: Element, rule: ItemRule): Code[] {
  const codes: Code[] = [];
  for (const field of fieldsOf(context.document, rule.codes)) {
    const address = field.attribute !== null && /^(?:href|src|data-src|action)$/i.test(field.attribute);
    findIn(container, field, (el) => {
      const value = readField(el, field);
      if (value !== '') for (const code of address ? codesFromAddress(value, context.url, false) : codesFromValue(value)) addCode(codes, code);
      return null; // every element is read
    });
  }
  for (const field of fieldsOf(context.document, rule.labelled)) {
    findIn(container, field, (el) => {
      for (const { code } of labelledCodes(el, 2000)) addCode(codes, code);
      return null;
    });
  }
  return codes;
}

function pickLink(context: ReadContext, container: Element, entries: Pick | undefined, titleElement: Element | undefined): string | null {
  if (entries !== undefined) return pick(context.document, container, entries, context.linkKey);
  // The title's own link: around it, else the first inside it ("<span class=title><a href=…>").
  const own = titleElement?.closest('a[href]') ?? titleElement?.querySelector('a[href]') ?? (container.matches('a[href]') ? container : null);
  return own === null ? null : context.linkKey(own.getAttribute('href') ?? '');
}

function pickElement(document: Document, container: Element, entries: Pick | undefined): Element | null {
  for (const field of fieldsOf(document, entries)) {
    const found = findIn(container, field, (el) => el);
    if (found !== null) return found;
  }
  return null;
}

