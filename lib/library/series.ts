import { upcAddOn } from '../detect/codes';
import { t, uiLocale, type MessageId } from '../i18n';
import { matchKeyParts, normaliseNumber } from './match';
import { seriesKey } from '../detect/titles';
import type { AmbiguousMatch } from '../versedb/schemas';

// Series learning: what a direct-market barcode says without a lookup. A 17-digit comic UPC
// is a 12-digit base that names the series and a 5-digit add-on: three digits of issue number (the
// number modulo 1000), a cover digit (1 = Cover A, 2 = Cover B...) and a printing digit (1 = first).
// Once one code of a base has been looked up, the base's series is known, and every other code of that
// base is answered by (series, issue number) from the synced library, with no read.
//
// Safety before savings: a base seen with two series (or whose add-on once named another number than
// the issue it belongs to) is poisoned and never inferred from again; an add-on number the series' known
// issues contradict, or that could name two issues, goes to a lookup. Pure functions only: the records
// are stored by lib/library/library.ts and used by lib/status.ts.

/** A 17-digit UPC, read as base + add-on. */
export interface ComicUpc {
  base: string;
  /** The add-on's issue number: the issue number modulo 1000. */
  addOnNumber: number;
  cover: number;
  printing: number;
}

/** The base and add-on of a 17-digit UPC with a valid base; null for anything else (12 digits, ISBNs...). */
export function parseComicUpc(value: string): ComicUpc | null {
  const addOn = upcAddOn(value);
  if (!addOn) return null;
  return { base: value.slice(0, 12), addOnNumber: addOn.issue, cover: addOn.cover, printing: addOn.printing };
}

/** The 12-digit base of a UPC code (12 or 17 digits with a valid base), else null. */
export function upcBaseOf(value: string): string | null {
  if (/^\d{12}$/.test(value)) return value;
  return parseComicUpc(value)?.base ?? null;
}

/** Each ordinal form of the member's language (Intl's ordinal plural rules), with its printing's words. */
const PRINTINGS = {
  zero: 'library_printing_other',
  one: 'library_printing_one',
  two: 'library_printing_two',
  few: 'library_printing_few',
  many: 'library_printing_other',
  other: 'library_printing_other',
} as const satisfies Record<Intl.LDMLPluralRule, MessageId>;

let ordinalRules: { locale: string; rules: Intl.PluralRules } | null = null;

/** "2nd printing", for any printing from the first on, as the member's language says it. */
export function printingWords(printing: number): string {
  const locale = uiLocale();
  if (ordinalRules?.locale !== locale) ordinalRules = { locale, rules: new Intl.PluralRules(locale, { type: 'ordinal' }) };
  return t(PRINTINGS[ordinalRules.rules.select(printing)], printing);
}

/** "Cover B": cover digit 1 is Cover A, 2 Cover B...; 0 names no cover. */
export function coverName(cover: number): string | null {
  return cover >= 1 && cover <= 9 ? t('library_cover', String.fromCharCode(64 + cover)) : null;
}

/** "2nd printing"; 0 names no printing. */
export function printingName(printing: number): string | null {
  return printing >= 1 && printing <= 9 ? printingWords(printing) : null;
}

/** "Cover B, 2nd printing": the edition a code names, for the badge's tooltip. */
export function editionName(cover: number, printing: number): string | null {
  const coverWords = coverName(cover);
  const printingPart = printingName(printing);
  if (coverWords && printingPart) return t('library_edition', coverWords, printingPart);
  return coverWords ?? printingPart;
}

// --- what was learned of a base ----------------------------------------------------------------------

/** One UPC base as Longbox has seen it answered. */
export interface UpcBaseRecord {
  base: string;
  /** Every series a lookup of one of its codes named; more than one poisons the base. */
  seriesIds: number[];
  /** A code of this base once named an issue whose number its add-on does not give: its add-ons do not follow the rule. */
  irregular: boolean;
}

/** The record after a lookup named `seriesId` for a code of this base (`irregular`: its add-on named another number). */
export function learnBase(record: UpcBaseRecord | null, base: string, seriesId: number, irregular = false): UpcBaseRecord {
  const seriesIds = record?.seriesIds ?? [];
  return {
    base,
    seriesIds: seriesIds.includes(seriesId) ? seriesIds : [...seriesIds, seriesId],
    irregular: (record?.irregular ?? false) || irregular,
  };
}

export function isPoisoned(record: UpcBaseRecord | null): boolean {
  return record !== null && (record.seriesIds.length > 1 || record.irregular);
}

/** The series a base names, when exactly one lookup series was seen with it and it follows the add-on rule. */
export function seriesOfBase(record: UpcBaseRecord | null): number | null {
  if (!record || isPoisoned(record)) return null;
  return record.seriesIds[0] ?? null;
}

/** Whether an issue numbered `number` can carry this add-on number (the number modulo 1000, whole numbers only). */
export function addOnFits(number: string, addOnNumber: number): boolean {
  const n = normaliseNumber(number);
  return /^\d+$/.test(n) && Number(n) % 1000 === addOnNumber;
}

// --- what is known of a series' issues ---------------------------------------------------------------

/** An issue of a series Longbox knows: from a lookup, the library, or a catalog read. */
export interface KnownIssue {
  number: string;
  issueId: number;
}

export interface SeriesIssues {
  issues: readonly KnownIssue[];
  /** The series' issues were read whole from the catalog: a number not among them does not exist. */
  complete: boolean;
}

/** Where an add-on's issue number led: the issue number (and the issue, when one is known), or a lookup. */
export type NumberReading =
  | { kind: 'number'; number: string; issueId: number | null }
  | { kind: 'lookup'; reason: 'contradicted' | 'several' | 'past-999' };

/**
 * The issue number an add-on names in a series. The add-on holds the number modulo 1000, so:
 * - exactly one known issue fits: that issue;
 * - several known issues fit (#50 and #1050, or two issues numbered alike): a lookup decides;
 * - none fits and the series was read whole: the number is contradicted, a lookup decides;
 * - none fits in a series whose known numbers passed 999 (the add-on could be #50 or #1050): a lookup;
 * - else the add-on's own number (#50), the issue not known yet.
 */
export function readAddOnNumber(addOnNumber: number, known: SeriesIssues): NumberReading {
  const fitting = known.issues.filter((issue) => addOnFits(issue.number, addOnNumber));
  const ids = new Set(fitting.map((issue) => issue.issueId));
  const numbers = new Set(fitting.map((issue) => normaliseNumber(issue.number)));
  const [first] = fitting;
  if (first && ids.size === 1 && numbers.size === 1) return { kind: 'number', number: normaliseNumber(first.number), issueId: first.issueId };
  if (fitting.length > 0) return { kind: 'lookup', reason: 'several' };
  if (known.complete) return { kind: 'lookup', reason: 'contradicted' };
  const passed999 = known.issues.some((issue) => {
    const n = normaliseNumber(issue.number);
    return /^\d+$/.test(n) && Number(n) >= 1000;
  });
  if (passed999) return { kind: 'lookup', reason: 'past-999' };
  return { kind: 'number', number: String(addOnNumber), issueId: null };
}

/** What a code of a learned base says, or why it needs a lookup. */
export type Inference =
  | { kind: 'inferred'; seriesId: number; number: string; issueId: number | null; cover: number; printing: number; edition: string | null }
  | { kind: 'lookup'; reason: 'not-a-comic-upc' | 'unknown-base' | 'poisoned' | 'contradicted' | 'several' | 'past-999' };

/** The inference for one code: its base's series, and the issue number its add-on names there. */
export function inferFromUpc(value: string, base: UpcBaseRecord | null, issuesOf: (seriesId: number) => SeriesIssues): Inference {
  const upc = parseComicUpc(value);
  if (!upc) return { kind: 'lookup', reason: 'not-a-comic-upc' };
  if (base === null || base.base !== upc.base) return { kind: 'lookup', reason: 'unknown-base' };
  const seriesId = seriesOfBase(base);
  if (seriesId === null) return { kind: 'lookup', reason: 'poisoned' };
  const reading = readAddOnNumber(upc.addOnNumber, issuesOf(seriesId));
  if (reading.kind === 'lookup') return reading;
  return {
    kind: 'inferred',
    seriesId,
    number: reading.number,
    issueId: reading.issueId,
    cover: upc.cover,
    printing: upc.printing,
    edition: editionName(upc.cover, upc.printing),
  };
}

/** Whether a lookup's answer for a 17-digit code keeps to the add-on rule (its number is the add-on's). */
export function followsAddOn(value: string, number: string): boolean {
  const upc = parseComicUpc(value);
  return upc !== null && addOnFits(number, upc.addOnNumber);
}

// --- codes a whole run shares (newsstand, pre-1995) ---------------------------------------------------

/**
 * For a barcode several issues share (a 409's matches): the one match whose issue number the page's
 * title gives (its match key), else null. When several matches have that number, the title's series
 * picks among them; the page must then name exactly one.
 */
export function matchByTitle(matches: readonly AmbiguousMatch[], titleKey: string | null): AmbiguousMatch | null {
  const parts = titleKey ? matchKeyParts(titleKey) : null;
  if (!parts || parts.collected) return null;
  const number = normaliseNumber(parts.number);
  const same = matches.filter((match) => normaliseNumber(match.number) === number);
  if (same.length === 1) return same[0] ?? null;
  const named = same.filter((match) => seriesKey(match.seriesName) === parts.series);
  return named.length === 1 ? (named[0] ?? null) : null;
}
