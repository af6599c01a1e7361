import type { MessageId } from './i18n';

// The states a badge shows, in order of precedence. Its own module, free of zod, because the content
// script imports it (see lib/items.ts for the schemas built on it).
export const BADGE_STATES = [
  'owned', 'wishlist', 'pull-list', 'not-owned', 'ambiguous', 'not-found', 'signed-out', 'paused', 'error',
] as const;
export type BadgeState = (typeof BADGE_STATES)[number];

/** Each state's one name, said the same by the badge, its menu, the popup and the tests (lib/i18n.ts). */
export const STATE_MESSAGES = {
  owned: 'state_owned',
  wishlist: 'state_wishlist',
  'pull-list': 'state_pull_list',
  'not-owned': 'state_not_owned',
  ambiguous: 'state_ambiguous',
  'not-found': 'state_not_found',
  'signed-out': 'state_signed_out',
  paused: 'state_paused',
  error: 'state_error',
} as const satisfies Record<BadgeState, MessageId>;
