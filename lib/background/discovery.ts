import { z } from 'zod';
import type { Library } from '../library/library';
import type { Priority } from '../quota';
import type { Scheduler } from '../scheduler';
import type { VerseDbClient } from '../versedb/client';
import type { Issue } from '../versedb/schemas';

// The popup's lists: upcoming Final Order Cutoffs (the pull list's series first), new #1s and
// follow updates. Each answer is kept for an hour so the popup opens at once from the last one.

export const FEEDS = ['foc', 'firsts', 'follows'] as const;
export type Feed = (typeof FEEDS)[number];

export const DiscoveryEntry = z.object({
  issueId: z.number(),
  seriesId: z.number().nullable(),
  seriesName: z.string().nullable(),
  number: z.string(),
  title: z.string().nullable(),
  coverUrl: z.string().nullable(),
  releaseDate: z.string().nullable(),
  focDate: z.string().nullable(),
  onPullList: z.boolean(),
  /** Why a follow update appears ("New in X-Men"). */
  reason: z.string().nullable(),
});
export type DiscoveryEntry = z.infer<typeof DiscoveryEntry>;

export const DiscoveryResult = z.object({
  feed: z.enum(FEEDS),
  days: z.number(),
  entries: z.array(DiscoveryEntry),
  note: z.string().nullable(),
  /** Entries VerseDB sent that could not be read (no issue id): left out, and said. */
  unreadable: z.number().default(0),
  fetchedAt: z.number(),
});
export type DiscoveryResult = z.infer<typeof DiscoveryResult>;

const KEEP_FOR = 3_600_000;
export const FEED_DAYS: Record<Feed, { min: number; max: number }> = {
  foc: { min: 1, max: 30 },
  firsts: { min: 1, max: 90 },
  follows: { min: 1, max: 90 },
};

function entry(issue: Issue, pulled: Set<number>, reason: string | null = null): DiscoveryEntry {
  return {
    issueId: issue.id,
    seriesId: issue.seriesId,
    seriesName: issue.series?.name ?? null,
    number: issue.number,
    title: issue.name,
    coverUrl: issue.coverUrl,
    releaseDate: issue.releaseDate,
    focDate: issue.focDate,
    onPullList: issue.seriesId !== null && pulled.has(issue.seriesId),
    reason,
  };
}

/** The member's pull-list series first, then by cutoff date. */
function byPullListThenCutoff(a: DiscoveryEntry, b: DiscoveryEntry): number {
  return Number(b.onPullList) - Number(a.onPullList) || (a.focDate ?? '').localeCompare(b.focDate ?? '');
}

export async function discovery(
  deps: { client: VerseDbClient; scheduler: Scheduler; library: Library; now: number },
  feed: Feed,
  requestedDays: number,
  refresh = false,
  /** The popup's lists are the member's ask; the daily FOC reminder's read is background work. */
  priority: Priority = 'user',
): Promise<DiscoveryResult> {
  const { min, max } = FEED_DAYS[feed];
  const days = Math.min(max, Math.max(min, Math.round(requestedDays)));
  const cacheKey = `discovery:${feed}:${days}`;
  const cached = DiscoveryResult.safeParse(await deps.library.meta(cacheKey));
  const pulled = new Set(await deps.library.pullListSeriesIds());
  if (!refresh && cached.success && deps.now - cached.data.fetchedAt < KEEP_FOR) {
    // The list is kept; the pull-list marks are the member's as of now.
    const entries = cached.data.entries.map((e) => ({ ...e, onPullList: e.seriesId !== null && pulled.has(e.seriesId) }));
    if (feed === 'foc') entries.sort(byPullListThenCutoff);
    return { ...cached.data, entries };
  }

  const read = <T>(call: () => Promise<T>) => deps.scheduler.run({ key: cacheKey, kind: 'read', priority }, call);
  let result: DiscoveryResult;
  if (feed === 'foc') {
    const page = await read(() => deps.client.foc({ days }));
    const entries = page.issues.map((issue) => entry(issue, pulled));
    // The member's pull-list series first, then by cutoff date.
    entries.sort(byPullListThenCutoff);
    result = { feed, days, entries, note: page.meta.note, unreadable: page.skipped.length, fetchedAt: deps.now };
  } else if (feed === 'firsts') {
    const page = await read(() => deps.client.upcomingFirsts({ days }));
    result = { feed, days, entries: page.issues.map((issue) => entry(issue, pulled)), note: null, unreadable: page.skipped.length, fetchedAt: deps.now };
  } else {
    const page = await read(() => deps.client.followUpdates({ days }));
    result = {
      feed,
      days,
      entries: page.issues.map(({ issue, reason }) => entry(issue, pulled, reason)),
      note: null,
      unreadable: page.skipped.length,
      fetchedAt: deps.now,
    };
  }
  await deps.library.setMeta(cacheKey, result);
  return result;
}
