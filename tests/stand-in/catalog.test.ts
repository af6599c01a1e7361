import { describe, expect, it } from 'vitest';
import { DIAMOND_CODE, isValidIsbn10, isValidIsbn13, isValidUpcA, isbn13To10, LUNAR_CODE, UNIVERSAL_CODE } from '../../stand-in/barcodes.ts';
import { addDays } from '../../stand-in/clock.ts';
import { generateCatalog } from '../../stand-in/catalog/generate.ts';
import { Catalog } from '../../stand-in/catalog/index.ts';
import { seedDemoMembers } from '../../stand-in/demo-members.ts';
import { Library } from '../../stand-in/members.ts';

// The seeded catalog, checked in process: size, determinism, and valid codes everywhere.

const TODAY = '2026-11-22';
const data = generateCatalog(TODAY);
const catalog = new Catalog(data);

describe('seeded catalog', () => {
  it('is big enough and generated quickly', () => {
    const started = performance.now();
    generateCatalog(TODAY);
    const elapsed = performance.now() - started;
    expect(data.publishers.length).toBeGreaterThanOrEqual(3);
    expect(data.series.length).toBeGreaterThanOrEqual(60);
    expect(data.issues.length).toBeGreaterThanOrEqual(2000);
    // The budget is 200 ms; the margin absorbs a busy CI machine.
    expect(elapsed).toBeLessThan(600);
  });

  it('is the same every time for the same day', () => {
    expect(JSON.stringify(generateCatalog(TODAY))).toBe(JSON.stringify(data));
    const later = generateCatalog('2027-03-01');
    expect(later.issues.map((i) => i.id)).toEqual(data.issues.map((i) => i.id));
  });

  it('mirrors well-known books', () => {
    const names = new Set(data.series.map((s) => s.name));
    for (const name of ['Batman', 'Detective Comics', 'The Amazing Spider-Man', 'Saga', 'X-Men', 'Spawn', 'Uncanny X-Men']) expect(names).toContain(name);
  });

  it('gives every single a valid UPC-A, with the add-on naming number, cover and printing', () => {
    for (const issue of data.issues) {
      const series = catalog.seriesOf(issue);
      if (issue.format !== 'single') continue;
      expect(isValidUpcA(issue.upc?.slice(0, 12) ?? '')).toBe(true);
      if (issue.releaseDate < '1995-01-01') {
        expect(issue.upc).toBe(series.upcBase);
        continue;
      }
      expect(issue.upc).toHaveLength(17);
      expect(issue.upc?.slice(12, 15)).toBe(String(Number(issue.number) % 1000).padStart(3, '0'));
      for (const variant of issue.variants) expect(variant.upc?.slice(0, 12)).toBe(series.upcBase);
    }
  });

  it('shares one barcode across the pre-1995 issues of a series', () => {
    const shared = data.issues.filter((i) => i.releaseDate < '1995-01-01' && i.upc === data.series[0]?.upcBase);
    expect(shared.length).toBeGreaterThan(10);
  });

  it('has cover variants, ratio variants and second printings', () => {
    const variants = data.issues.flatMap((i) => i.variants);
    expect(variants.some((v) => v.name === 'Cover B')).toBe(true);
    expect(variants.some((v) => v.ratio === '1:25')).toBe(true);
    expect(variants.some((v) => v.type === 'reprint' && v.upc?.endsWith('2'))).toBe(true);
  });

  it('gives books valid ISBN-13s (978 and 979) and ISBN-10s for the 978 ones', () => {
    const books = data.issues.filter((i) => i.format !== 'single');
    expect(books.length).toBeGreaterThan(20);
    expect(books.some((b) => b.isbn?.startsWith('978'))).toBe(true);
    expect(books.some((b) => b.isbn?.startsWith('979'))).toBe(true);
    expect(books.some((b) => b.format === 'hardcover')).toBe(true);
    for (const book of books) {
      expect(isValidIsbn13(book.isbn ?? '')).toBe(true);
      const ten = isbn13To10(book.isbn ?? '');
      if (book.isbn?.startsWith('978')) expect(isValidIsbn10(ten ?? '')).toBe(true);
      else expect(ten).toBeNull();
    }
  });

  it('gives distributor codes in their formats, each code naming one issue', () => {
    const lunar = data.issues.flatMap((i) => i.variants.map((v) => v.lunarCode)).filter((c): c is string => c !== null);
    const universal = data.issues.flatMap((i) => i.variants.map((v) => v.universalCode)).filter((c): c is string => c !== null);
    const diamond = data.issues.map((i) => i.diamondCode).filter((c): c is string => c !== null);
    expect(lunar.length).toBeGreaterThan(500);
    expect(universal.length).toBeGreaterThan(500);
    expect(diamond.length).toBeGreaterThan(1000);
    expect(lunar.every((c) => LUNAR_CODE.test(c))).toBe(true);
    expect(universal.every((c) => UNIVERSAL_CODE.test(c))).toBe(true);
    expect(diamond.every((c) => DIAMOND_CODE.test(c))).toBe(true);
    expect(new Set(lunar).size).toBe(lunar.length);
    expect(new Set(universal).size).toBe(universal.length);
    expect(new Set(diamond).size).toBe(diamond.length);
  });

  it('keeps FOC at release minus 14 days and has releases in the coming weeks, new #1s among them', () => {
    for (const issue of data.issues) expect(issue.focDate).toBe(addDays(issue.releaseDate, -14));
    const upcoming = data.issues.filter((i) => i.releaseDate > TODAY && i.releaseDate <= addDays(TODAY, 90));
    expect(upcoming.length).toBeGreaterThan(40);
    expect(upcoming.filter((i) => i.number === '1' && i.format === 'single').length).toBeGreaterThanOrEqual(4);
    expect(data.issues.filter((i) => i.focDate >= TODAY && i.focDate <= addDays(TODAY, 7)).length).toBeGreaterThan(3);
  });

  it('seeds a free member with a few hundred copies and a PRO member with thousands', () => {
    const library = new Library();
    seedDemoMembers(library, catalog, TODAY);
    const [free, pro] = [library.copiesOf(1), library.copiesOf(2)];
    expect(free.length).toBeGreaterThanOrEqual(200);
    expect(free.length).toBeLessThan(600);
    expect(pro.length).toBeGreaterThanOrEqual(3000);
    for (const id of [1, 2]) {
      expect(library.wishlistOf(id).length).toBeGreaterThan(10);
      expect(library.pullListOf(id).length).toBeGreaterThan(3);
      expect(library.followsOf(id).length).toBeGreaterThan(3);
    }
  });
});
