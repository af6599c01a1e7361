import { describe, expect, it } from 'vitest';
import { matchKey } from '@/lib/library/match';
import {
  addOnFits,
  coverName,
  editionName,
  followsAddOn,
  inferFromUpc,
  isPoisoned,
  learnBase,
  matchByTitle,
  parseComicUpc,
  printingName,
  readAddOnNumber,
  seriesOfBase,
  upcBaseOf,
  type KnownIssue,
  type SeriesIssues,
} from '@/lib/library/series';
import type { AmbiguousMatch } from '@/lib/versedb/schemas';

// The inference rules of issue 12 (lib/library/series.ts): a 17-digit UPC's base and add-on, bases
// learned and poisoned, add-on numbers read against what is known of the series, the covers and
// printings named, and codes a whole run shares resolved by the title's number.

/** Saga's base in the stand-in's catalog (stand-in/README.md): Saga #1 Cover A is base + 00111. */
const SAGA = '709853300502';
const code = (base: string, number: number, cover = 1, printing = 1) =>
  `${base}${String(number % 1000).padStart(3, '0')}${cover}${printing}`;
const issues = (entries: Array<[string, number]>, complete = false): SeriesIssues => ({
  issues: entries.map(([number, issueId]): KnownIssue => ({ number, issueId })),
  complete,
});
const none = (): SeriesIssues => issues([]);

describe('parseComicUpc', () => {
  it('reads base, issue number, cover and printing', () => {
    expect(parseComicUpc(code(SAGA, 1))).toEqual({ base: SAGA, addOnNumber: 1, cover: 1, printing: 1 });
    expect(parseComicUpc(code(SAGA, 77, 2, 1))).toEqual({ base: SAGA, addOnNumber: 77, cover: 2, printing: 1 });
    expect(parseComicUpc(code(SAGA, 1, 1, 2))).toEqual({ base: SAGA, addOnNumber: 1, cover: 1, printing: 2 });
  });

  it('refuses what is not a 17-digit UPC with a valid base', () => {
    expect(parseComicUpc(SAGA)).toBeNull();
    expect(parseComicUpc('709853300503' + '00111')).toBeNull(); // check digit off
    expect(parseComicUpc('9781607066019')).toBeNull();
    expect(parseComicUpc(`${SAGA}0011`)).toBeNull();
    expect(parseComicUpc(`${SAGA}0011x`)).toBeNull();
  });

  it('gives the base of 12- and 17-digit codes', () => {
    expect(upcBaseOf(SAGA)).toBe(SAGA);
    expect(upcBaseOf(code(SAGA, 5))).toBe(SAGA);
    expect(upcBaseOf('9781607066019')).toBeNull();
  });
});

describe('covers and printings', () => {
  it('names cover digits as letters and printings as ordinals, as the stand-in lays them out', () => {
    expect(coverName(1)).toBe('Cover A');
    expect(coverName(2)).toBe('Cover B');
    expect(coverName(5)).toBe('Cover E');
    expect(coverName(0)).toBeNull();
    expect(printingName(1)).toBe('1st printing');
    expect(printingName(2)).toBe('2nd printing');
    expect(printingName(3)).toBe('3rd printing');
    expect(printingName(4)).toBe('4th printing');
    expect(printingName(0)).toBeNull();
    expect(editionName(2, 2)).toBe('Cover B, 2nd printing');
    expect(editionName(1, 1)).toBe('Cover A, 1st printing');
    expect(editionName(0, 3)).toBe('3rd printing');
    expect(editionName(0, 0)).toBeNull();
  });
});

describe('learned bases', () => {
  it('names its series after one lookup, and again after the same series', () => {
    const once = learnBase(null, SAGA, 12);
    expect(seriesOfBase(once)).toBe(12);
    expect(seriesOfBase(learnBase(once, SAGA, 12))).toBe(12);
    expect(learnBase(once, SAGA, 12).seriesIds).toEqual([12]);
  });

  it('is poisoned for good by a second series', () => {
    const conflicted = learnBase(learnBase(null, SAGA, 12), SAGA, 40);
    expect(isPoisoned(conflicted)).toBe(true);
    expect(seriesOfBase(conflicted)).toBeNull();
    // Seeing the first series again does not clear it.
    expect(seriesOfBase(learnBase(conflicted, SAGA, 12))).toBeNull();
  });

  it('is poisoned when an add-on named an issue of another number', () => {
    const irregular = learnBase(learnBase(null, SAGA, 12), SAGA, 12, true);
    expect(isPoisoned(irregular)).toBe(true);
    expect(seriesOfBase(irregular)).toBeNull();
    expect(followsAddOn(code(SAGA, 5), '5')).toBe(true);
    expect(followsAddOn(code(SAGA, 5), '1005')).toBe(true);
    expect(followsAddOn(code(SAGA, 5), '6')).toBe(false);
    expect(followsAddOn(code(SAGA, 1), '1.MU')).toBe(false);
  });
});

describe('readAddOnNumber', () => {
  it('takes the one known issue the add-on fits, with its id', () => {
    expect(readAddOnNumber(3, issues([['1', 101], ['3', 103]]))).toEqual({ kind: 'number', number: '3', issueId: 103 });
    expect(readAddOnNumber(50, issues([['1050', 150], ['900', 90]]))).toEqual({ kind: 'number', number: '1050', issueId: 150 });
    expect(readAddOnNumber(7, issues([['007', 7]]))).toEqual({ kind: 'number', number: '7', issueId: 7 });
  });

  it('reads the add-on number itself when the series is not read whole and nothing contradicts it', () => {
    expect(readAddOnNumber(12, issues([['1', 101]]))).toEqual({ kind: 'number', number: '12', issueId: null });
    expect(readAddOnNumber(0, none())).toEqual({ kind: 'number', number: '0', issueId: null });
  });

  it('asks for a lookup when a complete catalog read has no such number (contradicted)', () => {
    expect(readAddOnNumber(81, issues([['1', 101], ['80', 180]], true))).toEqual({ kind: 'lookup', reason: 'contradicted' });
  });

  it('asks for a lookup when two issues fit (#50 and #1050, or two issues numbered alike)', () => {
    expect(readAddOnNumber(50, issues([['50', 50], ['1050', 1050]]))).toEqual({ kind: 'lookup', reason: 'several' });
    expect(readAddOnNumber(5, issues([['5', 1], ['5', 2]]))).toEqual({ kind: 'lookup', reason: 'several' });
    // The same issue learned twice is one issue.
    expect(readAddOnNumber(5, issues([['5', 1], ['05', 1]]))).toEqual({ kind: 'number', number: '5', issueId: 1 });
  });

  it('asks for a lookup in a series numbered past 999 when no known issue fits', () => {
    expect(readAddOnNumber(20, issues([['1000', 1], ['1001', 2]]))).toEqual({ kind: 'lookup', reason: 'past-999' });
  });

  it('leaves numbers that are not whole numbers out of the reading', () => {
    expect(addOnFits('1.MU', 1)).toBe(false);
    expect(addOnFits('½', 0)).toBe(false);
    expect(readAddOnNumber(1, issues([['1.MU', 5]]))).toEqual({ kind: 'number', number: '1', issueId: null });
  });
});

describe('inferFromUpc', () => {
  const learned = learnBase(null, SAGA, 12);
  const known = issues([['1', 101], ['2', 102]]);

  it('answers a code of a learned base with its series, number, cover and printing', () => {
    expect(inferFromUpc(code(SAGA, 2, 2, 2), learned, () => known)).toEqual({
      kind: 'inferred', seriesId: 12, number: '2', issueId: 102, cover: 2, printing: 2, edition: 'Cover B, 2nd printing',
    });
    expect(inferFromUpc(code(SAGA, 9, 3), learned, () => known)).toMatchObject({ kind: 'inferred', number: '9', issueId: null, edition: 'Cover C, 1st printing' });
  });

  it('asks for a lookup for an unknown, poisoned or other base, and for codes that are not comic UPCs', () => {
    expect(inferFromUpc(code(SAGA, 2), null, () => known)).toEqual({ kind: 'lookup', reason: 'unknown-base' });
    expect(inferFromUpc(code(SAGA, 2), learnBase(learned, SAGA, 13), () => known)).toEqual({ kind: 'lookup', reason: 'poisoned' });
    expect(inferFromUpc(code('761941300061', 2), learned, () => known)).toEqual({ kind: 'lookup', reason: 'unknown-base' });
    expect(inferFromUpc(SAGA, learned, () => known)).toEqual({ kind: 'lookup', reason: 'not-a-comic-upc' });
  });

  it('asks for a lookup when the series read whole has no such number', () => {
    expect(inferFromUpc(code(SAGA, 3), learned, () => issues([['1', 101], ['2', 102]], true))).toEqual({ kind: 'lookup', reason: 'contradicted' });
  });
});

describe('matchByTitle (codes a whole run shares)', () => {
  const match = (issueId: number, number: string, seriesName = 'Batman'): AmbiguousMatch => ({
    issueId, seriesName, seriesId: seriesName === 'Batman' ? 1 : 2, number, coverUrl: null, variantName: null,
    publisher: 'DC Comics', releaseDate: null, startYear: 1940, suggestedVariantId: null,
  });
  const run = [match(1, '400'), match(2, '401'), match(3, '402')];

  it('picks the one match with the number the page’s title gives', () => {
    expect(matchByTitle(run, matchKey('Batman', '401'))?.issueId).toBe(2);
    expect(matchByTitle(run, matchKey('BATMAN', '#0401'))?.issueId).toBe(2);
  });

  it('picks none when the page does not say, or says a number none of them has', () => {
    expect(matchByTitle(run, null)).toBeNull();
    expect(matchByTitle(run, matchKey('Batman', '399'))).toBeNull();
    expect(matchByTitle(run, matchKey('Batman', '401', true))).toBeNull();
  });

  it('lets the title’s series choose between matches of the same number, else picks none', () => {
    const two = [match(1, '5'), match(2, '5', 'Detective Comics')];
    expect(matchByTitle(two, matchKey('Detective Comics', '5'))?.issueId).toBe(2);
    expect(matchByTitle(two, matchKey('Superman', '5'))).toBeNull();
  });
});
