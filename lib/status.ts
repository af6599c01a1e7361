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
// owned or wishlisted, against the series on the member's pull list by name.

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
  /** For `paused`: when lookups resume. */
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
}

export class StatusResolver {
  constructor(private readonly deps: StatusDeps) {}

  /**
   * The status of one comic. With `lookUp: false` (items not on screen yet) nothing is spent: the
   * answer comes from the cache and the library, or is null when only a lookup could give it.
   */
  async statusOf(query: ItemQuery, options: { tabId?: number; lookUp?: boolean } = {}): Promise<ItemStatus | null> {
    try {
      return await this.resolve(query, options.tabId, options.lookUp ?? true);
    } catch (error) {
      if (!isVerseDbError(error)) throw error;
      const problem = error.problem;
      const resolvedFrom = query.codes[0] ? codeKey(query.codes[0]) : query.label;
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

  private async resolve(query: ItemQuery, tabId: number | undefined, lookUp: boolean): Promise<ItemStatus | null> {
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
      if (known && known.kind !== 'not-found') return this.fromResolution(known);
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
    const byTitle = await this.byTitle(query, codes.length === 0);
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
      return this.fromResolution(resolution);
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
          return this.fromResolution(resolution);
        }
        default:
          throw error;
      }
    }
  }

  async fromResolution(resolution: Resolution): Promise<ItemStatus> {
    if (resolution.kind === 'not-found') return status('not-found', { resolvedFrom: resolution.code });
    if (resolution.kind === 'ambiguous') {
      return status('ambiguous', {
        resolvedFrom: resolution.code,
        matches: resolution.matches,
        message: `${resolution.total} issues share this barcode: pick the right one.`,
      });
    }
    const issue = (await this.deps.library.issue(resolution.issueId)) ?? null;
    return this.fromIssue(resolution.issueId, issue, { resolvedFrom: resolution.code });
  }

  private async fromIssue(issueId: number, issue: IssueSummary | null, fields: Partial<ItemStatus>): Promise<ItemStatus> {
    await this.checkWhileUnsynced(issueId);
    const library = await this.deps.library.status(issueId, issue?.seriesId ?? null);
    const base = { ...fields, issue, seriesId: issue?.seriesId ?? null, seriesName: issue?.seriesName ?? null };
    if (library.copies.length > 0) {
      return status('owned', { ...base, copies: library.copies.length, bestCondition: bestCondition(library.copies) });
    }
    if (library.wishlisted) return status('wishlist', base);
    if (library.onPullList) return status('pull-list', base);
    return status('not-owned', base);
  }

  /**
   * Until the library has synced once, "not owned" cannot be read from it: ask VerseDB about this
   * issue (one read) and keep the copies it names, which the sync will see again anyway.
   */
  private async checkWhileUnsynced(issueId: number): Promise<void> {
    const sync = await this.deps.librarySync();
    const client = this.deps.client();
    if (sync.synced || !client) return;
    const check = await this.deps.scheduler.run(
      { key: `check:${issueId}`, kind: 'read', priority: 'visible' },
      () => client.checkCollection(issueId),
    );
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
  }

  private async byTitle(query: ItemQuery, bySeries: boolean): Promise<ItemStatus | null> {
    if (!query.matchKey) return null;
    const resolvedFrom = query.label ?? query.matchKey;
    const candidates = await this.deps.library.issuesByMatchKey(query.matchKey);
    // Best answer first: a candidate that is owned beats one only wishlisted.
    let best: ItemStatus | null = null;
    for (const issue of candidates) {
      const found = await this.fromIssue(issue.id, issue, { resolvedFrom, byTitle: true });
      if (!best || BADGE_STATES.indexOf(found.state) < BADGE_STATES.indexOf(best.state)) best = found;
    }
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


