// What page detection hands the content script: the comics on a page, each traced to the step that found it.
// Types only, so the content script pays nothing for importing them.

import type { Code } from './codes';
import type { ParsedTitle } from './titles';

/** Which extractor read an item: `adapter:<id>` for a retailer adapter (or a store platform's rules), else
 *  one of the general readers (lib/detect/extractors/). */
export type DetectionStep =
  | `adapter:${string}`
  | 'json-ld'
  | 'microdata'
  | 'meta'
  | 'product-json'
  | 'grid'
  | 'heading'
  | 'label'
  | 'attribute'
  | 'url'
  | 'image';

export interface DetectedItem {
  /** Valid codes only (check digits pass), deduplicated, in the order found. */
  readonly codes: Code[];
  /** The title as the store wrote it, whole: a link's title attribute wins over visible text cut with "...". */
  readonly title: string | null;
  /** The title read by lib/detect/titles; null when the page gives no title or it does not parse. */
  readonly parsed: ParsedTitle | null;
  /** The price as shown ("$3.74", "US $12.99", "£4.50"), or null. */
  readonly price: string | null;
  /** Where a badge goes: beside the item's title. */
  readonly anchor: Element;
  /** Other places the page shows the same comic, each in a block of its own: a badge goes beside each too. */
  readonly copies?: readonly Element[];
  /** The extractor that found it first, whose fields it has. */
  readonly via: DetectionStep;
  /** Every extractor that read it, `via` first. */
  readonly sources: readonly DetectionStep[];
}

export interface Detection {
  /** The adapter that read the page: a retailer id, or 'generic'. */
  readonly adapter: string;
  readonly items: DetectedItem[];
}
