import { z } from 'zod';
import { isVerseDbError } from '../versedb/errors';
import { circuitRetryAt } from '../circuit';
import type { VerseDbClient } from '../versedb/client';
import type { CollectionCopy, Issue, SkippedRow } from '../versedb/schemas';
import type { Scheduler } from '../scheduler';
import { wishlistKey, type IssueSummary } from '../store/db';
import type { Library } from './library';
import { isCollectedFormat, matchKey } from './match';
import { isComic, parseTitle } from '../detect/titles';

// Library sync: the collection (100 copies a page, newest first), the wishlist and the pull list,
// into IndexedDB. One page at a time, with the progress saved after each page, so a service worker
// stopped mid-sync resumes where it was; background priority, so it stops at the quota's reserve and
// says when it can go on instead of running into 429s.
//
// The wishlist and the pull list are each replaced whole, so their step reads all their pages before it
// stores anything; a step stopped part way starts again from its first page. Each page it reads is still
// told to the UI (phasePagesDone / phaseLastPage), so every phase shows its own pages, never the collection's.

const PER_PAGE = 100;
const STATE_KEY = 'sync-state';

const SyncProgressShape = z.object({
  version: z.literal(1),
  /** `full`: every page, then copies not seen are removed. `incremental`: newest pages until a known copy. */
  mode: z.enum(['full', 'incremental']).nullable(),
  step: z.enum(['collection', 'wishlist', 'pull-list']).nullable(),
  generation: z.number().int(),
  nextPage: z.number().int(),
  lastPage: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** Collection pages read in this run. */
  pagesDone: z.number().int(),
  /** The step under way's own pages: read so far, and how many it has (null until its first page says). */
  phasePagesDone: z.number().int().default(0),
  phaseLastPage: z.number().int().nullable().default(null),
  /** Set while the sync waits for the quota (or a Retry-After, or VerseDB to come back). */
  waitingUntil: z.number().nullable(),
  failures: z.number().int(),
  lastSyncedAt: z.number().nullable(),
  problem: z.string().nullable(),
  /** When this run began: changes the member made since may be missing from what it read. */
  startedAt: z.number().nullable().default(null),
  /** Rows VerseDB sent that could not be read, by list and reason, in this run (the last one, once it ended). */
  unreadable: z.array(z.object({ list: z.enum(['collection', 'wishlist', 'pull-list']), reason: z.string(), count: z.number().int() })).default([]),
  /** Copies the last full sync could not read: the collection's total counts them, the library does not. */
  unreadableCopies: z.number().int().default(0),
});
/** Stored progress; one saved before the phase fields existed, mid-collection, takes the collection's pages. */
export const SyncProgress = z.preprocess((stored) => {
  if (typeof stored !== 'object' || stored === null || 'phasePagesDone' in stored) return stored;
  const old = stored as { step?: unknown; pagesDone?: unknown; lastPage?: unknown };
  return old.step === 'collection' ? { ...stored, phasePagesDone: old.pagesDone, phaseLastPage: old.lastPage } : stored;
}, SyncProgressShape);
export type SyncProgress = z.infer<typeof SyncProgressShape>;

/** A step's progress before its first page is read. */
const PHASE_START = { phasePagesDone: 0, phaseLastPage: null } as const;

export function idleProgress(): SyncProgress {
  return {
    version: 1,
    mode: null,
    step: null,
    generation: 0,
    nextPage: 1,
    lastPage: null,
    total: null,
    pagesDone: 0,
    ...PHASE_START,
    waitingUntil: null,
    failures: 0,
    lastSyncedAt: null,
    problem: null,
    startedAt: null,
    unreadable: [],
    unreadableCopies: 0,
  };
}

export type SyncList = SyncProgress['unreadable'][number]['list'];

/** The unreadable rows of one list replaced by `skipped` (a step that reads its list whole), or added to (a page). */
export function countUnreadable(
  unreadable: SyncProgress['unreadable'],
  list: SyncList,
  skipped: readonly SkippedRow[],
  mode: 'replace' | 'add',
): SyncProgress['unreadable'] {
  const kept = mode === 'replace' ? unreadable.filter((entry) => entry.list !== list) : [...unreadable];
  for (const row of skipped) {
    const at = kept.findIndex((entry) => entry.list === list && entry.reason === row.reason);
    const entry = kept[at];
    if (entry) kept[at] = { ...entry, count: entry.count + 1 };
    else kept.push({ list, reason: row.reason, count: 1 });
  }
  return kept;
}

export type SyncOutcome =
  | { kind: 'done' }
  | { kind: 'waiting'; until: number }
  | { kind: 'stopped'; problem: string };

export function issueSummary(issue: Issue): IssueSummary {
  const seriesName = issue.series?.name ?? null;
  return {
    id: issue.id,
    seriesId: issue.seriesId,
    seriesName,
    number: issue.number,
    startYear: issue.series?.startYear ?? null,
    volume: issue.series?.volume ?? null,
    name: issue.name,
    coverUrl: issue.coverUrl,
    releaseDate: issue.releaseDate,
    publisher: issue.publisher,
    matchKey: seriesName ? matchKey(seriesName, issue.number, isCollectedFormat(issue.format)) : null,
  };
}

export interface SyncDeps {
  client: () => VerseDbClient;
  scheduler: Scheduler;
  library: Library;
  now?: () => number;
  /** Told after every saved step, for the UI's progress. */
  onProgress?: (progress: SyncProgress) => void;
  /** Changes at every sign-out and account switch: a run begun before it stores nothing more. */
  epoch?: () => number;
  /** After the local library was overwritten with what VerseDB said as of `since`: the member's changes
   *  made since then (and those still waiting) are applied again on top. */
  afterReplace?: (since: number) => Promise<void>;
}

/** Thrown inside a run whose session ended (sign-out, another account): it stops and stores nothing. */
class SessionEnded extends Error {}

export class LibrarySync {
  private readonly now: () => number;
  private running: Promise<SyncOutcome> | null = null;
  private known: SyncProgress | null = null;

  constructor(private readonly deps: SyncDeps) {
    this.now = deps.now ?? Date.now;
  }

  async progress(): Promise<SyncProgress> {
    // Every badge asks whether the library has synced; the answer is kept, and stored on each save.
    if (this.known) return this.known;
    const parsed = SyncProgress.safeParse(await this.deps.library.meta(STATE_KEY));
    this.known = parsed.success ? parsed.data : idleProgress();
    return this.known;
  }

  /** Forget the kept progress (sign-out cleared the stored one); a run under way stops at its next step. */
  forget(): void {
    this.known = null;
    this.running = null;
  }

  private async save(progress: SyncProgress, epoch: number): Promise<void> {
    this.alive(epoch);
    this.known = progress;
    await this.deps.library.setMeta(STATE_KEY, progress);
    this.deps.onProgress?.(progress);
  }

  /** A page read that is shown but not saved: inside a step that stores nothing until its end (the wishlist,
   *  the pull list start again from their first page when stopped part way), or the collection's last page
   *  while its step finishes. */
  private report(progress: SyncProgress, epoch: number): void {
    this.alive(epoch);
    this.known = progress;
    this.deps.onProgress?.(progress);
  }

  /** Starts a sync (full when none ever finished, else incremental) unless one is under way. */
  start(mode?: 'full' | 'incremental'): Promise<SyncOutcome> {
    return this.exclusive(async () => {
      const epoch = this.epochNow();
      const progress = await this.progress();
      if (progress.step === null) {
        const chosen = mode ?? (progress.lastSyncedAt === null ? 'full' : 'incremental');
        await this.save(this.begin(progress, chosen), epoch);
      }
      return this.loop(epoch);
    });
  }

  /** Goes on with a sync under way (after a restart, or when its wait ends). */
  resume(): Promise<SyncOutcome> {
    return this.exclusive(() => this.loop(this.epochNow()));
  }

  /** One sync at a time: a second start or resume while one runs joins it. */
  private exclusive(run: () => Promise<SyncOutcome>): Promise<SyncOutcome> {
    if (this.running) return this.running;
    const running: Promise<SyncOutcome> = run()
      .catch((error: unknown) => {
        if (error instanceof SessionEnded) return { kind: 'stopped', problem: error.message } as const;
        throw error;
      })
      .finally(() => {
        if (this.running === running) this.running = null;
      });
    this.running = running;
    return running;
  }

  private epochNow(): number {
    return this.deps.epoch?.() ?? 0;
  }

  /** Stops a run whose session ended before it stores anything more. */
  private alive(epoch: number): void {
    if (this.epochNow() !== epoch) throw new SessionEnded('The member signed out; this sync stopped.');
  }

  private begin(progress: SyncProgress, mode: 'full' | 'incremental'): SyncProgress {
    // A new run starts from nothing but what outlives runs: the generation and when the last one ended.
    return {
      ...idleProgress(),
      mode,
      step: 'collection',
      generation: mode === 'full' ? progress.generation + 1 : progress.generation,
      lastSyncedAt: progress.lastSyncedAt,
      unreadableCopies: progress.unreadableCopies,
      startedAt: this.now(),
    };
  }

  private async loop(epoch: number): Promise<SyncOutcome> {
    for (;;) {
      const progress = await this.progress();
      if (progress.step === null) return { kind: 'done' };
      if (progress.waitingUntil !== null && progress.waitingUntil > this.now()) {
        return { kind: 'waiting', until: progress.waitingUntil };
      }
      try {
        await this.save(await this.step({ ...progress, waitingUntil: null }, epoch), epoch);
      } catch (error) {
        if (error instanceof SessionEnded) throw error;
        const outcome = await this.onFailure(progress, error, epoch);
        if (outcome) return outcome;
      }
    }
  }

  private async onFailure(progress: SyncProgress, error: unknown, epoch: number): Promise<SyncOutcome | null> {
    if (!isVerseDbError(error)) throw error;
    this.alive(epoch);
    const problem = error.problem;
    switch (problem.kind) {
      case 'paused':
        await this.save({ ...progress, waitingUntil: problem.resumesAt }, epoch);
        return { kind: 'waiting', until: problem.resumesAt };
      case 'rate-limited':
        await this.save({ ...progress, waitingUntil: problem.retryAt }, epoch);
        return { kind: 'waiting', until: problem.retryAt };
      case 'unavailable':
      case 'offline':
      case 'malformed': {
        // Back off: 1, 2, 4 ... minutes, at most an hour.
        const failures = progress.failures + 1;
        // While VerseDB is known to be down (an open circuit), the sync waits exactly as long as it.
        const until = circuitRetryAt(error) ?? this.now() + Math.min(60, 2 ** (failures - 1)) * 60_000;
        await this.save({ ...progress, failures, waitingUntil: until, problem: problem.message }, epoch);
        return { kind: 'waiting', until };
      }
      default:
        // 401, 403 and the like: nothing to retry until the member acts.
        await this.save({ ...progress, step: null, mode: null, problem: problem.message, waitingUntil: null }, epoch);
        return { kind: 'stopped', problem: problem.message };
    }
  }

  /** One read of the run; its answer is used only while the session that began the run lasts. */
  private async read<T>(key: string, call: () => Promise<T>, epoch: number): Promise<T> {
    this.alive(epoch);
    const answer = await this.deps.scheduler.run({ key: `${key}@${epoch}`, kind: 'read', priority: 'background' }, call);
    this.alive(epoch);
    return answer;
  }

  private async step(progress: SyncProgress, epoch: number): Promise<SyncProgress> {
    switch (progress.step) {
      case 'collection':
        return this.collectionPage(progress, epoch);
      case 'wishlist':
        return this.wishlist(progress, epoch);
      case 'pull-list':
        return this.pullList(progress, epoch);
      default:
        return progress;
    }
  }

  private async collectionPage(progress: SyncProgress, epoch: number): Promise<SyncProgress> {
    const { library } = this.deps;
    const page = progress.nextPage;
    const readAt = this.now();
    const result = await this.read(`sync:collection:${page}`, () => this.deps.client().collectionPage(page, PER_PAGE), epoch);
    let reachedKnown = false;
    if (progress.mode === 'incremental') {
      for (const copy of result.copies) if (await library.hasCopy(copy.copyId)) reachedKnown = true;
    }
    this.alive(epoch);
    await this.store(result.copies, progress.generation);
    await this.deps.afterReplace?.(readAt);
    const rowsRead = result.copies.length + result.skipped.length;
    // Without paging meta, a short page is the last one.
    const pageCount = result.meta?.lastPage ?? (rowsRead < PER_PAGE ? page : page + 1);
    const next: SyncProgress = {
      ...progress,
      nextPage: page + 1,
      lastPage: pageCount,
      total: result.meta?.total ?? null,
      pagesDone: progress.pagesDone + 1,
      phasePagesDone: progress.pagesDone + 1,
      phaseLastPage: pageCount,
      failures: 0,
      problem: null,
      unreadable: countUnreadable(progress.unreadable, 'collection', result.skipped, 'add'),
    };
    const lastPage = page >= pageCount || rowsRead === 0;
    if (progress.mode === 'full') {
      if (!lastPage) return next;
      // The collection's last page is shown as done before the step moves on to the wishlist.
      this.report(next, epoch);
      this.alive(epoch);
      await library.removeCopiesBefore(progress.generation);
      await this.deps.afterReplace?.(progress.startedAt ?? 0);
      const unreadableCopies = next.unreadable.filter((entry) => entry.list === 'collection').reduce((sum, entry) => sum + entry.count, 0);
      return { ...next, step: 'wishlist', nextPage: 1, ...PHASE_START, unreadableCopies };
    }
    if (!reachedKnown && !lastPage) return next;
    this.report(next, epoch);
    // Incremental: a total that disagrees (or none) means copies may have been removed elsewhere; start over in full.
    const total = result.meta?.total ?? null;
    if (total === null || (await library.copyCount()) + progress.unreadableCopies !== total) return this.begin(next, 'full');
    return { ...next, step: 'wishlist', nextPage: 1, ...PHASE_START };
  }

  private async store(copies: readonly CollectionCopy[], generation: number): Promise<void> {
    const { library } = this.deps;
    await library.putCopies(
      copies.map((copy) => ({
        copyId: copy.copyId,
        issueId: copy.issueId,
        variantId: copy.variantId,
        condition: copy.condition,
        gradeScore: copy.gradeScore,
        addedAt: copy.addedAt,
        generation,
      })),
    );
    await library.putIssues(
      copies.flatMap((copy) => (copy.issue ? [issueSummary(copy.issue)] : [])),
    );
  }

  private async wishlist(progress: SyncProgress, epoch: number): Promise<SyncProgress> {
    const entries = [];
    const skipped: SkippedRow[] = [];
    const readAt = this.now();
    for (let page = 1; ; page++) {
      const result = await this.read(`sync:wishlist:${page}`, () => this.deps.client().wishlistPage(page, PER_PAGE), epoch);
      entries.push(...result.entries);
      skipped.push(...result.skipped);
      this.report(this.pageRead(progress, page, result), epoch);
      if (!result.meta || page >= result.meta.lastPage || result.entries.length + result.skipped.length === 0) break;
    }
    this.alive(epoch);
    await this.deps.library.replaceWishlist(
      entries.map((entry) => ({
        key: wishlistKey(entry.issueId, entry.variantId),
        issueId: entry.issueId,
        variantId: entry.variantId,
        addedAt: entry.addedAt,
      })),
    );
    await this.deps.afterReplace?.(readAt);
    // Wishlisted issues are matched by title too; keep what we know of them unless we know more already.
    const unknown = [];
    for (const entry of entries) {
      if (entry.number === null || !entry.series?.name || (await this.deps.library.issue(entry.issueId))) continue;
      // The wishlist gives no format; a collected edition's name says so ("Saga Vol. 1 TP").
      const parsed = entry.name ? parseTitle(entry.name) : null;
      const collected = parsed !== null && isComic(parsed) && isCollectedFormat(parsed.format);
      unknown.push({
        id: entry.issueId,
        seriesId: entry.series.id,
        seriesName: entry.series.name,
        number: entry.number,
        startYear: entry.series.startYear,
        volume: entry.series.volume,
        name: entry.name,
        coverUrl: entry.coverUrl,
        releaseDate: null,
        publisher: null,
        matchKey: matchKey(entry.series.name, entry.number, collected),
      });
    }
    this.alive(epoch);
    await this.deps.library.putIssues(unknown);
    return { ...progress, step: 'pull-list', ...PHASE_START, failures: 0, unreadable: countUnreadable(progress.unreadable, 'wishlist', skipped, 'replace') };
  }

  private async pullList(progress: SyncProgress, epoch: number): Promise<SyncProgress> {
    const series = [];
    const skipped: SkippedRow[] = [];
    const readAt = this.now();
    for (let page = 1; ; page++) {
      const result = await this.read(`sync:pull-list:${page}`, () => this.deps.client().pullListPage(page, PER_PAGE), epoch);
      series.push(...result.entries);
      skipped.push(...result.skipped);
      this.report(this.pageRead(progress, page, result), epoch);
      if (!result.meta || page >= result.meta.lastPage || result.entries.length + result.skipped.length === 0) break;
    }
    this.alive(epoch);
    await this.deps.library.replacePullList(
      series.map((entry) => ({ seriesId: entry.seriesId, seriesName: entry.seriesName, coverUrl: entry.coverUrl })),
    );
    await this.deps.afterReplace?.(readAt);
    return {
      ...progress, step: null, mode: null, ...PHASE_START, failures: 0, lastSyncedAt: this.now(),
      unreadable: countUnreadable(progress.unreadable, 'pull-list', skipped, 'replace'),
    };
  }

  /** The step's progress once its page `page` is read: the last page as that page says (the count read when
   *  VerseDB gives no page numbers). */
  private pageRead(progress: SyncProgress, page: number, result: { meta: { lastPage: number } | null; entries: readonly unknown[] }): SyncProgress {
    const last = result.meta && result.entries.length > 0 ? result.meta.lastPage : page;
    return { ...progress, phasePagesDone: page, phaseLastPage: Math.max(page, last) };
  }
}
