import type { WriteAction } from './write-action';
import type { Library } from './library';
import { normaliseNumber } from './match';

// The gaps of a run: a page of back issues of one series, the member owning some. "Wishlist the missing"
// puts every issue of the run the page shows and the member neither owns nor wishlists on the wishlist,
// one write each, through the write queue (so within VerseDB's hourly cap: what the hour allows goes now,
// the rest as the cap frees up). Comics the page shows by title only are found by their numbers among the
// series' issues: read whole once (one read a hundred issues), never one read a comic.

/** A comic of the run the member is missing: its issue when known, else its number. */
export interface MissingComic {
  issueId: number | null;
  number: string | null;
}

export interface WishlistRunResult {
  /** Writes recorded now (a comic already on its way to the wishlist is not recorded twice). */
  queued: number;
  /** How many of them the hour's writes allow at once; the rest go from `laterAt`. */
  now: number;
  laterAt: number | null;
  /** Numbers VerseDB has no issue of in this series (nothing written for them). */
  unresolved: string[];
}

export interface WishlistRunDeps {
  library: Library;
  /** Reads the series' issues whole into the library (lib/status.ts readWholeSeries). */
  readSeries: (seriesId: number) => Promise<void>;
  enqueue: (changes: ReadonlyArray<{ id: string; write: WriteAction }>) => Promise<number>;
  writesLeft: () => { remaining: number; resetsAt: number };
}

/** The id of a run's wishlist write: the same issue asked for twice (two clicks, two popups) is one write. */
export const runWriteId = (issueId: number) => `wishlist-run-${issueId}`;

export async function wishlistMissing(deps: WishlistRunDeps, seriesId: number, comics: readonly MissingComic[]): Promise<WishlistRunResult> {
  const byNumber = async () => {
    const known = await deps.library.seriesIssues(seriesId);
    const numbers = new Map<string, number>();
    for (const issue of known.issues) if (issue.number && !numbers.has(normaliseNumber(issue.number))) numbers.set(normaliseNumber(issue.number), issue.issueId);
    return { numbers, complete: known.complete };
  };
  let known = await byNumber();
  const lacking = () => comics.filter((comic) => comic.issueId === null && comic.number !== null && !known.numbers.has(normaliseNumber(comic.number)));
  if (lacking().length > 0 && !known.complete) {
    await deps.readSeries(seriesId);
    known = await byNumber();
  }
  const issueIds = new Set<number>();
  const unresolved: string[] = [];
  for (const comic of comics) {
    const issueId = comic.issueId ?? (comic.number !== null ? known.numbers.get(normaliseNumber(comic.number)) : undefined);
    if (issueId === undefined) {
      if (comic.number !== null) unresolved.push(comic.number);
      continue;
    }
    issueIds.add(issueId);
  }
  const changes = [...issueIds].map((issueId) => ({ id: runWriteId(issueId), write: { action: 'wishlist-add', issueId } satisfies WriteAction }));
  const left = deps.writesLeft();
  const queued = changes.length > 0 ? await deps.enqueue(changes) : 0;
  const now = Math.min(queued, left.remaining);
  return { queued, now, laterAt: queued > now ? left.resetsAt : null, unresolved };
}
