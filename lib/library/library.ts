import {
  wishlistKey,
  type IssueSummary,
  type LongboxDatabase,
  type OwnedCopy,
  type PullListSeries,
  type Resolution,
  type WishlistItem,
} from '../store/db';

// The member's library as synced into IndexedDB, and the cache of code resolutions. Every owned /
// wishlist / pull-list answer a badge shows comes from here, with no API call.

const DAY = 86_400_000;
/** How long we believe each kind of code resolution. A comic's barcode does not change; "not found"
 * may (the catalog grows), and an ambiguous code is cheap to ask about again. */
export const RESOLUTION_TTL = { found: 30 * DAY, 'not-found': 1 * DAY, ambiguous: 3 * DAY } as const;

export interface IssueStatus {
  copies: OwnedCopy[];
  wishlisted: boolean;
  onPullList: boolean;
}

/** Grades from best to worst, to name a member's best copy. */
const GRADE_ORDER = [
  'MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-',
  'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR',
];

export function bestCondition(copies: readonly OwnedCopy[]): string | null {
  let best: string | null = null;
  for (const copy of copies) {
    if (!copy.condition) continue;
    const rank = GRADE_ORDER.indexOf(copy.condition);
    if (rank < 0) continue;
    if (best === null || rank < GRADE_ORDER.indexOf(best)) best = copy.condition;
  }
  return best;
}

export class Library {
  constructor(
    readonly db: LongboxDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  // --- resolutions ---
  async resolution(code: string): Promise<Resolution | null> {
    const found = await this.db.get('resolutions', code);
    return found && found.expiresAt > this.now() ? found : null;
  }

  async remember(resolution: Resolution): Promise<void> {
    await this.db.put('resolutions', resolution);
  }

  ttl(kind: Resolution['kind']): number {
    return this.now() + RESOLUTION_TTL[kind];
  }

  /** Removes expired resolutions; run on a schedule. Returns how many went. */
  async expireResolutions(): Promise<number> {
    const tx = this.db.transaction('resolutions', 'readwrite');
    return deleteAll(await tx.store.index('byExpiry').openCursor(IDBKeyRange.upperBound(this.now())), tx.done);
  }

  // --- issues ---
  async putIssues(issues: readonly IssueSummary[]): Promise<void> {
    if (issues.length === 0) return;
    const tx = this.db.transaction('issues', 'readwrite');
    await Promise.all([...issues.map((issue) => tx.store.put(issue)), tx.done]);
  }

  issue(id: number): Promise<IssueSummary | undefined> {
    return this.db.get('issues', id);
  }

  issuesByMatchKey(matchKey: string): Promise<IssueSummary[]> {
    return this.db.getAllFromIndex('issues', 'byMatchKey', matchKey);
  }

  /** Issues the library knows of every series whose name has this series key (see matchKey), any number. */
  issuesBySeriesKey(seriesKey: string): Promise<IssueSummary[]> {
    // A series key holds only letters and digits, so `key#` starts exactly that series' match keys.
    return this.db.getAllFromIndex('issues', 'byMatchKey', IDBKeyRange.bound(`${seriesKey}#`, `${seriesKey}#\uffff`));
  }

  // --- status ---
  async status(issueId: number, seriesId: number | null): Promise<IssueStatus> {
    const tx = this.db.transaction(['copies', 'wishlist', 'pullList'], 'readonly');
    const [copies, wishlisted, pulled] = await Promise.all([
      tx.objectStore('copies').index('byIssue').getAll(issueId),
      tx.objectStore('wishlist').index('byIssue').count(issueId),
      seriesId === null ? Promise.resolve(undefined) : tx.objectStore('pullList').get(seriesId),
    ]);
    return { copies, wishlisted: wishlisted > 0, onPullList: pulled !== undefined };
  }

  // --- copies ---
  async putCopies(copies: readonly OwnedCopy[]): Promise<void> {
    if (copies.length === 0) return;
    const tx = this.db.transaction('copies', 'readwrite');
    await Promise.all([...copies.map((copy) => tx.store.put(copy)), tx.done]);
  }

  async hasCopy(copyId: number): Promise<boolean> {
    return (await this.db.getKey('copies', copyId)) !== undefined;
  }

  async removeCopy(copyId: number): Promise<void> {
    await this.db.delete('copies', copyId);
  }

  copyCount(): Promise<number> {
    return this.db.count('copies');
  }

  /** After a full sync: copies it did not see were removed on VerseDB. */
  async removeCopiesBefore(generation: number): Promise<number> {
    const tx = this.db.transaction('copies', 'readwrite');
    return deleteAll(await tx.store.index('byGeneration').openCursor(IDBKeyRange.upperBound(generation, true)), tx.done);
  }

  // --- wishlist ---
  async replaceWishlist(items: readonly WishlistItem[]): Promise<void> {
    const tx = this.db.transaction('wishlist', 'readwrite');
    await tx.store.clear();
    await Promise.all([...items.map((item) => tx.store.put(item)), tx.done]);
  }

  async addToWishlist(issueId: number, variantId: number | null, addedAt: string): Promise<void> {
    await this.db.put('wishlist', { key: wishlistKey(issueId, variantId), issueId, variantId, addedAt });
  }

  async removeFromWishlist(issueId: number, variantId: number | null): Promise<void> {
    await this.db.delete('wishlist', wishlistKey(issueId, variantId));
  }

  // --- pull list ---
  async replacePullList(series: readonly PullListSeries[]): Promise<void> {
    const tx = this.db.transaction('pullList', 'readwrite');
    await tx.store.clear();
    await Promise.all([...series.map((entry) => tx.store.put(entry)), tx.done]);
  }

  async addToPullList(series: PullListSeries): Promise<void> {
    await this.db.put('pullList', series);
  }

  async removeFromPullList(seriesId: number): Promise<void> {
    await this.db.delete('pullList', seriesId);
  }

  pullListSeriesIds(): Promise<number[]> {
    return this.db.getAllKeys('pullList');
  }

  /** The series on the member's pull list (a few dozen at most), for matching page titles by series name. */
  pullListSeries(): Promise<PullListSeries[]> {
    return this.db.getAll('pullList');
  }

  // --- meta (sync state and the like) ---
  meta(key: string): Promise<unknown> {
    return this.db.get('meta', key);
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    await this.db.put('meta', value, key);
  }

  /** Sign-out: the member's library goes with the token. */
  async clearMemberData(): Promise<void> {
    const tx = this.db.transaction(['copies', 'wishlist', 'pullList', 'meta'], 'readwrite');
    await Promise.all([
      tx.objectStore('copies').clear(),
      tx.objectStore('wishlist').clear(),
      tx.objectStore('pullList').clear(),
      tx.objectStore('meta').clear(),
      tx.done,
    ]);
  }

  /**
   * "Clear cache": forgets every code resolution, and the issues nothing in the member's library
   * refers to. Issues the member's copies or wishlist name, and issues of series on the pull list,
   * stay (with their match keys): title matching reads owned / wishlist / pull list from them, and
   * only a full sync would bring them back. Returns how many issues went.
   */
  async clearCache(): Promise<number> {
    const tx = this.db.transaction(['resolutions', 'issues', 'copies', 'wishlist', 'pullList'], 'readwrite');
    const [wished, pulled] = await Promise.all([tx.objectStore('wishlist').getAll(), tx.objectStore('pullList').getAllKeys()]);
    const needed = new Set<number>(wished.map((item) => item.issueId));
    // The issues the copies name, each once (a key cursor over the copies' byIssue index).
    for (let cursor = await tx.objectStore('copies').index('byIssue').openKeyCursor(null, 'nextunique'); cursor; cursor = await cursor.continue()) {
      needed.add(cursor.key);
    }
    const pulledSeries = new Set<number>(pulled);
    await tx.objectStore('resolutions').clear();
    let removed = 0;
    for (let cursor = await tx.objectStore('issues').openCursor(); cursor; cursor = await cursor.continue()) {
      const issue = cursor.value;
      if (needed.has(issue.id) || (issue.seriesId !== null && pulledSeries.has(issue.seriesId))) continue;
      await cursor.delete();
      removed += 1;
    }
    await tx.done;
    return removed;
  }
}

interface DeletingCursor {
  delete(): Promise<void>;
  continue(): Promise<DeletingCursor | null>;
}

/** Deletes every record the cursor walks over; resolves with how many, once the transaction is done. */
async function deleteAll(first: DeletingCursor | null, done: Promise<void>): Promise<number> {
  let removed = 0;
  for (let cursor = first; cursor; cursor = await cursor.continue()) {
    await cursor.delete();
    removed += 1;
  }
  await done;
  return removed;
}
