import { storage } from 'wxt/utils/storage';
import { DEFAULT_PREFERENCES, Preferences, type Session } from './settings-schema';

// What Longbox keeps in extension storage: the member's preferences. The session with its token is kept
// apart, in the extension's own IndexedDB (lib/secrets.ts), where no content script can read it.

export * from './settings-schema';

/** Where sessions were kept before lib/secrets.ts: read once to move them, then removed. */
export const legacySessionItem = storage.defineItem<Session | null>('local:session', { fallback: null, version: 1 });

export const preferencesItem = storage.defineItem<Preferences>('local:preferences', {
  fallback: DEFAULT_PREFERENCES,
  version: 1,
});

/** The session an earlier version kept in `storage.local`, taken out of it. */
export async function takeLegacySession(): Promise<unknown> {
  const stored = await legacySessionItem.getValue();
  if (stored !== null) await legacySessionItem.removeValue();
  return stored;
}

export async function readPreferences(): Promise<Preferences> {
  const parsed = Preferences.safeParse(await preferencesItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}
