import { z } from 'zod';
import { circuitRetryAt } from './circuit';
import { plural, t } from './i18n';
import { BADGE_STATES, CodeRef, type BadgeState, type ItemQuery } from './items';
import { bestCondition, TITLE_PICK, type Library } from './library/library';
import type { Scheduler } from './scheduler';
import type { IssueSummary, OwnedCopy, Resolution, UpcBaseRecord } from './store/db';
import { matchKey, matchKeyParts, volumeFits, yearsFit } from './library/match';
import { editionName, followsAddOn, inferFromUpc, matchByTitle, parseComicUpc, readAddOnNumber, seriesOfBase, upcBaseOf } from './library/series';
import { issueSummary } from './library/sync';
import { seriesKey } from './detect/titles';
import { isVerseDbError, VerseDbError } from './versedb/errors';
import type { VerseDbClient } from './versedb/client';
import { variantOfCode, type AmbiguousMatch, type Issue } from './versedb/schemas';

// The status of one comic a page shows: from the cache and the synced library first; then one
// lookup by code (spent at most once per code, "not found" and "ambiguous" remembered too); a
// comic with no code is matched by its parsed title against the library, locally, for free: first
// against the issues the library knows (same series key and number), then, when none of those is
// owned or wishlisted, against the series on the member's pull list by name. Until the library has
// synced once, an issue's copies are read from VerseDB (one read per issue, remembered for that sync
// generation, and only for comics that may spend reads); see checkWhileUnsynced.
//
// Series learning (lib/library/series.ts): every UPC lookup records which series its 12-digit
// base names. A later 17-digit code of a learned base is answered from the synced library by (series,
// the issue number its add-on gives) with no read at all; while a base is being learned, the other codes
// of that base wait for that one lookup instead of each spending their own.

export interface ItemStatus {
  state: BadgeState;
  /** The code the status was resolved from (`upc:…`), or the title when there was none. */
  resolvedFrom: string | null;
  issue: IssueSummary | null;
  /** The series the status speaks of: the issue's, or for a title matched to a pulled series, that series. */
  seriesId: number | null;
  seriesName: string | null;
  copies: number;
  bestCondition: string | null;
  matches: AmbiguousMatch[];
  /** For `paused`, and for `error` while VerseDB is not answering (the circuit is open): when lookups resume. */
  resumesAt: number | null;
  /** For `error`, `signed-out`, `not-found`: what to tell the shopper. */
  message: string | null;
  /** True when the answer came from matching the title, not a code. */
  byTitle: boolean;
  /** The issue number the status speaks of: the issue's, or the one a barcode's add-on gives. */
  number: string | null;
  /** The cover and printing the page's barcode names ("Cover B, 2nd printing"), for the tooltip. */
  edition: string | null;
  /** For `owned`: the covers and printings of the member's copies, where Longbox has seen them named. */
  ownedEditions: string[];
  /** True when the answer came from the series learned for the barcode's base, with no lookup of this code
   *  (`issue` may then be null: an action finds the issue from `resolvedFrom` when it is taken). */
  inferred: boolean;
  /** The variant (cover, printing) the page's code names, when VerseDB said which: a copy added goes in as it. */
  variantId: number | null;
}

function status(state: BadgeState, fields: Partial<ItemStatus> = {}): ItemStatus {
  return {
    state,
    resolvedFrom: null,
    issue: null,
    seriesId: null,
    seriesName: null,
    copies: 0,
    bestCondition: null,
    matches: [],
    resumesAt: null,
    message: null,
    byTitle: false,
    number: null,
    edition: null,
    ownedEditions: [],
    inferred: false,
    variantId: null,
    ...fields,
  };
}

/** Codes VerseDB can look up, most exact first. Diamond codes have no lookup; they go by title. */
const LOOKUP_ORDER: Record<CodeRef['type'], number | null> = {
  upc: 0, isbn: 1, ean: 2, lunar: 3, prh: 4, diamond: null,
};

export function codeKey(code: CodeRef): string {
  return `${code.type}:${code.value}`;
}

export interface StatusDeps {
  library: Library;
  scheduler: Scheduler;
  /** Null when signed out, or when the token cannot look codes up (a Connect token). */
  client: () => VerseDbClient | null;
  canLookUp: () => boolean;
  /** Whether the library has synced once, and the generation copies found meanwhile belong to. */
  librarySync: () => Promise<{ synced: boolean; generation: number }>;
  /** Changes at every sign-out and account switch: an answer that arrives after it stores nothing. */
  epoch?: () => number;
}

/** What one status may spend: `lookUp: false` spends no read at all. */
/** How long a read shared by the comics of a batch is reused (see StatusResolver.shared). */
const SHARED_READ_MS = 100;

interface Ask {
  tabId: number | undefined;
  lookUp: boolean;
  /** The page's title as a match key: its issue number picks among a shared barcode's matches. */
  titleKey?: string | null;
}

/** Issues whose copies were read from VerseDB before the first sync, and the sync generation they belong to. */
const CHECKED_KEY = 'unsynced-checks';
const CheckedIssues = z.object({ generation: z.number().int(), issueIds: z.array(z.number().int()) });

/** An issue as a shared barcode's match describes it. */
export function matchSummary(match: AmbiguousMatch): IssueSummary {
  return {
    id: match.issueId,
    seriesId: match.seriesId,
    seriesName: match.seriesName,
    number: match.number,
    startYear: match.startYear,
    volume: null,
    name: null,
    coverUrl: match.coverUrl,
    releaseDate: match.releaseDate,
    publisher: match.publisher,
    matchKey: matchKey(match.seriesName, match.number),
  };
}

/** Where the member's pick among same-named series is kept for a title (the badge's resolvedFrom). */
export function titleChoiceKey(title: string): string {
  return `${TITLE_PICK}${title}`;
}

/** An issue of the library as a chooser's match shows it. */
function summaryMatch(issue: IssueSummary): AmbiguousMatch {
  return {
    issueId: issue.id,
    seriesName: issue.seriesName ?? '',
    seriesId: issue.seriesId,
    number: issue.number,
    coverUrl: issue.coverUrl,
    variantName: null,
    publisher: issue.publisher,
    releaseDate: issue.releaseDate,
    startYear: issue.startYear,
    suggestedVariantId: null,
  };
}

/** "Batman #1 (2016)": an issue named with its series' start year, as a chooser tells same-named series apart. */
function withYear(issue: IssueSummary): string {
  return `${issue.seriesName ?? t('status_issue')} #${issue.number}${issue.startYear !== null ? ` (${issue.startYear})` : ''}`;
}

/** `upc:…` back into the code it keys. */
function codeFromKey(key: string): CodeRef | null {
  const at = key.indexOf(':');
  const parsed = CodeRef.safeParse({ type: key.slice(0, at), value: key.slice(at + 1) });
  return at > 0 && parsed.success && LOOKUP_ORDER[parsed.data.type] !== null ? parsed.data : null;
}

/** The cover and printing a `upc:…` code names, when it is a 17-digit comic UPC. */
function editionOfCode(key: string | null): string | null {
  const upc = key?.startsWith('upc:') ? parseComicUpc(key.slice(4)) : null;
  return upc ? editionName(upc.cover, upc.printing) : null;
}

export class StatusResolver {
  /** UPC bases a lookup is learning right now: other codes of the base wait for it rather than spend a read. */
  private readonly learning = new Map<string, Promise<void>>();
  /** Reads every comic of a batch needs alike (the sync's progress, the pull list), made once per batch
   *  and kept SHARED_READ_MS at most (a batch waiting on lookups must not hold a sync's old progress). */
  private readonly batchReads = new Map<string, { at: number; read: Promise<unknown> }>();
  /** What a batch that spends nothing read of its comics' codes, bases and title picks in one transaction:
   *  answers only for such batches. A batch that may look comics up reads each comic's own, so its comics
   *  reach their lookups one after the other, in the page's order, whatever batch runs beside it. */
  private readonly seeded = new Map<string, { at: number; read: Promise<unknown> }>();
  private batches = 0;

  constructor(private readonly deps: StatusDeps) {}

  /** A read the comics of the batches under way share: made once while any batch runs, afresh otherwise. */
  private shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (this.batches === 0) return read();
    const now = performance.now();
    const kept = this.batchReads.get(key);
    if (kept && now - kept.at < SHARED_READ_MS) return kept.read as Promise<T>;
    const fresh = read();
    this.batchReads.set(key, { at: now, read: fresh });
    return fresh;
  }

  /** What is kept of a code (or of a title's pick), read with the batch's others where one is under way. */
  private resolution(code: string, lookUp: boolean): Promise<Resolution | null> {
    return this.seededOr(`resolution:${code}`, lookUp, () => this.deps.library.resolution(code));
  }

  private seededOr<T>(key: string, lookUp: boolean, read: () => Promise<T>): Promise<T> {
    const seed = lookUp ? undefined : this.seeded.get(key);
    if (seed && performance.now() - seed.at < SHARED_READ_MS) return seed.read as Promise<T>;
    return this.shared(key, read);
  }

  private librarySync(): ReturnType<StatusDeps['librarySync']> {
    return this.shared('library-sync', () => this.deps.librarySync());
  }

  /**
   * The statuses of a page's comics, in their order, each on its own: one that cannot be answered
   * (whatever went wrong) is an `error` for that comic alone, and every other one is answered.
   */
  async statusesOf(items: readonly ItemQuery[], options: { tabId?: number; lookUp?: boolean } = {}): Promise<Array<ItemStatus | null>> {
    this.batches += 1;
    // The page's titles are read from the library in one transaction, not one each.
    const keys = [...new Set(items.flatMap((item) => (item.matchKey ? [item.matchKey] : [])))];
    if (keys.length > 1) {
      const all = this.deps.library.issuesByMatchKeys(keys);
      const at = performance.now();
      for (const key of keys) this.batchReads.set(`match:${key}`, { at, read: all.then((found) => found.get(key) ?? []) });
    }
    // So, for answers that spend nothing, are what is kept of their codes (and of a barcode's series base)
    // and the picks made for their titles. Where lookups may follow, each comic reads its own, so that they
    // reach their lookups one after the other, in the page's order.
    if (options.lookUp === false) this.seed(items);
    let settled: PromiseSettledResult<ItemStatus | null>[];
    try {
      settled = await Promise.allSettled(items.map((item) => this.statusOf(item, options)));
    } finally {
      this.batches -= 1;
      if (this.batches === 0) {
        this.batchReads.clear();
        this.seeded.clear();
      }
    }
    return settled.map((result, i) => {
      if (result.status === 'fulfilled') return result.value;
      const item = items[i];
      return status('error', {
        resolvedFrom: item?.codes[0] ? codeKey(item.codes[0]) : (item?.label ?? null),
        message: t('status_no_answer'),
      });
    });
  }

  /**
   * The status of one comic. With `lookUp: false` (items not on screen yet) nothing is spent: the
   * answer comes from the cache and the library, or is null when only a lookup could give it.
   */
  private seed(items: readonly ItemQuery[]): void {
    const codes = new Set<string>();
    const bases = new Set<string>();
    for (const item of items) {
      for (const code of item.codes) {
        codes.add(codeKey(code));
        const upc = code.type === 'upc' ? parseComicUpc(code.value) : null;
        if (upc) bases.add(upc.base);
      }
      const title = item.label ?? item.matchKey;
      if (title) codes.add(titleChoiceKey(title));
    }
    if (codes.size + bases.size <= 1) return;
    const all = this.deps.library.resolutionsAndBases([...codes], [...bases]);
    // A failed read is made again one at a time, as if there had been no batch.
    all.catch(() => undefined);
    const at = performance.now();
    for (const code of codes) this.seeded.set(`resolution:${code}`, { at, read: all.then((found) => found.resolutions.get(code) ?? null, () => this.deps.library.resolution(code)) });
    for (const base of bases) this.seeded.set(`base:${base}`, { at, read: all.then((found) => found.bases.get(base) ?? null, () => this.deps.library.upcBase(base)) });
  }

  async statusOf(query: ItemQuery, options: { tabId?: number; lookUp?: boolean } = {}): Promise<ItemStatus | null> {
    try {
      return await this.resolve(query, { tabId: options.tabId, lookUp: options.lookUp ?? true, titleKey: query.matchKey });
    } catch (error) {
      if (!isVerseDbError(error)) throw error;
      const problem = error.problem;
      const resolvedFrom = query.codes[0] ? codeKey(query.codes[0]) : query.label;
      // Not sent: VerseDB stopped answering and Longbox waits before it asks again (lib/circuit.ts).
      const retryAt = circuitRetryAt(error);
      if (retryAt !== null) return status('error', { resolvedFrom, resumesAt: retryAt, message: problem.message });
      switch (problem.kind) {
        case 'paused':
          return status('paused', { resolvedFrom, resumesAt: problem.resumesAt, message: problem.message });
        case 'rate-limited':
          return status('paused', { resolvedFrom, resumesAt: problem.retryAt, message: problem.message });
        case 'unauthenticated':
          return status('signed-out', { resolvedFrom, message: problem.message });
        default:
          return status('error', { resolvedFrom, message: problem.message });
      }
    }
  }

  private async resolve(query: ItemQuery, ask: Ask): Promise<ItemStatus | null> {
    const { tabId, lookUp } = ask;
    const codes = query.codes
      .filter((code) => LOOKUP_ORDER[code.type] !== null)
      .sort((a, b) => (LOOKUP_ORDER[a.type] ?? 9) - (LOOKUP_ORDER[b.type] ?? 9));
    const firstCode = codes[0] ? codeKey(codes[0]) : null;
    if (!this.deps.client()) {
      return status('signed-out', { resolvedFrom: firstCode ?? query.label, message: t('status_sign_in') });
    }

    // Anything already resolved answers at once. Each code's resolution and its UPC base are read in one
    // go, so every comic of a page reaches its lookup after as many steps as the next: lookups stay in page order.
    const unknown: Array<{ code: CodeRef; base: UpcBaseRecord | null }> = [];
    for (const code of codes) {
      const upc = code.type === 'upc' ? parseComicUpc(code.value) : null;
      const [known, base] = await Promise.all([this.resolution(codeKey(code), lookUp), upc ? this.seededOr(`base:${upc.base}`, lookUp, () => this.deps.library.upcBase(upc.base)) : null]);
      if (known && known.kind !== 'not-found') return this.fromIssueOf(known, ask);
      if (!known) unknown.push({ code, base });
    }
    // Then a barcode of a series already learned, from the library, for free.
    for (const { code, base } of unknown) {
      const inferred = seriesOfBase(base) === null ? null : await this.inferred(code);
      if (inferred) return inferred;
    }
    const canLookUp = this.deps.canLookUp();
    if (lookUp && canLookUp) {
      for (const { code } of unknown) {
        const looked = await this.lookUpLearning(code, ask);
        if (looked.state !== 'not-found') return looked;
      }
    }
    // A code the page shows is asked about before the title is trusted: titles leave out the volume
    // and the cover, so "Batman #1" would match any Batman #1 in the library.
    if (unknown.length > 0 && canLookUp && !lookUp) return null;
    // Only a comic with no code VerseDB could look up is matched to a pulled series by name: a code it
    // does not know says nothing about which series the comic belongs to.
    const byTitle = await this.byTitle(query, codes.length === 0, ask);
    // A title matched to issues whose copies only a read could tell, by a comic that may not spend one.
    if (byTitle === 'unknown') return null;
    if (byTitle) return byTitle;
    if (unknown.length > 0 && !canLookUp) {
      return status('error', {
        resolvedFrom: firstCode,
        message: t('status_token_cannot_look_up'),
      });
    }
    if (firstCode) return status('not-found', { resolvedFrom: firstCode, message: t('status_no_comic_with_code') });
    if (!query.matchKey) {
      // Nothing to ask VerseDB with: no code, and a title without an issue or volume number.
      return status('not-found', {
        resolvedFrom: query.label,
        message: t('status_no_code_no_number'),
      });
    }
    const sync = await this.librarySync();
    if (!sync.synced) {
      return status('paused', { resolvedFrom: query.label ?? query.matchKey, message: t('status_waiting_for_sync') });
    }
    return status('not-owned', { resolvedFrom: query.label ?? query.matchKey, byTitle: true });
  }

  /**
   * A code of a 17-digit UPC whose base a lookup is learning right now waits for that lookup, then is
   * answered from what it learned; only when it did not teach the series (a 404, a poisoned base, a
   * number a lookup must settle) does this code spend its own read, and other codes of the base wait
   * for that one in turn. A code with no base to learn is looked up at once.
   */
  private async lookUpLearning(code: CodeRef, ask: Ask): Promise<ItemStatus> {
    const base = code.type === 'upc' && parseComicUpc(code.value) ? code.value.slice(0, 12) : null;
    if (base === null) return this.lookUp(code, ask);
    for (let learning = this.learning.get(base); learning; learning = this.learning.get(base)) {
      await learning;
      const inferred = await this.inferred(code);
      if (inferred) return inferred;
    }
    // Between reading the map and writing it there is no await: the next code of this base waits for this one.
    const looked = this.lookUp(code, ask);
    const done = looked.then(() => undefined, () => undefined);
    this.learning.set(base, done);
    void done.then(() => {
      if (this.learning.get(base) === done) this.learning.delete(base);
    });
    return looked;
  }

  /**
   * A 17-digit UPC of a base whose series is learned, answered from the synced library by (series,
   * issue number from the add-on): no read. Null when the base is unknown or poisoned, the add-on's
   * number needs a lookup to settle (lib/library/series.ts readAddOnNumber), or the library has not
   * synced yet (only a synced library can say "not owned").
   */
  private async inferred(code: CodeRef): Promise<ItemStatus | null> {
    if (code.type !== 'upc') return null;
    const upc = parseComicUpc(code.value);
    if (!upc) return null;
    const base = await this.deps.library.upcBase(upc.base);
    const seriesId = seriesOfBase(base);
    if (seriesId === null) return null;
    if (!(await this.librarySync()).synced) return null;
    const known = await this.deps.library.seriesIssues(seriesId);
    const inference = inferFromUpc(code.value, base, () => known);
    if (inference.kind !== 'inferred') return null;
    // The variant of this cover and printing, when a lookup of another code of the issue named it.
    const variant = inference.issueId === null
      ? undefined
      : (await this.deps.library.seriesRecord(seriesId))?.variants.find((v) => v.issueId === inference.issueId && v.cover === upc.cover && v.printing === upc.printing);
    return this.fromNumber(seriesId, inference.number, inference.issueId === null ? [] : [inference.issueId], {
      resolvedFrom: codeKey(code),
      edition: inference.edition,
      inferred: true,
      variantId: variant?.variantId ?? null,
    });
  }

  /**
   * The status of an issue number of a series from the synced library: owned when a copy of any issue
   * of that series and number is held (another cover or printing is still that comic), else wishlist,
   * pull list (the series), not owned. Never owned unless the library holds that series and number.
   */
  private async fromNumber(seriesId: number, number: string, issueIds: number[], fields: Partial<ItemStatus>): Promise<ItemStatus> {
    const [library, record] = await Promise.all([
      this.deps.library.numberStatus(seriesId, number, issueIds),
      this.deps.library.seriesRecord(seriesId),
    ]);
    const [only] = library.issues;
    const issue = library.issues.length === 1 && only ? only : null;
    const base: Partial<ItemStatus> = {
      ...fields,
      issue,
      seriesId,
      seriesName: issue?.seriesName ?? record?.seriesName ?? null,
      number: issue?.number ?? number,
    };
    if (library.copies.length > 0) {
      return status('owned', {
        ...base,
        copies: library.copies.length,
        bestCondition: bestCondition(library.copies),
        ownedEditions: await this.editionsOf(library.copies, seriesId),
      });
    }
    if (library.wishlisted) return status('wishlist', base);
    if (library.onPullList) return status('pull-list', base);
    return status('not-owned', base);
  }

  /** The covers and printings of these copies, for those whose variant a lookup of its own code named. */
  private async editionsOf(copies: readonly OwnedCopy[], seriesId: number | null): Promise<string[]> {
    if (seriesId === null || copies.every((copy) => copy.variantId === null)) return [];
    const variants = new Map((await this.deps.library.seriesRecord(seriesId))?.variants.map((v) => [v.variantId, v]) ?? []);
    const names = new Set<string>();
    for (const copy of copies) {
      const variant = copy.variantId === null ? undefined : variants.get(copy.variantId);
      const name = variant ? editionName(variant.cover, variant.printing) : null;
      if (name) names.add(name);
    }
    return [...names];
  }

  /**
   * The issue a comic's code names, for an action on a comic whose status carried no issue id (answered
   * by series inference): its resolution; else the library's issue of that series and number; else one
   * catalog read of the series' issues (`GET /issues?series_id=…`, kept per series: one read serves every
   * issue of it, on every page); else a lookup of the code. Reads here go first (the member's click).
   */
  async issueIdFor(key: string): Promise<number> {
    const code = codeFromKey(key);
    if (!code) throw new VerseDbError({ kind: 'invalid', message: t('status_which_comic'), fields: {} });
    const found = await this.foundIssueId(key);
    if (found !== null) return found;
    if (code.type === 'upc') {
      const bySeries = await this.issueIdBySeries(code.value);
      if (bySeries !== null) return bySeries;
    }
    await this.lookUp(code, { tabId: undefined, lookUp: true }, 'user');
    const looked = await this.foundIssueId(key);
    if (looked !== null) return looked;
    throw new VerseDbError({ kind: 'not-found', message: t('status_no_comic_with_code') });
  }

  /** The issue a code's resolution names; an error when the member must pick among a shared code's issues first. */
  private async foundIssueId(key: string): Promise<number | null> {
    const known = await this.deps.library.resolution(key);
    if (known?.kind === 'found') return known.issueId;
    if (known?.kind === 'ambiguous') {
      throw new VerseDbError({ kind: 'ambiguous', message: plural('status_shared_barcode_first', known.total), matches: known.matches, total: known.total });
    }
    return null;
  }

  /** A 17-digit UPC's issue from its learned series: the library's, else after one catalog read of the series. */
  private async issueIdBySeries(value: string): Promise<number | null> {
    const upc = parseComicUpc(value);
    if (!upc) return null;
    const seriesId = seriesOfBase(await this.deps.library.upcBase(upc.base));
    if (seriesId === null) return null;
    const fromKnown = async (): Promise<number | null> => {
      const reading = readAddOnNumber(upc.addOnNumber, await this.deps.library.seriesIssues(seriesId));
      return reading.kind === 'number' ? reading.issueId : null;
    };
    const known = await fromKnown();
    if (known !== null) return known;
    if ((await this.deps.library.seriesRecord(seriesId))?.catalog) return null;
    await this.readSeriesCatalog(seriesId);
    return fromKnown();
  }

  /** One catalog read of a series' issues (the newest 100), kept: its issues and whether it held them all. */
  async readSeriesCatalog(seriesId: number): Promise<void> {
    const client = this.deps.client();
    if (!client) throw new VerseDbError({ kind: 'unauthenticated', message: t('status_sign_in') });
    const epoch = this.deps.epoch?.() ?? 0;
    const page = await this.deps.scheduler.run({ key: `series-issues:${seriesId}`, kind: 'read', priority: 'user' }, () => client.seriesIssues(seriesId));
    if ((this.deps.epoch?.() ?? 0) !== epoch) return;
    const issues = page.issues.filter((issue) => issue.seriesId === seriesId);
    await this.deps.library.addMissingIssues(issues.map(issueSummary));
    await this.deps.library.learnSeries(seriesId, {
      seriesName: issues.find((issue) => issue.series)?.series?.name ?? null,
      issues: issues.map((issue) => ({ number: issue.number, issueId: issue.id })),
      catalog: { readAt: this.deps.library.now(), complete: page.meta ? page.meta.total <= page.issues.length : page.issues.length < 100 },
    });
  }

  /**
   * A series' issues read whole, page after page (at most `maxPages` reads), and kept: a run's missing issues
   * are found by number from it, all of them for the reads of its pages, not one read each.
   */
  async readWholeSeries(seriesId: number, maxPages = 10): Promise<void> {
    const client = this.deps.client();
    if (!client) throw new VerseDbError({ kind: 'unauthenticated', message: t('status_sign_in') });
    const epoch = this.deps.epoch?.() ?? 0;
    const seen = new Set<number>();
    let complete = false;
    let seriesName: string | null = null;
    for (let page = 1; page <= maxPages; page++) {
      const answer = await this.deps.scheduler.run({ key: `series-issues:${seriesId}:page:${page}`, kind: 'read', priority: 'user' }, () => client.seriesIssuesPage(seriesId, page));
      if ((this.deps.epoch?.() ?? 0) !== epoch) return;
      // A server that ignores `page` sends the first page again: nothing new ends the reading.
      const issues = answer.issues.filter((issue) => issue.seriesId === seriesId && !seen.has(issue.id));
      for (const issue of issues) seen.add(issue.id);
      seriesName ??= issues.find((issue) => issue.series)?.series?.name ?? null;
      await this.deps.library.addMissingIssues(issues.map(issueSummary));
      await this.deps.library.learnSeries(seriesId, { seriesName, issues: issues.map((issue) => ({ number: issue.number, issueId: issue.id })) });
      const last = answer.meta?.lastPage ?? (answer.issues.length < 100 ? page : null);
      if (last !== null && page >= last) {
        complete = true;
        break;
      }
      if (issues.length === 0) break;
    }
    await this.deps.library.learnSeries(seriesId, { catalog: { readAt: this.deps.library.now(), complete } });
  }

  /** What a lookup's answer teaches: the series of the code's base, the issue's number, the variant its own code names. */
  private async learnFound(code: CodeRef, issue: Issue): Promise<void> {
    if (code.type !== 'upc' || issue.seriesId === null) return;
    const base = upcBaseOf(code.value);
    if (!base) return;
    const upc = parseComicUpc(code.value);
    // A 17-digit code whose add-on names another number than its issue's: this base breaks the rule.
    await this.deps.library.learnBase(base, issue.seriesId, upc !== null && !followsAddOn(code.value, issue.number));
    const variantId = upc !== null ? variantOfCode(issue, code.value) : null;
    await this.deps.library.learnSeries(issue.seriesId, {
      seriesName: issue.series?.name ?? null,
      issues: [{ number: issue.number, issueId: issue.id }],
      variants: upc !== null && variantId !== null ? [{ variantId, issueId: issue.id, cover: upc.cover, printing: upc.printing }] : [],
    });
  }

  /** What a 409 teaches: the base's series when every match names its series (two series poison the base). */
  private async learnAmbiguous(code: CodeRef, matches: readonly AmbiguousMatch[]): Promise<void> {
    if (code.type !== 'upc' || matches.length === 0) return;
    const base = upcBaseOf(code.value);
    if (!base || matches.some((match) => match.seriesId === null)) return;
    const irregular = parseComicUpc(code.value) !== null && matches.some((match) => !followsAddOn(code.value, match.number));
    const bySeries = new Map<number, AmbiguousMatch[]>();
    for (const match of matches) if (match.seriesId !== null) bySeries.set(match.seriesId, [...(bySeries.get(match.seriesId) ?? []), match]);
    for (const [seriesId, ofSeries] of bySeries) {
      await this.deps.library.learnBase(base, seriesId, irregular);
      await this.deps.library.learnSeries(seriesId, {
        seriesName: ofSeries[0]?.seriesName ?? null,
        issues: ofSeries.map((match) => ({ number: match.number, issueId: match.issueId })),
      });
    }
  }

  private async lookUp(code: CodeRef, ask: Ask, priority: 'visible' | 'user' = 'visible'): Promise<ItemStatus> {
    const { tabId } = ask;
    const client = this.deps.client();
    if (!client) return status('signed-out', { resolvedFrom: codeKey(code), message: t('status_sign_in') });
    const key = codeKey(code);
    try {
      const issue = await this.deps.scheduler.run(
        { key: `lookup:${key}`, kind: 'read', priority, tabId },
        () => (code.type === 'isbn' ? client.lookupIsbn(code.value) : code.type === 'lunar' || code.type === 'prh' ? client.lookupCode(code.value) : client.lookupUpc(code.value)),
      );
      await this.deps.library.putIssues([issueSummary(issue)]);
      const resolution: Resolution = {
        code: key,
        kind: 'found',
        issueId: issue.id,
        variantId: variantOfCode(issue, code.value),
        expiresAt: this.deps.library.ttl('found'),
      };
      await this.deps.library.remember(resolution);
      await this.learnFound(code, issue);
      return this.fromIssueOf(resolution, { ...ask, lookUp: true });
    } catch (error) {
      if (!isVerseDbError(error)) throw error;
      const problem = error.problem;
      switch (problem.kind) {
        case 'not-found':
          await this.deps.library.remember({ code: key, kind: 'not-found', expiresAt: this.deps.library.ttl('not-found') });
          return status('not-found', { resolvedFrom: key, message: t('status_no_comic_with_code') });
        case 'ambiguous': {
          const resolution: Resolution = { code: key, kind: 'ambiguous', matches: problem.matches, total: problem.total, expiresAt: this.deps.library.ttl('ambiguous') };
          await this.deps.library.remember(resolution);
          await this.learnAmbiguous(code, problem.matches);
          return this.fromIssueOf(resolution, { ...ask, lookUp: true });
        }
        default:
          throw error;
      }
    }
  }

  /**
   * The status a code's resolution gives. Before the first sync an issue's copies cost a read, so
   * with `lookUp: false` the answer is null unless the library already knows (owned, or read before).
   */
  async fromResolution(resolution: Resolution, options: { tabId?: number; lookUp?: boolean } = {}): Promise<ItemStatus | null> {
    return this.fromIssueOf(resolution, { tabId: options.tabId, lookUp: options.lookUp ?? true });
  }

  private async fromIssueOf(resolution: Resolution, ask: Ask & { lookUp: true }): Promise<ItemStatus>;
  private async fromIssueOf(resolution: Resolution, ask: Ask): Promise<ItemStatus | null>;
  private async fromIssueOf(resolution: Resolution, ask: Ask): Promise<ItemStatus | null> {
    if (resolution.kind === 'not-found') return status('not-found', { resolvedFrom: resolution.code });
    if (resolution.kind === 'ambiguous') {
      // A barcode a whole run shares (newsstand, pre-1995): the page's title says which issue, when it
      // gives a number exactly one of the matches has. Only when it does not is the member asked.
      const pick = matchByTitle(resolution.matches, ask.titleKey ?? null);
      if (pick) {
        const summary = matchSummary(pick);
        await this.deps.library.addMissingIssues([summary]);
        const issue = (await this.deps.library.issue(pick.issueId)) ?? summary;
        return this.fromIssue(pick.issueId, issue, {
          resolvedFrom: resolution.code,
          message: plural('status_shared_barcode_title', resolution.total, pick.number),
        }, ask);
      }
      return status('ambiguous', {
        resolvedFrom: resolution.code,
        matches: resolution.matches,
        message: plural('status_shared_barcode', resolution.total),
      });
    }
    const issue = (await this.deps.library.issue(resolution.issueId)) ?? null;
    return this.fromIssue(resolution.issueId, issue, { resolvedFrom: resolution.code, edition: editionOfCode(resolution.code), variantId: resolution.variantId }, ask);
  }

  /** The issue's status from the library; null when only a read could tell and the comic may not spend one. */
  private async fromIssue(issueId: number, issue: IssueSummary | null, fields: Partial<ItemStatus>, ask: Ask): Promise<ItemStatus | null> {
    const known = await this.checkWhileUnsynced(issueId, ask);
    const seriesId = issue?.seriesId ?? null;
    // Copies of another issue of the same series and number (another cover or printing) count too.
    const library = seriesId !== null && issue
      ? await this.deps.library.numberStatus(seriesId, issue.number, [issueId])
      : await this.deps.library.status(issueId, seriesId);
    const base = { ...fields, issue, seriesId, seriesName: issue?.seriesName ?? null, number: issue?.number ?? null };
    // A copy the library holds is owned, synced or not.
    if (library.copies.length > 0) {
      return status('owned', {
        ...base,
        copies: library.copies.length,
        bestCondition: bestCondition(library.copies),
        ownedEditions: await this.editionsOf(library.copies, seriesId),
      });
    }
    if (!known) return null;
    if (library.wishlisted) return status('wishlist', base);
    if (library.onPullList) return status('pull-list', base);
    return status('not-owned', base);
  }

  /**
   * Until the library has synced once, "not owned" cannot be read from it: ask VerseDB about this
   * issue (one read, under the same rules as a lookup: only for a comic that may spend reads, dropped
   * with its tab) and keep the copies it names, which the sync will see again anyway. The issue is
   * remembered as read for this sync generation (in the library's meta, which a sign-out clears), so a
   * revisit spends nothing. Returns whether the library can now answer for the issue.
   */
  private async checkWhileUnsynced(issueId: number, ask: Ask): Promise<boolean> {
    const sync = await this.librarySync();
    const client = this.deps.client();
    if (sync.synced || !client) return true;
    if (await this.wasChecked(issueId, sync.generation)) return true;
    if (!ask.lookUp) return false;
    const epoch = this.deps.epoch?.() ?? 0;
    const check = await this.deps.scheduler.run(
      { key: `check:${issueId}`, kind: 'read', priority: 'visible', tabId: ask.tabId },
      () => client.checkCollection(issueId),
    );
    // The member signed out (or another signed in) meanwhile: these copies are not the library's.
    if ((this.deps.epoch?.() ?? 0) !== epoch) return false;
    await this.deps.library.putCopies(
      check.copies.map((copy) => ({
        copyId: copy.copyId,
        issueId,
        variantId: copy.variantId,
        condition: copy.condition,
        gradeScore: copy.gradeScore,
        addedAt: copy.addedAt ?? '',
        generation: sync.generation,
      })),
    );
    await this.markChecked(issueId, sync.generation);
    return true;
  }

  private async wasChecked(issueId: number, generation: number): Promise<boolean> {
    const parsed = CheckedIssues.safeParse(await this.deps.library.meta(CHECKED_KEY));
    return parsed.success && parsed.data.generation === generation && parsed.data.issueIds.includes(issueId);
  }

  /** Adds the issue to the checked ones, in one transaction (checks of several badges end together). */
  private async markChecked(issueId: number, generation: number): Promise<void> {
    const tx = this.deps.library.db.transaction('meta', 'readwrite');
    const parsed = CheckedIssues.safeParse(await tx.store.get(CHECKED_KEY));
    const issueIds = parsed.success && parsed.data.generation === generation ? parsed.data.issueIds : [];
    if (!issueIds.includes(issueId)) await tx.store.put({ generation, issueIds: [...issueIds, issueId] }, CHECKED_KEY);
    await tx.done;
  }

  /** `unknown`: a candidate's copies only a read could tell, and none of the others is owned. */
  private async byTitle(query: ItemQuery, bySeries: boolean, ask: Ask): Promise<ItemStatus | null | 'unknown'> {
    if (!query.matchKey) return null;
    const resolvedFrom = query.label ?? query.matchKey;
    const key = query.matchKey;
    // The member said which issue this title is, when it fit issues of several series.
    const picked = await this.resolution(titleChoiceKey(resolvedFrom), ask.lookUp);
    if (picked?.kind === 'found') {
      const issue = (await this.deps.library.issue(picked.issueId)) ?? null;
      return (await this.fromIssue(picked.issueId, issue, { resolvedFrom, byTitle: true }, ask)) ?? 'unknown';
    }
    const years = { startYear: query.startYear, year: query.year };
    const candidates = (await this.shared(`match:${key}`, () => this.deps.library.issuesByMatchKey(key))).filter((issue) => yearsFit(years, issue) && volumeFits(query.volume, issue));
    // Best answer first: a candidate that is owned beats one only wishlisted.
    let best: ItemStatus | null = null;
    let unknown = false;
    for (const issue of candidates) {
      const found = await this.fromIssue(issue.id, issue, { resolvedFrom, byTitle: true }, ask);
      if (!found) unknown = true;
      else if (!best || BADGE_STATES.indexOf(found.state) < BADGE_STATES.indexOf(best.state)) best = found;
    }
    if (unknown && best?.state !== 'owned') return 'unknown';
    const series = new Set(candidates.map((issue) => issue.seriesId ?? -issue.id));
    // A volume the title names that the library cannot check (VerseDB's lists give no series volume):
    // "Batman Vol 4 #1" is not answered "Owned" with the member's Batman #1 of another volume.
    const volume = query.volume != null && candidates.some((issue) => issue.volume === null) ? query.volume : null;
    if ((series.size > 1 || volume !== null) && best && best.state !== 'not-owned') return this.sameNamed(candidates, best, resolvedFrom, volume);
    if (!bySeries || (best && best.state !== 'not-owned')) return best;
    return this.byPulledSeries(query.matchKey, resolvedFrom, best);
  }

  /**
   * A title that fits issues of several same-named series the library holds (Batman of 2016 and of 2025),
   * and says nothing of which, or names a volume the library cannot check: never "Owned" on a guess. The
   * badge names what the member has and asks; the pick is kept for that title.
   */
  private async sameNamed(candidates: readonly IssueSummary[], best: ItemStatus, resolvedFrom: string, volume: number | null = null): Promise<ItemStatus> {
    const matches = candidates.map(summaryMatch);
    const name = candidates[0]?.seriesName ?? t('status_unnamed_series');
    const held = best.issue ? withYear(best.issue) : name;
    const pulled = held.replace(/ #\S+/, '');
    await this.deps.library.remember({ code: titleChoiceKey(resolvedFrom), kind: 'ambiguous', matches, total: matches.length, expiresAt: this.deps.library.ttl('ambiguous') });
    return status('ambiguous', {
      resolvedFrom,
      byTitle: true,
      matches,
      number: best.number,
      message: volume !== null
        ? best.state === 'owned'
          ? t('status_same_named_owned_volume', held, volume, name)
          : best.state === 'wishlist'
            ? t('status_same_named_wishlist_volume', held, volume, name)
            : t('status_same_named_pulled_volume', pulled, volume, name)
        : best.state === 'owned'
          ? t('status_same_named_owned', held, name)
          : best.state === 'wishlist'
            ? t('status_same_named_wishlist', held, name)
            : t('status_same_named_pulled', pulled, name),
    });
  }

  /**
   * A title no owned or wishlisted issue matches, said to be on the pull list when its series is: the
   * library knows the member's pulled series by name, not their issues (as a code match knows them),
   * so the title's series key is compared with the pulled series' names. Titles leave out the volume
   * and year, so where the name fits more than one series (two pulled, or a pulled one and another the
   * library knows) it does not guess: the answer stays `not-owned`, saying why.
   */
  private async byPulledSeries(key: string, resolvedFrom: string, known: ItemStatus | null): Promise<ItemStatus | null> {
    const parts = matchKeyParts(key);
    // Pull lists bring single issues; a collected edition is not matched to one by name.
    if (!parts || parts.collected) return known;
    // Until the library has synced once, neither "owned" nor the pull list can be read from it.
    if (!(await this.librarySync()).synced) return known;
    const pulled = (await this.shared('pull-list', () => this.deps.library.pullListSeries())).filter((series) => series.seriesName !== null && seriesKey(series.seriesName) === parts.series);
    const [series] = pulled;
    if (!series) return known;
    let message: string;
    if (pulled.length > 1) {
      message = plural('status_pulled_same_named', pulled.length, series.seriesName ?? '');
    } else {
      // Single issues of other series by the same name that the library knows (owned once, wishlisted, looked up).
      const others = new Set<number>();
      for (const issue of await this.shared(`series:${parts.series}`, () => this.deps.library.issuesBySeriesKey(parts.series))) {
        if (issue.seriesId === null || issue.seriesId === series.seriesId) continue;
        if (issue.matchKey && matchKeyParts(issue.matchKey)?.collected) continue;
        others.add(issue.seriesId);
      }
      if (!known && others.size === 0) {
        return status('pull-list', { resolvedFrom, byTitle: true, seriesId: series.seriesId, seriesName: series.seriesName });
      }
      message = others.size > 1 ? t('status_pulled_and_others', series.seriesName ?? '') : t('status_pulled_and_another', series.seriesName ?? '');
    }
    return known ? { ...known, message } : status('not-owned', { resolvedFrom, byTitle: true, message });
  }
}


