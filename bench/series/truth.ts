// What a per-code lookup says about each comic, asked of the stand-in itself with its own client (not
// Longbox's service, cache or library): the code's lookup (UPC/EAN, ISBN, Lunar/Universal), then the
// member's collection, wishlist and pull list read whole. The series benchmark compares every badge
// with it. Its reads are the bench's own: the caller keeps them out of the figures.
import type { CodeRef, ItemQuery } from '../../lib/items';
import type { ItemStatus } from '../../lib/status';
import { VerseDbClient } from '../../lib/versedb/client';
import { isVerseDbError } from '../../lib/versedb/errors';
import type { AmbiguousMatch } from '../../lib/versedb/schemas';
import type { StandIn } from '../../stand-in/index.ts';

/** Codes Longbox looks up, in the order it tries them (lib/status.ts LOOKUP_ORDER). */
const LOOKUP_ORDER: Record<string, number> = { upc: 0, isbn: 1, ean: 2, lunar: 3, prh: 4 };

type Looked =
  | { kind: 'found'; issueId: number; seriesId: number | null; number: string }
  | { kind: 'ambiguous'; matches: AmbiguousMatch[]; total: number }
  | { kind: 'not-found' };

export interface Expected {
  /** No code VerseDB can look up: the badge comes from the title, which a per-code lookup cannot check. */
  byTitleOnly: boolean;
  state: 'owned' | 'wishlist' | 'pull-list' | 'not-owned' | 'ambiguous' | 'not-found' | null;
  /** The code whose lookup answered (`upc:…`). */
  code: string | null;
  issueId: number | null;
  seriesId: number | null;
  /** For an ambiguous code: the one match whose number the page's title gives, and its state (issue 12's rule). */
  byTitleNumber: { issueId: number; seriesId: number | null; state: Expected['state'] } | null;
  why: string;
}

export interface Verdict {
  kind: 'match' | 'mismatch' | 'unanswered' | 'title-only' | 'code-unknown-title-used';
  detail: string;
}

export class Truth {
  private readonly client: VerseDbClient;
  private readonly looked = new Map<string, Looked>();
  private ownedIssues = new Set<number>();
  /** `seriesId#number` of every issue the member holds a copy of (any cover, any printing). */
  private ownedNumbers = new Set<string>();
  private wishlisted = new Set<number>();
  private pulled = new Set<number>();
  reads = 0;

  constructor(si: StandIn, token: string) {
    this.client = new VerseDbClient({ baseUrl: si.url, token, onRateInfo: () => void (this.reads += 1) });
  }

  /** Reads the member's whole library: collection, wishlist, pull list. */
  async load(): Promise<void> {
    const issueKeys = new Map<number, string>();
    for (let page = 1; ; page += 1) {
      const { copies, meta } = await this.client.collectionPage(page, 100);
      for (const copy of copies) {
        this.ownedIssues.add(copy.issueId);
        let key = copy.issue && copy.issue.seriesId !== null ? `${copy.issue.seriesId}#${copy.issue.number}` : issueKeys.get(copy.issueId);
        if (!key) {
          const issue = await this.client.issue(copy.issueId);
          key = `${issue.seriesId}#${issue.number}`;
        }
        issueKeys.set(copy.issueId, key);
        this.ownedNumbers.add(key);
      }
      if (!meta || meta.page >= meta.lastPage) break;
    }
    for (let page = 1; ; page += 1) {
      const { entries, meta } = await this.client.wishlistPage(page, 100);
      for (const entry of entries) this.wishlisted.add(entry.issueId);
      if (!meta || meta.page >= meta.lastPage || entries.length === 0) break;
    }
    for (let page = 1; ; page += 1) {
      const { entries, meta } = await this.client.pullListPage(page, 100);
      for (const entry of entries) this.pulled.add(entry.seriesId);
      if (!meta || meta.page >= meta.lastPage || entries.length === 0) break;
    }
  }

  private async lookUp(code: CodeRef): Promise<Looked> {
    const key = `${code.type}:${code.value}`;
    const known = this.looked.get(key);
    if (known) return known;
    let looked: Looked;
    try {
      const issue =
        code.type === 'isbn' ? await this.client.lookupIsbn(code.value)
        : code.type === 'lunar' || code.type === 'prh' ? await this.client.lookupCode(code.value)
        : await this.client.lookupUpc(code.value);
      looked = { kind: 'found', issueId: issue.id, seriesId: issue.seriesId, number: issue.number };
    } catch (error) {
      if (isVerseDbError(error, 'not-found')) looked = { kind: 'not-found' };
      else if (isVerseDbError(error) && error.problem.kind === 'ambiguous') looked = { kind: 'ambiguous', matches: error.problem.matches, total: error.problem.total };
      else throw error;
    }
    this.looked.set(key, looked);
    return looked;
  }

  private stateOf(issueId: number, seriesId: number | null, number: string): { state: Expected['state']; why: string } {
    if (this.ownedIssues.has(issueId)) return { state: 'owned', why: 'a copy of this issue is in the collection' };
    if (seriesId !== null && this.ownedNumbers.has(`${seriesId}#${number}`)) {
      return { state: 'owned', why: 'a copy of another cover or printing of this series and number is in the collection' };
    }
    if (this.wishlisted.has(issueId)) return { state: 'wishlist', why: 'the issue is on the wishlist' };
    if (seriesId !== null && this.pulled.has(seriesId)) return { state: 'pull-list', why: 'its series is on the pull list' };
    return { state: 'not-owned', why: 'neither in the collection, the wishlist nor the pull list' };
  }

  /** What a per-code lookup says of this comic; `titleNumber` is the issue number the page's title gives. */
  async expected(query: ItemQuery, titleNumber: string | null): Promise<Expected> {
    const codes = query.codes
      .filter((code) => LOOKUP_ORDER[code.type] !== undefined)
      .sort((a, b) => (LOOKUP_ORDER[a.type] ?? 9) - (LOOKUP_ORDER[b.type] ?? 9));
    const none: Expected = { byTitleOnly: true, state: null, code: null, issueId: null, seriesId: null, byTitleNumber: null, why: 'no code to look up' };
    if (codes.length === 0) return none;
    for (const code of codes) {
      const looked = await this.lookUp(code);
      const key = `${code.type}:${code.value}`;
      if (looked.kind === 'found') {
        const { state, why } = this.stateOf(looked.issueId, looked.seriesId, looked.number);
        return { byTitleOnly: false, state, code: key, issueId: looked.issueId, seriesId: looked.seriesId, byTitleNumber: null, why: `${key} is issue ${looked.issueId}; ${why}` };
      }
      if (looked.kind === 'ambiguous') {
        const same = titleNumber === null ? [] : looked.matches.filter((m) => m.number === titleNumber);
        const one = same.length === 1 ? same[0] : undefined;
        return {
          byTitleOnly: false, state: 'ambiguous', code: key, issueId: null, seriesId: null,
          byTitleNumber: one ? { issueId: one.issueId, seriesId: one.seriesId, state: this.stateOf(one.issueId, one.seriesId, one.number).state } : null,
          why: `${key} is shared by ${looked.total} issues`,
        };
      }
    }
    return { byTitleOnly: false, state: 'not-found', code: codes.map((c) => `${c.type}:${c.value}`).join(', '), issueId: null, seriesId: null, byTitleNumber: null, why: 'VerseDB has none of its codes' };
  }
}

/** The badge against the per-code truth: its state, and the issue and series it names where it names them. */
export function judge(status: ItemStatus | null, expected: Expected): Verdict {
  if (expected.byTitleOnly) return { kind: 'title-only', detail: expected.why };
  if (!status || status.state === 'paused' || status.state === 'error' || status.state === 'signed-out') {
    return { kind: 'unanswered', detail: status ? `${status.state}: ${status.message ?? ''}` : 'no answer' };
  }
  // Every code 404s, and Longbox matched the title against the library instead (lib/status.ts byTitle).
  if (expected.state === 'not-found' && status.byTitle) {
    return { kind: 'code-unknown-title-used', detail: `${expected.code}: not found; the badge says ${status.state} from the title` };
  }
  const names = (issueId: number | null, seriesId: number | null): string | null => {
    if (status.issue !== null && issueId !== null && status.issue.id !== issueId) return `names issue ${status.issue.id}, the code is issue ${issueId}`;
    if (status.seriesId !== null && seriesId !== null && status.seriesId !== seriesId) return `names series ${status.seriesId}, the code's is ${seriesId}`;
    return null;
  };
  const got = `${status.state}${status.issue ? ` (issue ${status.issue.id})` : ''} from ${status.resolvedFrom ?? '?'}`;
  if (status.state === expected.state) {
    const wrong = names(expected.issueId, expected.seriesId);
    return wrong ? { kind: 'mismatch', detail: `${got}: ${wrong}` } : { kind: 'match', detail: got };
  }
  // A code shared by a whole run, resolved by the number the title gives (issue 12's newsstand rule).
  const alt = expected.byTitleNumber;
  if (alt && status.state === alt.state && (status.issue === null || status.issue.id === alt.issueId)) return { kind: 'match', detail: `${got} (by the title's number)` };
  return { kind: 'mismatch', detail: `expected ${expected.state} (${expected.why}), got ${got}${status.message ? `: ${status.message}` : ''}` };
}
