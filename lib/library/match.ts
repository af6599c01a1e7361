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

/** What a page's title says of when its comic's series began or came out: "Batman (2016) #1", "Batman #1 (2025)". */
export interface TitleYears {
  /** A year written right after the series name: the series' start year. */
  startYear?: number | null;
  /** A year after the number: a series year on some stores, the cover year on others. */
  year?: number | null;
}

const releaseYearOf = (date: string | null): number | null => {
  const year = date ? Number(date.slice(0, 4)) : NaN;
  return Number.isInteger(year) && year > 1800 ? year : null;
};

/** A series volume a single's title names ("Batman Vol 3 #1") must be its series' own; an unknown one does not rule out. */
export function volumeFits(volume: number | null | undefined, issue: { volume: number | null }): boolean {
  return volume == null || issue.volume === null || issue.volume === volume;
}

/**
 * Whether an issue can be the comic a title names, by the years the title gives. The key leaves years out
 * (many titles give none), so a title saying 2025 must not match an issue of the series that began in 2016.
 * A start year must be the series'; a year after the number may be the series' start year or the cover
 * year, which runs at most a year ahead of the release. What the library does not know does not rule out.
 */
export function yearsFit(years: TitleYears, issue: { startYear: number | null; releaseDate: string | null }): boolean {
  const released = releaseYearOf(issue.releaseDate);
  const { startYear, year } = years;
  if (startYear != null) {
    if (issue.startYear !== null) {
      if (issue.startYear !== startYear) return false;
    } else if (released !== null && released < startYear) {
      return false;
    }
  }
  if (year != null && issue.startYear !== year) {
    if (released !== null) return released === year || released === year - 1;
    // No release date: a cover year is never before its series began.
    if (issue.startYear !== null && year < issue.startYear) return false;
  }
  return true;
}
