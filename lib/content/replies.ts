import { BADGE_STATES, type BadgeState } from '../badge-states';
import { t } from '../i18n';
import type { PageSettings } from '../protocol';

// The content script reads the background's replies (their shapes: `Replies` in lib/protocol.ts)
// without zod (its whole bundle has a 20 kB budget), so the few fields it uses are narrowed here by
// hand. Anything that does not fit is treated as no answer.

export interface BadgeMatch {
  issueId: number;
  seriesName: string;
  number: string;
  coverUrl: string | null;
  startYear: number | null;
  publisher: string | null;
}

export interface BadgeStatus {
  state: BadgeState;
  resolvedFrom: string | null;
  issueId: number | null;
  seriesId: number | null;
  seriesName: string | null;
  number: string | null;
  coverUrl: string | null;
  copies: number;
  bestCondition: string | null;
  matches: BadgeMatch[];
  resumesAt: number | null;
  message: string | null;
  byTitle: boolean;
  /** The cover and printing the page's barcode names ("Cover B, 2nd printing"). */
  edition: string | null;
  /** For `owned`: the covers and printings of the member's copies that Longbox knows. */
  ownedEditions: string[];
  /** Answered from the series learned for the barcode: the issue id may come only at the action. */
  inferred: boolean;
  /** The variant the page's code names: a copy added from the badge goes in as it. */
  variantId: number | null;
}

export type { PageSettings } from '../protocol';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isState = (v: unknown): v is BadgeState => typeof v === 'string' && (BADGE_STATES as readonly string[]).includes(v);

function match(v: unknown): BadgeMatch | null {
  if (!isObj(v)) return null;
  const issueId = num(v.issueId);
  const seriesName = str(v.seriesName);
  const number = str(v.number);
  if (issueId === null || seriesName === null || number === null) return null;
  return { issueId, seriesName, number, coverUrl: str(v.coverUrl), startYear: num(v.startYear), publisher: str(v.publisher) };
}

export function badgeStatus(v: unknown): BadgeStatus | null {
  if (!isObj(v) || !isState(v.state)) return null;
  const issue = isObj(v.issue) ? v.issue : null;
  return {
    state: v.state,
    resolvedFrom: str(v.resolvedFrom),
    issueId: num(issue?.id),
    seriesId: num(v.seriesId) ?? num(issue?.seriesId),
    seriesName: str(v.seriesName) ?? str(issue?.seriesName),
    number: str(v.number) ?? str(issue?.number),
    coverUrl: str(issue?.coverUrl),
    copies: num(v.copies) ?? 0,
    bestCondition: str(v.bestCondition),
    matches: Array.isArray(v.matches) ? v.matches.flatMap((m) => match(m) ?? []) : [],
    resumesAt: num(v.resumesAt),
    message: str(v.message),
    byTitle: v.byTitle === true,
    edition: str(v.edition),
    ownedEditions: Array.isArray(v.ownedEditions) ? v.ownedEditions.flatMap((e) => str(e) ?? []) : [],
    inferred: v.inferred === true,
    variantId: num(v.variantId),
  };
}

/** `{ok: true, statuses: [...]}`: one entry per item asked about, null where there is no answer yet. */
export function statusesReply(reply: unknown, expected: number): Array<BadgeStatus | null> | null {
  if (!isObj(reply) || reply.ok !== true || !Array.isArray(reply.statuses) || reply.statuses.length !== expected) return null;
  return reply.statuses.map((s) => (s === null ? null : badgeStatus(s)));
}

export function settingsReply(reply: unknown): PageSettings | null {
  if (!isObj(reply) || reply.ok !== true || !isObj(reply.settings)) return null;
  const s = reply.settings;
  return {
    enabled: s.enabled !== false,
    defaultCondition: str(s.defaultCondition) ?? 'NM',
    badgePlacement: s.badgePlacement === 'before' ? 'before' : 'after',
    address: str(s.address),
    signedIn: s.signedIn === true,
  };
}

/** The store page's messages as templates (lib/i18n.ts), sent with its settings: each kept if it is a
 *  plain id and a string of reasonable length; none where the reply holds none. */
export function wordsReply(reply: unknown): Record<string, string> {
  const words: Record<string, string> = {};
  if (!isObj(reply) || reply.ok !== true || !isObj(reply.words)) return words;
  for (const [id, said] of Object.entries(reply.words)) {
    if (/^[a-z0-9_]{1,80}$/.test(id) && typeof said === 'string' && said.length <= 2000) words[id] = said;
  }
  return words;
}

/** Why an action did not go through; `choices`: the series a title may mean, when the member must pick;
 *  `missing`: VerseDB has no such comic. */
export interface ActionError {
  message: string;
  fields: Record<string, string[]>;
  choices?: unknown[];
  missing?: boolean;
}

export function actionError(reply: unknown): ActionError | null {
  if (isObj(reply) && reply.ok === true) return null;
  const error = isObj(reply) && isObj(reply.error) ? reply.error : null;
  const fields: Record<string, string[]> = {};
  if (error && isObj(error.fields)) {
    for (const [field, messages] of Object.entries(error.fields)) {
      if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
    }
  }
  const said = { message: str(error?.message) ?? t('content_no_background'), fields, missing: error?.kind === 'not-found' };
  return Array.isArray(error?.choices) ? { ...said, choices: error.choices } : said;
}

export function queuedReply(reply: unknown): string | null {
  if (!isObj(reply) || !isObj(reply.result) || reply.result.kind !== 'queued') return null;
  return str(reply.result.reason) ?? t('content_versedb_unreachable');
}

/** How many comics the background counted in an order page's report; null when it refused it. */
export function orderComicsReply(reply: unknown): { comics: number; added: boolean } | null {
  if (!isObj(reply) || reply.ok !== true || typeof reply.comics !== 'number' || !Number.isInteger(reply.comics)) return null;
  return { comics: reply.comics, added: reply.added === true };
}

/** `{ok: true, keys: [...]}`: the key issue each comic asked about is, or null; null when it does not fit. */
export function keysReply(reply: unknown, expected: number): Array<number | null> | null {
  if (!isObj(reply) || reply.ok !== true || !Array.isArray(reply.keys) || reply.keys.length !== expected) return null;
  return reply.keys.map((key) => (isObj(key) ? num(key.issueId) : null));
}

/** Why an issue is a key, as its menu tells it. */
export type KeyReasonsView =
  | { kind: 'reasons'; reasons: Array<{ name: string | null; notes: string | null }> }
  | { kind: 'needs-pro' }
  | { kind: 'unavailable'; message: string };

export function keyReasonsReply(reply: unknown): KeyReasonsView {
  const answer = isObj(reply) && reply.ok === true && isObj(reply.reasons) ? reply.reasons : null;
  if (answer?.kind === 'needs-pro') return { kind: 'needs-pro' };
  if (answer?.kind === 'reasons' && Array.isArray(answer.reasons)) {
    return { kind: 'reasons', reasons: answer.reasons.flatMap((r) => (isObj(r) && (str(r.name) || str(r.notes)) ? [{ name: str(r.name), notes: str(r.notes) }] : [])) };
  }
  return { kind: 'unavailable', message: str(answer?.message) ?? (actionError(reply)?.message ?? t('content_key_reasons_failed')) };
}
