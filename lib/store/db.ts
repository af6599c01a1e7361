import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AmbiguousMatch } from '../versedb/schemas';

// Longbox's IndexedDB: what codes resolved to, the issues we know, and the member's library
// (copies, wishlist, pull list). Versioned; each version's upgrade step runs once, in order.

export const DB_NAME = 'longbox';
export const DB_VERSION = 1;

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
  seriesName: string;
  coverUrl: string | null;
}

interface LongboxDB extends DBSchema {
  resolutions: { key: string; value: Resolution; indexes: { byExpiry: number } };
  issues: { key: number; value: IssueSummary; indexes: { byMatchKey: string } };
  copies: { key: number; value: OwnedCopy; indexes: { byIssue: number; byGeneration: number } };
  wishlist: { key: string; value: WishlistItem; indexes: { byIssue: number } };
  pullList: { key: number; value: PullListSeries };
  meta: { key: string; value: unknown };
}

export type LongboxDatabase = IDBPDatabase<LongboxDB>;

export function openLongboxDb(name = DB_NAME): Promise<LongboxDatabase> {
  return openDB<LongboxDB>(name, DB_VERSION, {
    upgrade(db, oldVersion) {
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
    },
  });
}

export function wishlistKey(issueId: number, variantId: number | null): string {
  return `${issueId}:${variantId ?? ''}`;
}
