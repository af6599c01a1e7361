import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { categoryKind, isComic, MAX_TITLE_CHARS, parseTitle, seriesKey, titleKey, type ParsedTitle } from '@/lib/detect/titles';
import { TITLE_CASES } from './title-cases';

function comicOf(input: string): ParsedTitle {
  const parsed = parseTitle(input);
  if (!isComic(parsed)) throw new Error(`not read as a comic: ${input} (${parsed.reason})`);
  return parsed;
}

describe('title table', () => {
  it('holds at least 150 real-world titles', () => {
    expect(TITLE_CASES.length).toBeGreaterThanOrEqual(150);
  });

  for (const c of TITLE_CASES) {
    const label = `${c.source}: ${JSON.stringify(c.input.length > 80 ? c.input.slice(0, 80) + '…' : c.input)}${c.category === undefined ? '' : ` [${c.category}]`}`;
    it(label, () => {
      const parsed = parseTitle(c.input, c.category === undefined ? {} : { category: c.category });
      if (c.notAComic !== undefined) {
        expect(parsed).toMatchObject({ kind: 'not-a-comic', reason: c.notAComic });
      } else {
        expect(parsed).toMatchObject({ kind: 'comic', ...c.expected });
      }
    });
  }
});

describe('categoryKind', () => {
  it('reads store categories, breadcrumbs and product types, most specific last', () => {
    const kinds: [string, ReturnType<typeof categoryKind>][] = [
      ['Comics > New Releases', 'comic'],
      ['Books/Comics & Graphic Novels', 'comic'],
      ['Collectibles > Comics', 'comic'],
      ['Comics & Collectibles', 'comic'],
      ['Single Issue', 'comic'],
      ['Trade Paperback', 'comic'],
      ['Paperback', 'comic'],
      ['Manga', 'comic'],
      ['Variant Covers', 'comic'],
      ['Apparel', 'not-comic'],
      ["Men's Clothing", 'not-comic'],
      ['T-Shirts', 'not-comic'],
      ['Comics > T-Shirts', 'not-comic'],
      ['Vinyl Figures', 'not-comic'],
      ['Toys & Collectibles', 'not-comic'],
      ['Funko Pop!', 'not-comic'],
      ['Apparel · T-Shirt', 'not-comic'],
      ['Trading Card Games', 'not-comic'],
      ['Booster Boxes', 'not-comic'],
      ['Dice', 'not-comic'],
      ['Comic Book Supplies', 'not-comic'],
      ['Manga Figures', 'not-comic'],
      ['Bags & Boards', 'not-comic'],
      ['Misc', null],
      ['Sale', null],
      ['', null],
      [' > ', null],
    ];
    for (const [category, kind] of kinds) expect([category, categoryKind(category)]).toEqual([category, kind]);
  });

  it('agrees with the category parseTitle is given', () => {
    expect(parseTitle('Spawn #1', { category: 'Vinyl Figures' })).toMatchObject({ kind: 'not-a-comic', reason: 'category' });
    expect(parseTitle('Watchmen', { category: 'Comics > New Releases' })).toMatchObject({ kind: 'comic', format: 'unknown' });
    expect(parseTitle('Watchmen', { category: 'Misc' })).toMatchObject({ kind: 'not-a-comic', reason: 'no-comic-marker' });
  });
});

describe('store noise before the title', () => {
  it('keeps ranks and labels out of the series and the number', () => {
    for (const raw of ['1. Absolute Batman #6', '12) Absolute Batman #6', '#3 - Absolute Batman #6', 'No. 3: Absolute Batman #6', 'New ListingAbsolute Batman #6', 'NEW LISTING Absolute Batman #6']) {
      const parsed = comicOf(raw);
      expect([raw, parsed.series, parsed.number, titleKey(parsed)]).toEqual([raw, 'Absolute Batman', '6', titleKey(comicOf('Absolute Batman #6'))]);
    }
  });
});

describe('seriesKey', () => {
  it('ignores case, punctuation, spacing, accents, a leading The and &/and', () => {
    expect(seriesKey('The Amazing Spider-Man')).toBe(seriesKey('AMAZING SPIDER MAN'));
    expect(seriesKey('Abe Sapien: Dark & Terrible')).toBe(seriesKey('ABE SAPIEN DARK AND TERRIBLE'));
    expect(seriesKey("Neil Gaiman's American Gods")).toBe(seriesKey('NEIL GAIMAN`S AMERICAN GODS'));
    expect(seriesKey('Pokémon Adventures')).toBe(seriesKey('Pokemon Adventures'));
    expect(seriesKey('X-Men')).toBe('xmen');
    expect(seriesKey('The Curse of the Brimstone')).toBe('curseofthebrimstone');
  });

  it('keeps what tells series apart', () => {
    expect(seriesKey('Batman')).not.toBe(seriesKey('Batman Beyond'));
    expect(seriesKey('Harbinger Wars 2')).not.toBe(seriesKey('Harbinger Wars'));
    expect(seriesKey('The')).toBe('the');
  });
});

describe('titleKey', () => {
  it('matches the same comic written by different stores', () => {
    expect(titleKey(comicOf('BATMAN (2016) #50'))).toBe(titleKey(comicOf('Batman (2016 DC 3rd Series) 50A')));
    expect(titleKey(comicOf('Batman (2016) #50'))).toBe(titleKey(comicOf('Batman (2016-) #50')));
    expect(titleKey(comicOf('Saga Vol. 1 TP'))).toBe(titleKey(comicOf('Saga, Volume 1')));
    expect(titleKey(comicOf('Saga Vol. 1 TP'))).toBe(titleKey(comicOf('Saga Volume 1 (Saga, 1) Paperback – October 23, 2012')));
    expect(titleKey(comicOf('ACTION COMICS #001'))).toBe(titleKey(comicOf('Action Comics #1')));
    expect(titleKey(comicOf('BATMAN #125 CVR A CAPULLO'))).toBe(titleKey(comicOf('Batman #125')));
  });

  it('tells apart what is a different comic', () => {
    expect(titleKey(comicOf('Batman #1'))).not.toBe(titleKey(comicOf('Batman Annual #1')));
    expect(titleKey(comicOf('Saga #1'))).not.toBe(titleKey(comicOf('Saga Vol. 1 TP')));
    expect(titleKey(comicOf('Saga Vol 1 TP'))).not.toBe(titleKey(comicOf('Saga DLX ED HC VOL 01')));
    expect(titleKey(comicOf('X-Men Vol 5 #1'))).not.toBe(titleKey(comicOf('X-Men Vol 2 #1')));
    expect(titleKey(comicOf('Batman (2011) #1'))).not.toBe(titleKey(comicOf('Batman (2016) #1')));
  });

  it('reads annuals as their own series', () => {
    expect(titleKey(comicOf('Batman Annual #1'))).toBe(titleKey(comicOf('BATMAN ANNUAL (2016) #1')).replace('|y2016', '|'));
  });
});

describe('robustness', () => {
  it('never throws, on any string, with or without a category', () => {
    const anyText = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: 'grapheme', maxLength: 120 }),
      fc.array(fc.constantFrom('#', '1', '/', '2', '.', 'MU', ' ', 'VOL', 'TP', 'HC', '(', ')', 'OF', 'CVR', 'A', ':', '25', 'VAR', '...', '…', '2016', 'Batman', '-', '$', 'PTG', '2ND'), { maxLength: 40 }).map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(anyText, fc.option(fc.string(), { nil: undefined }), (text, category) => {
        const parsed = parseTitle(text, category === undefined ? {} : { category });
        if (isComic(parsed)) {
          expect(parsed.series.length).toBeGreaterThan(0);
          expect(typeof titleKey(parsed)).toBe('string');
        } else {
          expect(parsed.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('refuses very long strings without scanning them', () => {
    const huge = 'BATMAN #1 '.repeat(200_000);
    const started = performance.now();
    expect(parseTitle(huge)).toMatchObject({ kind: 'not-a-comic', reason: 'too-long' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('does bounded work on the longest accepted strings', () => {
    const nasty = ['(('.repeat(MAX_TITLE_CHARS / 2), '#1 ' + '1 '.repeat(140), 'A'.repeat(MAX_TITLE_CHARS), '(2016 '.repeat(50)];
    const started = performance.now();
    for (const text of nasty) parseTitle(text.slice(0, MAX_TITLE_CHARS));
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('book-like titles', () => {
  const bookLike = (title: string, category?: string) => {
    const parsed = parseTitle(title, category === undefined ? {} : { category });
    return isComic(parsed) ? parsed.bookLike : parsed.reason;
  };

  it('a binding, a volume, a deluxe edition or a box set is any book’s: such a title is book-like', () => {
    expect(bookLike('The Women (Hardcover)')).toBe(true);
    expect(bookLike('Magnolia Table, Volume 3 (Hardcover)')).toBe(true);
    expect(bookLike('Chainsaw Man, Vol. 19')).toBe(true);
    expect(bookLike('Superman: Space Age HC')).toBe(true);
    expect(bookLike('Batman: The Killing Joke, Deluxe Edition')).toBe(true);
    expect(bookLike('Astérix Tome 40')).toBe(true);
    expect(bookLike('Batman: Year One', 'Paperback')).toBe(true);
  });

  it('an issue number, TP, GN, omnibus, a cover, a printing or "(of 12)" is a comic’s own mark', () => {
    for (const title of ['Saga Vol. 8 TP', 'This One Summer GN', 'Batman by Tom King Omnibus', 'Absolute Batman #1', 'Doomsday Clock #4 (of 12)', '2000 AD Prog 2076', 'Superman núm. 12', 'Batman Vol. 1 Cover B Variant', 'Blacksad Intégrale']) {
      expect([title, bookLike(title)]).toEqual([title, false]);
    }
  });
});

describe('titles from the eighth round of written pages', () => {
  const read = (title: string, category?: string) => {
    const parsed = parseTitle(title, category === undefined ? {} : { category });
    return isComic(parsed) ? { series: parsed.series, number: parsed.number, volume: parsed.volume } : parsed.reason;
  };

  it('"Vol. 0" is volume 0, not a missing one', () => {
    expect(read('Transmetropolitan Vol. 0: Tales of Human Waste TP')).toEqual({ series: 'Transmetropolitan', number: null, volume: 0 });
  });

  it('an anthology a store vouches for is a comic with no number', () => {
    expect(read('Where Monsters Lie Anthology', 'Graphic Novels')).toEqual({ series: 'Where Monsters Lie Anthology', number: null, volume: null });
    expect(read('Where Monsters Lie Anthology')).toBe('no-comic-marker');
  });

  it('where a store vouches for it, a name and a number is an issue, also before an edition after a dash', () => {
    expect(read('Dampyr 216', 'Fumetti')).toEqual({ series: 'Dampyr', number: '216', volume: null });
    expect(read('Tex 690 - Variant', 'Fumetti')).toEqual({ series: 'Tex', number: '690', volume: null });
    expect(read('Dylan Dog 100 - Oro', 'Fumetti')).toEqual({ series: 'Dylan Dog', number: '100', volume: null });
    expect(parseTitle('Dylan Dog 100 - Oro', { category: 'Fumetti' })).toMatchObject({ variant: true, coverText: 'Oro' });
    expect(read('Dylan Dog Color Fest 50', 'Fumetti')).toEqual({ series: 'Dylan Dog Color Fest', number: '50', volume: null });
    expect(read('Dampyr 216')).toBe('no-comic-marker');
  });

  it('a Roman numeral before a subtitle is the volume where a store vouches for the book; a lone V or X is a letter', () => {
    expect(read("Maus I: A Survivor's Tale: My Father Bleeds History", 'Graphic Novels')).toEqual({ series: 'Maus', number: null, volume: 1 });
    expect(read('House of X/Powers of X: X-Men', 'Graphic Novels')).toEqual({ series: 'House of X/Powers of X: X-Men', number: null, volume: null });
  });

  it('"(The Graphic Novel)" and editions in Spanish, Italian and French end the series', () => {
    expect(read('Batman: Nightwalker (The Graphic Novel)')).toEqual({ series: 'Batman: Nightwalker', number: null, volume: null });
    expect(read('Batman: Año Uno (Edición Deluxe)')).toEqual({ series: 'Batman: Año Uno', number: null, volume: null });
    expect(parseTitle('Paracuellos (Edición integral)')).toMatchObject({ series: 'Paracuellos', format: 'omnibus', subtitle: null });
    expect(parseTitle('Watchmen (Edición Deluxe)')).toMatchObject({ series: 'Watchmen', format: 'hc' });
  });

  it('role-playing game books, ex-libris prints, school diaries and gift cards in other languages are other products', () => {
    expect(read('Marvel Multiverse Role-Playing Game: Core Rulebook HC')).toBe('merchandise');
    expect(read("Dungeons & Dragons Player's Handbook HC (2024)")).toBe('merchandise');
    expect(read('Ex-libris Les Vieux Fourneaux T.8 - numéroté et signé')).toBe('merchandise');
    expect(read('Agenda scolaire 2025-2026 Mortelle Adèle')).toBe('merchandise');
    expect(read('Tarjeta regalo 25 €', 'Cómics')).toBe('merchandise');
    expect(read('Carte cadeau 30 €', 'BD')).toBe('merchandise');
  });

  it('goods a book comes with are a label on it, not the product: "Ex-libris offert"', () => {
    expect(read('Ex-libris offert')).toBe('no-comic-marker');
    expect(read('Ex-libris offert', 'BD')).toEqual({ series: 'Ex-libris offert', number: null, volume: null });
  });
});
