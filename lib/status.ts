import { z } from 'zod';
import { circuitRetryAt } from './circuit';
import { BADGE_STATES, type BadgeState, type CodeRef, type ItemQuery } from './items';
import { bestCondition, type Library } from './library/library';
import type { Scheduler } from './scheduler';
import type { IssueSummary, Resolution } from './store/db';
import { matchKeyParts } from './library/match';
import { issueSummary } from './library/sync';
import { seriesKey } from './detect/titles';
import { isVerseDbError } from './versedb/errors';
import type { VerseDbClient } from './versedb/client';
import type { AmbiguousMatch } from './versedb/schemas';

// The status of one comic a page shows: from the cache and the synced library first; then one
// lookup by code (spent at most once per code, "not found" and "ambiguous" remembered too); a
// comic with no code is matched by its parsed title against the library, locally, for free: first
// against the issues the library knows (same series key and number), then, when none of those is
// owned or wishlisted, against the series on the member's pull list by name. Until the library has
// synced once, an issue's copies are read from VerseDB (one read per issue, remembered for that sync
// generation, and only for comics that may spend reads); see checkWhileUnsynced.

export interface ItemStatus {
  state: BadgeState;
  /** The code the status was resolved from (`upc:…`), or the title when there was none. */
  resolvedFrom: string | null;
  issue: IssueSummary | null;
  /** The series the status speaks of: the issue's, or for a title matched to a pulled series, that series. */
  seriesId: number | null;
  seriesName: string | null;
  copies: number;
  bestCondition: string | null;
  matches: AmbiguousMatch[];
  /** For `paused`, and for `error` while VerseDB is not answering (the circuit is open): when lookups resume. */
  resumesAt: number | null;
  /** For `error`, `signed-out`, `not-found`: what to tell the shopper. */
  message: string | null;
  /** True when the answer came from matching the title, not a code. */
  byTitle: boolean;
}

function status(state: BadgeState, fields: Partial<ItemStatus> = {}): ItemStatus {
  return {
    state,
    resolvedFrom: null,
    issue: null,
    seriesId: null,
    seriesName: null,
    copies: 0,
    bestCondition: null,
    matches: [],
    resumesAt: null,
    message: null,
    byTitle: false,
    ...fields,
  };
}

/** Codes VerseDB can look up, most exact first. Diamond codes have no lookup; they go by title. */
const LOOKUP_ORDER: Record<CodeRef['type'], number | null> = {
  upc: 0, isbn: 1, ean: 2, lunar: 3, prh: 4, diamond: null,
};

export function codeKey(code: CodeRef): string {
  return `${code.type}:${code.value}`;
}

export interface StatusDeps {
  library: Library;
  scheduler: Scheduler;
  /** Null when signed out, or when the token cannot look codes up (a Connect token). */
  client: () => VerseDbClient | null;
  canLookUp: () => boolean;
  /** Whether the library has synced once, and the generation copies found meanwhile belong to. */
  librarySync: () => Promise<{ synced: boolean; generation: number }>;
  /** Changes at every sign-out and account switch: an answer that arrives after it stores nothing. */
  epoch?: () => number;
}

/** What one status may spend: `lookUp: false` spends no read at all. */
interface Ask {
  tabId: number | undefined;
  lookUp: boolean;
}

/** Issues whose copies were read from VerseDB before the first sync, and the sync generation they belong to. */
const CHECKED_KEY = 'unsynced-checks';
const CheckedIssues = z.object({ generation: z.number().int(), issueIds: z.array(z.number().int()) });

export class StatusResolver {
  constructor(private readonly deps: StatusDeps) {}

  /**
   * The statuses of a page's comics, in their order, each on its own: one that cannot be answered
   * (whatever went wrong) is an `error` for that comic alone, and every other one is answered.
   */
  async statusesOf(items: readonly ItemQuery[], options: { tabId?: number; lookUp?: boolean } = {}): Promise<Array<ItemStatus | null>> {
    const settled = await Promise.allSettled(items.map((item) => this.statusOf(item, options)));
    return settled.map((result, i) => {
      if (result.status === 'fulfilled') return result.value;
      const item = items[i];
      return status('error', {
        resolvedFrom: item?.codes[0] ? codeKey(item.codes[0]) : (item?.label ?? null),
        message: 'Longbox could not answer for this comic; it asks again on the next page view.',
      });
    });
  }

  /**
   * The status of one comic. With `lookUp: false` (items not on screen yet) nothing is spent: the
   * answer comes from the cache and the library, or is null when only a lookup could give it.
   */
  async statusOf(query: ItemQuery, options: { tabId?: number; lookUp?: boolean } = {}): Promise<ItemStatus | null> {
    try {
      return await this.resolve(query, { tabId: options.tabId, lookUp: options.lookUp ?? true });
    } catch (error) {
      if (!isVerseDbError(error)) throw error;
      const problem = error.problem;
      const resolvedFrom = query.codes[0] ? codeKey(query.codes[0]) : query.label;
      // Not sent: VerseDB stopped answering and Longbox waits before it asks again (lib/circuit.ts).
      const retryAt = circuitRetryAt(error);
      if (retryAt !== null) return status('error', { resolvedFrom, resumesAt: retryAt, message: problem.message });
      switch (problem.kind) {
        case 'paused':
          return status('paused', { resolvedFrom, resumesAt: problem.resumesAt, message: problem.message });
        case 'rate-limited':
          return status('paused', { resolvedFrom, resumesAt: problem.retryAt, message: problem.message });
        case 'unauthenticated':
          return status('signed-out', { resolvedFrom, message: problem.message });
        default:
          return status('error', { resolvedFrom, message: problem.message });
      }
    }
  }

  private async resolve(query: ItemQuery, ask: Ask): Promise<ItemStatus | null> {
    const { tabId, lookUp } = ask;
    const codes = query.codes
      .filter((code) => LOOKUP_ORDER[code.type] !== null)
      .sort((a, b) => (LOOKUP_ORDER[a.type] ?? 9) - (LOOKUP_ORDER[b.type] ?? 9));
    const firstCode = codes[0] ? codeKey(codes[0]) : null;
    if (!this.deps.client()) {
      return status('signed-out', { resolvedFrom: firstCode ?? query.label, message: 'Sign in to VerseDB in Longbox’s options.' });
    }

    // Anything already resolved answers at once.
    const unknown: CodeRef[] = [];
    for (const code of codes) {
      const known = await this.deps.library.resolution(codeKey(code));
      if (known && known.kind !== 'not-found') return this.fromResolution(known, ask);
      if (!known) unknown.push(code);
    }
    const canLookUp = this.deps.canLookUp();
    if (lookUp && canLookUp) {
      for (const code of unknown) {
        const looked = await this.lookUp(code, tabId);
        if (looked.state !== 'not-found') return looked;
      }
    }
    // A code the page shows is asked about before the title is trusted: titles leave out the volume
    // and the cover, so "Batman #1" would match any Batman #1 in the library.
    if (unknown.length > 0 && canLookUp && !lookUp) return null;
    // Only a comic with no code VerseDB could look up is matched to a pulled series by name: a code it
    // does not know says nothing about which series the comic belongs to.
    const byTitle = await this.byTitle(query, codes.length === 0, ask);
    // A title matched to issues whose copies only a read could tell, by a comic that may not spend one.
    if (byTitle === 'unknown') return null;
    if (byTitle) return byTitle;
    if (unknown.length > 0 && !canLookUp) {
      return status('error', {
        resolvedFrom: firstCode,
        message: 'Your VerseDB token cannot look up barcodes (it lacks lookup:barcode): add that scope in the options.',
      });
    }
    if (firstCode) return status('not-found', { resolvedFrom: firstCode, message: 'VerseDB has no comic with this code.' });
    if (!query.matchKey) {
      // Nothing to ask VerseDB with: no code, and a title without an issue or volume number.
      return status('not-found', {
        resolvedFrom: query.label,
        message: 'The page shows no barcode and no issue number, so Longbox cannot tell which comic this is.',
      });
    }
    const sync = await this.deps.librarySync();
    if (!sync.synced) {
      return status('paused', { resolvedFrom: query.label ?? query.matchKey, message: 'Waiting for your library to finish syncing.' });
    }
    return status('not-owned', { resolvedFrom: query.label ?? query.matchKey, byTitle: true });
  }

  private async lookUp(code: CodeRef, tabId: number | undefined): Promise<ItemStatus> {
    const client = this.deps.client();
    if (!client) return status('signed-out', { resolvedFrom: codeKey(code), message: 'Sign in to VerseDB in Longbox’s options.' });
    const key = codeKey(code);
    try {
      const issue = await this.deps.scheduler.run(
        { key: `lookup:${key}`, kind: 'read', priority: 'visible', tabId },
        () => (code.type === 'isbn' ? client.lookupIsbn(code.value) : code.type === 'lunar' || code.type === 'prh' ? client.lookupCode(code.value) : client.lookupUpc(code.value)),
      );
      await this.deps.library.putIssues([issueSummary(issue)]);
      const resolution: Resolution = { code: key, kind: 'found', issueId: issue.id, variantId: null, expiresAt: this.deps.library.ttl('found') };
      await this.deps.library.remember(resolution);
      return this.fromIssueOf(resolution, { tabId, lookUp: true });
    } catch (error) {
      if (!isVerseDbError(error)) throw error;
      const problem = error.problem;
      switch (problem.kind) {
        case 'not-found':
          await this.deps.library.remember({ code: key, kind: 'not-found', expiresAt: this.deps.library.ttl('not-found') });
          return status('not-found', { resolvedFrom: key, message: 'VerseDB has no comic with this code.' });
        case 'ambiguous': {
          const resolution: Resolution = { code: key, kind: 'ambiguous', matches: problem.matches, total: problem.total, expiresAt: this.deps.library.ttl('ambiguous') };
          await this.deps.library.remember(resolution);
          return this.fromIssueOf(resolution, { tabId, lookUp: true });
        }
        default:
          throw error;
      }
    }
  }

  /**
   * The status a code's resolution gives. Before the first sync an issue's copies cost a read, so
   * with `lookUp: false` the answer is null unless the library already knows (owned, or read before).
   */
  async fromResolution(resolution: Resolution, options: { tabId?: number; lookUp?: boolean } = {}): Promise<ItemStatus | null> {
    return this.fromIssueOf(resolution, { tabId: options.tabId, lookUp: options.lookUp ?? true });
  }

  private async fromIssueOf(resolution: Resolution, ask: Ask & { lookUp: true }): Promise<ItemStatus>;
  private async fromIssueOf(resolution: Resolution, ask: Ask): Promise<ItemStatus | null>;
  private async fromIssueOf(resolution: Resolution, ask: Ask): Promise<ItemStatus | null> {
    if (resolution.kind === 'not-found') return status('not-found', { resolvedFrom: resolution.code });
    if (resolution.kind === 'ambiguous') {
      return status('ambiguous', {
        resolvedFrom: resolution.code,
        matches: resolution.matches,
        message: `${resolution.total} issues share this barcode: pick the right one.`,
      });
    }
    const issue = (await this.deps.library.issue(resolution.issueId)) ?? null;
    return this.fromIssue(resolution.issueId, issue, { resolvedFrom: resolution.code }, ask);
  }

  /** The issue's status from the library; null when only a read could tell and the comic may not spend one. */
  private async fromIssue(issueId: number, issue: IssueSummary | null, fields: Partial<ItemStatus>, ask: Ask): Promise<ItemStatus | null> {
    const known = await this.checkWhileUnsynced(issueId, ask);
    const library = await this.deps.library.status(issueId, issue?.seriesId ?? null);
    const base = { ...fields, issue, seriesId: issue?.seriesId ?? null, seriesName: issue?.seriesName ?? null };
    // A copy the library holds is owned, synced or not.
    if (library.copies.length > 0) {
      return status('owned', { ...base, copies: library.copies.length, bestCondition: bestCondition(library.copies) });
    }
    if (!known) return null;
    if (library.wishlisted) return status('wishlist', base);
    if (library.onPullList) return status('pull-list', base);
    return status('not-owned', base);
  }

  /**
   * Until the library has synced once, "not owned" cannot be read from it: ask VerseDB about this
   * issue (one read, under the same rules as a lookup: only for a comic that may spend reads, dropped
   * with its tab) and keep the copies it names, which the sync will see again anyway. The issue is
   * remembered as read for this sync generation (in the library's meta, which a sign-out clears), so a
   * revisit spends nothing. Returns whether the library can now answer for the issue.
   */
  private async checkWhileUnsynced(issueId: number, ask: Ask): Promise<boolean> {
    const sync = await this.deps.librarySync();
    const client = this.deps.client();
    if (sync.synced || !client) return true;
    if (await this.wasChecked(issueId, sync.generation)) return true;
    if (!ask.lookUp) return false;
    const epoch = this.deps.epoch?.() ?? 0;
    const check = await this.deps.scheduler.run(
      { key: `check:${issueId}`, kind: 'read', priority: 'visible', tabId: ask.tabId },
      () => client.checkCollection(issueId),
    );
    // The member signed out (or another signed in) meanwhile: these copies are not the library's.
    if ((this.deps.epoch?.() ?? 0) !== epoch) return false;
    await this.deps.library.putCopies(
      check.copies.map((copy) => ({
        copyId: copy.copyId,
        issueId,
        variantId: copy.variantId,
        condition: copy.condition,
        gradeScore: copy.gradeScore,
        addedAt: copy.addedAt ?? '',
        generation: sync.generation,
      })),
    );
    await this.markChecked(issueId, sync.generation);
    return true;
  }

  private async wasChecked(issueId: number, generation: number): Promise<boolean> {
    const parsed = CheckedIssues.safeParse(await this.deps.library.meta(CHECKED_KEY));
    return parsed.success && parsed.data.generation === generation && parsed.data.issueIds.includes(issueId);
  }

  /** Adds the issue to the checked ones, in one transaction (checks of several badges end together). */
  private async markChecked(issueId: number, generation: number): Promise<void> {
    const tx = this.deps.library.db.transaction('meta', 'readwrite');
    const parsed = CheckedIssues.safeParse(await tx.store.get(CHECKED_KEY));
    const issueIds = parsed.success && parsed.data.generation === generation ? parsed.data.issueIds : [];
    if (!issueIds.includes(issueId)) await tx.store.put({ generation, issueIds: [...issueIds, issueId] }, CHECKED_KEY);
    await tx.done;
  }

  /** `unknown`: a candidate's copies only a read could tell, and none of the others is owned. */
  private async byTitle(query: ItemQuery, bySeries: boolean, ask: Ask): Promise<ItemStatus | null | 'unknown'> {
    if (!query.matchKey) return null;
    const resolvedFrom = query.label ?? query.matchKey;
    const candidates = await this.deps.library.issuesByMatchKey(query.matchKey);
    // Best answer first: a candidate that is owned beats one only wishlisted.
    let best: ItemStatus | null = null;
    let unknown = false;
    for (const issue of candidates) {
      const found = await this.fromIssue(issue.id, issue, { resolvedFrom, byTitle: true }, ask);
      if (!found) unknown = true;
      else if (!best || BADGE_STATES.indexOf(found.state) < BADGE_STATES.indexOf(best.state)) best = found;
    }
    if (unknown && best?.state !== 'owned') return 'unknown';
    if (!bySeries || (best && best.state !== 'not-owned')) return best;
    return this.byPulledSeries(query.matchKey, resolvedFrom, best);
  }

  /**
   * A title no owned or wishlisted issue matches, said to be on the pull list when its series is: the
   * library knows the member's pulled series by name, not their issues (as a code match knows them),
   * so the title's series key is compared with the pulled series' names. Titles leave out the volume
   * and year, so where the name fits more than one series (two pulled, or a pulled one and another the
   * library knows) it does not guess: the answer stays `not-owned`, saying why.
   */
  private async byPulledSeries(key: string, resolvedFrom: string, known: ItemStatus | null): Promise<ItemStatus | null> {
    const parts = matchKeyParts(key);
    // Pull lists bring single issues; a collected edition is not matched to one by name.
    if (!parts || parts.collected) return known;
    // Until the library has synced once, neither "owned" nor the pull list can be read from it.
    if (!(await this.deps.librarySync()).synced) return known;
    const pulled = (await this.deps.library.pullListSeries()).filter((series) => seriesKey(series.seriesName) === parts.series);
    const [series] = pulled;
    if (!series) return known;
    let message: string;
    if (pulled.length > 1) {
      message = `${pulled.length} series on your pull list are named “${series.seriesName}”; the page’s title does not say which one this comic belongs to.`;
    } else {
      // Single issues of other series by the same name that the library knows (owned once, wishlisted, looked up).
      const others = new Set<number>();
      for (const issue of await this.deps.library.issuesBySeriesKey(parts.series)) {
        if (issue.seriesId === null || issue.seriesId === series.seriesId) continue;
        if (issue.matchKey && matchKeyParts(issue.matchKey)?.collected) continue;
        others.add(issue.seriesId);
      }
      if (!known && others.size === 0) {
        return status('pull-list', { resolvedFrom, byTitle: true, seriesId: series.seriesId, seriesName: series.seriesName });
      }
      message = `You pull one ${series.seriesName} series, and ${others.size > 1 ? 'other series' : 'another series'} by that name ${others.size > 1 ? 'are' : 'is'} in your library; the page’s title does not say which one this comic belongs to.`;
    }
    return known ? { ...known, message } : status('not-owned', { resolvedFrom, byTitle: true, message });
  }
}


