// Page detection: every extractor (lib/detect/extractors/, one module each) reads every page, in this
// order, and what they find merges per item (lib/detect/found.ts):
//   1. the store's adapter (lib/sites/<store>.ts): precise and cheap where its selectors still match;
// then the general readers (extractors/general.ts; a store's script loads them in a chunk of their own):
//   2. structured data: JSON-LD, microdata, OpenGraph and product meta tags;
//   3. the product-grid reader: repeated blocks with a product link, a comic's title and a sign of sale;
//   4. the page's own product: its main heading beside a price or a buy control;
//   5. labelled values: "UPC: ...", "<th>ISBN</th><td>...</td>", "Item Code: JAN250123";
//   6. codes in attributes, product addresses and image file names.
// An adapter makes a store precise; its absence or breakage only makes reading slower, never blind. When
// the adapter finds fewer items than the general readers, both are used and `layoutChanged` says so.
//
// A scan may be given a time budget: it then stops between two pieces of work and goes on at the next
// call, and hands out its items only when the whole page has been read, so the same page gives the same
// items and codes however the work was sliced. Nothing here throws.

import { sortByDocumentOrder } from './dom';
import { adapterRules, rulesFor } from './extractors/adapter';
import type { Extractor, ReadContext } from './extractors/context';
import { foundItems, type Found } from './found';
import { linkKeys } from './links';
import type { ComicSignal } from './signals';
import type { DetectedItem } from './types';
import type { SiteAdapter } from '../sites/types';

export interface DetectOptions {
  /** Only this subtree (nodes added by infinite scroll). Meta tags and the page's heading are read only
   *  for the whole document. */
  readonly root?: Element;
  /** Most items to return (default 2,000). */
  readonly limit?: number;
  /** Elements handled by an earlier scan: skipped, and this scan's elements are added. */
  readonly seen?: WeakSet<Element>;
  /** Read the page with this adapter instead of the one its address picks. */
  readonly adapter?: SiteAdapter;
  /** The general readers, run after the core extractors (lib/detect/extractors/general.ts). */
  readonly general?: Extractors;
  /** What says a book-like title is a comic (lib/detect/signals.ts), loaded with the general readers.
   *  Until it is here, only a comic shop's own adapter says so. */
  readonly signals?: SignalReader;
  /**
   * Told, in the reader's first reading of the whole page, what the store's adapter found, as soon as it is done and before
   * the general readers go on: so a page can ask for those comics' answers while the reading goes on. The
   * reading's own items may still differ (a code a general reader finds is merged in): what is asked
   * must be compared with what the reading hands out.
   */
  readonly onAdapterRead?: (items: DetectedItem[]) => void;
}

export type SignalReader = (document: Document, url: string, adapter: SiteAdapter) => ComicSignal;

/** The store's own word alone: a comic shop's pages say every book on them is a comic; other pages say
 *  nothing until the page's signals are read. */
const storeSignal: SignalReader = (_document, _url, adapter) => {
  const shop = adapter.comicShop === true;
  return () => shop;
};

/** Detection that follows a changing page: each scan returns only the items not returned before, and an
 *  item seen again (a carousel clone, the same product further down) is not returned twice. */
export interface DetectionSession {
  readonly adapter: string;
  /** The items not returned before. With `budgetMs`, reading stops once that much time has passed and
   *  `pending` says so, with nothing returned yet: call scan again in a later task to go on (a scan that
   *  is pending goes on with its own root). The items come when the whole page has been read. */
  scan(root?: Element, budgetMs?: number): DetectedItem[];
  /** The last scan stopped at its time budget with the page not read to the end. */
  readonly pending: boolean;
  /** The store's adapter found fewer items than the general readers: its layout may have changed, and
   *  the items of both are used. Always false where no store adapter applies. */
  readonly layoutChanged: boolean;
}

/** What every store script carries: its adapter. The general readers (lib/detect/extractors/general.ts)
 *  come after it. */
export const CORE_EXTRACTORS: readonly (readonly [string, Extractor])[] = [['adapter', adapterRules]];

export type Extractors = readonly (readonly [string, Extractor])[];

const DEFAULT_LIMIT = 2000;
const MAX_LIMIT = 10_000;

/**
 * Reads a page with the given adapter. The content script of each store calls this with that store's
 * adapter only, so it carries no other store's selectors; lib/detect/page.ts picks the adapter by address.
 */
export function createReader(document: Document, url: string, adapter: SiteAdapter, options: Omit<DetectOptions, 'root' | 'adapter'> = {}): DetectionSession {
  const seen = options.seen ?? new WeakSet<Element>();
  const rawLimit = options.limit ?? DEFAULT_LIMIT;
  const limit = Number.isFinite(rawLimit) ? Math.max(0, Math.min(Math.floor(rawLimit), MAX_LIMIT)) : DEFAULT_LIMIT;
  const signal = (options.signals ?? storeSignal)(document, url, adapter);
  const items = foundItems(limit, seen, signal);
  const linkKey = linkKeys(url, adapter.productKey);
  // Only a store's own adapter can fall behind its store's layout; a platform's rules are a best guess.
  const adapterApplies = adapter.matches.length > 0 && rulesFor(adapter, url).length > 0;
  let job: { readonly steps: Iterator<void>; readonly before: number } | null = null;
  let layoutChanged = false;
  // Only the first reading of the whole page is told of (the page's first view); rescans are not.
  let toldAdapterRead = false;

  function* read(root: Element): Generator<void, void, void> {
    const context: ReadContext = { document, url, adapter, seen, items, linkKey, signal, whole: root === document.documentElement };
    const extractors = [...CORE_EXTRACTORS, ...(options.general ?? [])];
    const before = items.list.length;
    for (let i = 0; i < extractors.length; i++) {
      if (items.full()) break;
      try {
        yield* extractors[i]![1](context, root);
      } catch {
        // An extractor that breaks on this page gives what it found so far; the others still run.
      }
      if (i === CORE_EXTRACTORS.length - 1 && context.whole && options.onAdapterRead && !toldAdapterRead) {
        toldAdapterRead = true;
        try {
          options.onAdapterRead(handOutAll(items.list.slice(before), limit));
        } catch {
          // The reading goes on whatever its listener does.
        }
      }
      yield;
    }
  }

  function scan(root: Element, deadline: number): { items: DetectedItem[]; pending: boolean } {
    if (job === null) {
      items.scan++;
      job = { steps: read(root), before: items.list.length };
    }
    for (;;) {
      let done: boolean;
      try {
        done = job.steps.next().done === true;
      } catch {
        done = true;
      }
      if (done) break;
      if (performance.now() >= deadline) return { items: [], pending: true };
    }
    const fresh = items.list.slice(job.before);
    job = null;
    items.handedOut();
    if (adapterApplies) layoutChanged = countBy(items.list, (f) => f.via.startsWith('adapter:')) < countBy(items.list, isGeneral);
    return { items: handOutAll(fresh, limit), pending: false };
  }

  let pending = false;
  return {
    adapter: adapter.id,
    scan(root?: Element, budgetMs?: number): DetectedItem[] {
      const deadline = budgetMs === undefined ? Infinity : performance.now() + budgetMs;
      try {
        const result = scan(root ?? document.documentElement, deadline);
        pending = result.pending;
        return result.items;
      } catch {
        job = null;
        pending = false;
        return [];
      }
    },
    get pending(): boolean {
      return pending;
    },
    get layoutChanged(): boolean {
      return layoutChanged;
    },
  };
}

function isGeneral(found: Found): boolean {
  return found.sources.some((source) => !source.startsWith('adapter:'));
}

function countBy(list: readonly Found[], test: (found: Found) => boolean): number {
  let count = 0;
  for (const found of list) if (test(found)) count++;
  return count;
}

/** These found items as a reading hands them out: in page order, at most `limit`. */
function handOutAll(fresh: Found[], limit: number): DetectedItem[] {
  sortByDocumentOrder(fresh);
  const anchors = fresh.map((found) => found.anchor);
  return fresh.slice(0, limit).map((found) => handOut(found, anchors));
}

function handOut({ codes, title, parsed, price, anchor, via, sources, copies }: Found, anchors: readonly Element[]): DetectedItem {
  const item = { codes, title, parsed, price, anchor, via, sources: [...sources] };
  // A copy is another place of the page only where the block holding both holds other comics too (else the
  // two are one card's parts: a title and its repeat for phones).
  const apart = (copy: Element): boolean => {
    let common: Element | null = anchor.parentElement;
    while (common && !common.contains(copy)) common = common.parentElement;
    return common !== null && anchors.some((other) => other !== anchor && common.contains(other) && !other.contains(copy) && !copy.contains(other));
  };
  const places = (copies ?? []).map((copy) => copy.anchor).filter(apart);
  return places.length > 0 ? { ...item, copies: places } : item;
}
