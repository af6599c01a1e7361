import type { z } from 'zod';
import { t } from '../i18n';
import { scopeNamedIn, VerseDbError, type ApiProblem } from './errors';
import {
  AddedCopy,
  AmbiguousBody,
  CollectionCheck,
  CollectionPage,
  ConnectToken,
  DataOf,
  ErrorBody,
  FocPage,
  FollowUpdatesPage,
  IssueListPage,
  IssueRecord,
  KeyReasons,
  LookupResult,
  NoBody,
  AnyBody,
  UpdatedCopy,
  PullListPage,
  SeriesSearchPage,
  IssueVariants,
  UpcomingFirstsPage,
  UserProfile,
  WishlistPage,
  WishlistState,
  type Issue,
} from './schemas';

// The VerseDB API client. It knows paths, bodies and error statuses; it does not decide when to
// call (the scheduler and the quota do). Every response is validated before anyone sees it.

export type CallKind = 'read' | 'write';

/** What a response said about the member's rate limit, for the quota tracker. */
export interface RateInfo {
  kind: CallKind;
  status: number;
  limit: number | null;
  remaining: number | null;
  /** Epoch ms until which nothing may be sent (a 429's Retry-After or X-RateLimit-Reset). */
  retryAt: number | null;
}

export interface ClientOptions {
  baseUrl: string;
  token: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
  onRateInfo?: (info: RateInfo) => void;
}

interface RequestOptions<T extends z.ZodType> {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema: T;
  signal?: AbortSignal;
  /** The Connect code exchange is the one call made without a token. */
  anonymous?: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The configured VerseDB address as an origin: HTTPS, or HTTP on this machine only. */
export function verseDbOrigin(address: string): string {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new VerseDbError({ kind: 'config', message: t('versedb_not_an_address', address) });
  }
  const local = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new VerseDbError({
      kind: 'config',
      message: t('versedb_address_not_https'),
    });
  }
  return url.origin;
}

/** Retry-After is seconds or an HTTP date; X-RateLimit-Reset is Unix seconds. */
export function retryAtFrom(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return now + seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(now, date);
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(now, reset * 1000);
  return now + 60_000;
}

function headerInt(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isInteger(parsed) ? parsed : null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function problemFor(status: number, body: unknown, headers: Headers, now: number): ApiProblem {
  const parsed = ErrorBody.safeParse(body);
  const fields = parsed.success ? parsed.data : null;
  const said = fields?.message ?? fields?.error ?? null;
  switch (status) {
    case 401:
      return { kind: 'unauthenticated', message: said ?? t('versedb_token_refused') };
    case 402:
      return {
        kind: 'pro-required',
        message: said ?? t('versedb_pro_required'),
        upgradeUrl: fields?.upgrade_url ?? null,
      };
    case 403: {
      const message = said ?? t('versedb_forbidden');
      const scope = scopeNamedIn(message);
      return scope ? { kind: 'missing-scope', message, scope } : { kind: 'forbidden', message };
    }
    case 404:
      return { kind: 'not-found', message: said ?? t('versedb_not_found') };
    case 409: {
      const ambiguous = AmbiguousBody.safeParse(body);
      if (ambiguous.success) {
        const { matches, total_count, count } = ambiguous.data;
        return {
          kind: 'ambiguous',
          message: said ?? t('versedb_ambiguous'),
          matches,
          total: total_count ?? count ?? matches.length,
        };
      }
      return { kind: 'invalid', message: said ?? t('versedb_conflict'), fields: {} };
    }
    case 422:
      return { kind: 'invalid', message: said ?? t('versedb_invalid'), fields: fields?.errors ?? {} };
    case 429:
      return {
        kind: 'rate-limited',
        message: said ?? t('versedb_rate_limited'),
        retryAt: retryAtFrom(headers, now),
      };
    default:
      return {
        kind: 'unavailable',
        message: said ?? t('versedb_status', String(status)),
        status,
      };
  }
}

export interface CopyFields {
  variant_id?: number | null;
  condition?: string;
  grade_score?: string | null;
  grading_company?: string | null;
  graded?: boolean;
  price_paid?: number | null;
  notes?: string | null;
  purchased_at?: string | null;
  /** `online_retailer`, `comic_shop`… (contract §5). */
  purchase_source?: string | null;
  /** PRO only: where the copy was bought. */
  purchase_store?: string | null;
}

export class VerseDbClient {
  readonly origin: string;
  private readonly token: string | null;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly onRateInfo: ((info: RateInfo) => void) | undefined;

  constructor(options: ClientOptions) {
    this.origin = verseDbOrigin(options.baseUrl);
    this.token = options.token;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.now = options.now ?? Date.now;
    this.onRateInfo = options.onRateInfo;
  }

  async request<T extends z.ZodType>(method: string, path: string, options: RequestOptions<T>): Promise<z.output<T>> {
    const url = new URL(`/api/v1${path}`, this.origin);
    if (url.origin !== this.origin) throw new VerseDbError({ kind: 'config', message: 'Refused a request off the VerseDB address.' });
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const kind: CallKind = method === 'GET' ? 'read' : 'write';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (!options.anonymous) {
      if (!this.token) throw new VerseDbError({ kind: 'unauthenticated', message: t('versedb_not_signed_in') });
      headers.Authorization = `Bearer ${this.token}`;
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        credentials: 'omit',
        redirect: 'error',
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new VerseDbError(lostRequestProblem(kind, timeout.aborted));
    }

    const now = this.now();
    let body: unknown;
    try {
      body = await readJson(response);
    } catch {
      // The connection dropped while the answer was arriving.
      throw new VerseDbError(lostRequestProblem(kind, timeout.aborted), response.status);
    }
    const problem = response.ok ? null : problemFor(response.status, body, response.headers, now);
    this.onRateInfo?.({
      kind,
      status: response.status,
      limit: headerInt(response.headers, 'x-ratelimit-limit'),
      remaining: headerInt(response.headers, 'x-ratelimit-remaining'),
      retryAt: problem?.kind === 'rate-limited' ? problem.retryAt : null,
    });
    if (problem) throw new VerseDbError(problem, response.status);

    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || t('versedb_unreadable_body');
      throw new VerseDbError(
        { kind: 'malformed', message: t('versedb_unreadable_answer', `${method} ${path}`, where) },
        response.status,
      );
    }
    return parsed.data;
  }

  // --- member ---
  profile() {
    return this.request('GET', '/user', { schema: UserProfile });
  }

  // --- lookups ---
  lookupUpc(upc: string, signal?: AbortSignal) {
    return this.lookup(`/lookup/upc/${encodeURIComponent(upc)}`, signal);
  }
  lookupIsbn(isbn: string, signal?: AbortSignal) {
    return this.lookup(`/lookup/isbn/${encodeURIComponent(isbn)}`, signal);
  }
  lookupCode(code: string, signal?: AbortSignal) {
    return this.lookup(`/lookup/code/${encodeURIComponent(code)}`, signal);
  }
  /** A 200 whose `data` names no issue (no id) tells nothing about the code: it is "not found", not an error. */
  private async lookup(path: string, signal?: AbortSignal): Promise<Issue> {
    const issue = await this.request('GET', path, { schema: LookupResult, signal });
    if (!issue) throw new VerseDbError({ kind: 'not-found', message: t('versedb_no_issue_named') }, 200);
    return issue;
  }
  issue(issueId: number) {
    return this.request('GET', `/issues/${issueId}`, { schema: DataOf(IssueRecord).transform((r) => r.data) });
  }
  /** One catalog read of a series' issues (at most 100, newest first, with the series named): one read serves every issue of it. */
  seriesIssues(seriesId: number, limit = 100) {
    return this.request('GET', '/issues', {
      schema: IssueListPage,
      query: { series_id: seriesId, limit, include: 'series', sort: 'release_date', direction: 'desc' },
    });
  }

  /** One page (100) of a series' issues in number order: a long run read whole, page after page. */
  seriesIssuesPage(seriesId: number, page: number) {
    return this.request('GET', '/issues', {
      schema: IssueListPage,
      query: { series_id: seriesId, limit: 100, page, include: 'series', sort: 'issue_number', direction: 'asc' },
    });
  }

  /** The issues of these series whose name holds `q` (a number): one read across same-named series. */
  seriesIssuesMatching(seriesIds: readonly number[], q: string) {
    return this.request('GET', '/issues', {
      schema: IssueListPage,
      query: { series_ids: seriesIds.join(','), q, limit: 100, include: 'series', sort: 'issue_number', direction: 'asc' },
    });
  }

  /**
   * One page (100 at most) of the key issues of these series (`key_issues_only`), in number order: which
   * issues collectors hunt, for every series a page shows, in one read a page.
   */
  keyIssues(seriesIds: readonly number[], page = 1) {
    return this.request('GET', '/issues', {
      schema: IssueListPage,
      query: { series_ids: seriesIds.join(','), key_issues_only: 'true', limit: 100, page, sort: 'issue_number', direction: 'asc' },
    });
  }

  /** Why an issue is a key. PRO members only: 402 (pro-required) otherwise. */
  keyReasons(issueId: number) {
    return this.request('GET', `/issues/${issueId}/key-reasons`, { schema: KeyReasons });
  }

  /** An issue's covers, each with its id, type and ratio. PRO members only: 402 (pro-required) otherwise. */
  issueVariants(issueId: number) {
    return this.request('GET', `/issues/${issueId}/variants`, { schema: IssueVariants });
  }

  /** The catalog's series search: every series whose name holds `q` (at most 50), oldest first. */
  searchSeries(q: string, filters: { startYear?: number; publisherId?: number; publicationType?: string; languages?: string } = {}) {
    return this.request('GET', '/series', {
      schema: SeriesSearchPage,
      query: {
        q,
        start_year: filters.startYear,
        publisher_id: filters.publisherId,
        publication_type: filters.publicationType,
        languages: filters.languages,
        sort: 'start_year',
        direction: 'asc',
        limit: 50,
      },
    });
  }

  // --- collection ---
  collectionPage(page: number, perPage = 100) {
    return this.request('GET', '/user/collections', {
      schema: CollectionPage,
      query: { page, per_page: perPage, sort_by: 'date_added', sort_order: 'desc' },
    });
  }
  checkCollection(issueId: number, variantId?: number | null) {
    return this.request('GET', `/issues/${issueId}/collection/check`, {
      schema: CollectionCheck,
      query: { variant_id: variantId ?? undefined },
    });
  }
  addCopy(issueId: number, fields: CopyFields) {
    return this.request('POST', `/issues/${issueId}/collection`, { schema: AddedCopy, body: fields });
  }
  updateCopy(issueId: number, copyId: number, fields: CopyFields) {
    return this.request('PATCH', `/issues/${issueId}/collection`, {
      schema: UpdatedCopy,
      query: { collection_item_id: copyId },
      body: { ...fields, collection_item_id: copyId },
    });
  }
  removeCopy(issueId: number, copyId: number) {
    return this.request('DELETE', `/issues/${issueId}/collection`, {
      schema: NoBody,
      query: { collection_item_id: copyId },
      body: { collection_item_id: copyId },
    });
  }

  // --- wishlist ---
  wishlistPage(page: number, perPage = 100) {
    return this.request('GET', '/user/wishlist', { schema: WishlistPage, query: { page, per_page: perPage } });
  }
  addToWishlist(issueId: number, variantId?: number | null) {
    return this.request('POST', `/issues/${issueId}/wishlist`, {
      schema: WishlistState,
      body: variantId ? { variant_id: variantId } : undefined,
    });
  }
  removeFromWishlist(issueId: number, variantId?: number | null) {
    return this.request('DELETE', `/issues/${issueId}/wishlist`, {
      schema: NoBody,
      query: { variant_id: variantId ?? undefined },
    });
  }

  // --- pull list (per series) ---
  pullListPage(page: number, perPage = 100) {
    return this.request('GET', '/user/pull-list', { schema: PullListPage, query: { page, per_page: perPage } });
  }
  addToPullList(seriesId: number) {
    return this.request('POST', '/pull-list/items', { schema: AnyBody, body: { series_id: seriesId } });
  }
  /** The SDK documents the path id as the series id of the entry. */
  removeFromPullList(seriesId: number) {
    return this.request('DELETE', `/pull-list/items/${seriesId}`, { schema: NoBody });
  }

  // --- discovery ---
  foc(options: { days: number; page?: number; limit?: number }) {
    return this.request('GET', '/discovery/foc', {
      schema: FocPage,
      query: { days: options.days, page: options.page ?? 1, limit: options.limit ?? 50 },
    });
  }
  upcomingFirsts(options: { days: number; limit?: number }) {
    return this.request('GET', '/discovery/upcoming-firsts', {
      schema: UpcomingFirstsPage,
      query: { days: options.days, limit: options.limit ?? 50 },
    });
  }
  followUpdates(options: { days: number; perPage?: number }) {
    return this.request('GET', '/discovery/follow-updates', {
      schema: FollowUpdatesPage,
      query: { days: options.days, per_page: options.perPage ?? 50 },
    });
  }

  // --- Connect ---
  exchangeConnectCode(fields: { code: string; redirectUri: string; codeVerifier: string }) {
    return this.request('POST', '/connect/token', {
      anonymous: true,
      schema: ConnectToken,
      body: {
        grant_type: 'authorization_code',
        code: fields.code,
        redirect_uri: fields.redirectUri,
        code_verifier: fields.codeVerifier,
      },
    });
  }
}

function lostRequestProblem(kind: CallKind, timedOut: boolean): ApiProblem {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline) return { kind: 'offline', message: t('versedb_offline') };
  if (kind === 'write') {
    return {
      kind: 'outcome-unknown',
      message: timedOut
        ? t('versedb_write_timed_out')
        : t('versedb_write_lost'),
    };
  }
  return {
    kind: 'unavailable',
    message: timedOut ? t('versedb_timed_out') : t('versedb_unreachable'),
    status: null,
  };
}
