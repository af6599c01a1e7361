import { comicAddOn, diamondMonth, isbn13CheckDigit, monthYear, upcCheckDigit } from '../barcodes.ts';
import { addDays, dayMs, daysBetween, DAY_MS, isoDate, wednesdayOnOrAfter } from '../clock.ts';
import { createPrng, type Prng } from '../prng.ts';
import { COMIC_SHOPS, FILLER_WORDS, PUBLISHERS, SERIES_SPECS, type PublisherKey, type SeriesSpec } from './seed.ts';
import type { AgeRating, CatalogData, Character, Creator, Issue, IssueFormat, Publisher, Series, Team, Title, Variant, VariantType } from './types.ts';

// Deterministic catalog generation: the same seed and the same "today" give the same catalog, ids
// included. Finished series have fixed dates; running ones are laid out so their next issues fall in
// the coming weeks, which keeps the FOC and upcoming lists full whatever day the stand-in starts.

export const CATALOG_SEED = 20_261_122;

/** Lunar codes appear from mid-2020 and Universal (PRH) codes from late 2021, as in the trade. */
const LUNAR_FROM = '2020-06-01';
const UNIVERSAL_FROM = '2021-10-01';
const DIAMOND_FROM = '1995-01-01';
/** Before this, a series' issues share one 12-digit barcode with no add-on. */
export const ADD_ON_FROM = '1995-01-01';

export const AGE_RATINGS: Record<'T' | 'T+' | 'M', AgeRating> = {
  T: { code: 'T', label: 'Teen', minAge: 12 },
  'T+': { code: 'T+', label: 'Teen Plus', minAge: 16 },
  M: { code: 'M', label: 'Mature', minAge: 18 },
};

const REAL_NAMES: Record<string, string> = {
  Batman: 'Bruce Wayne', Superman: 'Clark Kent', 'Wonder Woman': 'Diana Prince', 'Spider-Man': 'Peter Parker',
  Wolverine: 'Logan', Nightwing: 'Dick Grayson', Daredevil: 'Matt Murdock', Invincible: 'Mark Grayson', Spawn: 'Al Simmons',
};

const HOOKS = [
  'Nothing will be the same after this.',
  'An old enemy returns with a plan years in the making.',
  'The shocking conclusion of the current arc!',
  'A new story arc begins here, the perfect jumping-on point.',
  'Secrets come to light, and an alliance breaks apart.',
  'A standalone tale with a guest artist.',
  'The team faces its greatest threat yet.',
  'Everything changes in the final pages.',
];

export function slugify(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function focDateFor(releaseDate: string): string {
  return addDays(releaseDate, -14);
}

/** Cover dates run about two months ahead of sale. */
export function coverDateFor(releaseDate: string): string {
  const date = new Date(dayMs(releaseDate));
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 2);
  return isoDate(date.getTime());
}

export function singlePriceFor(releaseDate: string, number: number): string {
  const year = Number(releaseDate.slice(0, 4));
  if (year < 1988) return '0.75';
  if (year < 1992) return '1.00';
  if (year < 1995) return '1.25';
  if (year < 2000) return '1.99';
  if (year < 2008) return '2.99';
  if (year < 2020) return number === 1 ? '4.99' : '3.99';
  return number === 1 ? '5.99' : '4.99';
}

export function upcBaseFor(publisher: Publisher, seriesId: number): string {
  const eleven = `${publisher.upcPrefix}${String(30_000 + seriesId).padStart(5, '0')}`;
  return eleven + upcCheckDigit(eleven);
}

/** Named people and things, given ids in the order they first appear. */
class Registry<T extends { id: number; name: string }> {
  readonly items: T[] = [];
  private readonly byName = new Map<string, T>();
  constructor(private readonly make: (id: number, name: string) => T) {}
  get(name: string): T {
    let item = this.byName.get(name);
    if (!item) {
      item = this.make(this.items.length + 1, name);
      this.items.push(item);
      this.byName.set(name, item);
    }
    return item;
  }
}

/** Sequence counters that keep distributor codes and ISBNs unique. */
class Counters {
  private readonly counts = new Map<string, number>();
  next(key: string, start = 1): number {
    const value = this.counts.get(key) ?? start;
    this.counts.set(key, value + 1);
    return value;
  }
}

export interface CodeAllocator {
  lunar(publisher: Publisher, releaseDate: string): string | null;
  universal(publisher: Publisher, releaseDate: string): string | null;
  diamond(publisher: Publisher, releaseDate: string): string | null;
  isbn(publisher: Publisher, releaseDate: string): string;
}

const DIAMOND_BLOCK: Record<string, number> = { DC: 100, MA: 700, IM: 1300, BM: 1900 };

export function createCodeAllocator(): CodeAllocator {
  const counters = new Counters();
  // Codes are assigned at solicitation, about two months before sale.
  const solicited = (releaseDate: string): string => addDays(releaseDate, -60);
  return {
    lunar(publisher, releaseDate) {
      if (releaseDate < LUNAR_FROM) return null;
      const month = monthYear(solicited(releaseDate));
      const seq = counters.next(`L${month}${publisher.code}`, 1);
      return `${month}${publisher.code}${String(seq).padStart(4, '0')}`;
    },
    universal(publisher, releaseDate) {
      if (releaseDate < UNIVERSAL_FROM) return null;
      const month = monthYear(solicited(releaseDate));
      const seq = counters.next(`U${month}${publisher.code}`, 1001);
      return `${publisher.code}${month}${String(seq).padStart(4, '0')}`;
    },
    diamond(publisher, releaseDate) {
      if (releaseDate < DIAMOND_FROM) return null;
      const month = diamondMonth(solicited(releaseDate));
      const seq = counters.next(`D${month}${publisher.code}`, DIAMOND_BLOCK[publisher.code] ?? 2500);
      return `${month}${String(seq).padStart(4, '0')}`;
    },
    isbn(publisher, releaseDate) {
      const stem = releaseDate >= '2023-01-01' && publisher.isbn979 ? publisher.isbn979 : publisher.isbn978;
      const twelve = stem + String(counters.next(stem, 101)).padStart(3, '0');
      return twelve + isbn13CheckDigit(twelve);
    },
  };
}

/** The generated limited series that fill out the catalog. */
function fillerSpecs(prng: Prng, today: string): SeriesSpec[] {
  const publishers: PublisherKey[] = ['image', 'boom', 'dc', 'marvel', 'image', 'boom'];
  const specs: SeriesSpec[] = [];
  for (let i = 0; i < 24; i++) {
    const name = `${FILLER_WORDS.first[i % 12]} ${FILLER_WORDS.second[(i * 5 + Math.floor(i / 12)) % 12]}`;
    const year = 2014 + (i % 13);
    const month = String(prng.int(1, 12)).padStart(2, '0');
    const count = prng.int(4, 12);
    const first = `${year}-${month}`;
    const ends = addDays(`${first}-01`, (count - 1) * 30);
    specs.push({
      name,
      publisher: publishers[i % publishers.length] ?? 'image',
      first,
      ...(ends < today ? { last: ends.slice(0, 7) } : {}),
      count,
      limited: true,
      creators: [prng.pick(FILLER_WORDS.writers), prng.pick(FILLER_WORDS.artists)],
      genres: [prng.pick(FILLER_WORDS.genres)],
      rating: prng.chance(0.3) ? 'M' : 'T+',
    });
  }
  return specs;
}

/** Release dates of a series' issues, in order. */
function releaseDates(spec: SeriesSpec, today: string, prng: Prng): string[] {
  const relative = /^\+(\d+)d$/.exec(spec.first);
  const start = relative ? addDays(today, Number(relative[1])) : addDays(`${spec.first}-01`, prng.int(0, 20));
  let end: string;
  if (relative) end = addDays(start, (spec.count - 1) * 28);
  else if (spec.last) end = addDays(`${spec.last}-01`, prng.int(0, 20));
  else {
    // A running series: its newest solicited issue lands one to ten weeks from today.
    const soonest = addDays(today, prng.int(7, 70));
    const minimum = addDays(start, (spec.count - 1) * 21);
    end = soonest > minimum ? soonest : minimum;
  }
  const span = Math.max(0, daysBetween(start, end));
  const step = spec.count > 1 ? span / (spec.count - 1) : 0;
  return Array.from({ length: spec.count }, (_, i) => wednesdayOnOrAfter(addDays(start, Math.round(i * step))));
}

interface Builder {
  prng: Prng;
  today: string;
  codes: CodeAllocator;
  creators: Registry<Creator>;
  nextVariantId: () => number;
}

function variantCodes(b: Builder, publisher: Publisher, releaseDate: string): Pick<Variant, 'lunarCode' | 'universalCode'> {
  return { lunarCode: b.codes.lunar(publisher, releaseDate), universalCode: b.codes.universal(publisher, releaseDate) };
}

/** Cover A, and for modern books the B/C covers, ratio incentives and a second printing of hot #1s. */
function singleVariants(b: Builder, issue: Issue, series: Series, publisher: Publisher, number: number): Variant[] {
  const modern = issue.releaseDate >= ADD_ON_FROM && series.upcBase !== null;
  const code = (cover: number, printing: number): string | null =>
    modern && series.upcBase ? series.upcBase + comicAddOn(number, cover, printing) : null;
  const cover = series.creators.find((c) => c.role === 'cover')?.creatorId ?? null;
  const make = (name: string, type: VariantType, coverDigit: number, printing: number, ratio: string | null, artist: number | null): Variant => ({
    id: b.nextVariantId(),
    issueId: issue.id,
    name,
    type,
    ratio,
    upc: code(coverDigit, printing),
    ...(coverDigit === 1 && printing === 1
      ? { lunarCode: issue.lunarCode, universalCode: issue.universalCode }
      : variantCodes(b, publisher, issue.releaseDate)),
    coverArtistId: artist,
  });
  const variants = [make('Cover A', 'standard', 1, 1, null, cover)];
  if (issue.releaseDate < '2008-01-01') return variants;
  const guest = (): number => b.creators.get(b.prng.pick(['Peach Momoko', 'Alex Ross', 'Artgerm', 'J. Scott Campbell', 'Jenny Frison', 'Mark Brooks'])).id;
  const firstIssue = number === 1;
  if (firstIssue || b.prng.chance(0.6)) variants.push(make('Cover B', 'cover_variant', 2, 1, null, guest()));
  if (firstIssue || b.prng.chance(0.15)) variants.push(make('Cover C', 'cover_variant', 3, 1, null, guest()));
  if (firstIssue || b.prng.chance(0.3)) variants.push(make('1:25 Ratio Variant', 'ratio_variant', 4, 1, '1:25', guest()));
  if (firstIssue) variants.push(make('1:50 Virgin Variant', 'virgin_variant', 5, 1, '1:50', guest()));
  if (firstIssue && daysBetween(issue.releaseDate, b.today) > 60 && b.prng.chance(0.6)) {
    variants.push(make('Second Printing', 'reprint', 1, 2, null, cover));
  }
  return variants;
}

function bookName(spec: SeriesSpec, index: number): string {
  if (spec.count === 1) return spec.name;
  if (spec.kind === 'omnibus') return `${spec.name} Omnibus Vol. ${index}`;
  return `${spec.name} Vol. ${index}`;
}

const FORMAT_OF_KIND = { single: 'single', trade: 'trade_paperback', hardcover: 'hardcover', omnibus: 'omnibus' } as const satisfies Record<string, IssueFormat>;
const SERIES_FORMAT = { single: 'Standard', trade: 'TPB', hardcover: 'Hardcover', omnibus: 'Omnibus' } as const;

export function generateCatalog(today: string): CatalogData {
  const prng = createPrng(CATALOG_SEED);
  const publishers: Publisher[] = Object.values(PUBLISHERS).map((p) => ({ ...p }));
  const publisherOf = (key: PublisherKey): Publisher => publishers[PUBLISHERS[key].id - 1] as Publisher;
  const creators = new Registry<Creator>((id, name) => ({ id, name, slug: slugify(name) }));
  const characters = new Registry<Character>((id, name) => ({ id, name, slug: slugify(name), realName: REAL_NAMES[name] ?? null }));
  const teams = new Registry<Team>((id, name) => ({ id, name, slug: slugify(name) }));
  const titles: Title[] = [];
  const titleIds = new Map<string, number>();
  const series: Series[] = [];
  const issues: Issue[] = [];
  const slugs = new Set<string>();
  let variantId = 0;
  const b: Builder = { prng, today, codes: createCodeAllocator(), creators, nextVariantId: () => ++variantId };

  for (const spec of [...SERIES_SPECS, ...fillerSpecs(prng, today)]) {
    const publisher = publisherOf(spec.publisher);
    const kind = spec.kind ?? 'single';
    const titleName = spec.title ?? spec.name;
    let titleId = titleIds.get(`${publisher.id}:${titleName}`);
    if (titleId === undefined) {
      titleId = titles.length + 1;
      titles.push({ id: titleId, name: titleName, slug: slugify(titleName), publisherId: publisher.id });
      titleIds.set(`${publisher.id}:${titleName}`, titleId);
    }
    const dates = releaseDates(spec, today, prng);
    const firstDate = dates[0] ?? today;
    const lastDate = dates[dates.length - 1] ?? today;
    const id = series.length + 1;
    const startYear = Number(firstDate.slice(0, 4));
    let slug = slugify(`${spec.name} ${startYear}${kind === 'single' ? '' : ` ${SERIES_FORMAT[kind]}`}`);
    while (slugs.has(slug)) slug += '-2';
    slugs.add(slug);
    const [writer, artist, coverArtist] = spec.creators;
    const credits = [
      { creatorId: creators.get(writer).id, role: 'writer' },
      { creatorId: creators.get(artist).id, role: 'artist' },
      { creatorId: creators.get(coverArtist ?? artist).id, role: 'cover' },
    ];
    const finished = spec.last !== undefined && lastDate < today;
    const s: Series = {
      id,
      titleId,
      publisherId: publisher.id,
      name: spec.name,
      slug,
      volume: spec.volume ?? 1,
      startYear,
      endYear: finished ? Number(lastDate.slice(0, 4)) : null,
      status: finished ? 'completed' : 'ongoing',
      publicationType: kind !== 'single' ? 'collected_edition' : spec.limited ? 'limited_series' : spec.count === 1 ? 'one_shot' : 'regular_series',
      format: SERIES_FORMAT[kind],
      upcBase: kind === 'single' ? upcBaseFor(publisher, id) : null,
      description: `${spec.name} (${startYear}) from ${publisher.name}, by ${writer} and ${artist}.`,
      ageRating: AGE_RATINGS[spec.rating ?? 'T'],
      genres: spec.genres ?? ['Superhero'],
      creators: credits,
      characterIds: (spec.characters ?? []).map((name) => characters.get(name).id),
      teamIds: (spec.teams ?? []).map((name) => teams.get(name).id),
      hue: (id * 47) % 360,
    };
    series.push(s);

    dates.forEach((releaseDate, index) => {
      const number = (spec.firstNumber ?? 1) + index;
      const issueId = issues.length + 1;
      const book = kind !== 'single';
      const isbn = book ? b.codes.isbn(publisher, releaseDate) : null;
      const issue: Issue = {
        id: issueId,
        seriesId: id,
        number: String(number),
        name: book ? bookName(spec, number) : `${spec.name} #${number}`,
        slug: `${slug}-${number}`,
        releaseDate,
        focDate: focDateFor(releaseDate),
        coverDate: coverDateFor(releaseDate),
        price: book ? bookPrice(kind, number, prng) : singlePriceFor(releaseDate, number),
        pageCount: kind === 'omnibus' ? prng.int(900, 1200) : kind === 'hardcover' ? prng.int(200, 320) : book ? prng.int(128, 200) : 32,
        format: FORMAT_OF_KIND[kind],
        upc: isbn,
        isbn,
        lunarCode: b.codes.lunar(publisher, releaseDate),
        universalCode: b.codes.universal(publisher, releaseDate),
        diamondCode: b.codes.diamond(publisher, releaseDate),
        solicitation: `${book ? bookName(spec, number) : `${spec.name} #${number}`}. ${prng.pick(HOOKS)} Written by ${writer}, art by ${artist}.`,
        isReprint: book,
        isKey: !book && (number === 1 || number % 100 === 0),
        variants: [],
        createdAt: new Date(dayMs(releaseDate) - 90 * DAY_MS).toISOString(),
      };
      if (book) {
        issue.variants = [{
          id: b.nextVariantId(), issueId, name: 'Standard Edition', type: 'standard', ratio: null, upc: null,
          lunarCode: issue.lunarCode, universalCode: issue.universalCode, coverArtistId: credits[2]?.creatorId ?? null,
        }];
      } else {
        issue.variants = singleVariants(b, issue, s, publisher, number);
        issue.upc = issue.variants[0]?.upc ?? s.upcBase;
      }
      issues.push(issue);
    });
  }

  return {
    publishers,
    titles,
    series,
    issues,
    creators: creators.items,
    characters: characters.items,
    teams: teams.items,
    comicShops: COMIC_SHOPS.map((shop) => ({ ...shop })),
  };
}

function bookPrice(kind: 'trade' | 'hardcover' | 'omnibus' | 'single', volume: number, prng: Prng): string {
  if (kind === 'omnibus') return '125.00';
  if (kind === 'hardcover') return prng.pick(['29.99', '39.99', '49.99']);
  return volume === 1 ? '9.99' : prng.pick(['16.99', '17.99', '19.99']);
}
