import { formatAgo, formatCount, formatAt, formatWhen } from './format';
import { plural } from './problems';
import type { UiState } from './replies';

// The always-visible lines: reads left and when they come back, and where the library sync is.

export function readsText(quota: UiState['quota'], now: number): { hour: string; today: string } {
  return {
    hour: `${formatCount(Math.max(0, quota.reads.remaining))} of ${formatCount(quota.reads.limit)} reads left this hour, back to full ${formatAt(quota.reads.resetsAt, now)}`,
    today: `${formatCount(Math.max(0, quota.readsToday.remaining))} of ${formatCount(quota.readsToday.limit)} today, back to full ${formatWhen(quota.readsToday.resetsAt, now)}`,
  };
}

const STEP_NAMES: Record<NonNullable<UiState['sync']['step']>, string> = {
  collection: 'collection',
  wishlist: 'wishlist',
  'pull-list': 'pull list',
};

export function syncText(sync: UiState['sync'], now: number): string {
  if (sync.step !== null) {
    // The step's own pages: while the wishlist syncs, the wishlist's, never the collection's.
    const done = sync.phasePagesDone;
    const pages = sync.phaseLastPage !== null ? `${done} of ${sync.phaseLastPage} ${sync.phaseLastPage === 1 ? 'page' : 'pages'}` : plural(done, 'page');
    const copies = sync.step === 'collection' && sync.total !== null ? ` (${formatCount(sync.total)} copies)` : '';
    const base = `Syncing your ${STEP_NAMES[sync.step]}: ${pages} done${copies}`;
    if (sync.waitingUntil !== null && sync.waitingUntil > now) {
      // A wait with a problem is VerseDB failing (5xx, unreachable); without one, the quota's hourly cap.
      return sync.problem
        ? `${base}. VerseDB is not answering; the sync goes on ${formatAt(sync.waitingUntil, now)}.`
        : `${base}. The hourly cap allows the next page ${formatAt(sync.waitingUntil, now)}.`;
    }
    return `${base}.`;
  }
  if (sync.lastSyncedAt !== null) return `Library synced ${formatAgo(sync.lastSyncedAt, now)}.`;
  return 'Library not synced yet.';
}

/** What each list's rows are called, one and several. */
const ROW_NAMES: Record<UiState['sync']['unreadable'][number]['list'], [string, string]> = {
  collection: ['copy in your collection', 'copies in your collection'],
  wishlist: ['wishlist entry', 'wishlist entries'],
  'pull-list': ['pull-list entry', 'pull-list entries'],
};

/** One line per list and reason for the rows the last sync could not read ("3 wishlist entries could not be read; …"). */
export function unreadableText(unreadable: UiState['sync']['unreadable']): string[] {
  return unreadable.map(({ list, reason, count }) => {
    const [one, several] = ROW_NAMES[list];
    return count === 1
      ? `1 ${one} could not be read; VerseDB sent it ${reason}.`
      : `${formatCount(count)} ${several} could not be read; VerseDB sent them ${reason}.`;
  });
}
