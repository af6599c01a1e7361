import { storage } from 'wxt/utils/storage';
import { DEFAULT_PREFERENCES, Preferences, Session } from './settings-schema';

// What Longbox keeps in extension storage. The token lives in `local` (never `sync`, which would copy
// it to every browser the member signs in to) and only the background reads it.

export * from './settings-schema';

export const sessionItem = storage.defineItem<Session | null>('local:session', { fallback: null, version: 1 });

export const preferencesItem = storage.defineItem<Preferences>('local:preferences', {
  fallback: DEFAULT_PREFERENCES,
  version: 1,
});

/** Reads a stored value through its schema: a damaged value reads as absent, never as data. */
export async function readSession(): Promise<Session | null> {
  const parsed = Session.safeParse(await sessionItem.getValue());
  return parsed.success ? parsed.data : null;
}

export async function readPreferences(): Promise<Preferences> {
  const parsed = Preferences.safeParse(await preferencesItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}
