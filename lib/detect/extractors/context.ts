// What every extractor reads a page with, and the shape of an extractor.

import type { FoundItems } from '../found';
import type { LinkKey } from '../links';
import type { ComicSignal } from '../signals';
import type { SiteAdapter } from '../../sites/types';

export interface ReadContext {
  readonly document: Document;
  readonly url: string;
  /** The store's adapter (or a store platform's rules); the generic one where neither applies. */
  readonly adapter: SiteAdapter;
  /** Elements read by an earlier scan or an earlier extractor: never read again as a new item. */
  readonly seen: WeakSet<Element>;
  readonly items: FoundItems;
  readonly linkKey: LinkKey;
  /** What says an item whose title is book-like is a comic (lib/detect/signals.ts). */
  readonly signal: ComicSignal;
  /** The scan covers the whole document, so page-level data (meta tags, the page's heading) is read. */
  readonly whole: boolean;
}

/** One way of reading comics off a page, in a module of its own. A generator: it yields between pieces
 *  of work, so the chain (lib/detect/reader.ts) can stop at its time budget and go on in a later task with
 *  exactly the result of one uninterrupted run. Nothing an extractor does may throw out of it. */
export type Extractor = (context: ReadContext, root: Element) => Generator<void, void, void>;

/** Work units between two yields: small enough that a slice overruns its budget by little. */
export const YIELD_EVERY = 32;
