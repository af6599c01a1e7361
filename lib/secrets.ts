import { openDB, type IDBPDatabase } from 'idb';
import { Session } from './settings-schema';

// Where the member's VerseDB token is kept: the extension's own IndexedDB, which only the extension's
// pages and its background can open. Not `storage.local`, which every content script can read, so a
// store page that got hold of one could not lift the token from it. Only the background reads it.

const DB_NAME = 'longbox-secrets';
const STORE = 'session';
const KEY = 'current';

let db: Promise<IDBPDatabase> | null = null;

function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  return db;
}

/** Where sessions were kept before: read once, moved here, then removed from `storage.local`. */
export interface LegacySessionStore {
  take(): Promise<unknown>;
}

/** The stored session, read through its schema: a damaged value reads as absent, never as data. */
export async function loadSession(legacy?: LegacySessionStore): Promise<Session | null> {
  const database = await open();
  let stored: unknown = await database.get(STORE, KEY);
  if (stored === undefined && legacy) {
    stored = await legacy.take();
    const moved = Session.safeParse(stored);
    if (moved.success) await database.put(STORE, moved.data, KEY);
  }
  const parsed = Session.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export async function saveSession(session: Session | null): Promise<void> {
  const database = await open();
  if (session === null) await database.delete(STORE, KEY);
  else await database.put(STORE, session, KEY);
}
