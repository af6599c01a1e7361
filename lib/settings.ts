import { z } from 'zod';
import { storage } from 'wxt/utils/storage';
import { DEFAULT_VERSEDB_URL } from './config';

// What Longbox keeps in extension storage. The token lives in `local` (never `sync`, which would copy
// it to every browser the member signs in to) and only the background reads it.

export const Member = z.object({ id: z.number(), username: z.string(), name: z.string().nullable(), isPro: z.boolean() });
export type Member = z.infer<typeof Member>;

export const Session = z.object({
  address: z.string(),
  token: z.string().min(1),
  /** A Connect token is read-only: no lookups, no writes. */
  tokenKind: z.enum(['personal', 'connect']),
  member: Member.nullable(),
  /** Set when VerseDB refused the token (401): every call stops until the member signs in again. */
  rejected: z.boolean(),
  /** Scopes VerseDB said the token lacks (from 403s), by name. */
  missingScopes: z.array(z.string()),
});
export type Session = z.infer<typeof Session>;

export const sessionItem = storage.defineItem<Session | null>('local:session', { fallback: null, version: 1 });

export const Preferences = z.object({
  address: z.string(),
  defaultCondition: z.string(),
  badgePlacement: z.enum(['after', 'before']),
  /** Adapter ids the member turned off. */
  disabledSites: z.array(z.string()),
});
export type Preferences = z.infer<typeof Preferences>;

export const DEFAULT_PREFERENCES: Preferences = {
  address: DEFAULT_VERSEDB_URL,
  defaultCondition: 'NM',
  badgePlacement: 'after',
  disabledSites: [],
};

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
