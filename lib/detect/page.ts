// Page detection: the comics on a retailer page, found by an ordered chain of steps.
//   1. the site's adapter (lib/sites: where items sit on the store's pages),
//   2. structured data (JSON-LD, microdata, meta tags),
//   3. labelled text ("UPC:", "ISBN-13 : 978...", "<th>Item Code</th><td>..."),
//   4. attributes and product addresses (data-upc, /Catalog/MAR180454).
// The first step to find an item names it in `via`; a later step that finds the same item only adds codes.
// Work is bounded (caps on containers, text nodes, JSON sizes) and nothing here throws: each step and
// each item runs inside its own try/catch, so one broken selector or script cannot sink the rest.

import { findCodesInText, parseCode, type Code, type CodeHint } from './codes';
import { isComic, parseTitle, type ParsedTitle } from './titles';
import type { DetectedItem, Detection, DetectionStep } from './types';
import type { ItemRule, Pick, SiteAdapter } from '../sites/adapter';
import { adapterFor } from '../sites/index';

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
  scan(root?: Element): DetectedItem[];
}

const DEFAULT_LIMIT = 2000;
const MAX_LIMIT = 10_000;
/** Item containers read per scan; a page with more is not a page a person reads. */
const MAX_CONTAINERS = 5000;
const MAX_FIELD_CHARS = 600;
const MAX_MATCHES_PER_FIELD = 8;
/** ItemQuery (lib/items.ts) carries at most 8 codes. */
const MAX_CODES = 8;
const MAX_LD_SCRIPTS = 40;
const MAX_LD_CHARS = 1_000_000;
const MAX_LD_NODES = 10_000;
const MAX_MICRODATA_SCOPES = 500;
const MAX_META_TAGS = 400;
const MAX_TEXT_NODES = 40_000;
const MAX_LABEL_TEXT = 200;
const MAX_ATTRIBUTE_ELEMENTS = 3000;
const MAX_LINKS = 8000;
const MAX_NAME_SEARCH = 3000;

/** Never items: their text is code, markup for later, or form state. */
const NOT_CONTENT = 'script,style,template,noscript,textarea,select,option,head';
/** Copies a slider makes of its slides; read after the originals so the original keeps the badge. */
const CLONE = '.slick-cloned,.swiper-slide-duplicate,.cloned,.clone,[data-clone],[aria-hidden="true"]';
const PRODUCT_TYPES = /^(?:Product|Book|ComicIssue|ComicStory|IndividualProduct|ProductModel|ProductGroup|CreativeWork)$/i;
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
const CODE_PARAMETERS: Readonly<Record<string, CodeHint>> = { ean: 'ean', isbn: 'isbn', isbn13: 'isbn', upc: 'upc', gtin: 'gtin', gtin13: 'gtin' };
const TRACKING_PARAM = /^(?:utm_.*|ref_?|qid|sr|crid|dib|spc|psc|sp_csd|pd_rd_.*|_encoding|keywords|_trk.*|_from|hash|fbclid|gclid|srsltid|pf_rd_.*|content-id|sprefix)$/i;

export function detect(document: Document, url: string, options: DetectOptions = {}): Detection {
  const session = createDetectionSession(document, url, options);
  return { adapter: session.adapter, items: session.scan(options.root) };
}

export function createDetectionSession(
  document: Document,
  url: string,
  options: Omit<DetectOptions, 'root'> = {},
): DetectionSession {
  let adapter: SiteAdapter;
  try {
    adapter = options.adapter ?? adapterFor(url);
  } catch {
    adapter = adapterFor('');
  }
  const state = new SessionState(document, url, adapter, options);
  return {
    adapter: adapter.id,
    scan(root?: Element): DetectedItem[] {
      try {
        return state.scan(root ?? document.documentElement);
      } catch {
        return [];
      }
    },
  };
}

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
  readonly category: string | null;
  readonly link: string | null;
}

interface Field {
  readonly selector: string;
  readonly attribute: string | null;
}

class SessionState {
  private readonly seen: WeakSet<Element>;
  private readonly limit: number;
  private readonly byCode = new Map<string, Found>();
  private readonly byLink = new Map<string, Found>();
  private readonly byTitle = new Map<string, Found>();
  private readonly byContainer = new Map<Element, Found>();
  private readonly fields = new WeakMap<Pick, Field[]>();
  private items: Found[] = [];
  private scans = 0;
  private returned = 0;
  private linkIndex: Map<string, Element> | null = null;

  constructor(
    private readonly document: Document,
    private readonly url: string,
    private readonly adapter: SiteAdapter,
    options: Omit<DetectOptions, 'root'>,
  ) {
    this.seen = options.seen ?? new WeakSet();
    const limit = options.limit ?? DEFAULT_LIMIT;
    this.limit = Number.isFinite(limit) ? Math.max(0, Math.min(Math.floor(limit), MAX_LIMIT)) : DEFAULT_LIMIT;
  }

  scan(root: Element): DetectedItem[] {
    this.scans++;
    this.linkIndex = null;
    const before = this.items.length;
    const whole = root === this.document.documentElement;
    const steps: (() => void)[] = [
      () => this.adapterStep(root),
      () => this.jsonLdStep(root),
      () => this.microdataStep(root),
      () => (whole ? this.metaStep() : undefined),
      () => this.labelStep(root),
      () => this.attributeStep(root),
    ];
    for (const step of steps) {
      if (this.items.length - this.returned >= this.limit) break;
      try {
        step();
      } catch {
        // A step that breaks on this page gives nothing; the other steps still run.
      }
    }
    const fresh = this.items.slice(before);
    this.returned = this.items.length;
    if (fresh.length > 1) sortByDocumentOrder(fresh);
    return fresh.slice(0, this.limit).map((found) => ({
      codes: found.codes,
      title: found.title,
      parsed: found.parsed,
      price: found.price,
      anchor: found.anchor,
      via: found.via,
    }));
  }

  private get full(): boolean {
    return this.items.length - this.returned >= this.limit;
  }

  /** Generic steps create items on stores without an adapter, or where the adapter found nothing
   *  (a redesign broke its selectors); elsewhere they only add codes to the adapter's items. */
  private get genericMayCreate(): boolean {
    return this.adapter.pages.length === 0 || this.adapter.id === 'generic' || !this.items.some((i) => i.via.startsWith('adapter:'));
  }

  // -------------------------------------------------------------------------------------------
  // 1. The site adapter

  private adapterStep(root: Element): void {
    const rules = this.rulesForPage();
    if (rules.length === 0) return;
    const valid = rules.filter((rule) => isValidSelector(this.document, rule.container));
    if (valid.length === 0) return;
    const selector = valid.map((rule) => rule.container).join(',');
    const containers: Element[] = [];
    if (root.matches(selector)) containers.push(root);
    const all = root.querySelectorAll(selector);
    for (let i = 0; i < all.length && containers.length < MAX_CONTAINERS; i++) {
      const el = all[i];
      if (el !== undefined) containers.push(el);
    }
    const clones: Element[] = [];
    const via: DetectionStep = `adapter:${this.adapter.id}`;
    for (const container of containers) {
      if (this.full) return;
      if (this.seen.has(container)) continue;
      if (container.closest(CLONE) !== null) {
        clones.push(container);
        continue;
      }
      this.readContainer(container, valid, via, false);
    }
    for (const container of clones) {
      if (this.full) return;
      this.readContainer(container, valid, via, true);
    }
  }

  private rulesForPage(): ItemRule[] {
    let path = '';
    try {
      const parsed = new URL(this.url);
      path = parsed.pathname + parsed.search;
    } catch {
      return [];
    }
    const rules: ItemRule[] = [];
    for (const page of this.adapter.pages) {
      if (page.url.test(path)) rules.push(...page.items);
    }
    return rules;
  }

  private readContainer(container: Element, rules: readonly ItemRule[], via: DetectionStep, clone: boolean): void {
    try {
      this.seen.add(container);
      if (container.closest(NOT_CONTENT) !== null) return;
      const rule = rules.find((r) => container.matches(r.container));
      if (rule === undefined) return;
      const title = this.pickTitle(container, rule.title);
      const codes = this.pickCodes(container, rule);
      const price = this.pickPrice(container, rule.price);
      const category = this.pickCategory(container, rule.category);
      const link = this.pickLink(container, rule.link, title?.element ?? null);
      if (this.isKnown(codes, link) !== null) return;
      const titleText = title?.text ?? null;
      if (clone && codes.length === 0 && link === null && titleText !== null && this.byTitle.has(normalTitle(titleText))) return;
      const judged = judgeTitle(titleText, category, codes);
      if (!judged.comic) return;
      const anchor = this.pickElement(container, rule.anchor) ?? title?.element ?? container;
      this.add({ codes, title: titleText, parsed: judged.parsed, price, anchor, via, container, scan: this.scans }, link);
    } catch {
      // One odd item does not stop the others.
    }
  }

  // -------------------------------------------------------------------------------------------
  // 2. Structured data

  private jsonLdStep(root: Element): void {
    const scripts = root.querySelectorAll('script[type*="ld+json"]');
    const products: unknown[] = [];
    const budget = { nodes: MAX_LD_NODES };
    for (let i = 0; i < scripts.length && i < MAX_LD_SCRIPTS; i++) {
      const text = scripts[i]?.textContent ?? '';
      if (text.length === 0 || text.length > MAX_LD_CHARS) continue;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        continue; // malformed JSON-LD is the page's problem, not ours
      }
      collectLdProducts(data, products, budget, 0);
    }
    for (const product of products) {
      if (this.full) return;
      if (!isRecord(product)) continue;
      const candidate = this.ldCandidate(product, root);
      if (candidate !== null) this.offer(candidate, 'json-ld', true);
    }
  }

  private ldCandidate(product: Record<string, unknown>, root: Element): Candidate | null {
    const name = text(product['name']);
    const offers = asList(product['offers']).filter(isRecord);
    const codes: Code[] = [];
    for (const source of [product, ...offers]) {
      for (const key of ['gtin13', 'gtin12', 'gtin14', 'gtin8', 'gtin', 'isbn']) {
        for (const value of asList(source[key])) addCode(codes, codeFrom(scalar(value), key === 'isbn' ? 'isbn' : 'gtin'));
      }
      for (const key of ['sku', 'mpn', 'productID']) {
        for (const value of asList(source[key])) addCode(codes, strictCode(scalar(value)));
      }
    }
    let price: string | null = null;
    for (const offer of offers) {
      const spec = isRecord(offer['priceSpecification']) ? offer['priceSpecification'] : {};
      const amount = scalar(offer['price']) ?? scalar(offer['lowPrice']) ?? scalar(spec['price']);
      price = formatPrice(amount, text(offer['priceCurrency']) ?? text(spec['priceCurrency']));
      if (price !== null) break;
    }
    const address = text(product['url']) ?? offers.map((o) => text(o['url'])).find((u) => u !== null) ?? null;
    const link = address === null ? null : this.linkKey(address);
    if (name === null && codes.length === 0) return null;
    const anchor = this.findAnchor(root, name, link);
    const category = text(product['category']);
    return { codes, title: name, price, anchor, category, link };
  }

  private microdataStep(root: Element): void {
    const scopes = root.querySelectorAll('[itemscope][itemtype]');
    for (let i = 0; i < scopes.length && i < MAX_MICRODATA_SCOPES; i++) {
      if (this.full) return;
      const scope = scopes[i];
      if (scope === undefined || !PRODUCT_ITEMTYPE.test(scope.getAttribute('itemtype') ?? '')) continue;
      if (this.seen.has(scope) || scope.closest(NOT_CONTENT) !== null) continue;
      this.seen.add(scope);
      let name: string | null = null;
      let nameElement: Element | null = null;
      let amount: string | null = null;
      let currency: string | null = null;
      let category: string | null = null;
      let address: string | null = null;
      const codes: Code[] = [];
      const props = scope.querySelectorAll('[itemprop]');
      for (let j = 0; j < props.length && j < 300; j++) {
        const prop = props[j];
        if (prop === undefined) continue;
        const owner = prop.parentElement?.closest('[itemscope]') ?? null;
        const own = owner === scope;
        const value = microdataValue(prop);
        for (const key of (prop.getAttribute('itemprop') ?? '').split(/\s+/)) {
          if (key === 'name' && own && name === null && value !== '') [name, nameElement] = [value, prop];
          else if (/^(?:gtin(?:8|12|13|14)?|isbn)$/i.test(key)) addCode(codes, codeFrom(value, key === 'isbn' ? 'isbn' : 'gtin'));
          else if (/^(?:sku|mpn|productID)$/i.test(key)) addCode(codes, strictCode(value));
          else if (key === 'price' && amount === null) amount = value;
          else if (key === 'priceCurrency' && currency === null) currency = value;
          else if (key === 'category' && own && category === null) category = value;
          else if (key === 'url' && own && address === null) address = value;
        }
      }
      if (name === null && codes.length === 0) continue;
      const link = address === null ? null : this.linkKey(address);
      const anchor = nameElement ?? scope;
      this.offer({ codes, title: name, price: formatPrice(amount, currency), anchor, category, link }, 'microdata', true);
    }
  }

  private metaStep(): void {
    const metas = this.document.querySelectorAll('meta[property],meta[name]');
    const tags = new Map<string, string>();
    for (let i = 0; i < metas.length && i < MAX_META_TAGS; i++) {
      const meta = metas[i];
      const key = (meta?.getAttribute('property') ?? meta?.getAttribute('name') ?? '').toLowerCase();
      const content = clean(meta?.getAttribute('content') ?? '');
      if (key !== '' && content !== '' && !tags.has(key)) tags.set(key, content);
    }
    const type = tags.get('og:type') ?? '';
    const productLike = /product|book/i.test(type) || [...tags.keys()].some((k) => /^(?:product|books?):/.test(k));
    if (!productLike) return;
    const codes: Code[] = [];
    for (const [key, hint] of [
      ['product:upc', 'upc'], ['og:upc', 'upc'], ['product:ean', 'ean'], ['og:ean', 'ean'], ['product:gtin', 'gtin'],
      ['og:gtin', 'gtin'], ['product:isbn', 'isbn'], ['books:isbn', 'isbn'], ['book:isbn', 'isbn'], ['og:isbn', 'isbn'],
    ] as const) {
      addCode(codes, codeFrom(tags.get(key) ?? null, hint));
    }
    addCode(codes, strictCode(tags.get('product:retailer_item_id') ?? null));
    addCode(codes, strictCode(tags.get('product:sku') ?? null));
    const title = tags.get('og:title') ?? tags.get('twitter:title') ?? null;
    const price = formatPrice(
      tags.get('product:price:amount') ?? tags.get('og:price:amount') ?? null,
      tags.get('product:price:currency') ?? tags.get('og:price:currency') ?? null,
    );
    if (title === null && codes.length === 0) return;
    const anchor = this.findAnchor(this.document.documentElement, title, null);
    this.offer({ codes, title, price, anchor, category: null, link: null }, 'meta', true);
  }

  // -------------------------------------------------------------------------------------------
  // 3. Labelled text

  private labelStep(root: Element): void {
    const mayCreate = this.genericMayCreate;
    const cards = new Map<Element, { codes: Code[]; title: { text: string; element: Element } | null }>();
    for (const { code, element } of labelledCodes(root, MAX_TEXT_NODES)) {
      const owner = this.itemContaining(element);
      if (owner !== null) {
        if (owner.scan === this.scans) mergeCodes(owner, [code]);
        continue;
      }
      if (!mayCreate || this.byCode.has(codeKey(code))) continue;
      // A labelled code outside any item: the item is the nearest block around it that names a comic
      // (a related-product row, the page's product block with its heading).
      const card = titledCard(element, [code]);
      const key = card?.card ?? this.document.documentElement;
      const entry = cards.get(key) ?? { codes: [], title: card === null ? null : { text: card.text, element: card.element } };
      addCode(entry.codes, code);
      cards.set(key, entry);
    }
    for (const [card, { codes, title }] of cards) {
      if (this.full) return;
      const heading = title ?? this.pageHeading();
      const anchor = heading?.element ?? card;
      this.offer({ codes, title: heading?.text ?? null, price: nearbyPrice(card), anchor, category: null, link: null }, 'label', true);
    }
  }

  private pageHeading(): { text: string; element: Element } | null {
    const h1s = this.document.querySelectorAll('h1');
    for (let i = 0; i < h1s.length && i < 5; i++) {
      const h1 = h1s[i];
      if (h1 === undefined || h1.closest(NOT_CONTENT) !== null) continue;
      const value = textOf(h1);
      if (value !== '') return { text: value, element: h1 };
    }
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // 4. Attributes and product addresses

  private attributeStep(root: Element): void {
    const mayCreate = this.genericMayCreate;
    const selector = CODE_ATTRIBUTES.map(([name]) => `[${name}]`).join(',');
    const tagged = root.querySelectorAll(selector);
    for (let i = 0; i < tagged.length && i < MAX_ATTRIBUTE_ELEMENTS; i++) {
      const el = tagged[i];
      if (el === undefined || el.closest(NOT_CONTENT) !== null) continue;
      const codes: Code[] = [];
      for (const [name, hint] of CODE_ATTRIBUTES) {
        const value = el.getAttribute(name);
        addCode(codes, hint === 'sku' ? strictCode(value) : codeFrom(value, hint));
      }
      if (codes.length > 0) this.offerNearby(el, codes, 'attribute', mayCreate);
    }
    const links = root.querySelectorAll('a[href]');
    for (let i = 0; i < links.length && i < MAX_LINKS; i++) {
      if (this.full) return;
      const link = links[i];
      const href = link?.getAttribute('href') ?? '';
      if (link === undefined || !CODE_IN_PATH.test(href)) continue;
      const codes = codesFromAddress(href, this.url, true);
      if (codes.length > 0) this.offerNearby(link, codes, 'url', mayCreate);
    }
  }

  /** Codes read off one element: they join the item around it, or make one with a title found nearby. */
  private offerNearby(el: Element, codes: Code[], via: DetectionStep, mayCreate: boolean): void {
    const owner = this.itemContaining(el);
    if (owner !== null) {
      if (owner.scan === this.scans) mergeCodes(owner, codes);
      return;
    }
    if (!mayCreate || this.seen.has(el) || el.closest(NOT_CONTENT) !== null) return;
    const nearby = nearbyTitle(el);
    if (nearby === null) return; // an image-only banner link is not an item
    const href = el.getAttribute('href');
    const link = href === null ? null : this.linkKey(href);
    this.offer({ codes, title: nearby.text, price: nearbyPrice(nearby.card), anchor: nearby.element, category: null, link }, via, true);
    this.seen.add(el);
  }

  // -------------------------------------------------------------------------------------------
  // Merging what the steps find

  /** A candidate from a generic step: more codes for an item already found, or a new item. */
  private offer(candidate: Candidate, via: DetectionStep, mayCreate: boolean): void {
    const title = candidate.title;
    const existing =
      this.isKnown(candidate.codes, candidate.link) ??
      this.itemContaining(candidate.anchor) ??
      (title === null ? null : (this.byTitle.get(normalTitle(title)) ?? null));
    if (existing !== null) {
      if (existing.scan === this.scans) {
        mergeCodes(existing, candidate.codes);
        existing.price ??= candidate.price;
      }
      return;
    }
    if (!mayCreate || this.full || this.seen.has(candidate.anchor)) return;
    const judged = judgeTitle(title, candidate.category, candidate.codes);
    if (!judged.comic) return;
    this.seen.add(candidate.anchor);
    this.add(
      {
        codes: candidate.codes.slice(0, MAX_CODES),
        title,
        parsed: judged.parsed,
        price: candidate.price,
        anchor: candidate.anchor,
        via,
        container: candidate.anchor,
        scan: this.scans,
      },
      candidate.link,
    );
  }

  private add(found: Found, link: string | null): void {
    this.items.push(found);
    for (const code of found.codes) this.byCode.set(codeKey(code), found);
    if (link !== null) this.byLink.set(link, found);
    if (found.title !== null) {
      const key = normalTitle(found.title);
      if (!this.byTitle.has(key)) this.byTitle.set(key, found);
    }
    this.byContainer.set(found.container, found);
  }

  private isKnown(codes: readonly Code[], link: string | null): Found | null {
    for (const code of codes) {
      const found = this.byCode.get(codeKey(code));
      if (found !== undefined) return found;
    }
    return link === null ? null : (this.byLink.get(link) ?? null);
  }

  /** The innermost item whose container holds `el`. */
  private itemContaining(el: Element): Found | null {
    for (let node: Element | null = el, depth = 0; node !== null && depth < 60; node = node.parentElement, depth++) {
      const found = this.byContainer.get(node);
      if (found !== undefined) return found;
    }
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // Reading fields

  private compile(pick: Pick | undefined): Field[] {
    if (pick === undefined) return [];
    const cached = this.fields.get(pick);
    if (cached !== undefined) return cached;
    const fields: Field[] = [];
    for (const entry of pick) {
      const at = entry.lastIndexOf('@');
      const hasAttribute = at >= 0 && /^[\w:-]+$/.test(entry.slice(at + 1));
      const selector = (hasAttribute ? entry.slice(0, at) : entry).trim();
      if (selector !== '' && !isValidSelector(this.document, selector)) continue;
      fields.push({ selector, attribute: hasAttribute ? entry.slice(at + 1) : null });
    }
    this.fields.set(pick, fields);
    return fields;
  }

  private pickTitle(container: Element, pick: Pick): { text: string; element: Element } | null {
    for (const field of this.compile(pick)) {
      for (const el of matches(container, field)) {
        const value = readField(el, field);
        if (value === '') continue;
        return { text: wholeTitle(value, el), element: el };
      }
    }
    return null;
  }

  private pickCodes(container: Element, rule: ItemRule): Code[] {
    const codes: Code[] = [];
    for (const field of this.compile(rule.codes)) {
      for (const el of matches(container, field)) {
        const value = readField(el, field);
        if (value === '') continue;
        const address = field.attribute !== null && /^(?:href|src|data-src|action)$/i.test(field.attribute);
        for (const code of address ? codesFromAddress(value, this.url, false) : codesFromValue(value)) addCode(codes, code);
      }
    }
    for (const field of this.compile(rule.labelled)) {
      for (const el of matches(container, field)) {
        for (const { code } of labelledCodes(el, 2000)) addCode(codes, code);
      }
    }
    return codes.slice(0, MAX_CODES);
  }

  private pickPrice(container: Element, pick: Pick | undefined): string | null {
    for (const field of this.compile(pick)) {
      for (const el of matches(container, field)) {
        const price = extractPrice(readField(el, field));
        if (price !== null) return price;
      }
    }
    return null;
  }

  private pickCategory(container: Element, pick: Pick | undefined): string | null {
    for (const field of this.compile(pick)) {
      for (const el of matches(container, field)) {
        const value = readField(el, field);
        if (value !== '') return this.adapter.categoryNames?.[value] ?? value;
      }
    }
    return null;
  }

  private pickLink(container: Element, pick: Pick | undefined, titleElement: Element | null): string | null {
    if (pick !== undefined) {
      for (const field of this.compile(pick)) {
        for (const el of matches(container, field)) {
          const key = this.linkKey(readField(el, field));
          if (key !== null) return key;
        }
      }
      return null;
    }
    const own = titleElement?.closest('a[href]') ?? (container.matches('a[href]') ? container : null);
    return own === null ? null : this.linkKey(own.getAttribute('href') ?? '');
  }

  private pickElement(container: Element, pick: Pick | undefined): Element | null {
    for (const field of this.compile(pick)) {
      for (const el of matches(container, field)) return el;
    }
    return null;
  }

  /** A product address reduced to what names the product: no tracking parameters, no fragment. */
  private linkKey(href: string): string | null {
    if (href === '' || href.length > 2000) return null;
    if (this.adapter.productKey !== undefined) {
      const match = this.adapter.productKey.exec(safeDecode(href));
      if (match !== null) return 'p:' + (match[1] ?? match[0]);
    }
    let address: URL;
    try {
      address = new URL(href, this.url);
    } catch {
      return null;
    }
    if (address.protocol !== 'https:' && address.protocol !== 'http:') return null;
    const path = address.pathname.replace(/\/+$/, '');
    const params = [...address.searchParams.entries()].filter(([k]) => !TRACKING_PARAM.test(k));
    if (path === '' && params.length === 0) return null;
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return address.host.replace(/^www\./, '') + path.toLowerCase() + (params.length > 0 ? '?' + new URLSearchParams(params).toString() : '');
  }

  /** Where a structured-data item's badge goes: the link to it, else the heading or link that names it. */
  private findAnchor(root: Element, name: string | null, link: string | null): Element {
    if (link !== null) {
      const byLink = this.linksByKey(root).get(link);
      if (byLink !== undefined) return byLink;
    }
    const headings = root.querySelectorAll('h1');
    if (name !== null) {
      const wanted = normalTitle(name);
      const named = root.querySelectorAll('h1,h2,h3,h4,[itemprop="name"],a');
      for (let i = 0; i < named.length && i < MAX_NAME_SEARCH; i++) {
        const el = named[i];
        if (el !== undefined && el.closest(NOT_CONTENT) === null && normalTitle(textOf(el)) === wanted) return el;
      }
    }
    const first = headings[0];
    return first ?? this.document.body ?? root;
  }

  private linksByKey(root: Element): Map<string, Element> {
    if (this.linkIndex !== null) return this.linkIndex;
    const index = new Map<string, Element>();
    const links = root.querySelectorAll('a[href]');
    for (let i = 0; i < links.length && i < MAX_LINKS; i++) {
      const link = links[i];
      if (link === undefined) continue;
      const key = this.linkKey(link.getAttribute('href') ?? '');
      if (key !== null && !index.has(key) && textOf(link) !== '') index.set(key, link);
    }
    this.linkIndex = index;
    return index;
  }
}

// ---------------------------------------------------------------------------------------------
// Titles: whole, and is it a comic

/** A store cuts long titles in the visible text ("Avengers Omnibus HC Vol 03 Busce...") and keeps
 *  them whole in a title attribute: take the whole one when it begins like the cut one. */
function wholeTitle(value: string, el: Element): string {
  if (!ELLIPSIS.test(value)) return value;
  const cut = value.replace(ELLIPSIS, '').trim().toLowerCase();
  if (cut.length < 4) return value;
  const sources = [el, el.closest('[title]'), el.querySelector('[title]'), el.closest('a')?.querySelector('[title]') ?? null];
  for (const source of sources) {
    const whole = clean(source?.getAttribute('title') ?? '');
    if (whole.length > cut.length && whole.toLowerCase().startsWith(cut)) return whole;
  }
  return value;
}

/** Whether the title names a comic, and its reading. A title the parser finds no comic marker in is
 *  still a comic when the item carries a publication code (an ISBN, a UPC with the periodical add-on). */
function judgeTitle(title: string | null, category: string | null, codes: readonly Code[]): { comic: boolean; parsed: ParsedTitle | null } {
  if (title === null) return { comic: codes.length > 0, parsed: null };
  const first = parseTitle(title, category === null ? {} : { category });
  if (isComic(first)) return { comic: true, parsed: first };
  if (first.reason === 'no-comic-marker' && codes.some(isPublicationCode)) {
    const vouched = parseTitle(title, { category: 'Comics' });
    if (isComic(vouched)) return { comic: true, parsed: vouched };
  }
  return { comic: false, parsed: null };
}

function isPublicationCode(code: Code): boolean {
  return code.type === 'isbn' || (code.type === 'upc' && code.value.length === 17) || (code.type === 'ean' && code.value.startsWith('977'));
}

function normalTitle(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, ' ').trim();
}

/** A title for codes found on a bare element: its own text or title, else the card around it. */
function nearbyTitle(el: Element): { text: string; element: Element; card: Element } | null {
  const own = clean(el.getAttribute('title') ?? '') || textOf(el);
  if (own !== '' && /\p{L}/u.test(own)) return { text: wholeTitle(own, el), element: el, card: el.parentElement ?? el };
  let card: Element | null = el.parentElement;
  for (let depth = 0; card !== null && depth < 4; depth++, card = card.parentElement) {
    const named = card.querySelector('h2,h3,h4,a[title],[class*="title" i],img[alt]');
    if (named === null) continue;
    const value = named.tagName === 'IMG' ? clean(named.getAttribute('alt') ?? '') : clean(named.getAttribute('title') ?? '') || textOf(named);
    if (value !== '' && /\p{L}/u.test(value)) return { text: value, element: named, card };
  }
  return null;
}

function nearbyPrice(card: Element): string | null {
  const priced = card.querySelector('[class*="price" i]');
  return extractPrice(priced === null ? textOf(card) : textOf(priced)) ?? extractPrice(textOf(card));
}

const TITLE_ELEMENTS = 'h1,h2,h3,h4,[itemprop="name"],[class*="title" i],[class*="name" i],a[href]';
/** A heading or declared name: a block with one that is not a comic is some other product's block. */
const STRONG_TITLE = 'h1,h2,h3,h4,[itemprop="name"],[class*="title" i]';

/** The nearest block around `el` (at most five levels up) that names a comic: its first heading, title
 *  or link whose text reads as one. A block whose heading names something else (a statue's own block
 *  in a list) ends the search, so its code never reaches the comic next to it. */
function titledCard(el: Element, codes: readonly Code[]): { card: Element; text: string; element: Element } | null {
  let card: Element | null = el.parentElement;
  for (let depth = 0; card !== null && depth < 5; depth++, card = card.parentElement) {
    if (card.tagName === 'BODY' || card.tagName === 'HTML') return null;
    const named = card.querySelectorAll(TITLE_ELEMENTS);
    for (let i = 0; i < named.length && i < 12; i++) {
      const candidate = named[i];
      if (candidate === undefined || candidate.closest(NOT_CONTENT) !== null) continue;
      const value = wholeTitle(textOf(candidate), candidate);
      if (value === '' || !/\p{L}/u.test(value)) continue;
      if (judgeTitle(value, null, codes).comic) return { card, text: value, element: candidate };
      if (candidate.matches(STRONG_TITLE)) return null;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Codes

function codeKey(code: Code): string {
  return code.type + ':' + code.value;
}

function addCode(codes: Code[], code: Code | null): void {
  if (code === null || codes.length >= MAX_CODES) return;
  if (!codes.some((c) => c.type === code.type && c.value === code.value)) codes.push(code);
}

function mergeCodes(found: Found, codes: readonly Code[]): void {
  for (const code of codes) {
    if (found.codes.length >= MAX_CODES) return;
    if (!found.codes.some((c) => c.type === code.type && c.value === code.value)) found.codes = [...found.codes, code];
  }
}

function codeFrom(value: string | null, hint: CodeHint | undefined): Code | null {
  if (value === null || value === '') return null;
  return parseCode(value, hint);
}

/** A field that names a code or holds one in a sentence ("UPC: 7 59606 ... 00111"). */
function codesFromValue(value: string): Code[] {
  const whole = parseCode(value);
  if (whole !== null) return [whole];
  return findCodesInText(value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value, { limit: 4 });
}

/** Store SKUs and part numbers are a code only when the value is a distributor code or an ISBN-13, or a
 *  UPC with its add-on: a bare 12- or 13-digit store number passes a check digit one time in ten. */
function strictCode(value: string | null): Code | null {
  if (value === null) return null;
  const code = parseCode(value);
  if (code === null) return null;
  if (code.type === 'upc' || code.type === 'ean') return code.value.length > 13 ? code : null;
  if (code.type === 'isbn') return /^\s*97[89]/.test(value) ? code : null;
  return code;
}

/** Codes in an address's path: `/product/75960620807400111/...`, `/Catalog/JUL230409`, `/products/0724im0501/...`.
 *  `strict` (an address found anywhere on a page) admits only distributor codes, ISBN-13s and 17-digit UPCs. */
function codesFromAddress(href: string, base: string, strict: boolean): Code[] {
  let address: URL;
  try {
    address = new URL(href, base);
  } catch {
    return [];
  }
  const codes: Code[] = [];
  if (!strict) {
    // B&N's "?ean=978...": a parameter named for the code. Read only on an item's own link, since a
    // format switcher links the same page with another edition's code.
    for (const [key, value] of address.searchParams) {
      const hint = CODE_PARAMETERS[key.toLowerCase()];
      if (hint !== undefined) addCode(codes, codeFrom(value, hint));
    }
  }
  const segments = address.pathname.split('/');
  for (let i = 0; i < segments.length && i < 16; i++) {
    const segment = safeDecode(segments[i] ?? '').replace(/\.(?:jpe?g|png|gif|webp|html?|aspx?|php)$/i, '');
    if (segment.length < 9 || segment.length > 18 || !/^[0-9A-Za-z]+$/.test(segment)) continue;
    addCode(codes, strict ? strictCode(segment) : parseCode(segment));
  }
  return codes;
}

interface LabelledCode {
  readonly code: Code;
  readonly element: Element;
}

/** Codes written after a label: "UPC: 761941...", "<dt>ISBN-13</dt><dd>978-...</dd>", Amazon's
 *  "ISBN-13 \u200f : \u200e 978-1607066019", PREVIEWS' "Item Code: JUL230408". */
function labelledCodes(region: Element, maxNodes: number): LabelledCode[] {
  const out: LabelledCode[] = [];
  const doc = region.ownerDocument;
  const walker = doc.createTreeWalker(region, 4 /* NodeFilter.SHOW_TEXT */);
  let visited = 0;
  for (let node = walker.nextNode(); node !== null && visited < maxNodes; node = walker.nextNode()) {
    visited++;
    const raw = node.nodeValue ?? '';
    if (raw.length > MAX_LABEL_TEXT || raw.length < 3) continue;
    const textValue = raw.replace(INVISIBLE, ' ').trim();
    const first = textValue.charCodeAt(0) | 32; // lower-case ASCII letter
    // u, e, i, g, b, d, o, s, p: the first letters of the labels, checked before the regular expression.
    if (first !== 117 && first !== 101 && first !== 105 && first !== 103 && first !== 98 && first !== 100 && first !== 111 && first !== 115 && first !== 112) continue;
    const label = LABEL.exec(textValue);
    const parent = node.parentElement;
    if (label === null || parent === null || parent.closest(NOT_CONTENT) !== null) continue;
    const word = (label[1] ?? '').toLowerCase();
    const hint: CodeHint | undefined = word.startsWith('isbn') ? 'isbn' : word.startsWith('upc') ? 'upc' : word.startsWith('ean') ? 'ean' : word.startsWith('gtin') ? 'gtin' : undefined;
    const rest = textValue.slice(label[0].length).trim();
    const value = rest !== '' ? rest : valueAfter(node);
    if (value === '') continue;
    const strict = hint === undefined && (word === 'sku' || word === 'order code' || word === 'product code');
    const codes = strict ? [strictCode(value)] : [parseCode(value, hint), ...findCodesInText(value, { limit: 2 })];
    for (const code of codes) {
      if (code !== null) {
        out.push({ code, element: parent });
        break;
      }
    }
  }
  return out;
}

/** The value beside a label: the next text after it, or the next cell, definition or list item. */
function valueAfter(node: Node): string {
  for (let sibling = node.nextSibling; sibling !== null; sibling = sibling.nextSibling) {
    const value = clean((sibling.textContent ?? '').slice(0, 100));
    if (value !== '') return value;
  }
  let el = node.parentElement;
  for (let depth = 0; el !== null && depth < 5; depth++, el = el.parentElement) {
    for (let sibling = el.nextSibling; sibling !== null; sibling = sibling.nextSibling) {
      const value = clean((sibling.textContent ?? '').slice(0, 100));
      if (value !== '') return value;
    }
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// JSON-LD

function collectLdProducts(node: unknown, out: unknown[], budget: { nodes: number }, depth: number): void {
  if (depth > 8 || budget.nodes <= 0) return;
  budget.nodes--;
  if (Array.isArray(node)) {
    for (const child of node.slice(0, 500)) collectLdProducts(child, out, budget, depth + 1);
    return;
  }
  if (!isRecord(node)) return;
  const types = asList(node['@type']).map((t) => (typeof t === 'string' ? t.replace(/^.*[/#:]/, '') : ''));
  if (types.some((t) => PRODUCT_TYPES.test(t)) && !types.includes('ProductGroup')) {
    out.push(node);
    return;
  }
  for (const key of ['@graph', 'itemListElement', 'item', 'mainEntity', 'hasVariant', 'about']) {
    if (key in node) collectLdProducts(node[key], out, budget, depth + 1);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, 50) : value === undefined || value === null ? [] : [value];
}

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.length > MAX_FIELD_CHARS ? null : clean(value) || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? scalar(value) : null;
}

function microdataValue(el: Element): string {
  const content = el.getAttribute('content');
  if (content !== null) return clean(content);
  if (el.tagName === 'A' || el.tagName === 'LINK') return el.getAttribute('href') ?? '';
  if (el.tagName === 'META') return '';
  return textOf(el);
}

// ---------------------------------------------------------------------------------------------
// Prices

const CURRENCY_SIGNS: Readonly<Record<string, string>> = { USD: '$', GBP: '£', EUR: '€', CAD: 'CA$', AUD: 'A$', JPY: '¥' };

function extractPrice(value: string): string | null {
  if (value === '') return null;
  const match = PRICE.exec(value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value);
  return match === null ? null : match[0].replace(/\s+/g, ' ').trim();
}

function formatPrice(amount: string | null, currency: string | null): string | null {
  if (amount === null) return null;
  const number = Number(amount.replace(/,/g, ''));
  if (!Number.isFinite(number) || number < 0) return extractPrice(amount);
  const fixed = number.toFixed(2);
  const code = (currency ?? '').toUpperCase();
  const sign = CURRENCY_SIGNS[code];
  if (sign !== undefined) return sign + fixed;
  return code === '' ? fixed : `${fixed} ${code}`;
}

// ---------------------------------------------------------------------------------------------
// DOM helpers

function clean(value: string): string {
  return value.replace(INVISIBLE, ' ').trim();
}

function textOf(el: Element): string {
  const value = el.textContent ?? '';
  return clean(value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value);
}

function readField(el: Element, field: Field): string {
  if (field.attribute === null) return textOf(el);
  const value = el.getAttribute(field.attribute) ?? '';
  return clean(value.length > MAX_FIELD_CHARS * 4 ? '' : value);
}

/** The elements a field names inside a container, in document order, the first one found cheaply. */
function* matches(container: Element, field: Field): Generator<Element> {
  if (field.selector === '') {
    yield container;
    return;
  }
  const first = container.querySelector(field.selector);
  if (first === null) return;
  yield first;
  const all = container.querySelectorAll(field.selector);
  for (let i = 1; i < all.length && i < MAX_MATCHES_PER_FIELD; i++) {
    const el = all[i];
    if (el !== undefined) yield el;
  }
}

const validSelectors = new Map<string, boolean>();

function isValidSelector(document: Document, selector: string): boolean {
  const known = validSelectors.get(selector);
  if (known !== undefined) return known;
  let valid = true;
  try {
    document.createDocumentFragment().querySelector(selector);
  } catch {
    valid = false;
  }
  if (validSelectors.size < 1000) validSelectors.set(selector, valid);
  return valid;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function sortByDocumentOrder(items: Found[]): void {
  // Items arrive in document order within each step; sort only when a later step added one.
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1];
    const b = items[i];
    if (a !== undefined && b !== undefined && (a.anchor.compareDocumentPosition(b.anchor) & 2) !== 0) {
      items.sort((x, y) => (x.anchor === y.anchor ? 0 : (x.anchor.compareDocumentPosition(y.anchor) & 2) !== 0 ? 1 : -1));
      return;
    }
  }
}
