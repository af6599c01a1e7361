// Detection as plain JSON, for the people who maintain adapters (npm run detect), the fixture tests and
// the benchmark: what a fixture's .expected.json lists for each item, plus the step that found it.

import type { Code } from './codes';
import type { Detection } from './types';

export interface ItemReport {
  readonly codes: Code[];
  readonly title: string | null;
  readonly series: string | null;
  readonly number: string | null;
  readonly price: string | null;
  readonly via: string;
}

export interface DetectionReport {
  readonly adapter: string;
  readonly items: ItemReport[];
}

export function reportDetection(detection: Detection): DetectionReport {
  return {
    adapter: detection.adapter,
    items: detection.items.map((item) => ({
      codes: item.codes.map(({ type, value }) => ({ type, value })),
      title: item.title,
      // An annual is its own series ("Batman Annual"), as in titleKey.
      series: item.parsed === null ? null : item.parsed.annual ? `${item.parsed.series} Annual` : item.parsed.series,
      number: item.parsed?.number ?? null,
      price: item.price,
      via: item.via,
    })),
  };
}
