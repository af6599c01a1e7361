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

/** The parts of a key `matchKey` made: the series key, the number, and whether it names a collected edition. */
export function matchKeyParts(key: string): { series: string; number: string; collected: boolean } | null {
  // The series key holds only letters and digits, so the first "#" ends it.
  const at = key.indexOf('#');
  if (at <= 0) return null;
  const collected = key.endsWith('|collected');
  const number = key.slice(at + 1, collected ? -'|collected'.length : undefined);
  return number ? { series: key.slice(0, at), number, collected } : null;
}
