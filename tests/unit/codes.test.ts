import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  findCodesInText,
  isbn10To13,
  isbn13To10,
  isValidEan13,
  isValidIsbn10,
  isValidUpcA,
  normalizeIsbn,
  parseCode,
  parseDistributorCode,
  upcAddOn,
  MAX_SCAN_CHARS,
} from '@/lib/detect/codes';

// Reference check digits written out from the standards, independent of the module's loops.
function gs1Check(body: number[]): number {
  // Weights alternate 3,1 starting from the digit next to the check digit.
  const weighted = body
    .slice()
    .reverse()
    .reduce((sum, d, i) => sum + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (weighted % 10)) % 10;
}
function isbn10Check(body: number[]): string {
  const weighted = body.reduce((sum, d, i) => sum + d * (10 - i), 0);
  const c = (11 - (weighted % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}
const withGs1 = (body: number[]): string => body.join('') + String(gs1Check(body));
const withIsbn10 = (body: number[]): string => body.join('') + isbn10Check(body);

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
const upcA = digits(11).map(withGs1);
const addOn5 = digits(5).map((d) => d.join(''));
const addOn2 = digits(2).map((d) => d.join(''));
const isbn10 = digits(9).map(withIsbn10);
const isbn13 = fc
  .tuple(fc.constantFrom([9, 7, 8], [9, 7, 9]), digits(9))
  .map(([prefix, rest]) => withGs1([...prefix, ...rest]));
/** EAN-13 that is neither an ISBN nor a UPC-A in disguise. */
const plainEan13 = fc
  .tuple(fc.integer({ min: 1, max: 9 }), digits(11))
  .map(([first, rest]) => withGs1([first, ...rest]))
  .filter((ean) => !ean.startsWith('978') && !ean.startsWith('979'));

/** Every other digit at every position. */
function substitutions(code: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < code.length; i++) {
    for (const d of '0123456789') {
      if (d !== code[i]) out.push(code.slice(0, i) + d + code.slice(i + 1));
    }
  }
  return out;
}

describe('check digits (real codes, computed, not remembered)', () => {
  it('reads Saga Vol. 1 by its ISBN-13 and its ISBN-10', () => {
    expect(parseCode('978-1-60706-601-9')).toEqual({ type: 'isbn', value: '9781607066019' });
    expect(isbn13To10('9781607066019')).toBe('1607066017');
    expect(parseCode('1-60706-601-7')).toEqual({ type: 'isbn', value: '9781607066019' });
    expect(normalizeIsbn('ISBN 1 60706 601 7')).toBe('9781607066019');
  });

  it('rejects the ISBN-10 1-60706-601-6, whose check digit is wrong', () => {
    expect(parseCode('1-60706-601-6')).toBeNull();
    expect(isbn10To13('1-60706-601-6')).toBeNull();
  });

  it('accepts the X check character of ISBN-10', () => {
    const withX = withIsbn10([0, 8, 0, 4, 4, 2, 9, 5, 7]);
    expect(withX).toBe('080442957X');
    expect(isValidIsbn10(withX)).toBe(true);
    expect(parseCode(withX.toLowerCase())?.type).toBe('isbn');
  });

  it('reads comic UPCs with their 5-digit add-on', () => {
    // Marvel 759606, DC 761941: check digits computed with the reference above.
    expect(withGs1([7, 5, 9, 6, 0, 6, 0, 8, 9, 3, 6])).toBe('759606089369');
    expect(parseCode('75960608936900111')).toEqual({ type: 'upc', value: '75960608936900111' });
    expect(parseCode('7 59606 08936 9 00111')).toEqual({ type: 'upc', value: '75960608936900111' });
    expect(upcAddOn('75960608936900111')).toEqual({ issue: 1, cover: 1, printing: 1 });
    expect(withGs1([7, 6, 1, 9, 4, 1, 3, 4, 1, 8, 2])).toBe('761941341828');
    expect(upcAddOn('76194134182805021')).toEqual({ issue: 50, cover: 2, printing: 1 });
    expect(upcAddOn('76194134182812513')).toEqual({ issue: 125, cover: 1, printing: 3 });
  });

  it('rejects a UPC whose base fails its check digit, add-on or not', () => {
    expect(parseCode('759606089368')).toBeNull();
    expect(parseCode('75960608936800111')).toBeNull();
    expect(upcAddOn('75960608936800111')).toBeNull();
  });

  it('keeps the 2-digit add-on in the UPC value and reads no comic add-on from it', () => {
    expect(parseCode('75960608936901')).toEqual({ type: 'upc', value: '75960608936901' });
    expect(upcAddOn('75960608936901')).toBeNull();
    expect(upcAddOn('759606089369')).toBeNull();
  });

  it('reads EAN-13: ISBNs by prefix, UPC-A behind a leading 0, other EANs as EAN', () => {
    expect(parseCode('0759606089369')).toEqual({ type: 'upc', value: '759606089369' });
    expect(parseCode('075960608936900111')).toEqual({ type: 'upc', value: '75960608936900111' });
    const ean = withGs1([5, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
    expect(parseCode(ean)).toEqual({ type: 'ean', value: ean });
    expect(parseCode(ean + '05')).toEqual({ type: 'ean', value: ean + '05' });
    // An ISBN's 5-digit add-on is its price: dropped.
    expect(parseCode('978160706601951499')).toEqual({ type: 'isbn', value: '9781607066019' });
    expect(isValidEan13('1468378225800')).toBe(false);
  });

  it('reads 14 digits as UPC-A + add-on, or as GTIN-14 when the page says gtin', () => {
    expect(parseCode('00759606089369', 'gtin')).toEqual({ type: 'upc', value: '759606089369' });
    expect(parseCode('09781607066019', 'gtin')).toEqual({ type: 'isbn', value: '9781607066019' });
    expect(parseCode('75960608936912')).toEqual({ type: 'upc', value: '75960608936912' });
    expect(parseCode('00759606089369')).toEqual({ type: 'upc', value: '759606089369' });
  });

  it('strips labels and separators', () => {
    expect(parseCode('UPC: 759606089369')).toEqual({ type: 'upc', value: '759606089369' });
    expect(parseCode('ISBN-13: 978-1-60706-601-9')?.value).toBe('9781607066019');
    expect(parseCode('  ISBN 1607066017 ')?.value).toBe('9781607066019');
    expect(parseCode('EAN 9781607066019')?.type).toBe('isbn');
  });

  it('says null for things that are not codes', () => {
    for (const raw of ['', ' ', '12345', '$3.99', 'Batman #125', '1468378225800', '123456789012345678901', '9'.repeat(65)]) {
      expect(parseCode(raw)).toBeNull();
    }
  });
});

describe('distributor codes', () => {
  it('reads Diamond codes, exactly 9 characters', () => {
    expect(parseCode('MAR180454')).toEqual({ type: 'diamond', value: 'MAR180454' });
    expect(parseCode('sep170983')).toEqual({ type: 'diamond', value: 'SEP170983' });
    expect(parseCode('MAR180454B')).toBeNull();
    expect(parseCode('MAR18045')).toBeNull();
    expect(parseCode('XYZ180454')).toBeNull();
  });

  it('reads Lunar codes: MMYY, 2 letters, 4 digits', () => {
    expect(parseCode('0126IM0451')).toEqual({ type: 'lunar', value: '0126IM0451' });
    expect(parseCode('0126im0451')).toEqual({ type: 'lunar', value: '0126IM0451' });
    expect(parseCode('1326IM0451')).toBeNull();
    expect(parseCode('0026IM0451')).toBeNull();
  });

  it('reads PRH/Universal codes: 2 letters, MMYY, 4 digits', () => {
    expect(parseCode('DC10251016')).toEqual({ type: 'prh', value: 'DC10251016' });
    expect(parseDistributorCode('dc10251016')).toEqual({ type: 'prh', value: 'DC10251016' });
    expect(parseCode('DC13251016')).toBeNull();
    expect(parseCode('DC1025101')).toBeNull();
  });
});

describe('findCodesInText', () => {
  it('finds labelled and printed codes in running text, in order, once each', () => {
    const text =
      'UPC: 7 59606 08936 9 00111 · ISBN-10 1607066017 · ISBN-13: 978-1-60706-601-9 · ' +
      '/Catalog/MAR180454 and again MAR180454 · Lunar 0126IM0451 · Universal DC10251016 · Qty 1 759606089369';
    expect(findCodesInText(text)).toEqual([
      { type: 'upc', value: '75960608936900111' },
      { type: 'isbn', value: '9781607066019' },
      { type: 'diamond', value: 'MAR180454' },
      { type: 'lunar', value: '0126IM0451' },
      { type: 'prh', value: 'DC10251016' },
      { type: 'upc', value: '759606089369' },
    ]);
  });

  it('ignores the real PREVIEWSworld ad-slot number that fails the EAN-13 check', () => {
    expect(findCodesInText('<div id="div-gpt-ad-1468378225800-0"></div> div-gpt-ad-1468378225800-12')).toEqual([]);
  });

  it('finds the Diamond codes in InStockTrades product addresses', () => {
    const text = '/TP/Marvel/DAREDEVIL-BY-WAID-SAMNEE-OMNIBUS-HC-VOL-02/SEP170983 /TP/DC/KAMANDI-BY-JACK-KIRBY-OMNIBUS-HC/SEP170419';
    expect(findCodesInText(text)).toEqual([
      { type: 'diamond', value: 'SEP170983' },
      { type: 'diamond', value: 'SEP170419' },
    ]);
  });

  it('does not read numbers inside longer digit runs or glued to letters', () => {
    expect(findCodesInText('1759606089369')).toEqual([]);
    expect(findCodesInText('7596060893691')).toEqual([]);
    expect(findCodesInText('sku759606089369 759606089369x')).toEqual([]);
    expect(findCodesInText('XMAR180454 MAR1804540 MAR180454B')).toEqual([]);
  });

  it('wants a label or an X before reading a bare 10-digit ISBN', () => {
    expect(findCodesInText('Call 1607066017 today')).toEqual([]);
    expect(findCodesInText('ISBN: 1607066017')).toEqual([{ type: 'isbn', value: '9781607066019' }]);
    expect(findCodesInText('1-60706-601-7')).toEqual([{ type: 'isbn', value: '9781607066019' }]);
    expect(findCodesInText('code 080442957X here')).toEqual([{ type: 'isbn', value: isbn10To13('080442957X') }]);
    expect(findCodesInText('code 080442957x here')).toEqual([{ type: 'isbn', value: isbn10To13('080442957X') }]);
  });

  it('reads an x glued to any other digits as no code (it was once kept in a UPC value)', () => {
    // Found by the property below: a valid UPC-A base, 2 more digits and an "x" gave the UPC "9789709663914x".
    expect(findCodesInText('9789709663914x')).toEqual([]);
    expect(findCodesInText('9789709663914X')).toEqual([]);
    expect(findCodesInText('9789709663914 x')).toEqual([{ type: 'isbn', value: '9789709663914' }]);
  });

  it('does not glue unrelated numbers into one code', () => {
    expect(findCodesInText('2018-03-14 1-800-555-1234 12 345 678 901')).toEqual([]);
  });

  it('respects the limit', () => {
    const many = Array.from({ length: 40 }, (_, i) => `MAR18${String(1000 + i)}`).join(' ');
    expect(findCodesInText(many, { limit: 5 })).toHaveLength(5);
    expect(findCodesInText(many, { limit: 0 })).toEqual([]);
  });

  it('does bounded work on huge input', () => {
    const huge = '1 '.repeat(2_000_000) + ' 759606089369';
    const started = performance.now();
    expect(findCodesInText(huge)).toEqual([]); // the code sits past the scan cap
    expect(performance.now() - started).toBeLessThan(2_000);
    const codes = '759606089369 '.repeat(MAX_SCAN_CHARS);
    expect(findCodesInText(codes)).toEqual([{ type: 'upc', value: '759606089369' }]);
  });
});

describe('properties', () => {
  it('a valid UPC-A parses back to itself, with or without add-on', () => {
    fc.assert(
      fc.property(upcA, fc.option(fc.oneof(addOn2, addOn5), { nil: '' }), (upc, addOn) => {
        expect(isValidUpcA(upc)).toBe(true);
        expect(parseCode(upc + addOn)).toEqual({ type: 'upc', value: upc + addOn });
        expect(findCodesInText(`UPC: ${upc}${addOn}.`)).toEqual([{ type: 'upc', value: upc + addOn }]);
      }),
    );
  });

  it('a 5-digit add-on reads back as issue, cover and printing', () => {
    fc.assert(
      fc.property(upcA, fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (upc, issue, cover, printing) => {
        const value = upc + String(issue).padStart(3, '0') + String(cover) + String(printing);
        expect(upcAddOn(value)).toEqual({ issue, cover, printing });
      }),
    );
  });

  it('an EAN-13 parses back to itself, and a leading 0 gives the UPC-A', () => {
    fc.assert(
      fc.property(plainEan13, upcA, (ean, upc) => {
        expect(parseCode(ean)).toEqual({ type: 'ean', value: ean });
        expect(parseCode('0' + upc)).toEqual({ type: 'upc', value: upc });
      }),
    );
  });

  it('ISBN-10 -> 13 -> 10 round trips, and both forms parse to the same ISBN-13', () => {
    fc.assert(
      fc.property(isbn10, (isbn) => {
        const thirteen = isbn10To13(isbn);
        expect(thirteen).not.toBeNull();
        expect(isbn13To10(thirteen ?? '')).toBe(isbn);
        expect(parseCode(isbn)).toEqual({ type: 'isbn', value: thirteen });
        expect(parseCode(thirteen ?? '')).toEqual({ type: 'isbn', value: thirteen });
      }),
    );
  });

  it('an ISBN-13 parses back to itself; 979 has no ISBN-10', () => {
    fc.assert(
      fc.property(isbn13, (isbn) => {
        expect(parseCode(isbn)).toEqual({ type: 'isbn', value: isbn });
        expect(normalizeIsbn(`${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 9)}-${isbn.slice(9, 12)}-${isbn.slice(12)}`)).toBe(isbn);
        if (isbn.startsWith('979')) expect(isbn13To10(isbn)).toBeNull();
      }),
    );
  });

  it('catches every single-digit substitution in UPC-A, EAN-13 and ISBN-13', () => {
    fc.assert(
      fc.property(fc.oneof(upcA, plainEan13, isbn13), (code) => {
        for (const wrong of substitutions(code)) expect(parseCode(wrong)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('catches every single-character substitution in ISBN-10, the X included', () => {
    fc.assert(
      fc.property(isbn10, (code) => {
        const wrongs = [...substitutions(code), code.slice(0, 9) + (code.endsWith('X') ? '0' : 'X')];
        for (const wrong of wrongs) expect(parseCode(wrong)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('catches a substitution in the base of a UPC with add-on', () => {
    fc.assert(
      fc.property(upcA, addOn5, (upc, addOn) => {
        for (const wrong of substitutions(upc)) expect(parseCode(wrong + addOn)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('never throws, on any string', () => {
    const anyString = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.stringMatching(/^[0-9X \-]{0,40}$/),
      fc.stringMatching(/^[A-Za-z0-9 \-:]{0,40}$/),
    );
    fc.assert(
      fc.property(anyString, fc.constantFrom(undefined, 'gtin' as const, 'isbn' as const), (s, hint) => {
        const code = parseCode(s, hint);
        if (code !== null) expect(code.value).toMatch(/^[0-9A-Z]+$/);
        upcAddOn(s);
        normalizeIsbn(s);
        isbn10To13(s);
        isbn13To10(s);
        for (const found of findCodesInText(s)) expect(parseCode(found.value)).not.toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it('every code found in noisy text is one that parses on its own', () => {
    const noise = fc.array(fc.oneof(upcA, isbn13, plainEan13, fc.string({ maxLength: 8 }), fc.constant(' '), fc.constant('-')), { maxLength: 30 });
    fc.assert(
      fc.property(noise, (parts) => {
        for (const code of findCodesInText(parts.join(''))) {
          expect(parseCode(code.value)).toEqual(code);
        }
      }),
    );
  });
});
