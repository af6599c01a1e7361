import { z } from 'zod';
import { DEFAULT_VERSEDB_URL } from './config';

// The shapes of what Longbox keeps in extension storage, free of the storage API itself so the
// background's logic (and its tests and benchmarks, outside a browser) can use them. lib/settings.ts
// declares the stored items.

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

export const Preferences = z.object({
  address: z.string(),
  defaultCondition: z.string(),
  badgePlacement: z.enum(['after', 'before']),
  /** Adapter ids the member turned off. */
  disabledSites: z.array(z.string()),
  /** FOC reminders: off until the member turns them on (which asks for the notifications permission). */
  focReminders: z.boolean().default(false),
  /** The hour of the day (local, 0-23) the FOC reminder comes at. */
  focReminderHour: z.number().int().min(0).max(23).default(9),
});
export type Preferences = z.infer<typeof Preferences>;

export const DEFAULT_PREFERENCES: Preferences = {
  address: DEFAULT_VERSEDB_URL,
  defaultCondition: 'NM',
  badgePlacement: 'after',
  disabledSites: [],
  focReminders: false,
  focReminderHour: 9,
};
