// Page detection with the adapter picked by the page's address and every extractor: what the tests,
// `npm run detect` and the benchmarks call. The chain itself is in reader.ts; a store's content script calls it with that
// store's adapter only (lib/content/store-script.ts), so it ships no other store's selectors.

import { adapterFor, platformAdapter } from '../sites/index';
import { GENERAL_READERS } from './extractors/general';
import { comicSignals } from './signals';
import { createReader, type DetectOptions, type DetectionSession } from './reader';
import type { Detection } from './types';

export type { DetectOptions, DetectionSession } from './reader';

export function createDetectionSession(document: Document, url: string, options: Omit<DetectOptions, 'root'> = {}): DetectionSession {
  const byAddress = options.adapter ?? adapterFor(url);
  const adapter = byAddress.id === 'generic' ? platformAdapter(document) : byAddress;
  return createReader(document, url, adapter, { general: GENERAL_READERS, signals: comicSignals, ...options });
}

export function detect(document: Document, url: string, options: DetectOptions = {}): Detection {
  const session = createDetectionSession(document, url, options);
  return { adapter: session.adapter, items: session.scan(options.root) };
}
