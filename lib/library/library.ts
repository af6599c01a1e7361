import {
  KEPT_UNTIL_CHANGED,
  wishlistKey,
  type IssueSummary,
  type KnownVariant,
  type LongboxDatabase,
  type OwnedCopy,
  type PullListSeries,
  type Resolution,
  type SeriesRecord,
  type WishlistItem,
} from '../store/db';
import { normaliseNumber } from './match';
import { isPoisoned, learnBase, type KnownIssue, type SeriesIssues, type UpcBaseRecord } from './series';

// The member's library as synced into IndexedDB, and the cache of code resolutions. Every owned /
// wishlist / pull-list answer a badge shows comes from here, with no API call.

const DAY = 86_400_000;
/** How long we believe each kind of code resolution. A comic's barcode does not change, so a found one is
 * kept until a sync or a lookup sees its issue change (another series or number; see putIssues); "not
 * found" may change (the catalog grows), and an ambiguous code is cheap to ask about again. */
export const RESOLUTION_TTL = { found: Number.POSITIVE_INFINITY, 'not-found': 1 * DAY, ambiguous: 3 * DAY } as const;
export { KEPT_UNTIL_CHANGED } from '../store/db';

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

/** How many titles' issues the library keeps in memory (a few pages' worth; the oldest go first). */
const TITLES_KEPT = 4000;
/** The keys of the picks kept for titles (lib/status.ts titleChoiceKey) start with this. */
export const TITLE_PICK = 'title:';
/** Kept catalog reads in the meta store, by key prefix: "Clear cache" forgets them (the keys of series, an issue's reasons). */
const CATALOG_META = ['key-issues:', 'key-reasons:'];

export class Library {
  /**
   * Issues by match key, as last read: a page seen again (and every page of a store's listing, which
   * share titles) is answered without reading IndexedDB. Only this class writes the issues, and every
   * write forgets all of it first (`issuesChanged`); a read that began before a write is not kept.
   */
  private readonly titles = new Map<string, IssueSummary[]>();
  private titlesGeneration = 0;

  constructor(
    readonly db: LongboxDatabase,
    readonly now: () => number = Date.now,
  ) {}

  /** Called (synchronously) before any transaction that writes issues is made. */
  private issuesChanged(): void {
    this.titlesGeneration += 1;
    this.titles.clear();
  }

  private keepTitles(generation: number, found: ReadonlyMap<string, IssueSummary[]>): void {
    if (generation !== this.titlesGeneration) return;
    for (const [key, issues] of found) {
      this.titles.delete(key);
      this.titles.set(key, issues);
    }
    for (const key of this.titles.keys()) {
      if (this.titles.size <= TITLES_KEPT) break;
      this.titles.delete(key);
    }
  }

  // --- resolutions ---
  async resolution(code: string): Promise<Resolution | null> {
    const found = await this.db.get('resolutions', code);
    return found && found.expiresAt > this.now() ? found : null;
  }

  /** What is kept of many codes, and what series learning knows of many UPC bases, in one transaction: a page's comics, read together. */
  async resolutionsAndBases(codes: readonly string[], bases: readonly string[]): Promise<{ resolutions: Map<string, Resolution | null>; bases: Map<string, UpcBaseRecord | null> }> {
    const tx = this.db.transaction(['resolutions', 'upcBases']);
    // A pick among same-named series is kept for few titles, and a page shows many: which titles have
    // one is one read of their keys, and only those are read.
    const titles = codes.some((code) => code.startsWith(TITLE_PICK))
      ? new Set(await tx.objectStore('resolutions').getAllKeys(IDBKeyRange.bound(TITLE_PICK, `${TITLE_PICK}\uffff`)))
      : new Set<string>();
    const [resolutions, learned] = await Promise.all([
      Promise.all(codes.map((code) => (code.startsWith(TITLE_PICK) && !titles.has(code) ? undefined : tx.objectStore('resolutions').get(code)))),
      Promise.all(bases.map((base) => tx.objectStore('upcBases').get(base))),
    ]);
    const now = this.now();
    return {
      resolutions: new Map(codes.map((code, i) => {
        const found = resolutions[i];
        return [code, found && found.expiresAt > now ? found : null];
      })),
      bases: new Map(bases.map((base, i) => [base, learned[i] ?? null])),
    };
  }

  async remember(resolution: Resolution): Promise<void> {
    await this.db.put('resolutions', resolution);
  }

  ttl(kind: Resolution['kind']): number {
    const ttl = RESOLUTION_TTL[kind];
    return Number.isFinite(ttl) ? this.now() + ttl : KEPT_UNTIL_CHANGED;
  }

  /** Removes expired resolutions; run on a schedule. Returns how many went. */
  async expireResolutions(): Promise<number> {
    const tx = this.db.transaction('resolutions', 'readwrite');
    return deleteAll(await tx.store.index('byExpiry').openCursor(IDBKeyRange.upperBound(this.now())), tx.done);
  }

  // --- issues ---
  /**
   * Stores issues as a sync or a lookup saw them. An issue seen with another series or number than the
   * one stored (VerseDB corrected it) takes with it the resolutions that name it, its place in what
   * series learning knows of its old series, and the bases that name that series: each is asked again.
   */
  async putIssues(issues: readonly IssueSummary[]): Promise<void> {
    if (issues.length === 0) return;
    this.issuesChanged();
    const tx = this.db.transaction(['issues', 'resolutions', 'series', 'upcBases'], 'readwrite');
    const store = tx.objectStore('issues');
    const moved: IssueSummary[] = [];
    for (const issue of issues) {
      const before = await store.get(issue.id);
      if (before && changedIdentity(before, issue)) moved.push(before);
      await store.put(issue);
    }
    for (const before of moved) {
      const resolutions = tx.objectStore('resolutions');
      for (const code of await resolutions.index('byIssue').getAllKeys(before.id)) await resolutions.delete(code);
      if (before.seriesId === null) continue;
      const series = await tx.objectStore('series').get(before.seriesId);
      if (series) await tx.objectStore('series').put({ ...series, issues: series.issues.filter((known) => known.issueId !== before.id) });
      const bases = tx.objectStore('upcBases');
      // A poisoned base stays poisoned: only a base that named just the old series is learned again.
      for (const base of await bases.getAll()) {
        if (!isPoisoned(base) && base.seriesIds.includes(before.seriesId)) await bases.delete(base.base);
      }
    }
    await tx.done;
  }

  /** Adds the issues the library does not hold yet, leaving those it holds (a lookup's are fuller than a list's). */
  async addMissingIssues(issues: readonly IssueSummary[]): Promise<void> {
    if (issues.length === 0) return;
    this.issuesChanged();
    const tx = this.db.transaction('issues', 'readwrite');
    for (const issue of issues) {
      if ((await tx.store.getKey(issue.id)) === undefined) await tx.store.put(issue);
    }
    await tx.done;
  }

  issue(id: number): Promise<IssueSummary | undefined> {
    return this.db.get('issues', id);
  }

  async issuesByMatchKey(matchKey: string): Promise<IssueSummary[]> {
    return (await this.issuesByMatchKeys([matchKey])).get(matchKey) ?? [];
  }

  /** issuesByMatchKey for many keys in one transaction (none when all were read before): a page's titles, read at once. */
  async issuesByMatchKeys(matchKeys: readonly string[]): Promise<Map<string, IssueSummary[]>> {
    const result = new Map<string, IssueSummary[]>();
    const missing: string[] = [];
    for (const key of matchKeys) {
      const kept = this.titles.get(key);
      if (kept) result.set(key, [...kept]);
      else missing.push(key);
    }
    if (missing.length === 0) return result;
    const generation = this.titlesGeneration;
    const index = this.db.transaction('issues').store.index('byMatchKey');
    const found = await Promise.all(missing.map((key) => index.getAll(key)));
    const read = new Map(missing.map((key, i) => [key, found[i] ?? []]));
    this.keepTitles(generation, read);
    for (const [key, issues] of read) result.set(key, [...issues]);
    return result;
  }

  /** Issues the library knows of every series whose name has this series key (see matchKey), any number. */
  issuesBySeriesKey(seriesKey: string): Promise<IssueSummary[]> {
    // A series key holds only letters and digits, so `key#` starts exactly that series' match keys.
    return this.db.getAllFromIndex('issues', 'byMatchKey', IDBKeyRange.bound(`${seriesKey}#`, `${seriesKey}#\uffff`));
  }

  /** Issues the library knows of one series, any number. */
  issuesOfSeries(seriesId: number): Promise<IssueSummary[]> {
    return this.db.getAllFromIndex('issues', 'bySeries', seriesId);
  }

  // --- series learning (lib/library/series.ts) ---
  async upcBase(base: string): Promise<UpcBaseRecord | null> {
    return (await this.db.get('upcBases', base)) ?? null;
  }

  /** Records that a lookup named `seriesId` for a code of this base; a second series poisons the base for good. */
  async learnBase(base: string, seriesId: number, irregular = false): Promise<UpcBaseRecord> {
    const tx = this.db.transaction('upcBases', 'readwrite');
    const next = learnBase((await tx.store.get(base)) ?? null, base, seriesId, irregular);
    await tx.store.put(next);
    await tx.done;
    return next;
  }

  async seriesRecord(seriesId: number): Promise<SeriesRecord | null> {
    return (await this.db.get('series', seriesId)) ?? null;
  }

  /**
   * Adds what a lookup or a catalog read named to what is known of a series: issues (by id, the
   * newer number winning), variants with their cover and printing, and for a catalog read, when and
   * whether it held the series whole. One transaction, so badges learning together lose nothing.
   */
  async learnSeries(
    seriesId: number,
    learned: { seriesName?: string | null; issues?: readonly KnownIssue[]; variants?: readonly KnownVariant[]; catalog?: SeriesRecord['catalog'] },
  ): Promise<SeriesRecord> {
    const tx = this.db.transaction('series', 'readwrite');
    const known: SeriesRecord = (await tx.store.get(seriesId)) ?? { seriesId, seriesName: null, issues: [], variants: [], catalog: null };
    const issues = new Map(known.issues.map((issue) => [issue.issueId, issue]));
    for (const issue of learned.issues ?? []) issues.set(issue.issueId, { number: issue.number, issueId: issue.issueId });
    const variants = new Map(known.variants.map((variant) => [variant.variantId, variant]));
    for (const variant of learned.variants ?? []) variants.set(variant.variantId, variant);
    const next: SeriesRecord = {
      seriesId,
      seriesName: learned.seriesName ?? known.seriesName,
      issues: [...issues.values()],
      variants: [...variants.values()],
      catalog: learned.catalog ?? known.catalog,
    };
    await tx.store.put(next);
    await tx.done;
    return next;
  }

  /** Every issue of a series Longbox knows (its lookups, its catalog read, the library) and whether a read held them all. */
  async seriesIssues(seriesId: number): Promise<SeriesIssues> {
    const [record, stored] = await Promise.all([this.seriesRecord(seriesId), this.issuesOfSeries(seriesId)]);
    const issues = new Map<number, KnownIssue>((record?.issues ?? []).map((issue) => [issue.issueId, issue]));
    for (const issue of stored) issues.set(issue.id, { number: issue.number, issueId: issue.id });
    return { issues: [...issues.values()], complete: record?.catalog?.complete ?? false };
  }

  /**
   * The member's library for one issue number of a series: the issues of that number the library
   * knows (and `alsoIssueIds`), the copies of any of them (another cover or printing of the same
   * series and number is still that comic), whether one is wishlisted, and whether the series is pulled.
   */
  async numberStatus(seriesId: number, number: string, alsoIssueIds: readonly number[] = []): Promise<IssueStatus & { issues: IssueSummary[] }> {
    const tx = this.db.transaction(['issues', 'copies', 'wishlist', 'pullList'], 'readonly');
    const wanted = normaliseNumber(number);
    const issues = (await tx.objectStore('issues').index('bySeries').getAll(seriesId)).filter((issue) => normaliseNumber(issue.number) === wanted);
    const ids = [...new Set([...issues.map((issue) => issue.id), ...alsoIssueIds])];
    const [copies, wished, pulled] = await Promise.all([
      Promise.all(ids.map((id) => tx.objectStore('copies').index('byIssue').getAll(id))),
      Promise.all(ids.map((id) => tx.objectStore('wishlist').index('byIssue').count(id))),
      tx.objectStore('pullList').get(seriesId),
    ]);
    return { issues, copies: copies.flat(), wishlisted: wished.some((n) => n > 0), onPullList: pulled !== undefined };
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
   * What series learning learned (bases and series, catalog reads) goes too: it is made of lookups'
   * answers, as the resolutions are, not of the member's library, and a member who clears the cache
   * because a badge looks wrong must not keep the base that misled it. Relearning costs one lookup a series.
   */
  async clearCache(): Promise<number> {
    this.issuesChanged();
    const tx = this.db.transaction(['resolutions', 'issues', 'copies', 'wishlist', 'pullList', 'upcBases', 'series', 'meta'], 'readwrite');
    await Promise.all([tx.objectStore('upcBases').clear(), tx.objectStore('series').clear()]);
    // What was read of key issues (lib/library/keys.ts) is catalog reading too: a wrong key mark goes with it.
    for (const prefix of CATALOG_META) await tx.objectStore('meta').delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
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

/** Whether an issue as seen now is another comic than as stored: its series or its number changed. */
function changedIdentity(before: IssueSummary, now: IssueSummary): boolean {
  // A record that leaves them out (a wishlist entry without its series) says nothing about them.
  if (before.seriesId === null || now.seriesId === null || !before.number || !now.number) return false;
  return before.seriesId !== now.seriesId || normaliseNumber(before.number) !== normaliseNumber(now.number);
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
