import { isbn13To10, normalizeIsbn } from '../barcodes.ts';
import { keyReasonsOf, type IssueKeyReason } from './keys.ts';
import type { CatalogData, Character, ComicShop, Creator, Issue, Publisher, Series, Team, Title, Variant } from './types.ts';

export type { CatalogData } from './types.ts';

/** One code lookup hit: the issue, and the variant whose own code matched, if one did. */
export interface CodeMatch {
  issue: Issue;
  variant: Variant | null;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The catalog with the indexes the routes need. Read-only once built. */
export class Catalog {
  readonly publishers = new Map<number, Publisher>();
  readonly titles = new Map<number, Title>();
  readonly series = new Map<number, Series>();
  readonly issues = new Map<number, Issue>();
  readonly variants = new Map<number, Variant>();
  readonly creators = new Map<number, Creator>();
  readonly characters = new Map<number, Character>();
  readonly teams = new Map<number, Team>();
  readonly comicShops = new Map<number, ComicShop>();
  /** Issues of each series, in number order. */
  readonly issuesBySeries = new Map<number, Issue[]>();
  /** The key issues' reasons (./keys.ts), by issue id; an issue not here is no key. */
  readonly keyReasons = new Map<number, IssueKeyReason[]>();
  private readonly byUpc = new Map<string, CodeMatch[]>();
  private readonly byUpcBase = new Map<string, Issue[]>();
  private readonly byIsbn = new Map<string, Issue[]>();
  private readonly byDistributorCode = new Map<string, CodeMatch[]>();

  constructor(readonly data: CatalogData) {
    for (const p of data.publishers) this.publishers.set(p.id, p);
    for (const t of data.titles) this.titles.set(t.id, t);
    for (const s of data.series) this.series.set(s.id, s);
    for (const c of data.creators) this.creators.set(c.id, c);
    for (const c of data.characters) this.characters.set(c.id, c);
    for (const t of data.teams) this.teams.set(t.id, t);
    for (const shop of data.comicShops) this.comicShops.set(shop.id, shop);
    for (const issue of data.issues) {
      this.issues.set(issue.id, issue);
      push(this.issuesBySeries, issue.seriesId, issue);
      const ownCodes = new Set<string>();
      for (const variant of issue.variants) {
        this.variants.set(variant.id, variant);
        if (variant.upc) {
          push(this.byUpc, variant.upc, { issue, variant });
          ownCodes.add(variant.upc);
        }
        for (const code of [variant.lunarCode, variant.universalCode]) {
          if (code) push(this.byDistributorCode, code, { issue, variant });
        }
      }
      if (issue.upc) {
        if (!ownCodes.has(issue.upc)) push(this.byUpc, issue.upc, { issue, variant: null });
        if (issue.upc.length === 12 || issue.upc.length === 17) push(this.byUpcBase, issue.upc.slice(0, 12), issue);
      }
      if (issue.isbn) push(this.byIsbn, issue.isbn, issue);
      for (const code of [issue.lunarCode, issue.universalCode]) {
        if (code && !issue.variants.some((v) => v.lunarCode === code || v.universalCode === code)) {
          push(this.byDistributorCode, code, { issue, variant: null });
        }
      }
    }
    for (const list of this.issuesBySeries.values()) list.sort(byIssueNumber);
    for (const [seriesId, list] of this.issuesBySeries) {
      const series = this.series.get(seriesId);
      if (!series) continue;
      const cast = series.characterIds.flatMap((id) => this.characters.get(id)?.name ?? []);
      for (const issue of list) {
        const reasons = keyReasonsOf(issue, series, list.length, cast);
        if (reasons.length > 0) this.keyReasons.set(issue.id, reasons);
      }
    }
  }

  /** Whether VerseDB names a reason this issue is a key. */
  isKeyIssue(issue: Issue): boolean {
    return this.keyReasons.has(issue.id);
  }

  publisherOf(series: Series): Publisher {
    return this.publishers.get(series.publisherId) as Publisher;
  }

  seriesOf(issue: Issue): Series {
    return this.series.get(issue.seriesId) as Series;
  }

  titleOf(series: Series): Title {
    return this.titles.get(series.titleId) as Title;
  }

  /**
   * Resolve a scanned barcode. A 17-digit code (12-digit UPC-A + the 5-digit add-on) names one
   * printing of one cover: the exact variant, else the issue with that number in the series.
   * A 12-digit code names whatever carries it: one issue, or a whole series (modern series share
   * one base UPC; pre-1995 issues share one barcode). A 13-digit 978/979 code is read as an ISBN.
   */
  lookupUpc(raw: string): CodeMatch[] {
    let code = raw.replace(/[\s-]/g, '');
    if (!/^\d+$/.test(code)) return [];
    // EAN-13 with a leading zero is the UPC-A it encodes.
    if ((code.length === 13 || code.length === 18) && code.startsWith('0')) code = code.slice(1);
    if (code.length === 13 && /^97[89]/.test(code)) return this.lookupIsbn(code).map((issue) => ({ issue, variant: null }));
    if (code.length === 17) {
      const exact = this.byUpc.get(code);
      if (exact) return exact;
      const number = Number(code.slice(12, 15));
      const cover = Number(code.slice(15, 16));
      return (this.byUpcBase.get(code.slice(0, 12)) ?? [])
        .filter((issue) => issue.upc?.length === 17 && Number(issue.number) % 1000 === number)
        .map((issue) => ({ issue, variant: issue.variants.find((v) => v.upc?.slice(15, 16) === String(cover)) ?? null }));
    }
    if (code.length === 12) return (this.byUpcBase.get(code) ?? []).map((issue) => ({ issue, variant: null }));
    return [];
  }

  /** ISBN-10 or -13, dashes allowed; an ISBN-10 finds the book by its 978 ISBN-13. */
  lookupIsbn(raw: string): Issue[] {
    const isbn = normalizeIsbn(raw);
    return isbn ? (this.byIsbn.get(isbn) ?? []) : [];
  }

  isbn10Of(issue: Issue): string | null {
    return issue.isbn ? isbn13To10(issue.isbn) : null;
  }

  /** Lunar or Universal code, already upper-cased. */
  lookupDistributorCode(code: string): CodeMatch[] {
    return this.byDistributorCode.get(code) ?? [];
  }
}

/** Issue numbers compare as numbers where they are numbers ("2" before "10"), else as text. */
export function byIssueNumber(a: Issue, b: Issue): number {
  const x = Number.parseFloat(a.number);
  const y = Number.parseFloat(b.number);
  if (Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
  return a.number.localeCompare(b.number) || a.id - b.id;
}
