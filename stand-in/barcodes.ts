// Barcode arithmetic for the seeded catalog and for lookups: UPC-A with the comic 5-digit add-on,
// ISBN-13 (978/979) and ISBN-10, and the distributor codes (Lunar, Universal, Diamond).

const digitsOf = (code: string): number[] => [...code].map(Number);

/** UPC-A check digit of 11 digits: odd positions weigh 3. */
export function upcCheckDigit(elevenDigits: string): string {
  const sum = digitsOf(elevenDigits).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

export function isValidUpcA(code: string): boolean {
  return /^\d{12}$/.test(code) && upcCheckDigit(code.slice(0, 11)) === code.slice(11);
}

/** The comic add-on: 3-digit issue number, cover digit, printing digit ("00111" = #1, cover 1, 1st print). */
export function comicAddOn(issueNumber: number, cover: number, printing: number): string {
  return `${String(issueNumber % 1000).padStart(3, '0')}${cover % 10}${printing % 10}`;
}

export function isbn13CheckDigit(twelveDigits: string): string {
  const sum = digitsOf(twelveDigits).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

export function isbn10CheckDigit(nineDigits: string): string {
  const sum = digitsOf(nineDigits).reduce((acc, d, i) => acc + d * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

export function isValidIsbn13(code: string): boolean {
  return /^97[89]\d{10}$/.test(code) && isbn13CheckDigit(code.slice(0, 12)) === code.slice(12);
}

export function isValidIsbn10(code: string): boolean {
  return /^\d{9}[\dX]$/.test(code) && isbn10CheckDigit(code.slice(0, 9)) === code.slice(9);
}

/** ISBN-10 of a 978 ISBN-13; 979 books have none. */
export function isbn13To10(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null;
  const core = isbn13.slice(3, 12);
  return core + isbn10CheckDigit(core);
}

export function isbn10To13(isbn10: string): string {
  const twelve = `978${isbn10.slice(0, 9)}`;
  return twelve + isbn13CheckDigit(twelve);
}

/** An ISBN as typed (dashes, spaces, 10 or 13 characters) as its ISBN-13, or null. No check-digit test. */
export function normalizeIsbn(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (/^97[89]\d{10}$/.test(compact)) return compact;
  if (/^\d{9}[\dX]$/.test(compact)) return isbn10To13(compact);
  return null;
}

/** Lunar: MMYY, 2-letter publisher, 4 digits (0126IM0451). */
export const LUNAR_CODE = /^(0[1-9]|1[0-2])\d{2}[A-Z]{2}\d{4}$/;
/** Universal (PRH): 2-letter publisher, MMYY, 4 digits (DC10251016). */
export const UNIVERSAL_CODE = /^[A-Z]{2}(0[1-9]|1[0-2])\d{2}\d{4}$/;
/** Diamond: month, YY, 4 digits (MAR180454). */
export const DIAMOND_CODE = /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{6}$/;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

/** MMYY of a YYYY-MM-DD date. */
export function monthYear(date: string): string {
  return `${date.slice(5, 7)}${date.slice(2, 4)}`;
}

export function diamondMonth(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1] ?? 'JAN'}${date.slice(2, 4)}`;
}
