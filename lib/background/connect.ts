import { VerseDbClient } from '../versedb/client';
import { isVerseDbError, VerseDbError } from '../versedb/errors';
import { t } from '../i18n';

// VerseDB Connect, the background's half: the page ran the web-auth flow and hands over the code
// and its verifier; the token they are exchanged for stays here (the caller signs in with it).

export interface ConnectCode {
  address: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

export async function exchangeConnectCode(request: ConnectCode, options: { fetch?: typeof fetch; now?: () => number } = {}): Promise<string> {
  // The exchange is the one call made without a token, so it goes straight out, not through the member's quota.
  const client = new VerseDbClient({ baseUrl: request.address, token: null, fetch: options.fetch, now: options.now });
  try {
    const granted = await client.exchangeConnectCode({ code: request.code, redirectUri: request.redirectUri, codeVerifier: request.codeVerifier });
    return granted.token;
  } catch (error) {
    // A 400 burns the code (expired, reused, wrong verifier): the member has to go through Connect again.
    if (isVerseDbError(error) && error.status === 400) {
      throw new VerseDbError({ kind: 'invalid', message: t('background_connect_code_refused'), fields: {} }, 400);
    }
    throw error;
  }
}
