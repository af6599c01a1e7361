import { z } from 'zod';
import { t } from '../i18n';
import type { Scheduler } from '../scheduler';
import type { VerseDbClient } from '../versedb/client';
import { isVerseDbError } from '../versedb/errors';
import type { KeyReason } from '../versedb/schemas';
import type { Library } from './library';
import { matchKeyParts, normaliseNumber } from './match';

// Key issues: which issues of a series collectors hunt (1st appearances, deaths, origins), marked on their
// badges. For the series a page shows, one read (`GET /issues?series_ids=…&key_issues_only=true`, 100 a
// page) says which of their issues are keys, kept a week a series: a page seen again spends nothing, and
// no read is ever made per comic for keys. Why an issue is a key is read when a member opens its menu:
// VerseDB tells PRO members only, so a free member is told that without a read.

const DAY_MS = 86_400_000;
/** How long the keys of a series are believed: VerseDB's editors add keys now and then, not daily. */
export const KEYS_KEPT_MS = 7 * DAY_MS;
/** How long an issue's reasons are kept. */
export const REASONS_KEPT_MS = 7 * DAY_MS;
/** Series asked about in one read (its address stays short). */
const SERIES_PER_READ = 100;
/** Pages of one read at most: 1,000 keys is more than any page of comics needs. */
const MAX_PAGES = 10;

/** A key issue of a series: its id (for its reasons) and its number (a badge knows its comic by number). */
export interface KeyIssue {
  issueId: number;
  number: string;
}

const KeptKeys = z.object({ at: z.number(), keys: z.array(z.object({ issueId: z.number(), number: z.string() })) });
const KeptReasons = z.object({
  at: z.number(),
  reasons: z.array(z.object({ name: z.string().nullable(), category: z.string().nullable(), notes: z.string().nullable() })),
});

/** Why an issue is a key, as the badge's menu tells it. */
export type KeyReasonsAnswer =
  | { kind: 'reasons'; reasons: KeyReason[] }
  /** VerseDB gives the reasons to PRO members only. */
  | { kind: 'needs-pro' }
  /** No answer now (offline, quota spent, VerseDB down): the menu says so and asks again next time. */
  | { kind: 'unavailable'; message: string };

export interface KeyDeps {
  client: () => VerseDbClient | null;
  scheduler: Scheduler;
  library: Library;
  isPro: () => boolean;
}

const keysKey = (seriesId: number) => `key-issues:${seriesId}`;
const reasonsKey = (issueId: number) => `key-reasons:${issueId}`;

export class KeyIssues {
  /** Series whose keys are being read: a second page asking for them waits for that read. */
  private readonly reading = new Map<number, Promise<KeyIssue[] | null>>();

  constructor(private readonly deps: KeyDeps) {}

  /**
   * The key issues of these series: what is kept, and the rest in one read (paged). A series whose keys
   * could not be read now (offline, the quota spent, VerseDB down) is left out, and asked again next time.
   */
  async keysOf(seriesIds: readonly number[], tabId?: number, read: ReadonlySet<number> | null = null): Promise<Map<number, KeyIssue[]>> {
    const wanted = [...new Set(seriesIds.filter((id) => Number.isInteger(id) && id > 0))];
    const found = new Map<number, KeyIssue[]>();
    const kept = await Promise.all(wanted.map(async (id) => [id, await this.kept(id)] as const));
    const missing: number[] = [];
    for (const [id, keys] of kept) {
      if (keys) found.set(id, keys);
      else missing.push(id);
    }
    const waiting: Array<Promise<void>> = [];
    // `read`: the series worth a read now; the others are answered from what is kept, or not at all.
    const unread = missing.filter((id) => !this.reading.has(id) && (read === null || read.has(id)));
    for (let at = 0; at < unread.length; at += SERIES_PER_READ) {
      const group = unread.slice(at, at + SERIES_PER_READ);
      const read = this.read(group, tabId);
      for (const id of group) {
        const own = read.then((all) => all?.get(id) ?? null);
        this.reading.set(id, own);
        void own.finally(() => {
          if (this.reading.get(id) === own) this.reading.delete(id);
        });
      }
    }
    for (const id of missing) {
      const read = this.reading.get(id);
      if (read) waiting.push(read.then((keys) => void (keys && found.set(id, keys))));
    }
    await Promise.all(waiting);
    return found;
  }

  private async kept(seriesId: number): Promise<KeyIssue[] | null> {
    const { library } = this.deps;
    const kept = KeptKeys.safeParse(await library.meta(keysKey(seriesId)));
    return kept.success && library.now() - kept.data.at < KEYS_KEPT_MS ? kept.data.keys : null;
  }

  /** One read of these series' keys, page after page; null when it could not be made. */
  private async read(seriesIds: readonly number[], tabId: number | undefined): Promise<Map<number, KeyIssue[]> | null> {
    const client = this.deps.client();
    if (!client || seriesIds.length === 0) return null;
    const found = new Map<number, KeyIssue[]>(seriesIds.map((id) => [id, []]));
    const seen = new Set<number>();
    try {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await this.deps.scheduler.run(
          { key: `key-issues:${seriesIds.join(',')}:${page}`, kind: 'read', priority: 'visible', tabId },
          () => client.keyIssues(seriesIds, page),
        );
        let fresh = 0;
        for (const issue of answer.issues) {
          // Only the series asked about, each issue once (a server that ignores `page` sends page 1 again).
          if (issue.seriesId === null || !found.has(issue.seriesId) || seen.has(issue.id)) continue;
          seen.add(issue.id);
          fresh += 1;
          if (issue.number) found.get(issue.seriesId)?.push({ issueId: issue.id, number: issue.number });
        }
        const last = answer.meta?.lastPage ?? (answer.issues.length + answer.skipped.length < 100 ? page : page + 1);
        if (page >= last || fresh === 0) break;
      }
    } catch (error) {
      if (isVerseDbError(error)) return null;
      throw error;
    }
    const at = this.deps.library.now();
    await Promise.all([...found].map(([id, keys]) => this.deps.library.setMeta(keysKey(id), { at, keys })));
    return found;
  }

  /** Why the issue is a key: kept a week, else one read, for PRO members only. */
  async reasonsOf(issueId: number): Promise<KeyReasonsAnswer> {
    if (!this.deps.isPro()) return { kind: 'needs-pro' };
    const { library } = this.deps;
    const kept = KeptReasons.safeParse(await library.meta(reasonsKey(issueId)));
    if (kept.success && library.now() - kept.data.at < REASONS_KEPT_MS) return { kind: 'reasons', reasons: kept.data.reasons };
    const client = this.deps.client();
    if (!client) return { kind: 'unavailable', message: t('status_sign_in') };
    try {
      const reasons = await this.deps.scheduler.run({ key: reasonsKey(issueId), kind: 'read', priority: 'user' }, () => client.keyReasons(issueId));
      await library.setMeta(reasonsKey(issueId), { at: library.now(), reasons });
      return { kind: 'reasons', reasons };
    } catch (error) {
      if (!isVerseDbError(error)) throw error;
      // The member's PRO has ended since Longbox last read it: the menu says the reasons need PRO.
      if (error.problem.kind === 'pro-required') return { kind: 'needs-pro' };
      return { kind: 'unavailable', message: error.problem.message };
    }
  }
}

/** A comic as its badge knows it, for its key mark. */
export interface KeyQuery {
  seriesId: number | null;
  matchKey: string | null;
  number: string | null;
}

/**
 * The key issue each comic is, or null. A comic whose answer names no series (a title no issue of the
 * library matched) takes the series of the comics on the same page whose titles name the same series and
 * whose answers name one, when they all name that one: on a page of a run, the issues the member has tell
 * which series the others belong to. A title that names no series Longbox knows gets no mark, and costs no read.
 */
export async function keyMarks(comics: readonly KeyQuery[], keys: KeyIssues, tabId?: number): Promise<Array<{ issueId: number } | null>> {
  const parts = comics.map((comic) => (comic.matchKey ? matchKeyParts(comic.matchKey) : null));
  const seriesOfName = new Map<string, Set<number>>();
  comics.forEach((comic, i) => {
    const name = parts[i];
    if (comic.seriesId === null || !name || name.collected) return;
    let ids = seriesOfName.get(name.series);
    if (!ids) seriesOfName.set(name.series, (ids = new Set()));
    ids.add(comic.seriesId);
  });
  const seriesOf = comics.map((comic, i) => {
    if (comic.seriesId !== null) return comic.seriesId;
    const name = parts[i];
    const ids = name && !name.collected ? seriesOfName.get(name.series) : undefined;
    return ids?.size === 1 ? ([...ids][0] ?? null) : null;
  });
  // A read is spent on a run: a series of which the page shows two issue numbers or more (a back-issue
  // page), or the one series of a page that shows only one (a product page). A listing of many series'
  // new issues, one number each, is marked from what is kept: its keys are no back-issue hunt, and reading
  // them all would cost a read for every few series.
  const numbers = new Map<number, Set<string>>();
  seriesOf.forEach((id, i) => {
    const number = comics[i]?.number ?? parts[i]?.number ?? null;
    if (id === null || id === undefined || !number) return;
    let set = numbers.get(id);
    if (!set) numbers.set(id, (set = new Set()));
    set.add(normaliseNumber(number));
  });
  const runs = new Set([...numbers].filter(([, set]) => set.size >= 2 || numbers.size === 1).map(([id]) => id));
  const found = await keys.keysOf(seriesOf.filter((id): id is number => id !== null), tabId, runs);
  return comics.map((comic, i) => {
    const seriesId = seriesOf[i];
    const number = comic.number ?? parts[i]?.number ?? null;
    if (seriesId === null || seriesId === undefined || !number) return null;
    const wanted = normaliseNumber(number);
    const key = found.get(seriesId)?.find((k) => normaliseNumber(k.number) === wanted);
    return key ? { issueId: key.issueId } : null;
  });
}
