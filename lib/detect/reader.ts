// Page detection: the comics on a retailer page, found by an ordered chain of steps.
//   1. the site's adapter (lib/sites: where items sit on the store's pages),
//   2. structured data (JSON-LD, microdata, meta tags),
//   3. labelled text ("UPC:", "ISBN-13 : 978...", "<th>Item Code</th><td>..."),
//   4. attributes and product addresses (data-upc, data-product_sku, /Catalog/MAR180454).
// The first step to find an item names it in `via`; a later step that finds the same item only adds codes.
// Work is bounded (caps on containers, text nodes, JSON sizes) and nothing here throws: each step and
// each item runs inside its own try/catch, so one broken selector or script cannot sink the rest.
// Written as closures rather than a class: the content script ships this file, and local names minify.

import { findCodesInText, parseCode, type Code, type CodeHint } from './codes';
import { isComic, parseTitle, type ParsedTitle } from './titles';
import type { DetectedItem, DetectionStep } from './types';
import type { ItemRule, Pick, SiteAdapter } from '../sites/types';

export interface DetectOptions {
  /** Only this subtree (nodes added by infinite scroll). Meta tags are read only for the whole document. */
  readonly root?: Element;
  /** Most items to return (default 2,000). */
  readonly limit?: number;
  /** Elements handled by an earlier scan: skipped, and this scan's elements are added. */
  readonly seen?: WeakSet<Element>;
  /** Read the page with this adapter instead of the one its address picks. */
  readonly adapter?: SiteAdapter;
}

/** Detection that follows a changing page: each scan returns only the items not returned before, and an
 *  item seen again (a carousel clone, the same product further down) is not returned twice. */
export interface DetectionSession {
  readonly adapter: string;
  /** The items not returned before. With `budgetMs`, reading stops once that much time has passed and
   *  `pending` says so: call scan again in a later task to go on, so no single task runs long. */
  scan(root?: Element, budgetMs?: number): DetectedItem[];
  /** The last scan stopped at its time budget with items left to read. */
  readonly pending: boolean;
  /** The store's adapter found fewer items than the general readers: its layout may have changed, and
   *  the items of both are used. Always false where no store adapter applies. */
  readonly layoutChanged: boolean;
}

const DEFAULT_LIMIT = 2000;
const MAX_LIMIT = 10_000;
/** Item containers read per scan; a page with more is not a page a person reads. */
const MAX_CONTAINERS = 5000;
const MAX_FIELD_CHARS = 600;
const MAX_MATCHES = 8;
/** ItemQuery (lib/items.ts) carries at most 8 codes. */
const MAX_CODES = 8;
const MAX_LD_SCRIPTS = 40;
const MAX_LD_CHARS = 1_000_000;
const MAX_NODES = 10_000;
const MAX_TEXT_NODES = 40_000;
const MAX_LINKS = 8000;

/** Never items: their text is code, markup for later, or form state. */
const NOT_CONTENT = 'script,style,template,noscript,textarea,select,option,head';
/** Copies a slider makes of its slides; read after the originals so the original keeps the badge. */
const CLONE = '.slick-cloned,.swiper-slide-duplicate,.cloned,.clone,[data-clone],[aria-hidden="true"]';
const PRODUCT_TYPE = /^(?:Product|Book|ComicIssue|IndividualProduct|ProductModel)$/i;
const PRODUCT_ITEMTYPE = /schema\.org\/(?:Product|Book|ComicIssue|IndividualProduct|ProductModel)\b/i;
const INVISIBLE = /[\s\u00a0\u200b-\u200f\u202a-\u202e\u2060\ufeff]+/g;
const ELLIPSIS = /(?:\.{3,}|…)\s*$/;
const PRICE =
  /(?:\b(?:US|AU|CA|NZ|C|A) ?)?[$£€¥] ?\d{1,3}(?:,?\d{3})*(?:[.,]\d{2}(?!\d))?|\b\d{1,3}(?:[.\s]?\d{3})*,\d{2} ?€/;
const LABEL =
  /^(upc(?:-a)?|ean(?:-13)?|isbn(?:[- ]?1[03])?|gtin(?:-?1[234])?|barcode|item\s+code|diamond\s+(?:id|code|no\.?|#)|order\s+code|sku|product\s+code)\b[\s\u200e\u200f]*[:#]?/i;
/** A product address with a distributor code, an ISBN-13 or a UPC with its comic add-on in its path. */
const CODE_IN_PATH =
  /(?:^|[/=])(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\d{6}|\d{4}[a-z]{2}\d{4}|[a-z]{2}\d{8}|97[89]\d{10}|\d{17})(?=$|[/?#._-])/i;
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
];
/** B&N's "?ean=978...": parameters named for the code they hold. */
const CODE_PARAMETERS: Readonly<Record<string, CodeHint>> = { ean: 'ean', isbn: 'isbn', isbn13: 'isbn', upc: 'upc', gtin: 'gtin' };
const TRACKING_PARAM = /^(?:utm_.*|ref_?|qid|sr|crid|dib|spc|psc|sp_csd|pd_rd_.*|pf_rd_.*|_encoding|keywords|_trk.*|_from|hash|fbclid|gclid|srsltid)$/i;
const META_CODES: readonly (readonly [string, CodeHint])[] = [
  ['product:upc', 'upc'], ['og:upc', 'upc'], ['product:ean', 'ean'], ['og:ean', 'ean'], ['product:gtin', 'gtin'],
  ['og:gtin', 'gtin'], ['product:isbn', 'isbn'], ['books:isbn', 'isbn'], ['book:isbn', 'isbn'], ['og:isbn', 'isbn'],
];
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { USD: '$', GBP: '£', EUR: '€', CAD: 'CA$', AUD: 'A$', JPY: '¥' };
const TITLE_ELEMENTS = 'h1,h2,h3,h4,[itemprop="name"],[class*="title" i],[class*="name" i],a[href]';
/** A heading or declared name: a block with one that is not a comic is some other product's block. */
const STRONG_TITLE = 'h1,h2,h3,h4,[itemprop="name"],[class*="title" i]';

// ---------------------------------------------------------------------------------------------
// Items as they are found

interface Found {
  codes: Code[];
  readonly title: string | null;
  readonly parsed: ParsedTitle | null;
  price: string | null;
  readonly anchor: Element;
  readonly via: DetectionStep;
  /** The element the item lives in: an adapter's container, or the element a generic step read. */
  readonly container: Element;
  readonly scan: number;
}

/** What a generic step read, before it is known whether it is a new item or one already found. */
interface Candidate {
  readonly codes: Code[];
  readonly title: string | null;
  readonly price: string | null;
  readonly anchor: Element;
  readonly category?: string | null;
  readonly link?: string | null;
}

interface Field {
  readonly selector: string;
  readonly attribute: string | null;
}

interface Titled {
  readonly text: string;
  readonly element: Element;
}

/**
 * Reads a page with the given adapter. The content script of each store calls this with that store's
 * adapter only, so it carries no other store's selectors; lib/detect/page.ts picks the adapter by address.
 */
export function createReader(document: Document, url: string, adapter: SiteAdapter, options: Omit<DetectOptions, 'root' | 'adapter'> = {}): DetectionSession {
  const seen = options.seen ?? new WeakSet<Element>();
  const rawLimit = options.limit ?? DEFAULT_LIMIT;
  const limit = Number.isFinite(rawLimit) ? Math.max(0, Math.min(Math.floor(rawLimit), MAX_LIMIT)) : DEFAULT_LIMIT;
  const byCode = new Map<string, Found>();
  const byLink = new Map<string, Found>();
  /** Items by their title, built when first asked for: most pages never ask. */
  const byTitle = new Map<string, Found>();
  let titled = 0;
  const byContainer = new Map<Element, Found>();
  const compiled = new WeakMap<Pick, Field[]>();
  const items: Found[] = [];
  let scans = 0;
  let returned = 0;
  let deadline = Infinity;
  let pending = false;
  let linkIndex: Map<string, Element> | null = null;
  let host = '';
  try {
    host = new URL(url).host.replace(/^www\./, '');
  } catch {
    // An address that does not parse: only absolute links get keys.
  }

  const full = (): boolean => items.length - returned >= limit;
  /** Generic steps create items on stores without an adapter, or where the adapter found nothing (a
   *  redesign broke its selectors); elsewhere they only add codes to the adapter's items. */
  const genericMayCreate = (): boolean => adapter.id === 'generic' || !items.some((i) => i.via.startsWith('adapter:'));

  function scan(root: Element): DetectedItem[] {
    scans++;
    linkIndex = null;
    pending = false;
    const before = items.length;
    const steps = [adapterStep, jsonLdStep, microdataStep, root === document.documentElement ? metaStep : null, labelStep, attributeStep];
    for (const step of steps) {
      if (full() || pending) break;
      // Where the store's adapter found the items, it names where their codes are: walking every text
      // node and link of a 1,000-item page for labels would cost more than the rest of detection.
      if ((step === labelStep || step === attributeStep) && !genericMayCreate()) break;
      try {
        step?.(root);
      } catch {
        // A step that breaks on this page gives nothing; the other steps still run.
      }
    }
    const fresh = items.slice(before);
    returned = items.length;
    sortByDocumentOrder(fresh);
    return fresh.slice(0, limit).map(({ codes, title, parsed, price, anchor, via }) => ({ codes, title, parsed, price, anchor, via }));
  }

  // -------------------------------------------------------------------------------------------
  // 1. The site adapter

  function adapterStep(root: Element): void {
    let path: string;
    try {
      const address = new URL(url);
      path = address.pathname + address.search;
    } catch {
      return;
    }
    const rules = [...new Set(adapter.pages.filter((page) => page.url.test(path)).flatMap((page) => page.items))].filter((rule) =>
      isValidSelector(document, rule.container),
    );
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
      if (seen.has(container)) continue;
      if (i % 32 === 31 && performance.now() > deadline) {
        pending = true;
        return;
      }
      if (cloned && container.closest(CLONE) !== null) clones.push(container);
      else readContainer(container, rules, via, false, inert);
    }
    for (const container of clones) readContainer(container, rules, via, true, inert);
  }

  function readContainer(container: Element, rules: readonly ItemRule[], via: DetectionStep, clone: boolean, inert: boolean): void {
    if (full()) return;
    try {
      seen.add(container);
      const rule = rules.length === 1 ? rules[0] : rules.find((r) => container.matches(r.container));
      if (rule === undefined || (inert && container.closest(NOT_CONTENT) !== null)) return;
      const title = pickTitle(container, rule.title);
      const codes = pickCodes(container, rule);
      const link = pickLink(container, rule.link, title?.element);
      if (isKnown(codes, link) !== null) return;
      const text = title?.text ?? null;
      if (clone && codes.length === 0 && link === null && text !== null && titleIndex().has(normalTitle(text))) return;
      const category = pick(container, rule.category, (value) => adapter.categoryNames?.[value] ?? value);
      const judged = judgeTitle(text, category, codes);
      if (judged === null) return;
      const anchor = pickElement(container, rule.anchor) ?? title?.element ?? container;
      const price = pick(container, rule.price, extractPrice);
      add({ codes, title: text, parsed: judged ?? null, price, anchor, via, container, scan: scans }, link);
    } catch {
      // One odd item does not stop the others.
    }
  }

  // -------------------------------------------------------------------------------------------
  // 2. Structured data

  function jsonLdStep(root: Element): void {
    const scripts = root.querySelectorAll('script[type*="ld+json"]');
    const products: Record<string, unknown>[] = [];
    const budget = { nodes: MAX_NODES };
    for (let i = 0; i < scripts.length && i < MAX_LD_SCRIPTS; i++) {
      const text = scripts[i]?.textContent ?? '';
      if (text.length === 0 || text.length > MAX_LD_CHARS) continue;
      try {
        collectProducts(JSON.parse(text), products, budget, 0);
      } catch {
        // Malformed JSON-LD is skipped; the page's other data is still read.
      }
    }
    for (const product of products) {
      const name = text(product['name']);
      const offers = asList(product['offers']).filter(isRecord);
      const codes: Code[] = [];
      for (const source of [product, ...offers]) {
        for (const key of ['gtin13', 'gtin12', 'gtin14', 'gtin8', 'gtin', 'isbn', 'sku', 'mpn', 'productID']) {
          for (const value of asList(source[key])) addCode(codes, propertyCode(key, scalar(value)));
        }
      }
      let price: string | null = null;
      for (const offer of offers) {
        const spec = isRecord(offer['priceSpecification']) ? offer['priceSpecification'] : {};
        price ??= formatPrice(
          scalar(offer['price']) ?? scalar(offer['lowPrice']) ?? scalar(spec['price']),
          text(offer['priceCurrency']) ?? text(spec['priceCurrency']),
        );
      }
      const address = text(product['url']) ?? offers.map((o) => text(o['url'])).find((u) => u !== null) ?? null;
      const link = address === null ? null : linkKey(address);
      if (name === null && codes.length === 0) continue;
      offer({ codes, title: name, price, anchor: findAnchor(root, name, link), category: text(product['category']), link }, 'json-ld');
    }
  }

  function microdataStep(root: Element): void {
    const scopes = root.querySelectorAll('[itemscope][itemtype]');
    for (let i = 0; i < scopes.length && i < MAX_CONTAINERS; i++) {
      const scope = scopes[i];
      if (scope === undefined || !PRODUCT_ITEMTYPE.test(scope.getAttribute('itemtype') ?? '')) continue;
      if (seen.has(scope) || scope.closest(NOT_CONTENT) !== null) continue;
      seen.add(scope);
      let name: Titled | null = null;
      let amount: string | null = null;
      let currency: string | null = null;
      let category: string | null = null;
      let address: string | null = null;
      const codes: Code[] = [];
      const props = scope.querySelectorAll('[itemprop]');
      for (let j = 0; j < props.length && j < 300; j++) {
        const prop = props[j];
        if (prop === undefined) continue;
        const own = prop.parentElement?.closest('[itemscope]') === scope;
        const value = microdataValue(prop);
        for (const key of (prop.getAttribute('itemprop') ?? '').split(/\s+/)) {
          addCode(codes, propertyCode(key, value));
          if (key === 'price') amount ??= value;
          else if (key === 'priceCurrency') currency ??= value;
          else if (own && key === 'name' && value !== '') name ??= { text: value, element: prop };
          else if (own && key === 'category') category ??= value;
          else if (own && key === 'url') address ??= value;
        }
      }
      if (name === null && codes.length === 0) continue;
      const link = address === null ? null : linkKey(address);
      offer({ codes, title: name?.text ?? null, price: formatPrice(amount, currency), anchor: name?.element ?? scope, category, link }, 'microdata');
    }
  }

  function metaStep(): void {
    const metas = document.querySelectorAll('meta[property],meta[name]');
    const tags = new Map<string, string>();
    for (let i = 0; i < metas.length && i < 400; i++) {
      const meta = metas[i];
      const key = (meta?.getAttribute('property') ?? meta?.getAttribute('name') ?? '').toLowerCase();
      const content = clean(meta?.getAttribute('content') ?? '');
      if (key !== '' && content !== '' && !tags.has(key)) tags.set(key, content);
    }
    const productLike = /product|book/i.test(tags.get('og:type') ?? '') || [...tags.keys()].some((k) => /^(?:product|books?):/.test(k));
    if (!productLike) return;
    const codes: Code[] = [];
    for (const [key, hint] of META_CODES) addCode(codes, codeFrom(tags.get(key) ?? null, hint));
    addCode(codes, strictCode(tags.get('product:retailer_item_id') ?? null));
    const title = tags.get('og:title') ?? tags.get('twitter:title') ?? null;
    const price = formatPrice(
      tags.get('product:price:amount') ?? tags.get('og:price:amount') ?? null,
      tags.get('product:price:currency') ?? tags.get('og:price:currency') ?? null,
    );
    if (title !== null || codes.length > 0) offer({ codes, title, price, anchor: findAnchor(document.documentElement, title, null) }, 'meta');
  }

  // -------------------------------------------------------------------------------------------
  // 3. Labelled text

  function labelStep(root: Element): void {
    const mayCreate = genericMayCreate();
    const cards = new Map<Element, { codes: Code[]; title: Titled | null }>();
    for (const { code, element } of labelledCodes(root, MAX_TEXT_NODES)) {
      const owner = itemContaining(element);
      if (owner !== null) {
        if (owner.scan === scans) mergeCodes(owner, [code]);
        continue;
      }
      if (!mayCreate || byCode.has(codeKey(code))) continue;
      // A labelled code outside any item: the item is the nearest block around it that names a comic
      // (a related-product row, the page's product block with its heading).
      const card = titledCard(element, [code]);
      const key = card?.card ?? document.documentElement;
      const entry = cards.get(key) ?? { codes: [], title: card };
      addCode(entry.codes, code);
      cards.set(key, entry);
    }
    for (const [card, { codes, title }] of cards) {
      const heading = title ?? pageHeading();
      offer({ codes, title: heading?.text ?? null, price: nearbyPrice(card), anchor: heading?.element ?? card }, 'label');
    }
  }

  function pageHeading(): Titled | null {
    const h1s = document.querySelectorAll('h1');
    for (let i = 0; i < h1s.length && i < 5; i++) {
      const h1 = h1s[i];
      const value = h1 === undefined || h1.closest(NOT_CONTENT) !== null ? '' : textOf(h1);
      if (h1 !== undefined && value !== '') return { text: value, element: h1 };
    }
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // 4. Attributes and product addresses

  function attributeStep(root: Element): void {
    const mayCreate = genericMayCreate();
    const tagged = root.querySelectorAll(CODE_ATTRIBUTES.map(([name]) => `[${name}]`).join(','));
    for (let i = 0; i < tagged.length && i < MAX_LINKS; i++) {
      const el = tagged[i];
      if (el === undefined || el.closest(NOT_CONTENT) !== null) continue;
      const codes: Code[] = [];
      for (const [name, hint] of CODE_ATTRIBUTES) {
        const value = el.getAttribute(name);
        addCode(codes, hint === 'sku' ? strictCode(value) : codeFrom(value, hint));
      }
      if (codes.length > 0) offerNearby(el, codes, 'attribute', mayCreate);
    }
    const links = root.querySelectorAll('a[href]');
    for (let i = 0; i < links.length && i < MAX_LINKS; i++) {
      const link = links[i];
      const href = link?.getAttribute('href') ?? '';
      if (link === undefined || !CODE_IN_PATH.test(href)) continue;
      const codes = codesFromAddress(href, url, true);
      if (codes.length > 0) offerNearby(link, codes, 'url', mayCreate);
    }
  }

  /** Codes read off one element: they join the item around it, or make one with a title found nearby. */
  function offerNearby(el: Element, codes: Code[], via: DetectionStep, mayCreate: boolean): void {
    const owner = itemContaining(el);
    if (owner !== null) {
      if (owner.scan === scans) mergeCodes(owner, codes);
      return;
    }
    if (!mayCreate || seen.has(el) || el.closest(NOT_CONTENT) !== null) return;
    const nearby = titledCard(el, codes, true);
    if (nearby === null) return; // an image-only banner link is not an item
    const href = el.getAttribute('href');
    offer({ codes, title: nearby.text, price: nearbyPrice(nearby.card), anchor: nearby.element, link: href === null ? null : linkKey(href) }, via);
    seen.add(el);
  }

  // -------------------------------------------------------------------------------------------
  // Merging what the steps find

  /** A candidate from a generic step: more codes for an item already found, or a new item. */
  function offer(candidate: Candidate, via: DetectionStep): void {
    const { title, codes, anchor } = candidate;
    const link = candidate.link ?? null;
    const existing = isKnown(codes, link) ?? itemContaining(anchor) ?? (title === null ? null : (titleIndex().get(normalTitle(title)) ?? null));
    if (existing !== null) {
      if (existing.scan === scans) {
        mergeCodes(existing, codes);
        existing.price ??= candidate.price;
      }
      return;
    }
    if (full() || seen.has(anchor)) return;
    const parsed = judgeTitle(title, candidate.category ?? null, codes);
    if (parsed === null) return;
    seen.add(anchor);
    add({ codes: codes.slice(0, MAX_CODES), title, parsed: parsed ?? null, price: candidate.price, anchor, via, container: anchor, scan: scans }, link);
  }

  function add(found: Found, link: string | null): void {
    items.push(found);
    for (const code of found.codes) byCode.set(codeKey(code), found);
    if (link !== null) byLink.set(link, found);
    byContainer.set(found.container, found);
  }

  function titleIndex(): Map<string, Found> {
    for (; titled < items.length; titled++) {
      const found = items[titled];
      const key = found?.title == null ? '' : normalTitle(found.title);
      if (found !== undefined && key !== '' && !byTitle.has(key)) byTitle.set(key, found);
    }
    return byTitle;
  }

  function isKnown(codes: readonly Code[], link: string | null): Found | null {
    for (const code of codes) {
      const found = byCode.get(codeKey(code));
      if (found !== undefined) return found;
    }
    return link === null ? null : (byLink.get(link) ?? null);
  }

  /** The innermost item whose container holds `el`. */
  function itemContaining(el: Element): Found | null {
    for (let node: Element | null = el, depth = 0; node !== null && depth < 60; node = node.parentElement, depth++) {
      const found = byContainer.get(node);
      if (found !== undefined) return found;
    }
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // Reading an adapter's fields

  function fieldsOf(entries: Pick | undefined): Field[] {
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

  /** The first value `read` accepts, trying each entry's elements in order. */
  function pick(container: Element, entries: Pick | undefined, read: (value: string) => string | null): string | null {
    for (const field of fieldsOf(entries)) {
      const found = findIn(container, field, (el) => {
        const value = readField(el, field);
        return value === '' ? null : read(value);
      });
      if (found !== null) return found;
    }
    return null;
  }

  function pickTitle(container: Element, entries: Pick): Titled | null {
    for (const field of fieldsOf(entries)) {
      const found = findIn(container, field, (el): Titled | null => {
        const value = readField(el, field);
        return value === '' ? null : { text: wholeTitle(value, el), element: el };
      });
      if (found !== null) return found;
    }
    return null;
  }

  function pickCodes(container: Element, rule: ItemRule): Code[] {
    const codes: Code[] = [];
    for (const field of fieldsOf(rule.codes)) {
      const address = field.attribute !== null && /^(?:href|src|data-src|action)$/i.test(field.attribute);
      findIn(container, field, (el) => {
        const value = readField(el, field);
        if (value !== '') for (const code of address ? codesFromAddress(value, url, false) : codesFromValue(value)) addCode(codes, code);
        return null; // every element is read
      });
    }
    for (const field of fieldsOf(rule.labelled)) {
      findIn(container, field, (el) => {
        for (const { code } of labelledCodes(el, 2000)) addCode(codes, code);
        return null;
      });
    }
    return codes;
  }

  function pickLink(container: Element, entries: Pick | undefined, titleElement: Element | undefined): string | null {
    if (entries !== undefined) return pick(container, entries, linkKey);
    const own = titleElement?.closest('a[href]') ?? (container.matches('a[href]') ? container : null);
    return own === null ? null : linkKey(own.getAttribute('href') ?? '');
  }

  function pickElement(container: Element, entries: Pick | undefined): Element | null {
    for (const field of fieldsOf(entries)) {
      const found = findIn(container, field, (el) => el);
      if (found !== null) return found;
    }
    return null;
  }

  /** A product address reduced to what names the product: no tracking parameters, no fragment. */
  function linkKey(href: string): string | null {
    if (href === '' || href.length > 2000) return null;
    const match = adapter.productKey?.exec(safeDecode(href));
    if (match) return 'p:' + (match[1] ?? match[0]);
    // The common case, a site-relative path with no query, needs no URL parsing.
    if (/^\/(?!\/)[^?#\\]*(?:#|$)/.test(href)) {
      const path = href.replace(/#.*$/, '').replace(/\/+$/, '').toLowerCase();
      return path === '' ? null : host + path;
    }
    let address: URL;
    try {
      address = new URL(href, url);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(address.protocol)) return null;
    const path = address.pathname.replace(/\/+$/, '').toLowerCase();
    const params = [...address.searchParams].filter(([k]) => !TRACKING_PARAM.test(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (path === '' && params.length === 0) return null;
    return address.host.replace(/^www\./, '') + path + (params.length > 0 ? '?' + new URLSearchParams(params).toString() : '');
  }

  /** Where a structured-data item's badge goes: the link to it, else the heading or link that names it. */
  function findAnchor(root: Element, name: string | null, link: string | null): Element {
    if (link !== null) {
      if (linkIndex === null) {
        linkIndex = new Map();
        const links = root.querySelectorAll('a[href]');
        for (let i = 0; i < links.length && i < MAX_LINKS; i++) {
          const a = links[i];
          const key = a === undefined || textOf(a) === '' ? null : linkKey(a.getAttribute('href') ?? '');
          if (a !== undefined && key !== null && !linkIndex.has(key)) linkIndex.set(key, a);
        }
      }
      const linked = linkIndex.get(link);
      if (linked !== undefined) return linked;
    }
    if (name !== null) {
      const wanted = normalTitle(name);
      const named = root.querySelectorAll('h1,h2,h3,h4,[itemprop="name"],a');
      for (let i = 0; i < named.length && i < MAX_LINKS; i++) {
        const el = named[i];
        if (el !== undefined && el.closest(NOT_CONTENT) === null && normalTitle(textOf(el)) === wanted) return el;
      }
    }
    return root.querySelector('h1') ?? document.body ?? root;
  }

  return {
    adapter: adapter.id,
    scan(root?: Element, budgetMs?: number): DetectedItem[] {
      deadline = budgetMs === undefined ? Infinity : performance.now() + budgetMs;
      try {
        return scan(root ?? document.documentElement);
      } catch {
        return [];
      }
    },
    get pending(): boolean {
      return pending;
    },
    get layoutChanged(): boolean {
      return false;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Titles: whole, and is it a comic

/** A store cuts long titles in the visible text ("Avengers Omnibus HC Vol 03 Busce...") and keeps
 *  them whole in a title attribute: take the whole one when it begins like the cut one. */
function wholeTitle(value: string, el: Element): string {
  const cut = value.replace(ELLIPSIS, '').trim().toLowerCase();
  if (cut === value.toLowerCase() || cut.length < 4) return value;
  for (const source of [el, el.closest('[title]'), el.querySelector('[title]')]) {
    const whole = clean(source?.getAttribute('title') ?? '');
    if (whole.length > cut.length && whole.toLowerCase().startsWith(cut)) return whole;
  }
  return value;
}

/** The title's reading when it names a comic, else null. A title the parser finds no comic marker in is
 *  still a comic when the item carries a publication code (an ISBN, a UPC with the periodical add-on).
 *  An item with codes and no title at all is kept unread. */
function judgeTitle(title: string | null, category: string | null, codes: readonly Code[]): ParsedTitle | null | undefined {
  if (title === null) return codes.length > 0 ? undefined : null;
  const first = parseTitle(title, category === null ? {} : { category });
  if (isComic(first)) return first;
  if (first.reason !== 'no-comic-marker' || !codes.some(isPublicationCode)) return null;
  const vouched = parseTitle(title, { category: 'Comics' });
  return isComic(vouched) ? vouched : null;
}

function isPublicationCode({ type, value }: Code): boolean {
  return type === 'isbn' || (type === 'upc' && value.length === 17) || (type === 'ean' && value.startsWith('977'));
}

function normalTitle(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, ' ').trim();
}

/** The nearest block around `el` (at most five levels up) that names a comic: its first heading, title
 *  or link whose text reads as one (with `self`, a link's own text or title first). A block whose
 *  heading names something else (a statue's own block in a list) ends the search, so its code never
 *  reaches the comic beside it. */
function titledCard(el: Element, codes: readonly Code[], self = false): (Titled & { card: Element }) | null {
  const own = self && el.matches('a[href]') ? clean(el.getAttribute('title') ?? '') || textOf(el) : '';
  if (own !== '' && judgeTitle(own, null, codes)) return { text: wholeTitle(own, el), element: el, card: el.parentElement ?? el };
  let card = el.parentElement;
  for (let depth = 0; card !== null && depth < 5 && card.tagName !== 'BODY'; depth++, card = card.parentElement) {
    const named = card.querySelectorAll(TITLE_ELEMENTS + (self ? ',img[alt]' : ''));
    let found: (Titled & { card: Element }) | null = null;
    for (let i = 0; i < named.length && i < 12; i++) {
      const candidate = named[i];
      if (candidate === undefined || candidate.closest(NOT_CONTENT) !== null) continue;
      const value = candidate.tagName === 'IMG' ? clean(candidate.getAttribute('alt') ?? '') : wholeTitle(textOf(candidate), candidate);
      if (!/\p{L}/u.test(value)) continue;
      if (!judgeTitle(value, null, codes)) {
        if (found === null && candidate.matches(STRONG_TITLE)) return null;
      } else if (found === null) {
        found = { text: value, element: candidate, card };
      } else if (normalTitle(value) !== normalTitle(found.text)) {
        return null; // two comics: a list of products, not the block of one
      }
    }
    if (found !== null) return found;
  }
  return null;
}

function nearbyPrice(card: Element): string | null {
  const priced = card.querySelector('[class*="price" i]');
  return (priced === null ? null : extractPrice(textOf(priced))) ?? extractPrice(textOf(card));
}

// ---------------------------------------------------------------------------------------------
// Codes

function codeKey(code: Code): string {
  return code.type + ':' + code.value;
}

function addCode(codes: Code[], code: Code | null): void {
  if (code !== null && codes.length < MAX_CODES && !codes.some((c) => c.type === code.type && c.value === code.value)) codes.push(code);
}

function mergeCodes(found: Found, codes: readonly Code[]): void {
  const merged = [...found.codes];
  for (const code of codes) addCode(merged, code);
  found.codes = merged;
}

function codeFrom(value: string | null, hint: CodeHint | undefined): Code | null {
  return value === null || value === '' ? null : parseCode(value, hint);
}

/** A code from a structured-data property: GTINs and ISBNs as they are, SKUs and part numbers strictly. */
function propertyCode(key: string, value: string | null): Code | null {
  if (/^(?:gtin(?:8|12|13|14)?|isbn)$/i.test(key)) return codeFrom(value, key === 'isbn' ? 'isbn' : 'gtin');
  return /^(?:sku|mpn|productID)$/i.test(key) ? strictCode(value) : null;
}

/** A field that names a code or holds one in a sentence ("UPC: 7 59606 ... 00111"). */
function codesFromValue(value: string): Code[] {
  const whole = parseCode(value);
  return whole !== null ? [whole] : findCodesInText(value.slice(0, MAX_FIELD_CHARS), { limit: 4 });
}

/** Store SKUs and part numbers are a code only when the value is a distributor code, an ISBN-13 or a
 *  UPC with its add-on: a bare 12- or 13-digit store number passes a check digit one time in ten. */
function strictCode(value: string | null): Code | null {
  const code = value === null ? null : parseCode(value);
  if (code === null || value === null) return null;
  if (code.type === 'upc' || code.type === 'ean') return code.value.length > 13 ? code : null;
  return code.type !== 'isbn' || /^\s*97[89]/.test(value) ? code : null;
}

/** Codes in an address: `/product/75960620807400111/...`, `/Catalog/JUL230409`, `/products/0724im0501/...`,
 *  and (on an item's own link only, not `strict`) a parameter named for its code, B&N's `?ean=978...`:
 *  a format switcher links the same page with another edition's code. `strict` (an address found anywhere
 *  on a page) admits only distributor codes, ISBN-13s and 17-digit UPCs. */
function codesFromAddress(href: string, base: string, strict: boolean): Code[] {
  let address: URL;
  try {
    address = new URL(href, base);
  } catch {
    return [];
  }
  const codes: Code[] = [];
  if (!strict) {
    for (const [key, value] of address.searchParams) {
      const hint = CODE_PARAMETERS[key.toLowerCase()];
      if (hint !== undefined) addCode(codes, codeFrom(value, hint));
    }
  }
  for (const part of address.pathname.split('/').slice(0, 16)) {
    const segment = safeDecode(part).replace(/\.(?:jpe?g|png|gif|webp|html?|aspx?|php)$/i, '');
    if (segment.length >= 9 && segment.length <= 18 && /^[0-9A-Za-z]+$/.test(segment)) addCode(codes, strict ? strictCode(segment) : parseCode(segment));
  }
  return codes;
}

/** Codes written after a label: "UPC: 761941...", "<dt>ISBN-13</dt><dd>978-...</dd>", Amazon's
 *  "ISBN-13 \u200f : \u200e 978-1607066019", PREVIEWS' "Item Code: JUL230408". */
function labelledCodes(region: Element, maxNodes: number): { code: Code; element: Element }[] {
  const out: { code: Code; element: Element }[] = [];
  const walker = region.ownerDocument.createTreeWalker(region, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < maxNodes; node = walker.nextNode(), visited++) {
    const raw = node.nodeValue ?? '';
    if (raw.length > 200 || raw.length < 3) continue;
    // Most text nodes are not labels: the first letter of every label (u e i g b d o s p) is checked
    // before any regular expression runs.
    let first = 0;
    while (first < raw.length && raw.charCodeAt(first) <= 32) first++;
    if (!'uegbdisopUEGBDISOP'.includes(raw.charAt(first))) continue;
    const text = clean(raw);
    const label = LABEL.exec(text);
    const parent = node.parentElement;
    if (label === null || parent === null || parent.closest(NOT_CONTENT) !== null) continue;
    const word = (label[1] ?? '').toLowerCase().slice(0, 4);
    const hint: CodeHint | undefined = word === 'isbn' || word === 'upc' || word === 'ean' ? word : word === 'gtin' ? 'gtin' : undefined;
    const value = text.slice(label[0].length).trim() || valueAfter(node);
    if (value === '') continue;
    const strict = hint === undefined && /^(?:sku|orde|prod)/.test(word);
    const code = strict ? strictCode(value) : (parseCode(value, hint) ?? findCodesInText(value, { limit: 1 })[0] ?? null);
    if (code !== null) out.push({ code, element: parent });
  }
  return out;
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

// ---------------------------------------------------------------------------------------------
// JSON-LD

function collectProducts(node: unknown, out: Record<string, unknown>[], budget: { nodes: number }, depth: number): void {
  if (depth > 8 || budget.nodes-- <= 0) return;
  if (Array.isArray(node)) {
    for (const child of node.slice(0, 500)) collectProducts(child, out, budget, depth + 1);
  } else if (isRecord(node)) {
    const types = asList(node['@type']).map((t) => (typeof t === 'string' ? t.replace(/^.*[/#:]/, '') : ''));
    if (types.some((t) => PRODUCT_TYPE.test(t))) out.push(node);
    else for (const key of ['@graph', 'itemListElement', 'item', 'mainEntity', 'hasVariant']) collectProducts(node[key], out, budget, depth + 1);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, 50) : value === undefined || value === null ? [] : [value];
}

function scalar(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.length <= MAX_FIELD_CHARS ? clean(value) || null : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? scalar(value) : null;
}

function microdataValue(el: Element): string {
  const content = el.getAttribute('content');
  if (content !== null) return clean(content);
  if (el.tagName === 'A' || el.tagName === 'LINK') return el.getAttribute('href') ?? '';
  return el.tagName === 'META' ? '' : textOf(el);
}

// ---------------------------------------------------------------------------------------------
// Prices

function extractPrice(value: string): string | null {
  const match = PRICE.exec(value.slice(0, MAX_FIELD_CHARS));
  return match === null ? null : match[0].replace(/\s+/g, ' ').trim();
}

function formatPrice(amount: string | null, currency: string | null): string | null {
  if (amount === null) return null;
  const number = Number(amount.replace(/,/g, ''));
  if (!Number.isFinite(number) || number < 0) return extractPrice(amount);
  const code = (currency ?? '').toUpperCase();
  const sign = CURRENCY_SIGNS[code];
  return sign !== undefined ? sign + number.toFixed(2) : `${number.toFixed(2)} ${code}`.trim();
}

// ---------------------------------------------------------------------------------------------
// DOM helpers

function clean(value: string): string {
  return value.replace(INVISIBLE, ' ').trim();
}

function textOf(el: Element): string {
  return clean((el.textContent ?? '').slice(0, MAX_FIELD_CHARS));
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

const validSelectors = new Map<string, boolean>();

function isValidSelector(document: Document, selector: string): boolean {
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

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Items arrive in document order within each step; sort only when a later step added one before them. */
function sortByDocumentOrder(items: Found[]): void {
  const before = (a: Found, b: Found): boolean => (a.anchor.compareDocumentPosition(b.anchor) & 2) !== 0;
  if (items.some((item, i) => i > 0 && before(items[i - 1] ?? item, item))) {
    items.sort((a, b) => (a.anchor === b.anchor ? 0 : before(a, b) ? 1 : -1));
  }
}
