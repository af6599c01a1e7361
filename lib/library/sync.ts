import { z } from 'zod';
import { isVerseDbError } from '../versedb/errors';
import type { VerseDbClient } from '../versedb/client';
import type { CollectionCopy, Issue } from '../versedb/schemas';
import type { Scheduler } from '../scheduler';
import { wishlistKey, type IssueSummary } from '../store/db';
import type { Library } from './library';
import { isCollectedFormat, matchKey } from './match';
import { isComic, parseTitle } from '../detect/titles';

// Library sync: the collection (100 copies a page, newest first), the wishlist and the pull list,
// into IndexedDB. One page at a time, with the progress saved after each page, so a service worker
// stopped mid-sync resumes where it was; background priority, so it stops at the quota's reserve and
// says when it can go on instead of running into 429s.

const PER_PAGE = 100;
const STATE_KEY = 'sync-state';

export const SyncProgress = z.object({
  version: z.literal(1),
  /** `full`: every page, then copies not seen are removed. `incremental`: newest pages until a known copy. */
  mode: z.enum(['full', 'incremental']).nullable(),
  step: z.enum(['collection', 'wishlist', 'pull-list']).nullable(),
  generation: z.number().int(),
  nextPage: z.number().int(),
  lastPage: z.number().int().nullable(),
  total: z.number().int().nullable(),
  pagesDone: z.number().int(),
  /** Set while the sync waits for the quota (or a Retry-After, or VerseDB to come back). */
  waitingUntil: z.number().nullable(),
  failures: z.number().int(),
  lastSyncedAt: z.number().nullable(),
  problem: z.string().nullable(),
});
export type SyncProgress = z.infer<typeof SyncProgress>;

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
    waitingUntil: null,
    failures: 0,
    lastSyncedAt: null,
    problem: null,
  };
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
}

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

  /** Forget the kept progress (sign-out cleared the stored one). */
  forget(): void {
    this.known = null;
  }

  private async save(progress: SyncProgress): Promise<void> {
    this.known = progress;
    await this.deps.library.setMeta(STATE_KEY, progress);
    this.deps.onProgress?.(progress);
  }

  /** Starts a sync (full when none ever finished, else incremental) unless one is under way. */
  start(mode?: 'full' | 'incremental'): Promise<SyncOutcome> {
    return this.exclusive(async () => {
      const progress = await this.progress();
      if (progress.step === null) {
        const chosen = mode ?? (progress.lastSyncedAt === null ? 'full' : 'incremental');
        await this.save(this.begin(progress, chosen));
      }
      return this.loop();
    });
  }

  /** Goes on with a sync under way (after a restart, or when its wait ends). */
  resume(): Promise<SyncOutcome> {
    return this.exclusive(() => this.loop());
  }

  /** One sync at a time: a second start or resume while one runs joins it. */
  private exclusive(run: () => Promise<SyncOutcome>): Promise<SyncOutcome> {
    this.running ??= run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private begin(progress: SyncProgress, mode: 'full' | 'incremental'): SyncProgress {
    // A new run starts from nothing but what outlives runs: the generation and when the last one ended.
    return {
      ...idleProgress(),
      mode,
      step: 'collection',
      generation: mode === 'full' ? progress.generation + 1 : progress.generation,
      lastSyncedAt: progress.lastSyncedAt,
    };
  }

  private async loop(): Promise<SyncOutcome> {
    for (;;) {
      const progress = await this.progress();
      if (progress.step === null) return { kind: 'done' };
      if (progress.waitingUntil !== null && progress.waitingUntil > this.now()) {
        return { kind: 'waiting', until: progress.waitingUntil };
      }
      try {
        await this.save(await this.step({ ...progress, waitingUntil: null }));
      } catch (error) {
        const outcome = await this.onFailure(progress, error);
        if (outcome) return outcome;
      }
    }
  }

  private async onFailure(progress: SyncProgress, error: unknown): Promise<SyncOutcome | null> {
    if (!isVerseDbError(error)) throw error;
    const problem = error.problem;
    switch (problem.kind) {
      case 'paused':
        await this.save({ ...progress, waitingUntil: problem.resumesAt });
        return { kind: 'waiting', until: problem.resumesAt };
      case 'rate-limited':
        await this.save({ ...progress, waitingUntil: problem.retryAt });
        return { kind: 'waiting', until: problem.retryAt };
      case 'unavailable':
      case 'offline':
      case 'malformed': {
        // Back off: 1, 2, 4 ... minutes, at most an hour.
        const failures = progress.failures + 1;
        const until = this.now() + Math.min(60, 2 ** (failures - 1)) * 60_000;
        await this.save({ ...progress, failures, waitingUntil: until, problem: problem.message });
        return { kind: 'waiting', until };
      }
      default:
        // 401, 403 and the like: nothing to retry until the member acts.
        await this.save({ ...progress, step: null, mode: null, problem: problem.message, waitingUntil: null });
        return { kind: 'stopped', problem: problem.message };
    }
  }

  private read<T>(key: string, call: () => Promise<T>): Promise<T> {
    return this.deps.scheduler.run({ key, kind: 'read', priority: 'background' }, call);
  }

  private async step(progress: SyncProgress): Promise<SyncProgress> {
    switch (progress.step) {
      case 'collection':
        return this.collectionPage(progress);
      case 'wishlist':
        return this.wishlist(progress);
      case 'pull-list':
        return this.pullList(progress);
      default:
        return progress;
    }
  }

  private async collectionPage(progress: SyncProgress): Promise<SyncProgress> {
    const { library } = this.deps;
    const page = progress.nextPage;
    const result = await this.read(`sync:collection:${page}`, () => this.deps.client().collectionPage(page, PER_PAGE));
    let reachedKnown = false;
    if (progress.mode === 'incremental') {
      for (const copy of result.copies) if (await library.hasCopy(copy.copyId)) reachedKnown = true;
    }
    await this.store(result.copies, progress.generation);
    const next: SyncProgress = {
      ...progress,
      nextPage: page + 1,
      lastPage: result.meta.lastPage,
      total: result.meta.total,
      pagesDone: progress.pagesDone + 1,
      failures: 0,
      problem: null,
    };
    const lastPage = page >= result.meta.lastPage || result.copies.length === 0;
    if (progress.mode === 'full') {
      if (!lastPage) return next;
      await library.removeCopiesBefore(progress.generation);
      return { ...next, step: 'wishlist', nextPage: 1 };
    }
    if (!reachedKnown && !lastPage) return next;
    // Incremental: a total that disagrees means copies were removed elsewhere; start over in full.
    if ((await library.copyCount()) !== result.meta.total) return this.begin(next, 'full');
    return { ...next, step: 'wishlist', nextPage: 1 };
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

  private async wishlist(progress: SyncProgress): Promise<SyncProgress> {
    const entries = [];
    for (let page = 1; ; page++) {
      const result = await this.read(`sync:wishlist:${page}`, () => this.deps.client().wishlistPage(page, PER_PAGE));
      entries.push(...result.entries);
      if (!result.meta || page >= result.meta.lastPage || result.entries.length === 0) break;
    }
    await this.deps.library.replaceWishlist(
      entries.map((entry) => ({
        key: wishlistKey(entry.issueId, entry.variantId),
        issueId: entry.issueId,
        variantId: entry.variantId,
        addedAt: entry.addedAt,
      })),
    );
    // Wishlisted issues are matched by title too; keep what we know of them unless we know more already.
    const unknown = [];
    for (const entry of entries) {
      if (entry.number === null || !entry.series || (await this.deps.library.issue(entry.issueId))) continue;
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
    await this.deps.library.putIssues(unknown);
    return { ...progress, step: 'pull-list', failures: 0 };
  }

  private async pullList(progress: SyncProgress): Promise<SyncProgress> {
    const series = [];
    for (let page = 1; ; page++) {
      const result = await this.read(`sync:pull-list:${page}`, () => this.deps.client().pullListPage(page, PER_PAGE));
      series.push(...result.entries);
      if (!result.meta || page >= result.meta.lastPage || result.entries.length === 0) break;
    }
    await this.deps.library.replacePullList(
      series.map((entry) => ({ seriesId: entry.seriesId, seriesName: entry.seriesName, coverUrl: entry.coverUrl })),
    );
    return { ...progress, step: null, mode: null, failures: 0, lastSyncedAt: this.now() };
  }
}
