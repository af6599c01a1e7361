import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type StoreNames } from 'idb';
import type { AmbiguousMatch } from '../versedb/schemas';
import type { WriteAction } from '../library/write-action';
import type { KnownIssue, UpcBaseRecord } from '../library/series';

// Longbox's IndexedDB: what codes resolved to, the issues we know, and the member's library
// (copies, wishlist, pull list). Versioned; each version's upgrade step runs once, in order.

export const DB_NAME = 'longbox';
export const DB_VERSION = 3;

/** An issue as much as Longbox needs to show and match it. */
export interface IssueSummary {
  id: number;
  seriesId: number | null;
  seriesName: string | null;
  number: string;
  startYear: number | null;
  volume: number | null;
  name: string | null;
  coverUrl: string | null;
  releaseDate: string | null;
  publisher: string | null;
  /** Normalised series + issue number, for matching page titles against the library locally. */
  matchKey: string | null;
}

/** What a code (e.g. `upc:76194134182500111`) resolved to, and until when we believe it. */
export type Resolution =
  | { code: string; kind: 'found'; issueId: number; variantId: number | null; expiresAt: number }
  | { code: string; kind: 'not-found'; expiresAt: number }
  | { code: string; kind: 'ambiguous'; matches: AmbiguousMatch[]; total: number; expiresAt: number };

export interface OwnedCopy {
  copyId: number;
  issueId: number;
  variantId: number | null;
  condition: string | null;
  gradeScore: string | null;
  addedAt: string;
  /** The full sync that last saw this copy; copies an ended full sync did not see were removed. */
  generation: number;
}

export interface WishlistItem {
  key: string;
  issueId: number;
  variantId: number | null;
  addedAt: string;
}

export interface PullListSeries {
  seriesId: number;
  /** Null when VerseDB sent the series without its name. */
  seriesName: string | null;
  coverUrl: string | null;
}

/**
 * One change the member made (add a copy, wishlist, pull list...), from the click until VerseDB has it.
 * `sending`: it may have reached VerseDB (sent, answer not seen); a copy add in that state is settled by
 * reading the collection check before anything is sent again. Rows are kept a while after they settle:
 * a sync that read VerseDB before the change re-applies them, and the popup names what was tidied up.
 */
export interface WriteRow {
  /** Queue order (assigned by IndexedDB). */
  seq?: number;
  /** The write's id, from the click that made it: the same id twice is one write. */
  id: string;
  /** Whose library it changes (`address#member id`); it is sent only while that member is signed in. */
  member: string;
  write: WriteAction;
  state: 'pending' | 'sending' | 'done' | 'refused';
  queuedAt: number;
  settledAt: number | null;
  /** A copy add: the copies VerseDB held for the issue before it was first sent. */
  copiesBefore: number[] | null;
  /** A copy add, once settled: the copy it made. */
  copyId: number | null;
  lastError: string | null;
  /** Waiting because VerseDB refused the token (401/403) or the member signed out. */
  needsSignIn: boolean;
  /** What the member should be told (a doubled copy removed, a refusal), shown by the popup. */
  notice: string | null;
  /** A change made on a comic answered from its series' barcode base while its issue could not be found
   *  (offline, VerseDB down): the code (`upc:…`) the issue is found from before it is sent; its write's
   *  issueId is 0 until then. */
  code?: string | null;
}

/** A variant seen in a lookup of its own 17-digit code: its cover and printing digits. */
export interface KnownVariant {
  variantId: number;
  issueId: number;
  cover: number;
  printing: number;
}

/**
 * What Longbox knows of one series' issues for series learning (lib/library/series.ts): the issues
 * its lookups and catalog reads named, the variants whose codes were looked up (to name the cover of
 * a member's copy), and the last catalog read of the series (`GET /issues?series_id=…`).
 */
export interface SeriesRecord {
  seriesId: number;
  seriesName: string | null;
  issues: KnownIssue[];
  variants: KnownVariant[];
  /** When the series' issues were last read from the catalog, and whether that one read held them all. */
  catalog: { readAt: number; complete: boolean } | null;
}

export type { UpcBaseRecord } from '../library/series';

interface LongboxDB extends DBSchema {
  resolutions: { key: string; value: Resolution; indexes: { byExpiry: number; byIssue: number } };
  issues: { key: number; value: IssueSummary; indexes: { byMatchKey: string; bySeries: number } };
  copies: { key: number; value: OwnedCopy; indexes: { byIssue: number; byGeneration: number } };
  wishlist: { key: string; value: WishlistItem; indexes: { byIssue: number } };
  pullList: { key: number; value: PullListSeries };
  meta: { key: string; value: unknown };
  writes: { key: number; value: WriteRow; indexes: { byId: string; byState: string } };
  /** What each 12-digit UPC base was seen to name (series learning). */
  upcBases: { key: string; value: UpcBaseRecord };
  /** What is known of each series' issues (series learning). */
  series: { key: number; value: SeriesRecord };
}

export type LongboxDatabase = IDBPDatabase<LongboxDB>;

export function openLongboxDb(name = DB_NAME): Promise<LongboxDatabase> {
  return openDB<LongboxDB>(name, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        db.createObjectStore('resolutions', { keyPath: 'code' }).createIndex('byExpiry', 'expiresAt');
        db.createObjectStore('issues', { keyPath: 'id' }).createIndex('byMatchKey', 'matchKey');
        const copies = db.createObjectStore('copies', { keyPath: 'copyId' });
        copies.createIndex('byIssue', 'issueId');
        copies.createIndex('byGeneration', 'generation');
        db.createObjectStore('wishlist', { keyPath: 'key' }).createIndex('byIssue', 'issueId');
        db.createObjectStore('pullList', { keyPath: 'seriesId' });
        db.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        // One row per write (before: one array in meta, rewritten whole). The old queue moves over on first use.
        const writes = db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
        writes.createIndex('byId', 'id', { unique: true });
        writes.createIndex('byState', 'state');
      }
      if (oldVersion < 3) {
        // Series learning: bases and series, the issues of a series, and the resolutions naming an issue
        // (dropped when a sync sees that issue change).
        db.createObjectStore('upcBases', { keyPath: 'base' });
        db.createObjectStore('series', { keyPath: 'seriesId' });
        transaction.objectStore('issues').createIndex('bySeries', 'seriesId');
        const resolutions = transaction.objectStore('resolutions');
        resolutions.createIndex('byIssue', 'issueId');
        // Found resolutions no longer expire by time (they go when a sync sees their issue change).
        void keepFoundResolutions(resolutions);
      }
    },
  });
}

/** Version 3: the found resolutions stored with a 30-day expiry are kept until their issue changes. */
async function keepFoundResolutions(store: IDBPObjectStore<LongboxDB, ArrayLike<StoreNames<LongboxDB>>, 'resolutions', 'versionchange'>): Promise<void> {
  for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.kind === 'found' && cursor.value.expiresAt !== KEPT_UNTIL_CHANGED) await cursor.update({ ...cursor.value, expiresAt: KEPT_UNTIL_CHANGED });
  }
}

/** The expiresAt of a found resolution: kept until a sync or lookup sees its issue change, not by time. */
export const KEPT_UNTIL_CHANGED = Number.MAX_SAFE_INTEGER;

export function wishlistKey(issueId: number, variantId: number | null): string {
  return `${issueId}:${variantId ?? ''}`;
}
