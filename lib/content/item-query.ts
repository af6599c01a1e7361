import type { DetectedItem } from '../detect/types';
import type { ItemQuery, TitleRef } from '../items';
import { isCollectedFormat, matchKey } from '../library/match';

// What a content script asks the background about one detected comic: its codes, and the match key of
// its parsed title (series + number) for matching against the library. Shared with the benchmarks, so
// they ask exactly what a store page asks.

export function itemQuery(item: Pick<DetectedItem, 'codes' | 'parsed' | 'title'>): ItemQuery {
  const parsed = item.parsed;
  let key: string | null = null;
  if (parsed) {
    const number = parsed.number ?? (parsed.volume !== null ? String(parsed.volume) : null);
    const series = parsed.annual ? `${parsed.series} Annual` : parsed.series;
    if (number !== null) key = matchKey(series, number, isCollectedFormat(parsed.format));
  }
  const year = (value: number | null | undefined) => (value != null && value >= 1800 && value <= 2200 ? value : null);
  return {
    codes: item.codes.slice(0, 8).map((code) => ({ type: code.type, value: code.value })),
    matchKey: key,
    label: (item.title ?? '').slice(0, 300) || null,
    startYear: year(parsed?.startYear),
    year: year(parsed?.year),
    // With an issue number, "Vol 3" names the series' volume; without one, it is the collected edition's number.
    volume: parsed?.number != null ? parsed.volume : null,
  };
}

/** What the page says of a comic with no code, for finding it in VerseDB's catalog on the member's click. */
export function titleRef(item: Pick<DetectedItem, 'codes' | 'parsed' | 'title'>): TitleRef | null {
  const query = itemQuery(item);
  const parsed = item.parsed;
  const series = parsed ? (parsed.annual ? `${parsed.series} Annual` : parsed.series).slice(0, 200) : null;
  if (!query.matchKey || !query.label || !series) return null;
  return { label: query.label, series, matchKey: query.matchKey, startYear: query.startYear, year: query.year, volume: query.volume };
}
