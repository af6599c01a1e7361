// VerseDB Connect, the page's half (contract §11): the PKCE S256 verifier and challenge (RFC 7636),
// the state, the authorize address and the reading of the callback. The code is exchanged for a token
// by the background, so no page ever holds the token.

import { t } from './i18n';

export const CONNECT_CLIENT_NAME = 'Longbox';

/** Fills a byte array with random values; `crypto.getRandomValues` unless a test gives its own. */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A code verifier: `byteCount` random bytes as base64url. 32 bytes give the 43 characters RFC 7636
 * asks for at least; 96 bytes give 128, its most.
 */
export function createVerifier(byteCount = 48, random: RandomBytes = cryptoRandom): string {
  if (byteCount < 32 || byteCount > 96) throw new RangeError('A PKCE verifier needs 32 to 96 random bytes (43 to 128 characters).');
  return base64Url(random(new Uint8Array(byteCount)));
}

/** The S256 challenge: base64url (no padding) of the SHA-256 of the verifier's ASCII bytes. */
export async function challengeFor(verifier: string): Promise<string> {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new RangeError('A PKCE verifier is 43 to 128 unreserved characters.');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export function createState(random: RandomBytes = cryptoRandom): string {
  return base64Url(random(new Uint8Array(16)));
}

export interface ConnectStart {
  /** Where the browser's web-auth window goes. */
  url: string;
  verifier: string;
  state: string;
  redirectUri: string;
}

/** Everything one Connect attempt needs: a fresh verifier and state, and the authorize address. */
export async function startConnect(origin: string, redirectUri: string, random: RandomBytes = cryptoRandom): Promise<ConnectStart> {
  const verifier = createVerifier(48, random);
  const state = createState(random);
  const url = new URL('/connect', origin);
  url.search = new URLSearchParams({
    redirect_uri: redirectUri,
    state,
    code_challenge: await challengeFor(verifier),
    code_challenge_method: 'S256',
    client_name: CONNECT_CLIENT_NAME,
  }).toString();
  return { url: url.toString(), verifier, state, redirectUri };
}

export type ConnectCallback =
  | { kind: 'code'; code: string }
  | { kind: 'declined' }
  | { kind: 'invalid'; message: string };

/** Reads the address VerseDB sent the web-auth window back to. A state that is not ours is refused. */
export function readConnectCallback(callbackUrl: string, expectedState: string): ConnectCallback {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return { kind: 'invalid', message: t('versedb_connect_bad_callback') };
  }
  const params = url.searchParams;
  if (params.get('state') !== expectedState) {
    return { kind: 'invalid', message: t('versedb_connect_wrong_state') };
  }
  const error = params.get('error');
  if (error === 'access_denied') return { kind: 'declined' };
  if (error) return { kind: 'invalid', message: t('versedb_connect_error', error.slice(0, 100)) };
  const code = params.get('code') ?? '';
  if (!/^[A-Za-z0-9._~-]{1,500}$/.test(code)) return { kind: 'invalid', message: t('versedb_connect_no_code') };
  return { kind: 'code', code };
}
