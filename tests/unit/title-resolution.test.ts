import { describe, expect, it } from 'vitest';
import { choiceName } from '@/lib/items';
import { seriesFitsYears, variantNamed } from '@/lib/library/title-resolution';
import { isComic, parseTitle } from '@/lib/detect/titles';

// Which of VerseDB's same-named series a page's title can mean, by the years it gives, and how a chooser
// names each (the integration tests drive the whole resolution against the stand-in).

describe('seriesFitsYears', () => {
  const batman2016 = { startYear: 2016, endYear: 2024 };
  const batman2025 = { startYear: 2025, endYear: null };

  it('a volume names the series of that volume where VerseDB gives one', () => {
    expect(seriesFitsYears({ volume: 3 }, { ...batman2016, volume: 3 })).toBe(true);
    expect(seriesFitsYears({ volume: 3 }, { ...batman2025, volume: 4 })).toBe(false);
    expect(seriesFitsYears({ volume: 3 }, { ...batman2025, volume: null })).toBe(true);
  });

  it('a start year names the series that began then, and no other', () => {
    expect(seriesFitsYears({ startYear: 2016 }, batman2016)).toBe(true);
    expect(seriesFitsYears({ startYear: 2016 }, batman2025)).toBe(false);
  });

  it('a year after the number fits the run it falls within, a cover year at most one past its end', () => {
    expect(seriesFitsYears({ year: 2018 }, batman2016)).toBe(true);
    expect(seriesFitsYears({ year: 2025 }, batman2016)).toBe(true); // a 2024 release's cover year
    expect(seriesFitsYears({ year: 2026 }, batman2016)).toBe(false);
    expect(seriesFitsYears({ year: 2015 }, batman2016)).toBe(false);
    expect(seriesFitsYears({ year: 2030 }, batman2025)).toBe(true); // still running
  });

  it('a series whose years VerseDB does not give is not ruled out, and no year rules nothing out', () => {
    expect(seriesFitsYears({ startYear: 2016, year: 2016 }, { startYear: null, endYear: null })).toBe(true);
    expect(seriesFitsYears({}, batman2025)).toBe(true);
  });
});

describe('choiceName', () => {
  it('names a series by its start year and publisher, as far as VerseDB gives them', () => {
    expect(choiceName({ name: 'Batman', startYear: 2016, publisher: 'DC Comics' })).toBe('Batman (2016, DC Comics)');
    expect(choiceName({ name: 'Batman', startYear: null, publisher: 'DC Comics' })).toBe('Batman (DC Comics)');
    expect(choiceName({ name: 'Batman', startYear: null, publisher: null })).toBe('Batman');
  });
});

describe('the cover a title names, for a copy’s notes', () => {
  const cases: Array<[string, string | null]> = [
    ['Absolute Batman #4 Cover D 1:25 Incentive', 'Cover D 1:25'],
    ['Absolute Batman #4 Cvr D Inc 1:25 Nick Dragotta Var', 'Cover D Nick Dragotta 1:25'],
    ['X-Men #12 Cover B Jim Lee Variant', 'Cover B Jim Lee'],
    ['Saga #66 Virgin Variant', 'Virgin'],
    ['Batman #11 1:50 Incentive', '1:50'],
    ['Spawn #350 2nd Printing', '2nd printing'],
    ['Ultimate Spider-Man #1 Third Printing', '3rd printing'],
    ['Batman #125 Cover A Jorge Jimenez', null],
    ['Batman #1 (2016)', null],
  ];
  for (const [title, words] of cases) {
    it(`${title} → ${words ?? 'the main cover'}`, () => {
      const parsed = parseTitle(title);
      expect(isComic(parsed)).toBe(true);
      if (isComic(parsed)) expect(variantNamed(parsed)).toBe(words);
    });
  }
});
