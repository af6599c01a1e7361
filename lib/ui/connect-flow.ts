import { readConnectCallback, startConnect } from '../connect';
import { t } from '../i18n';
import type { Outcome } from './messages';
import type { UiState } from './replies';

// "Connect with VerseDB" as the options page runs it: a PKCE start, the browser's web-auth window
// to {address}/connect, the callback read and checked, and the code handed to the background, which
// exchanges it and keeps the token.

export interface ConnectFlowDeps {
  /** The browser's redirect address for this extension (identity.getRedirectURL). */
  redirectUri: string;
  /** Opens the web-auth window at the address; resolves with the address VerseDB sent it back to. */
  launch: (url: string) => Promise<string>;
  /** Hands the code to the background (the model's `connect`). */
  exchange: (code: string, redirectUri: string, codeVerifier: string) => Promise<Outcome<UiState>>;
}

export async function runConnectFlow(origin: string, deps: ConnectFlowDeps): Promise<Outcome<UiState>> {
  const start = await startConnect(origin, deps.redirectUri);
  let callback: string;
  try {
    callback = await deps.launch(start.url);
  } catch {
    // Chrome rejects when the window is closed, or when VerseDB cannot be reached at all.
    return { ok: false, error: { kind: 'cancelled', message: t('options_connect_closed') } };
  }
  const answer = readConnectCallback(callback, start.state);
  if (answer.kind === 'declined') return { ok: false, error: { kind: 'declined', message: t('options_connect_declined') } };
  if (answer.kind === 'invalid') return { ok: false, error: { kind: 'invalid', message: answer.message } };
  return deps.exchange(answer.code, start.redirectUri, start.verifier);
}
