import { seriesKey } from '../detect/titles';

// The key that matches a page's comic title against the member's library locally: the series name
// compared as titles.ts compares them, the issue number without leading zeros or "#", and whether it
// is a collected edition (so the "Saga Vol. 1 TP" never matches "Saga #1"). Volume and year are left
// out: many store titles do not show them. Annuals carry "Annual" in their series name on both sides.

const COLLECTED_FORMATS = new Set([
  'trade_paperback', 'hardcover', 'omnibus', 'deluxe_edition', 'graphic_novel', 'treasury', 'digest', 'prestige',
  'tpb', 'hc', 'gn', 'box-set',
]);

export function isCollectedFormat(format: string | null | undefined): boolean {
  return format != null && COLLECTED_FORMATS.has(format.toLowerCase());
}

export function normaliseNumber(number: string): string {
  return number.trim().toUpperCase().replace(/^#/, '').replace(/^0+(?=\d)/, '');
}

export function matchKey(series: string, number: string, collected = false): string | null {
  const s = seriesKey(series);
  const n = normaliseNumber(number);
  if (!s || !n) return null;
  return collected ? `${s}#${n}|collected` : `${s}#${n}`;
}
