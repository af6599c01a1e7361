import { DEFAULT_VERSEDB_URL } from '../config';
import { SCOPE_PURPOSES } from '../versedb/errors';
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
export function tokensUrl(address: string | null): string {
  return new URL('/my/apps/custom', address ?? DEFAULT_VERSEDB_URL).toString();
}

export function scopePurpose(scope: string): string {
  return SCOPE_PURPOSES[scope] ?? 'a feature Longbox uses';
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What the state says is wrong (or worth knowing), most pressing first. */
export function problemsOf(state: UiState, now: number): Problem[] {
  const { session, quota, sync } = state;
  const waitingForSignIn: Problem | null =
    state.writesNeedSignIn > 0
      ? {
          key: 'queued-sign-in',
          tone: 'warning',
          text: `${plural(state.writesNeedSignIn, 'change')} waiting: sign in again to send ${state.writesNeedSignIn === 1 ? 'it' : 'them'}.`,
          way: { kind: 'sign-in', label: 'Sign in again' },
        }
      : null;
  if (!session.signedIn) return waitingForSignIn ? [waitingForSignIn] : [];
  const problems: Problem[] = [];
  if (session.rejected) {
    problems.push({
      key: 'rejected',
      tone: 'error',
      text: 'VerseDB refused your token: it may have been revoked or have expired. Longbox has stopped calling VerseDB.',
      way: { kind: 'sign-in', label: 'Sign in again' },
    });
    if (waitingForSignIn) problems.push(waitingForSignIn);
    return problems;
  }
  if (session.tokenKind === 'connect') {
    problems.push({
      key: 'read-only',
      tone: 'info',
      text: 'Signed in with VerseDB Connect, which is read-only: badges come from your synced library; barcode lookups and changes need a personal token.',
      way: { kind: 'sign-in', label: 'Add a personal token' },
    });
  } else if (session.missingScopes.length > 0) {
    const [only] = session.missingScopes;
    const text =
      session.missingScopes.length === 1 && only
        ? `Your token lacks ${only}, needed for ${scopePurpose(only)}.`
        : `Your token lacks ${session.missingScopes.map((scope) => `${scope} (${scopePurpose(scope)})`).join('; ')}.`;
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
      text: `VerseDB asked Longbox to slow down. Nothing is sent before ${formatWhen(quota.pausedUntil, now)}.`,
      way: { kind: 'wait', until: quota.pausedUntil },
    });
  } else if (quota.reads.remaining <= 0 || quota.readsToday.remaining <= 0) {
    const until = quota.reads.remaining <= 0 ? quota.reads.resetsAt : quota.readsToday.resetsAt;
    problems.push({
      key: 'no-reads',
      tone: 'warning',
      text: `No VerseDB reads left ${quota.reads.remaining <= 0 ? 'this hour' : 'today'}. Badges from your library still work; new lookups wait until ${formatWhen(until, now)}.`,
      way: { kind: 'wait', until },
    });
  }
  if (state.circuit.state !== 'closed' && state.circuit.retryAt !== null) {
    problems.push({
      key: 'circuit',
      tone: 'warning',
      text: `VerseDB is not answering. Longbox tries again ${formatAt(state.circuit.retryAt, now)}; badges from your library still work.`,
      way: { kind: 'wait', until: state.circuit.retryAt },
    });
  }
  if (sync.problem) {
    // Under way with a problem: waiting to try again; not under way: stopped until the member acts.
    const text = sync.step !== null ? `Library sync waits to try again: ${sync.problem}` : `Library sync stopped: ${sync.problem}`;
    problems.push({ key: 'sync', tone: 'warning', text, way: { kind: 'none' } });
  }
  if (waitingForSignIn) problems.push(waitingForSignIn);
  const waiting = state.queuedWrites - state.writesNeedSignIn;
  if (waiting > 0) {
    problems.push({
      key: 'queued',
      tone: 'info',
      text: `${plural(waiting, 'change')} to your library ${waiting === 1 ? 'waits' : 'wait'} to be sent to VerseDB; Longbox sends ${waiting === 1 ? 'it' : 'them'} when VerseDB answers again.`,
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
      return { key: 'error', tone: 'error', text: 'VerseDB refused your token.', way: { kind: 'sign-in', label: 'Sign in again' } };
    case 'missing-scope': {
      const scope = error.scope ?? null;
      return {
        key: 'error',
        tone: 'error',
        text: scope ? `Your token lacks ${scope}, needed for ${scopePurpose(scope)}.` : error.message,
        way: { kind: 'add-scope', scopes: scope ? [scope] : [], tokensUrl: tokensUrl(address) },
      };
    }
    case 'pro-required':
      return {
        key: 'error',
        tone: 'error',
        text: /\bpro\b/i.test(error.message) ? error.message : `${error.message} This needs a VerseDB PRO membership.`,
        way: { kind: 'upgrade', url: error.upgradeUrl ?? null },
      };
    case 'rate-limited': {
      const until = error.retryAt ?? now + 60_000;
      return { key: 'error', tone: 'warning', text: `VerseDB asked Longbox to wait until ${formatWhen(until, now)}.`, way: { kind: 'wait', until } };
    }
    case 'paused': {
      const until = error.resumesAt ?? now + 60_000;
      return {
        key: 'error',
        tone: 'warning',
        text: `Longbox is saving your remaining reads for your own clicks. Try again after ${formatWhen(until, now)}.`,
        way: { kind: 'wait', until },
      };
    }
    case 'offline':
      return { key: 'error', tone: 'warning', text: 'You seem to be offline. Try again when you are connected.', way: { kind: 'none' } };
    case 'unavailable':
    case 'outcome-unknown':
      return {
        key: 'error',
        tone: 'warning',
        text: /^VerseDB is not answering/.test(error.message) ? error.message : `VerseDB is not answering right now: ${error.message}`,
        way: { kind: 'none' },
      };
    default:
      return { key: 'error', tone: 'error', text: error.message, way: { kind: 'none' } };
  }
}
