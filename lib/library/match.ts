import { seriesKey } from '../detect/titles';

// The key that matches a page's comic title against the member's library locally: the series name
// compared as titles.ts compares them, and the issue number without leading zeros or "#". Volume
// and year are left out of the key: many store titles do not show them.

export function normaliseNumber(number: string): string {
  return number.trim().toUpperCase().replace(/^#/, '').replace(/^0+(?=\d)/, '');
}

export function matchKey(series: string, number: string): string | null {
  const s = seriesKey(series);
  const n = normaliseNumber(number);
  return s && n ? `${s}#${n}` : null;
}
