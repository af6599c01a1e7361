import { z } from 'zod';
import { DiscoveryResult, FEEDS, UiState, type Feed } from './replies';

// What the popup last showed, kept in the extension's own localStorage: it is read synchronously, so
// the popup's first render already has the member, quota and lists, and refreshes from there. It
// holds nothing secret (never the token) and goes on sign-out.

const KEY = 'longbox:last-seen';

export const FEED_DAYS: Record<Feed, { min: number; max: number; initial: number }> = {
  foc: { min: 1, max: 30, initial: 14 },
  firsts: { min: 1, max: 90, initial: 60 },
  follows: { min: 1, max: 90, initial: 30 },
};

const FeedSnapshot = z.object({ days: z.number().int(), result: DiscoveryResult.nullable() });
export const Snapshot = z.object({
  version: z.literal(1),
  state: UiState.nullable(),
  feeds: z.object({ foc: FeedSnapshot, firsts: FeedSnapshot, follows: FeedSnapshot }),
});
export type Snapshot = z.infer<typeof Snapshot>;

export function emptySnapshot(): Snapshot {
  const feed = (name: Feed) => ({ days: FEED_DAYS[name].initial, result: null });
  return { version: 1, state: null, feeds: { foc: feed('foc'), firsts: feed('firsts'), follows: feed('follows') } };
}

export interface SnapshotStore {
  load(): Snapshot;
  save(snapshot: Snapshot): void;
  clear(): void;
}

export function clampDays(feed: Feed, days: number): number {
  const { min, max, initial } = FEED_DAYS[feed];
  if (!Number.isFinite(days)) return initial;
  return Math.min(max, Math.max(min, Math.round(days)));
}

/** A store over a Web Storage area; a damaged or missing value reads as empty. */
export function webStorageSnapshots(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): SnapshotStore {
  return {
    load() {
      try {
        const raw = storage.getItem(KEY);
        const parsed = Snapshot.safeParse(raw === null ? null : JSON.parse(raw));
        if (!parsed.success) return emptySnapshot();
        for (const feed of FEEDS) parsed.data.feeds[feed].days = clampDays(feed, parsed.data.feeds[feed].days);
        return parsed.data;
      } catch {
        return emptySnapshot();
      }
    },
    save(snapshot) {
      try {
        storage.setItem(KEY, JSON.stringify(snapshot));
      } catch {
        // Full or unavailable storage only costs the next popup its head start.
      }
    },
    clear() {
      storage.removeItem(KEY);
    },
  };
}

export function memorySnapshots(initial: Snapshot = emptySnapshot()): SnapshotStore {
  let current = initial;
  return {
    load: () => current,
    save: (snapshot) => {
      current = snapshot;
    },
    clear: () => {
      current = emptySnapshot();
    },
  };
}
