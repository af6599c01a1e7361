import { DEFAULT_VERSEDB_URL } from '../config';
import { plural, t } from '../i18n';
import { scopePurposeOf } from '../versedb/errors';
import { formatAt, formatWhen } from './format';
import type { UiError, UiState } from './replies';

// Anything in the way, in plain words, each with the way out: sign in again, add a scope to the
// token, wait until a time, or upgrade to PRO.

export type WayOut =
  | { kind: 'sign-in'; label: string }
  | { kind: 'add-scope'; scopes: string[]; tokensUrl: string }
  | { kind: 'wait'; until: number }
  | { kind: 'upgrade'; url: string | null }
  | { kind: 'none' };

export interface Problem {
  key: string;
  text: string;
  way: WayOut;
  /** `info` is not a failure (changes waiting to be sent, a read-only sign-in). */
  tone: 'error' | 'warning' | 'info';
}

/** Where a member makes personal access tokens (contract §11). */
/**
 * Whether a problem's words already say VerseDB is not answering: the open circuit's message, in the
 * member's language (the background writes it in the same one), told by its opening words.
 */
function saysNotAnswering(message: string): boolean {
  const [lead = ''] = t('versedb_circuit_open', '\u0001').split('\u0001');
  const opening = lead.replace(/[\s;:,.]+$/u, '');
  return opening.length >= 8 && message.startsWith(opening);
}

export function tokensUrl(address: string | null): string {
  return new URL('/my/apps/custom', address ?? DEFAULT_VERSEDB_URL).toString();
}

export function scopePurpose(scope: string): string {
  return scopePurposeOf(scope) ?? t('ui_scope_unknown_purpose');
}

/** What the state says is wrong (or worth knowing), most pressing first. */
export function problemsOf(state: UiState, now: number): Problem[] {
  const { session, quota, sync } = state;
  const waitingForSignIn: Problem | null =
    state.writesNeedSignIn > 0
      ? {
          key: 'queued-sign-in',
          tone: 'warning',
          text: plural('ui_problem_queued_sign_in', state.writesNeedSignIn),
          way: { kind: 'sign-in', label: t('ui_sign_in_again') },
        }
      : null;
  if (!session.signedIn) return waitingForSignIn ? [waitingForSignIn] : [];
  const problems: Problem[] = [];
  if (session.rejected) {
    problems.push({
      key: 'rejected',
      tone: 'error',
      text: t('ui_problem_rejected'),
      way: { kind: 'sign-in', label: t('ui_sign_in_again') },
    });
    if (waitingForSignIn) problems.push(waitingForSignIn);
    return problems;
  }
  if (session.tokenKind === 'connect') {
    problems.push({
      key: 'read-only',
      tone: 'info',
      text: t('ui_problem_read_only'),
      way: { kind: 'sign-in', label: t('ui_add_personal_token') },
    });
  } else if (session.missingScopes.length > 0) {
    const [only] = session.missingScopes;
    const text =
      session.missingScopes.length === 1 && only
        ? t('ui_problem_scope', only, scopePurpose(only))
        : t('ui_problem_scopes', session.missingScopes.map((scope) => t('ui_problem_scopes_item', scope, scopePurpose(scope))).join('; '));
    problems.push({
      key: 'scopes',
      tone: 'warning',
      text,
      way: { kind: 'add-scope', scopes: session.missingScopes, tokensUrl: tokensUrl(session.address) },
    });
  }
  if (quota.pausedUntil !== null && quota.pausedUntil > now) {
    problems.push({
      key: 'paused',
      tone: 'warning',
      text: t('ui_problem_paused', formatWhen(quota.pausedUntil, now)),
      way: { kind: 'wait', until: quota.pausedUntil },
    });
  } else if (quota.reads.remaining <= 0 || quota.readsToday.remaining <= 0) {
    const until = quota.reads.remaining <= 0 ? quota.reads.resetsAt : quota.readsToday.resetsAt;
    problems.push({
      key: 'no-reads',
      tone: 'warning',
      text: quota.reads.remaining <= 0 ? t('ui_problem_no_reads_hour', formatWhen(until, now)) : t('ui_problem_no_reads_today', formatWhen(until, now)),
      way: { kind: 'wait', until },
    });
  }
  if (state.circuit.state !== 'closed' && state.circuit.retryAt !== null) {
    problems.push({
      key: 'circuit',
      tone: 'warning',
      text: t('ui_problem_circuit', formatAt(state.circuit.retryAt, now)),
      way: { kind: 'wait', until: state.circuit.retryAt },
    });
  }
  if (sync.problem) {
    // Under way with a problem: waiting to try again; not under way: stopped until the member acts.
    const text = sync.step !== null ? t('ui_problem_sync_waits', sync.problem) : t('ui_problem_sync_stopped', sync.problem);
    problems.push({ key: 'sync', tone: 'warning', text, way: { kind: 'none' } });
  }
  if (waitingForSignIn) problems.push(waitingForSignIn);
  const waiting = state.queuedWrites - state.writesNeedSignIn;
  if (waiting > 0) {
    problems.push({
      key: 'queued',
      tone: 'info',
      text: plural('ui_problem_queued', waiting),
      way: { kind: 'none' },
    });
  }
  state.writeNotices.forEach((text, i) => problems.push({ key: `write-notice-${i}`, tone: 'info', text, way: { kind: 'none' } }));
  return problems;
}

/** A refused request in plain words, with the way out. */
export function explainError(error: UiError, now: number, address: string | null): Problem {
  switch (error.kind) {
    case 'unauthenticated':
      return { key: 'error', tone: 'error', text: t('ui_error_token_refused'), way: { kind: 'sign-in', label: t('ui_sign_in_again') } };
    case 'missing-scope': {
      const scope = error.scope ?? null;
      return {
        key: 'error',
        tone: 'error',
        text: scope ? t('ui_problem_scope', scope, scopePurpose(scope)) : error.message,
        way: { kind: 'add-scope', scopes: scope ? [scope] : [], tokensUrl: tokensUrl(address) },
      };
    }
    case 'pro-required':
      return {
        key: 'error',
        tone: 'error',
        text: /\bpro\b/i.test(error.message) ? error.message : t('ui_error_pro_required', error.message),
        way: { kind: 'upgrade', url: error.upgradeUrl ?? null },
      };
    case 'rate-limited': {
      const until = error.retryAt ?? now + 60_000;
      return { key: 'error', tone: 'warning', text: t('ui_error_rate_limited', formatWhen(until, now)), way: { kind: 'wait', until } };
    }
    case 'paused': {
      const until = error.resumesAt ?? now + 60_000;
      return {
        key: 'error',
        tone: 'warning',
        text: t('ui_error_paused', formatWhen(until, now)),
        way: { kind: 'wait', until },
      };
    }
    case 'offline':
      return { key: 'error', tone: 'warning', text: t('ui_error_offline'), way: { kind: 'none' } };
    case 'unavailable':
    case 'outcome-unknown':
      return {
        key: 'error',
        tone: 'warning',
        text: saysNotAnswering(error.message) ? error.message : t('ui_error_unavailable', error.message),
        way: { kind: 'none' },
      };
    default:
      return { key: 'error', tone: 'error', text: error.message, way: { kind: 'none' } };
  }
}
