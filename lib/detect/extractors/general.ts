// The general readers: what reads a page whatever its store and layout, structured data first. They run
// on every page after the store's adapter. A store's content script loads them in a chunk of their own
// (entrypoints/general-readers.ts) so what is injected into every page stays small; tests and tools
// import them here.

import type { Extractor } from './context';
import { addresses } from './addresses';
import { pageHeading } from './heading';
import { jsonLd } from './json-ld';
import { labels } from './labels';
import { metaTags } from './meta';
import { microdata } from './microdata';
import { productGrid } from './product-grid';
import { productJson } from './product-json';

export const GENERAL_READERS: readonly (readonly [string, Extractor])[] = [
  ['json-ld', jsonLd],
  ['microdata', microdata],
  ['meta', metaTags],
  ['product-json', productJson],
  ['grid', productGrid],
  ['heading', pageHeading],
  ['label', labels],
  ['addresses', addresses],
];
