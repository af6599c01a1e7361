import { plural, t, type MessageId, type PluralId } from '../i18n';
import { formatAgo, formatAt, formatWhen } from './format';
import type { UiState } from './replies';

// The always-visible lines: reads left and when they come back, and where the library sync is.

export function readsText(quota: UiState['quota'], now: number): { hour: string; today: string } {
  return {
    hour: plural('ui_reads_hour', Math.max(0, quota.reads.remaining), quota.reads.limit, formatAt(quota.reads.resetsAt, now)),
    today: plural('ui_reads_today', Math.max(0, quota.readsToday.remaining), quota.readsToday.limit, formatWhen(quota.readsToday.resetsAt, now)),
  };
}

/** The sentence for each step of a sync under way; $1 is how many of its pages are done. */
const STEP_MESSAGES = {
  collection: 'ui_sync_collection',
  wishlist: 'ui_sync_wishlist',
  'pull-list': 'ui_sync_pull_list',
} as const satisfies Record<NonNullable<UiState['sync']['step']>, MessageId>;

export function syncText(sync: UiState['sync'], now: number): string {
  if (sync.step !== null) {
    // The step's own pages: while the wishlist syncs, the wishlist's, never the collection's.
    const done = sync.phasePagesDone;
    const pages = sync.phaseLastPage !== null ? plural('ui_sync_pages_of', sync.phaseLastPage, done) : plural('ui_sync_pages_done', done);
    const base =
      sync.step === 'collection' && sync.total !== null ? plural('ui_sync_collection_copies', sync.total, pages) : t(STEP_MESSAGES[sync.step], pages);
    if (sync.waitingUntil !== null && sync.waitingUntil > now) {
      // A wait with a problem is VerseDB failing (5xx, unreachable); without one, the quota's hourly cap.
      return sync.problem ? t('ui_sync_wait_unavailable', base, formatAt(sync.waitingUntil, now)) : t('ui_sync_wait_cap', base, formatAt(sync.waitingUntil, now));
    }
    return base;
  }
  if (sync.lastSyncedAt !== null) return t('ui_sync_synced', formatAgo(sync.lastSyncedAt, now));
  return t('ui_sync_never');
}

/** What each list's unreadable rows are called, in a sentence of their own: $1 the count, $2 the reason. */
const UNREADABLE_MESSAGES = {
  collection: 'ui_unreadable_collection',
  wishlist: 'ui_unreadable_wishlist',
  'pull-list': 'ui_unreadable_pull_list',
} as const satisfies Record<UiState['sync']['unreadable'][number]['list'], PluralId>;

/** One line per list and reason for the rows the last sync could not read ("3 wishlist entries could not be read; …"). */
export function unreadableText(unreadable: UiState['sync']['unreadable']): string[] {
  return unreadable.map(({ list, reason, count }) => plural(UNREADABLE_MESSAGES[list], count, reason));
}
