// Barcodes, ISBNs and distributor codes: plain string arithmetic, no DOM, and no exception on any input.
//
// Shapes (what counts as a code):
// - UPC-A: 12 digits with its check digit, optionally followed by a 2- or 5-digit add-on (14 or 17 digits).
//   The add-on has no printed check digit, so only the 12-digit base is checked.
// - EAN-13: 13 digits with its check digit, optionally with a 2- or 5-digit add-on (15 or 18 digits).
//   978/979 is an ISBN (its add-on is a price, dropped); a leading 0 is a UPC-A (the 0 is dropped).
// - ISBN-10: 9 digits and a check character (0-9 or X); always reported as its ISBN-13.
// - Diamond: 3-letter month + 2-digit year + 4 digits, exactly 9 characters (`MAR180454`). Every Diamond
//   code on the real pages and in retailer URLs is exactly this; a trailing letter makes it some store's own
//   SKU, not a Diamond code, so `MAR180454B` is not read as one.
// - Lunar: MMYY + 2-letter publisher + 4 digits (`0126IM0451`), month 01-12.
// - PRH/Universal: 2-letter publisher + MMYY + 4 digits (`DC10251016`), month 01-12. The contract shows only this
//   one example; the MMYY reading mirrors Lunar and keeps arbitrary "AB12345678" SKUs from costing a lookup.
// Marvel's `75960620...` numbers are UPCs, not distributor codes.

export type CodeType = 'upc' | 'isbn' | 'ean' | 'diamond' | 'lunar' | 'prh';

/** A recognised code. `value` is normalised: digits only for numeric codes (UPC keeps its add-on,
 *  ISBN is the ISBN-13), upper case for distributor codes. */
export interface Code {
  readonly type: CodeType;
  readonly value: string;
}

/** What the page said the code was. It only settles readings the digits allow two ways
 *  (14 digits: GTIN-14 for 'gtin', else UPC-A + 2-digit add-on); it never makes an invalid code valid. */
export type CodeHint = CodeType | 'gtin';

/** The comic add-on IIICP: issue number, cover variant (1 = main cover), printing (1 = first). */
export interface UpcAddOn {
  readonly issue: number;
  readonly cover: number;
  readonly printing: number;
}

export interface FindCodesOptions {
  /** Most codes to return (default 50, at most 500). */
  readonly limit?: number;
}

const MAX_CODE_CHARS = 64;
/** Longest text scanned; pages hand us whole text nodes and attributes, which can be huge. */
export const MAX_SCAN_CHARS = 200_000;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

const DIAMOND = /^(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{6}$/;
const LUNAR = /^(?:0[1-9]|1[0-2])\d\d[A-Z]{2}\d{4}$/;
const PRH = /^[A-Z]{2}(?:0[1-9]|1[0-2])\d{6}$/;
const DISTRIBUTOR_IN_TEXT =
  /(?<![0-9A-Za-z])(?:(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{6}|(?:0[1-9]|1[0-2])\d\d[A-Z]{2}\d{4}|[A-Z]{2}(?:0[1-9]|1[0-2])\d{6})(?![0-9A-Za-z])/gi;

const LABEL_PREFIX = /^(?:ISBN|UPC|EAN|GTIN)(?:[- ]?(?:1[0234]|8|A)(?![0-9A-Za-z]))?\s*[:#]?\s*/i;
const ISBN_LABEL_BEFORE = /ISBN(?:[- ]?1[03])?\s*[:#]?\s*$/i;

// ---------------------------------------------------------------------------------------------
// Check digits

/** GS1 check digit (UPC-A, EAN-13, GTIN-14) for the digits before it: weights 3,1,3,... from the right. */
function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

function hasGs1Check(digits: string): boolean {
  return gs1CheckDigit(digits.slice(0, -1)) === digits.charCodeAt(digits.length - 1) - 48;
}

function isbn10CheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (body.charCodeAt(i) - 48) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

export function isValidUpcA(value: string): boolean {
  return /^\d{12}$/.test(value) && hasGs1Check(value);
}

export function isValidEan13(value: string): boolean {
  return /^\d{13}$/.test(value) && hasGs1Check(value);
}

export function isValidGtin14(value: string): boolean {
  return /^\d{14}$/.test(value) && hasGs1Check(value);
}

export function isValidIsbn10(value: string): boolean {
  return /^\d{9}[\dX]$/.test(value) && isbn10CheckChar(value) === value[9];
}

export function isValidIsbn13(value: string): boolean {
  return /^97[89]\d{10}$/.test(value) && hasGs1Check(value);
}

// ---------------------------------------------------------------------------------------------
// ISBN conversions

function compact(raw: string): string {
  return raw.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase();
}

/** ISBN-10 (hyphens or spaces allowed) to ISBN-13, or null when it is not a valid ISBN-10. */
export function isbn10To13(isbn10: string): string | null {
  if (isbn10.length > MAX_CODE_CHARS) return null;
  const value = compact(isbn10);
  if (!isValidIsbn10(value)) return null;
  const body = '978' + value.slice(0, 9);
  return body + String(gs1CheckDigit(body));
}

/** ISBN-13 back to ISBN-10; only 978 ISBNs have one. */
export function isbn13To10(isbn13: string): string | null {
  if (isbn13.length > MAX_CODE_CHARS) return null;
  const value = compact(isbn13);
  if (!isValidIsbn13(value) || !value.startsWith('978')) return null;
  const body = value.slice(3, 12);
  return body + isbn10CheckChar(body);
}

/** Any valid ISBN-10 or ISBN-13 (hyphens, spaces, an "ISBN" label allowed) as its ISBN-13, else null. */
export function normalizeIsbn(raw: string): string | null {
  if (raw.length > MAX_CODE_CHARS) return null;
  const value = compact(raw.trim().replace(LABEL_PREFIX, ''));
  if (value.length === 10) return isbn10To13(value);
  return isValidIsbn13(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------
// Parsing one code

/** One code from a field that holds a code ("UPC: 7 59606 08936 8 00111", "ISBN 1-60706-601-6",
 *  "MAR180454"), or null. Never throws. */
export function parseCode(raw: string, hint?: CodeHint): Code | null {
  if (typeof raw !== 'string' || raw.length > MAX_CODE_CHARS) return null;
  const value = compact(raw.trim().replace(LABEL_PREFIX, ''));
  if (/^\d+$/.test(value)) return parseDigits(value, hint);
  if (/^\d{9}X$/.test(value)) return isbnCode(isbn10To13(value));
  return parseDistributorCode(value);
}

/** A Diamond, Lunar or PRH/Universal code, upper-cased, or null. */
export function parseDistributorCode(raw: string): Code | null {
  if (raw.length > MAX_CODE_CHARS) return null;
  const value = raw.trim().toUpperCase();
  if (DIAMOND.test(value)) return { type: 'diamond', value };
  if (LUNAR.test(value)) return { type: 'lunar', value };
  if (PRH.test(value)) return { type: 'prh', value };
  return null;
}

function parseDigits(digits: string, hint?: CodeHint): Code | null {
  switch (digits.length) {
    case 10:
      return isbnCode(isbn10To13(digits));
    case 12:
    case 17:
      return upcWithAddOn(digits);
    case 14:
      return hint === 'gtin'
        ? gtin14(digits)
        : (upcWithAddOn(digits) ?? gtin14(digits));
    case 13:
    case 15:
    case 18:
      return ean13WithAddOn(digits.slice(0, 13), digits.slice(13));
    default:
      return null;
  }
}

function isbnCode(isbn13: string | null): Code | null {
  return isbn13 === null ? null : { type: 'isbn', value: isbn13 };
}

function upcWithAddOn(digits: string): Code | null {
  return isValidUpcA(digits.slice(0, 12)) ? { type: 'upc', value: digits } : null;
}

function ean13WithAddOn(ean: string, addOn: string): Code | null {
  if (!isValidEan13(ean)) return null;
  if (ean.startsWith('978') || ean.startsWith('979')) return { type: 'isbn', value: ean };
  if (ean.startsWith('0')) return { type: 'upc', value: ean.slice(1) + addOn };
  return { type: 'ean', value: ean + addOn };
}

/** GTIN-14 with a leading 0 is an EAN-13; other indicator digits are cases of goods, never a comic. */
function gtin14(digits: string): Code | null {
  if (!isValidGtin14(digits) || !digits.startsWith('0')) return null;
  return ean13WithAddOn(digits.slice(1), '');
}

/** The comic add-on of a 17-digit UPC value (`75960608936800111`: #1, cover 1, printing 1), or null.
 *  Read as IIICP, the layout Diamond asked publishers for; it has no check digit of its own. */
export function upcAddOn(value: string): UpcAddOn | null {
  if (value.length !== 17 || !/^\d{17}$/.test(value) || !isValidUpcA(value.slice(0, 12))) return null;
  return {
    issue: Number(value.slice(12, 15)),
    cover: Number(value.slice(15, 16)),
    printing: Number(value.slice(16, 17)),
  };
}

// ---------------------------------------------------------------------------------------------
// Scanning free text

interface Found {
  readonly at: number;
  readonly code: Code;
}

/** Valid codes in free text, in order of appearance, deduplicated, at most `limit`. Numbers glued to
 *  letters or inside longer digit runs are not codes; a bare 10-digit ISBN needs an "ISBN" label
 *  before it (or its X), since phone and order numbers pass the ISBN-10 check one time in eleven. */
export function findCodesInText(text: string, options: FindCodesOptions = {}): Code[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const limit = Math.max(0, Math.min(options.limit ?? DEFAULT_LIMIT, MAX_LIMIT));
  if (limit === 0) return [];
  const scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const found = [...numericCodes(scanned, limit), ...distributorCodes(scanned, limit)];
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const codes: Code[] = [];
  for (const { code } of found) {
    const key = code.type + ':' + code.value;
    if (seen.has(key)) continue;
    seen.add(key);
    codes.push(code);
    if (codes.length >= limit) break;
  }
  return codes;
}

function distributorCodes(text: string, limit: number): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(DISTRIBUTOR_IN_TEXT)) {
    const code = parseDistributorCode(match[0]);
    if (code !== null) found.push({ at: match.index, code });
    if (found.length >= limit) break;
  }
  return found;
}

/** A run of digit groups joined by single spaces or hyphens, as printed under barcodes and in ISBNs. */
interface DigitRun {
  readonly groups: string[];
  readonly starts: number[];
}

const MAX_GROUPS_PER_CODE = 6;

function numericCodes(text: string, limit: number): Found[] {
  const found: Found[] = [];
  let i = 0;
  while (i < text.length && found.length < limit) {
    if (!isDigitAt(text, i) || isAlnumAt(text, i - 1)) {
      i++;
      continue;
    }
    const { run, end } = readDigitRun(text, i);
    for (const item of codesInRun(text, run)) {
      found.push(item);
      if (found.length >= limit) break;
    }
    i = end;
  }
  return found;
}

function readDigitRun(text: string, start: number): { run: DigitRun; end: number } {
  const groups: string[] = [];
  const starts: number[] = [];
  let at = start;
  for (;;) {
    let end = at;
    while (isDigitAt(text, end)) end++;
    // An ISBN-10 check character X may end the run, glued ("160706601X") or grouped ("1-60706-601-X").
    const glued = isXAt(text, end) && !isAlnumAt(text, end + 1);
    // Written "x" or "X", it is kept as "X": only an ISBN-10's last place may hold it.
    groups.push(glued ? `${text.slice(at, end)}X` : text.slice(at, end));
    starts.push(at);
    if (glued) return { run: { groups, starts }, end: end + 1 };
    const separated = isSeparatorAt(text, end);
    if (separated && isDigitAt(text, end + 1)) {
      at = end + 1;
      continue;
    }
    if (separated && isXAt(text, end + 1) && !isAlnumAt(text, end + 2)) {
      groups.push('X');
      starts.push(end + 1);
      return { run: { groups, starts }, end: end + 2 };
    }
    // Digits glued to a following letter belong to some other token (a SKU, a hash): drop that group.
    if (isAlnumAt(text, end)) {
      groups.pop();
      starts.pop();
    }
    return { run: { groups, starts }, end };
  }
}

/** Greedy left to right: the widest window of groups that has a printed code shape and a valid check. */
function* codesInRun(text: string, run: DigitRun): Generator<Found> {
  const { groups, starts } = run;
  let i = 0;
  while (i < groups.length) {
    const at = starts[i] ?? 0;
    const labelled = ISBN_LABEL_BEFORE.test(text.slice(Math.max(0, at - 16), at));
    const match = widestCodeAt(groups, i, labelled);
    if (match === null) {
      i++;
      continue;
    }
    yield { at, code: match.code };
    i += match.width;
  }
}

function widestCodeAt(groups: string[], from: number, labelled: boolean): { code: Code; width: number } | null {
  for (let width = Math.min(MAX_GROUPS_PER_CODE, groups.length - from); width > 0; width--) {
    const code = codeFromGroups(groups.slice(from, from + width), labelled);
    if (code !== null) return { code, width };
  }
  return null;
}

const PRINTED_SHAPES: readonly string[] = [
  // base + add-on, written apart
  '12,2', '12,5', '13,2', '13,5',
  // UPC-A as printed under the bars (1-5-5-1), with or without an add-on
  '1,5,5,1', '1,5,5,1,2', '1,5,5,1,5',
  // EAN-13 as printed under the bars (1-6-6), with or without an add-on
  '1,6,6', '1,6,6,2', '1,6,6,5',
  // 978-1607066019
  '3,10',
];

function codeFromGroups(groups: string[], isbnLabelled: boolean): Code | null {
  const joined = groups.join('');
  const lengths = groups.map((g) => g.length);
  const last = groups[groups.length - 1] ?? '';
  const isbn10Shaped = joined.length === 10 && (groups.length === 4 ? last.length === 1 : groups.length === 1);
  if (isbn10Shaped) {
    // A bare 10-digit number needs a label or an X; the 4-group hyphenation is distinctive enough.
    if (groups.length === 1 && !isbnLabelled && !joined.endsWith('X')) return null;
    return isbnCode(isbn10To13(joined));
  }
  if (!/^\d+$/.test(joined)) return null;
  if (groups.length === 1) return [12, 13, 14, 15, 17, 18].includes(joined.length) ? parseDigits(joined) : null;
  const isbn13Grouped = groups.length === 5 && joined.length === 13 && last.length === 1 && /^97[89]$/.test(groups[0] ?? '');
  if (isbn13Grouped || PRINTED_SHAPES.includes(lengths.join(','))) return parseDigits(joined);
  return null;
}

function isDigitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

function isAlnumAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isXAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 88 || c === 120;
}

function isSeparatorAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 32 || c === 45;
}
