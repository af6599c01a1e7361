import { t, type MessageId } from '../i18n';
import type { AmbiguousMatch } from './schemas';
import type { SeriesChoice } from '../items';

// Every way a VerseDB call can fail, as data the UI can explain and the scheduler can act on.
// `message` is what the service said (`message ?? error`), or our own words when it said nothing.

export type ApiProblem =
  | { kind: 'unauthenticated'; message: string }
  | { kind: 'pro-required'; message: string; upgradeUrl: string | null }
  | { kind: 'missing-scope'; message: string; scope: string | null }
  | { kind: 'forbidden'; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'ambiguous'; message: string; matches: AmbiguousMatch[]; total: number }
  /** A title several same-named series fit, and the page does not say which: the member picks one. */
  | { kind: 'choose-series'; message: string; choices: SeriesChoice[] }
  | { kind: 'invalid'; message: string; fields: Record<string, string[]> }
  | { kind: 'rate-limited'; message: string; retryAt: number }
  | { kind: 'unavailable'; message: string; status: number | null }
  /** The request went out and its answer was lost: a write may or may not have happened. */
  | { kind: 'outcome-unknown'; message: string }
  | { kind: 'offline'; message: string }
  /** Not sent: Longbox holds passive calls back to keep a reserve (or waits out a Retry-After). */
  | { kind: 'paused'; message: string; resumesAt: number }
  | { kind: 'malformed'; message: string }
  | { kind: 'config'; message: string };

export type ApiProblemKind = ApiProblem['kind'];

export class VerseDbError extends Error {
  readonly problem: ApiProblem;
  readonly status: number | null;

  constructor(problem: ApiProblem, status: number | null = null) {
    super(problem.message);
    this.name = 'VerseDbError';
    this.problem = problem;
    this.status = status;
  }

  get kind(): ApiProblemKind {
    return this.problem.kind;
  }
}

export function isVerseDbError(error: unknown, kind?: ApiProblemKind): error is VerseDbError {
  return error instanceof VerseDbError && (kind === undefined || error.kind === kind);
}

/** The scopes Longbox uses, and the message that says what each one is needed for. */
const SCOPE_PURPOSES: Readonly<Record<string, MessageId>> = {
  'read:user': 'versedb_scope_read_user',
  'lookup:barcode': 'versedb_scope_lookup_barcode',
  'write:collection': 'versedb_scope_write_collection',
  'write:wishlist': 'versedb_scope_write_wishlist',
  'write:pull-list': 'versedb_scope_write_pull_list',
  'read:public': 'versedb_scope_read_public',
};

/** What a scope Longbox uses is needed for, in the member's words and language; null for another scope. */
export function scopePurposeOf(scope: string): string | null {
  const id = SCOPE_PURPOSES[scope];
  return id ? t(id) : null;
}

/** Finds the scope a 403 names, when it names one we know. */
export function scopeNamedIn(message: string): string | null {
  const match = /\b((?:read|write|lookup|mobile):[a-z-]+)\b/.exec(message);
  return match?.[1] ?? null;
}
