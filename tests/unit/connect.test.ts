import { describe, expect, it } from 'vitest';
import { exchangeConnectCode } from '../../lib/background/connect';
import { base64Url, challengeFor, createState, createVerifier, readConnectCallback, startConnect } from '../../lib/connect';

// RFC 7636, appendix B: the example verifier (from these 32 octets) and its S256 challenge.
const RFC_OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83,
  132, 141, 121,
];
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** A random source that hands out the given bytes. */
function fixedBytes(values: number[]) {
  return (bytes: Uint8Array<ArrayBuffer>) => {
    bytes.set(values.slice(0, bytes.length));
    return bytes;
  };
}

describe('PKCE (RFC 7636)', () => {
  it('turns the appendix B octets into the appendix B verifier', () => {
    expect(base64Url(Uint8Array.from(RFC_OCTETS))).toBe(RFC_VERIFIER);
    expect(createVerifier(32, fixedBytes(RFC_OCTETS))).toBe(RFC_VERIFIER);
  });

  it('gives the appendix B challenge for the appendix B verifier', async () => {
    expect(await challengeFor(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
  });

  it('makes verifiers of 43 to 128 unreserved characters from the system random source', () => {
    const verifiers = new Set<string>();
    for (const bytes of [32, 48, 96]) {
      const verifier = createVerifier(bytes);
      expect(verifier).toMatch(/^[A-Za-z0-9_-]+$/);
      verifiers.add(verifier);
    }
    expect([...verifiers].map((v) => v.length)).toEqual([43, 64, 128]);
    expect(createVerifier()).not.toBe(createVerifier());
  });

  it('refuses verifier sizes outside the RFC', async () => {
    expect(() => createVerifier(31)).toThrow(RangeError);
    expect(() => createVerifier(97)).toThrow(RangeError);
    await expect(challengeFor('short')).rejects.toThrow(RangeError);
    await expect(challengeFor(`${RFC_VERIFIER}+`)).rejects.toThrow(RangeError);
  });

  it('makes a fresh state each time', () => {
    expect(createState()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(createState()).not.toBe(createState());
  });
});

describe('the Connect authorize address', () => {
  it('carries the redirect, state, S256 challenge and client name', async () => {
    const start = await startConnect('http://127.0.0.1:7878', 'https://abc.chromiumapp.org/');
    const url = new URL(start.url);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:7878/connect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirect_uri: 'https://abc.chromiumapp.org/',
      state: start.state,
      code_challenge: await challengeFor(start.verifier),
      code_challenge_method: 'S256',
      client_name: 'Longbox',
    });
    expect(start.verifier.length).toBeGreaterThanOrEqual(43);
  });
});

describe('the Connect callback', () => {
  const back = (query: string) => `https://abc.chromiumapp.org/?${query}`;

  it('gives the code when the state is ours', () => {
    expect(readConnectCallback(back('code=abc123&state=s1'), 's1')).toEqual({ kind: 'code', code: 'abc123' });
  });

  it('refuses an answer with another state, even a good code', () => {
    expect(readConnectCallback(back('code=abc123&state=other'), 's1').kind).toBe('invalid');
    expect(readConnectCallback(back('code=abc123'), 's1').kind).toBe('invalid');
  });

  it('tells a decline from other errors', () => {
    expect(readConnectCallback(back('error=access_denied&state=s1'), 's1')).toEqual({ kind: 'declined' });
    expect(readConnectCallback(back('error=server_error&state=s1'), 's1')).toMatchObject({ kind: 'invalid' });
  });

  it('refuses a missing or odd code and an unreadable address', () => {
    expect(readConnectCallback(back('state=s1'), 's1').kind).toBe('invalid');
    expect(readConnectCallback(back('code=%3Cscript%3E&state=s1'), 's1').kind).toBe('invalid');
    expect(readConnectCallback('not a url', 's1').kind).toBe('invalid');
  });
});

describe('the background’s code exchange', () => {
  const request = { address: 'http://127.0.0.1:7878', code: 'abc123', redirectUri: 'https://abc.chromiumapp.org/', codeVerifier: RFC_VERIFIER };

  it('posts the code, redirect and verifier without a token, and gives back the token', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      return new Response(JSON.stringify({ access_token: 'connect-token', token_type: 'Bearer', expires_at: '2027-01-01T00:00:00Z', abilities: ['read:public'] }), { status: 200 });
    };
    expect(await exchangeConnectCode(request, { fetch })).toBe('connect-token');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://127.0.0.1:7878/api/v1/connect/token');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBeNull();
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'abc123',
      redirect_uri: 'https://abc.chromiumapp.org/',
      code_verifier: RFC_VERIFIER,
    });
  });

  it('turns a 400 (expired, reused, wrong verifier) into "connect again"', async () => {
    const fetch = async () => new Response(JSON.stringify({ error: 'invalid_grant', error_description: 'The code has expired.' }), { status: 400 });
    await expect(exchangeConnectCode(request, { fetch })).rejects.toMatchObject({ problem: { kind: 'invalid', message: expect.stringContaining('Connect again') } });
  });
});
