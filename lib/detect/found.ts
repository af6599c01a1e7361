// The items a reading of the page has found so far, merged per item: what two extractors say of the same
// product link, the same code or the same container is one item. The first extractor to find an item
// (the store's adapter runs first) gives its fields; later ones add codes and fill what it left empty,
// and each is recorded in `sources`, so a wrong badge can be traced to what read it.

import type { Code } from './codes';
import { judgeTitle, normalTitle, sameComic, signalFor, titleText } from './judge';
import { addCode, codeKey, MAX_CODES } from './links';
import type { ComicSignal } from './signals';
import type { ParsedTitle } from './titles';
import type { DetectionStep } from './types';

export interface Found {
  codes: Code[];
  readonly title: string | null;
  readonly parsed: ParsedTitle | null;
  price: string | null;
  readonly anchor: Element;
  readonly via: DetectionStep;
  readonly sources: DetectionStep[];
  /** The element the item lives in: an adapter's container, a grid card, or the element a step read. */
  readonly container: Element;
  /** Its product address's key, when it has one (lib/detect/links.ts). */
  readonly link: string | null;
  /** The scan that found it: items of earlier scans were handed out and no longer change. */
  readonly scan: number;
  /** Other places the page shows the same comic (a bestseller column, then the grid): each gets a badge of its own. */
  readonly copies?: Array<{ readonly anchor: Element; readonly container: Element }>;
}

/** The most places one comic's badge is repeated in. */
const MAX_COPIES = 4;

/** What an extractor read, before it is known whether it is a new item or one already found. */
export interface Candidate {
  readonly codes: Code[];
  readonly title: string | null;
  readonly price: string | null;
  readonly anchor: Element;
  /** The block the item lives in; the anchor when not given. */
  readonly container?: Element;
  readonly category?: string | null;
  readonly link?: string | null;
  /** It is the page's own product (a product page's heading, its meta tags, structured data at its own
   *  address): every such candidate is one item. */
  readonly page?: boolean;
}

export interface FoundItems {
  readonly list: readonly Found[];
  /** The scan now running; items found in it may still gain codes. */
  scan: number;
  /** Room for more items in this scan. */
  full(): boolean;
  /** More codes and fields for an item already found, or a new item when its title reads as a comic. */
  offer(candidate: Candidate, via: DetectionStep): Found | null;
  /** A new item, taken as read (the adapter's title judged already). */
  add(found: Found, link: string | null): void;
  known(codes: readonly Code[], link: string | null): Found | null;
  /** The innermost item whose container holds `el`, unless a block read as another product comes first. */
  containing(el: Element): Found | null;
  byTitle(title: string): Found | null;
  /** The page's own product, once a candidate said it is. */
  readonly pageItem: Found | null;
  /** Adds what a later extractor read to an item of this scan. */
  merge(found: Found, codes: readonly Code[], via: DetectionStep, price?: string | null, container?: Element): void;
  /** An element read and found not to be a comic (a toy in the adapter's category, a T-shirt's card):
   *  no later extractor makes an item of anything in it. */
  reject(el: Element): void;
  /** Whether `el` is inside an element read and found not to be a comic. */
  isRejected(el: Element): boolean;
  /** Marks the items found so far as handed out: the item limit counts from here. */
  handedOut(): void;
}

export function foundItems(limit: number, seen: WeakSet<Element>, signal: ComicSignal): FoundItems {
  const list: Found[] = [];
  const byCode = new Map<string, Found>();
  const byLink = new Map<string, Found>();
  const byContainer = new Map<Element, Found>();
  /** Items by their title, built when first asked for: most pages never ask. */
  const titles = new Map<string, Found>();
  let titled = 0;
  let returned = 0;
  const rejected = new WeakSet<Element>();
  let pageItem: Found | null = null;
  const isRejected = (el: Element): boolean => {
    for (let node: Element | null = el, depth = 0; node !== null && depth < 12; node = node.parentElement, depth++) if (rejected.has(node)) return true;
    return false;
  };

  const items: FoundItems = {
    list,
    scan: 0,
    full: () => list.length - returned >= limit,
    offer(candidate, via) {
      const { codes, anchor } = candidate;
      const title = candidate.title === null ? null : titleText(candidate.title);
      const link = candidate.link ?? null;
      const existing =
        items.known(codes, link) ??
        (candidate.page === true ? pageItem : null) ??
        // An item whose block holds this one is the same item only when their titles agree: a product
        // page's block may hold the cards of other products.
        agreeing(items.containing(anchor), title) ??
        (candidate.container === undefined ? null : agreeing(items.containing(candidate.container), title)) ??
        // A title names an item already found only when no address tells them apart: two listings of the
        // same title with their own links are two items.
        (title === null ? null : sameUnlinked(items.byTitle(title), link));
      if (existing !== null) {
        items.merge(existing, codes, via, candidate.price, link !== null && existing.link === link ? candidate.container : undefined);
        addCopy(existing, candidate, title, items.scan);
        return existing;
      }
      if (items.full() || seen.has(anchor) || isRejected(anchor)) return null;
      const parsed = judgeTitle(title, candidate.category ?? null, codes, signalFor(signal, candidate.container ?? anchor, codes, candidate.category ?? null));
      if (parsed === null) return null;
      seen.add(anchor);
      const found: Found = {
        codes: codes.slice(0, MAX_CODES),
        title,
        parsed: parsed ?? null,
        price: candidate.price,
        anchor,
        via,
        sources: [via],
        container: candidate.container ?? anchor,
        link,
        scan: items.scan,
        copies: [],
      };
      items.add(found, link);
      if (candidate.page === true) pageItem ??= found;
      return found;
    },
    add(found, link) {
      list.push(found);
      for (const code of found.codes) byCode.set(codeKey(code), found);
      if (link !== null && !byLink.has(link)) byLink.set(link, found);
      if (!byContainer.has(found.container)) byContainer.set(found.container, found);
    },
    known(codes, link) {
      for (const code of codes) {
        const found = byCode.get(codeKey(code));
        if (found !== undefined) return found;
      }
      return link === null ? null : (byLink.get(link) ?? null);
    },
    containing(el) {
      for (let node: Element | null = el, depth = 0; node !== null && depth < 60; node = node.parentElement, depth++) {
        const found = byContainer.get(node);
        if (found !== undefined) return found;
        // Inside a block read as some other product (a novel's card on a comic's page): no item's.
        if (rejected.has(node)) return null;
      }
      return null;
    },
    byTitle(title) {
      for (; titled < list.length; titled++) {
        const found = list[titled];
        const key = found?.title == null ? '' : normalTitle(found.title);
        if (found !== undefined && key !== '' && !titles.has(key)) titles.set(key, found);
      }
      return titles.get(normalTitle(title)) ?? null;
    },
    merge(found, codes, via, price, container) {
      if (found.scan !== items.scan) return;
      // The same product's second block (a sidebar's card, then the grid's): what is in it is the item's too.
      if (container !== undefined && !byContainer.has(container)) byContainer.set(container, found);
      if (!found.sources.includes(via)) found.sources.push(via);
      if (codes.length > 0) {
        const merged = [...found.codes];
        for (const code of codes) {
          addCode(merged, code);
          if (!byCode.has(codeKey(code))) byCode.set(codeKey(code), found);
        }
        found.codes = merged;
      }
      found.price ??= price ?? null;
    },
    reject(el) {
      rejected.add(el);
    },
    isRejected,
    get pageItem() {
      return pageItem;
    },
    handedOut() {
      returned = list.length;
    },
  };
  return items;
}

/**
 * The same comic read again at another place of the page, titled there too: a copy, unless the two
 * places are one block (an image link and a title link of one card, a card's two headings).
 */
function addCopy(found: Found, candidate: Candidate, title: string | null, scan: number): void {
  const copies = found.copies;
  const anchor = candidate.anchor;
  const container = candidate.container ?? anchor;
  if (!copies || found.scan !== scan || copies.length >= MAX_COPIES || title === null || !sameComic(found.title, title)) return;
  if (anchor === found.anchor || found.container.contains(anchor) || container.contains(found.anchor) || anchor.contains(found.anchor)) return;
  if (copies.some((copy) => copy.container.contains(anchor) || container.contains(copy.anchor))) return;
  copies.push({ anchor, container });
}

function agreeing(found: Found | null, title: string | null): Found | null {
  return found !== null && sameComic(found.title, title) ? found : null;
}

function sameUnlinked(found: Found | null, link: string | null): Found | null {
  return found === null || (link !== null && found.link !== null && found.link !== link) ? null : found;
}
