// The key a comic is known by on a page: its first code, else its parsed title (series, number, volume).
// The content script keys its badges by it; the benchmarks and the tests compare the browser's reading
// with `npm run detect`'s by it, so both say the same for the same item.

import type { DetectedItem } from './types';

export function itemKey(item: Pick<DetectedItem, 'codes' | 'parsed'>): string | null {
  const code = item.codes[0];
  if (code) return `${code.type}:${code.value}`;
  const parsed = item.parsed;
  if (!parsed) return null;
  return `${parsed.series}${parsed.number ? ` #${parsed.number}` : ''}${parsed.volume !== null ? ` Vol ${parsed.volume}` : ''}`;
}
