// The store pages of the series benchmark (bench/series-reads.ts): a back-issue page of one series
// and a new-releases listing, written as DCBS lays out its listings (a title link, the price, the
// order code: the comic's 17-digit UPC), from the codes the stand-in's catalog actually serves.
import type { DataFile, StandIn } from '../../stand-in/index.ts';
import { dcbsListing } from '../../tests/e2e/store';

export interface ListedComic {
  title: string;
  code: string;
  price: string;
  /** The catalog's own answer for this code, known to the page builder (the bench checks against the API). */
  seriesId: number;
  issueId: number;
}

export interface StorePage {
  name: string;
  url: string;
  html: string;
  comics: ListedComic[];
}

/** A DCBS listing of these comics (tests/e2e/store.ts `dcbsListing`, the page the browser tests badge). */
function listing(name: string, query: string, comics: ListedComic[]): StorePage {
  return { name, comics, ...dcbsListing(query, comics) };
}

// --- the back-issue series, added through the stand-in's --data option -------------------------------
// The seeded catalog has runs of 80+ issues, but none with five covers on every issue, so the bench adds
// one: 80 issues, each with Cover A, B, C, a 1:25 ratio and a 1:50 virgin cover (cover digits 1-5).
// Sam (the free demo member) owns a handful of its issues, some as a variant cover, and wishlists a few.

export const BACK_ISSUE_SERIES = 'Ashfall Rangers';
export const BACK_ISSUES = 80;
const SERIES_ID = 901;
const issueId = (n: number): number => 9000 + n;
const variantId = (n: number, cover: number): number => 90_000 + n * 10 + cover;
const COVERS = [
  { name: 'Cover A', type: 'standard' },
  { name: 'Cover B', type: 'cover_variant' },
  { name: 'Cover C', type: 'cover_variant' },
  { name: '1:25 Ratio Variant', type: 'ratio_variant', ratio: '1:25' },
  { name: '1:50 Virgin Variant', type: 'virgin_variant', ratio: '1:50' },
] as const;

/** Issue numbers Sam owns, with the cover of the copy (1 = A ... 5 = E); #40 twice. */
export const OWNED_BACK_ISSUES: ReadonlyArray<{ number: number; cover: number }> = [
  { number: 3, cover: 1 },
  { number: 12, cover: 2 },
  { number: 27, cover: 5 },
  { number: 40, cover: 1 },
  { number: 40, cover: 3 },
  { number: 66, cover: 4 },
];
/** Issue numbers on Sam's wishlist (#51 as its Cover C). */
export const WISHLISTED_BACK_ISSUES: ReadonlyArray<{ number: number; cover?: number }> = [{ number: 50 }, { number: 51, cover: 3 }, { number: 79 }];

export function backIssueData(): DataFile {
  const start = Date.UTC(2017, 0, 4); // a Wednesday; then every fourth Wednesday
  const day = (n: number): string => new Date(start + (n - 1) * 28 * 86_400_000).toISOString().slice(0, 10);
  const data = {
    mode: 'extend',
    series: [
      {
        id: SERIES_ID, name: BACK_ISSUE_SERIES, publisher: 'Image Comics', start_year: 2017, end_year: 2023, status: 'completed',
        creators: ['Ines Calder', 'Jorge Ortiz', 'Mae Tran'],
      },
    ],
    issues: Array.from({ length: BACK_ISSUES }, (_, i) => {
      const n = i + 1;
      return {
        id: issueId(n), series: BACK_ISSUE_SERIES, number: n, release_date: day(n), price: '3.99',
        variants: COVERS.map((cover, c) => ({ id: variantId(n, c + 1), ...cover })),
      };
    }),
    members: [
      {
        username: 'samreads',
        collection: OWNED_BACK_ISSUES.map(({ number, cover }) => ({ issue: issueId(number), variant_id: variantId(number, cover), condition: 'NM' })),
        wishlist: WISHLISTED_BACK_ISSUES.map(({ number, cover }) =>
          cover ? { issue: issueId(number), variant_id: variantId(number, cover) } : issueId(number),
        ),
      },
    ],
  };
  // The stand-in validates the file at start (parseDataFile); a wrong field fails there, named.
  return data as unknown as DataFile;
}

// --- titles and prices as a store writes them --------------------------------------------------------

const ORDINALS = ['', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th'];

/** "Saga #77 Cvr B Fiona Staples", "Saga #77 Cvr D 1:25 Ratio Var …", "Saga #77 2nd Ptg". */
function storeTitle(series: string, number: string, code: string, variant: { type: string; ratio: string | null }, artist: string | null): string {
  const cover = Number(code[15] ?? '1');
  const printing = Number(code[16] ?? '1');
  const letter = String.fromCharCode(64 + Math.max(1, cover));
  const head = `${series} #${number}`;
  if (printing > 1) return `${head} ${ORDINALS[printing] ?? `${printing}th`} Ptg${cover > 1 ? ` Cvr ${letter}` : ''}`;
  const kind = variant.type === 'ratio_variant' || variant.type === 'incentive_variant'
    ? ` ${variant.ratio ?? ''} Ratio Var`.replace('  ', ' ')
    : variant.type === 'virgin_variant' ? ` ${variant.ratio ?? ''} Virgin Var`.replace('  ', ' ') : '';
  return `${head} Cvr ${letter}${kind}${artist ? ` ${artist}` : ''}`;
}

/** DCBS's discounted price. */
function storePrice(price: string): string {
  const value = Number.parseFloat(price);
  return Number.isFinite(value) ? `$${(value * 0.65).toFixed(2)}` : '$3.99';
}

function comicsOf(si: StandIn, issue: ReturnType<StandIn['catalog']>['data']['issues'][number]): ListedComic[] {
  const catalog = si.catalog();
  const series = catalog.data.series.find((s) => s.id === issue.seriesId);
  if (!series) throw new Error(`issue ${issue.id} has no series`);
  const creators = new Map(catalog.data.creators.map((c) => [c.id, c.name]));
  return issue.variants
    .filter((v) => v.upc !== null && v.upc.length === 17)
    .map((v) => ({
      title: storeTitle(series.name, issue.number, v.upc ?? '', v, v.coverArtistId === null ? null : creators.get(v.coverArtistId) ?? null),
      code: v.upc ?? '',
      price: storePrice(issue.price),
      seriesId: series.id,
      issueId: issue.id,
    }));
}

/** The back-issue page: every cover of every issue of the added series, in issue order (400 comics). */
export function backIssuePage(si: StandIn): StorePage {
  const catalog = si.catalog();
  const series = catalog.data.series.find((s) => s.name === BACK_ISSUE_SERIES);
  if (!series) throw new Error(`the stand-in did not take the bench's series ${BACK_ISSUE_SERIES} from the data`);
  const issues = catalog.data.issues.filter((i) => i.seriesId === series.id).sort((a, b) => Number(a.number) - Number(b.number));
  const comics = issues.flatMap((issue) => comicsOf(si, issue));
  if (issues.length !== BACK_ISSUES || comics.length !== BACK_ISSUES * COVERS.length) {
    throw new Error(`expected ${BACK_ISSUES} issues of ${COVERS.length} covers with 17-digit codes, the stand-in serves ${issues.length} issues, ${comics.length} codes`);
  }
  return listing('back issues', BACK_ISSUE_SERIES.toLowerCase(), comics);
}

/**
 * A week's new-releases listing: `size` comics across `seriesCount` single-issue series of the seeded
 * catalog. Running series first (their newest issue, then the next one solicited, then the one before),
 * then finished ones to make up the count (their last issues, as restocks). Comics are taken a cover at
 * a time from each series in turn, so every chosen series is on the page; the listing is ordered by
 * series name, as a store sorts it.
 */
export function newReleasesPage(si: StandIn, size = 200, seriesCount = 60): StorePage {
  const catalog = si.catalog();
  const today = si.clock.today();
  const candidates: Array<{ name: string; comics: ListedComic[] }> = [];
  const ranked = [...catalog.data.series].sort((a, b) => Number(a.status !== 'ongoing') - Number(b.status !== 'ongoing') || a.id - b.id);
  for (const series of ranked) {
    const issues = catalog.data.issues
      .filter((i) => i.seriesId === series.id && i.format === 'single' && i.upc !== null && i.upc.length === 17)
      .sort((a, b) => a.releaseDate.localeCompare(b.releaseDate));
    if (issues.length === 0) continue;
    const released = issues.filter((i) => i.releaseDate <= today);
    const upcoming = issues.filter((i) => i.releaseDate > today);
    const order = [released.at(-1), upcoming[0], released.at(-2), released.at(-3)].filter((i) => i !== undefined);
    const comics = order.flatMap((issue) => comicsOf(si, issue));
    if (comics.length > 0) candidates.push({ name: series.name, comics });
    if (candidates.length === seriesCount) break;
  }
  if (candidates.length < seriesCount) throw new Error(`the catalog has only ${candidates.length} series with 17-digit codes`);
  const picked: Array<{ name: string; comics: ListedComic[] }> = candidates.map((c) => ({ name: c.name, comics: [] }));
  let taken = 0;
  for (let round = 0; taken < size; round += 1) {
    let progressed = false;
    candidates.forEach((candidate, i) => {
      const comic = candidate.comics[round];
      if (!comic || taken >= size) return;
      picked[i]?.comics.push(comic);
      taken += 1;
      progressed = true;
    });
    if (!progressed) throw new Error(`the chosen series have only ${taken} comics between them`);
  }
  const comics = picked.sort((a, b) => a.name.localeCompare(b.name)).flatMap((p) => p.comics);
  return listing('new releases', 'new releases this week', comics);
}
