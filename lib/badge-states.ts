// The states a badge shows, in order of precedence. Its own module, free of zod, because the content
// script imports it (see lib/items.ts for the schemas built on it).
export const BADGE_STATES = [
  'owned', 'wishlist', 'pull-list', 'not-owned', 'ambiguous', 'not-found', 'signed-out', 'paused', 'error',
] as const;
export type BadgeState = (typeof BADGE_STATES)[number];
