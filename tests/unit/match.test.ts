import { describe, expect, it } from 'vitest';
import { isCollectedFormat, matchKey, volumeFits, yearsFit } from '@/lib/library/match';
import { isComic, parseTitle } from '@/lib/detect/titles';

function pageKey(raw: string): string | null {
  const parsed = parseTitle(raw);
  if (!isComic(parsed)) return null;
  const number = parsed.number ?? (parsed.volume !== null ? String(parsed.volume) : null);
  if (number === null) return null;
  return matchKey(parsed.annual ? `${parsed.series} Annual` : parsed.series, number, isCollectedFormat(parsed.format));
}

describe('matchKey', () => {
  it('matches how stores write a title with how VerseDB names the issue', () => {
    expect(pageKey('BATMAN #125 CVR A CAPULLO')).toBe(matchKey('Batman', '125'));
    expect(pageKey('Amazing Spider-Man (2022) #1 Cover B Variant')).toBe(matchKey('The Amazing Spider-Man', '1'));
    expect(pageKey('NEIL GAIMAN`S AMERICAN GODS: MY AINSEL #1')).toBe(matchKey("Neil Gaiman's American Gods: My Ainsel", '1'));
    expect(matchKey('Batman', '007')).toBe(matchKey('Batman', '7'));
  });

  it('keeps different issues and series apart', () => {
    expect(matchKey('Batman', '12')).not.toBe(matchKey('Batman', '125'));
    expect(matchKey('Batman', '1')).not.toBe(matchKey('Batman Beyond', '1'));
    expect(pageKey('Batman Annual #1')).not.toBe(matchKey('Batman', '1'));
    expect(pageKey('Batman Annual #1')).toBe(matchKey('Batman Annual', '1'));
    expect(pageKey('Saga Vol. 1 TP')).not.toBe(matchKey('Saga', '1'));
    expect(pageKey('Saga Vol. 1 TP')).toBe(matchKey('Saga', '1', isCollectedFormat('trade_paperback')));
  });

  it('gives no key without a series or a number', () => {
    expect(matchKey('', '1')).toBeNull();
    expect(matchKey('Saga', '  ')).toBeNull();
  });
});

describe('yearsFit: the years a title gives against an issue of the library', () => {
  const issue = (startYear: number | null, releaseDate: string | null) => ({ startYear, releaseDate });

  it('a start year must be the series’ own', () => {
    expect(yearsFit({ startYear: 2016 }, issue(2016, '2018-05-02'))).toBe(true);
    expect(yearsFit({ startYear: 2025 }, issue(2016, '2016-06-08'))).toBe(false);
    // Without the series' start year, an issue out before the year named cannot be of that series.
    expect(yearsFit({ startYear: 2025 }, issue(null, '2016-06-08'))).toBe(false);
    expect(yearsFit({ startYear: 2016 }, issue(null, '2018-06-08'))).toBe(true);
  });

  it('a year after the number is the series’ start year or the cover year, which runs at most a year ahead', () => {
    expect(yearsFit({ year: 2016 }, issue(2016, '2018-05-02'))).toBe(true); // the series' year
    expect(yearsFit({ year: 2016 }, issue(2011, '2016-03-01'))).toBe(true); // cover year = release year
    expect(yearsFit({ year: 2017 }, issue(2011, '2016-11-30'))).toBe(true); // a December release's cover year
    expect(yearsFit({ year: 2025 }, issue(2016, '2016-06-08'))).toBe(false);
    expect(yearsFit({ year: 2016 }, issue(2025, null))).toBe(false); // a cover year before the series began
    expect(yearsFit({ year: 2027 }, issue(2025, null))).toBe(true); // cannot tell: not ruled out
  });

  it('what the library does not know, and a title with no year, rule nothing out', () => {
    expect(yearsFit({}, issue(2016, '2016-06-08'))).toBe(true);
    expect(yearsFit({ startYear: null, year: null }, issue(null, null))).toBe(true);
    expect(yearsFit({ year: 2025 }, issue(null, null))).toBe(true);
  });
});

describe('volumeFits: the volume a single’s title names against an issue of the library', () => {
  it('must be the series’ own where the library knows it; what it does not know does not rule out', () => {
    expect(volumeFits(3, { volume: 3 })).toBe(true);
    expect(volumeFits(4, { volume: 3 })).toBe(false);
    expect(volumeFits(4, { volume: null })).toBe(true);
    expect(volumeFits(null, { volume: 3 })).toBe(true);
    expect(volumeFits(undefined, { volume: null })).toBe(true);
  });
});
