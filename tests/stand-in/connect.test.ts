import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, call, shape, useStandIn } from './helpers.ts';
import { ConnectToken, OAuthError } from './schemas.ts';

// §11 VerseDB Connect: approve page, PKCE S256 code exchange, single use, 5-minute codes.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z' });
const REDIRECT = 'http://localhost:5555/callback';

function pkce() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(challenge: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ redirect_uri: REDIRECT, state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256', client_name: 'Longbox', ...extra });
  return `${standIn().url}/connect?${params}`;
}

/** Approve through the page's form, as the member's click would, and return the code. */
async function approve(challenge: string, extra: Record<string, string> = {}): Promise<string> {
  const pageUrl = new URL(authorizeUrl(challenge, extra));
  const form = new URLSearchParams(pageUrl.searchParams);
  form.set('decision', 'approve');
  const answer = await fetch(`${standIn().url}/connect`, { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe('xyz');
  return location.searchParams.get('code') ?? '';
}

const exchange = (body: Record<string, string>, form = false) =>
  call(standIn(), api('/connect/token'), { method: 'POST', token: null, body: { grant_type: 'authorization_code', redirect_uri: REDIRECT, ...body }, form });

describe('the approve page', () => {
  it('shows Approve and Decline for a valid request', async () => {
    const answer = await fetch(authorizeUrl(pkce().challenge));
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('id="approve"');
    expect(html).toContain('id="decline"');
    expect(html).toContain('Sam Okafor');
    expect(html).toContain('read:showcase');
  });

  it.each([
    ['a plain-http redirect_uri', { redirect_uri: 'http://example.com/cb' }],
    ['no state', { state: '' }],
    ['a plain challenge method', { code_challenge_method: 'plain' }],
    ['a short challenge', { code_challenge: 'abc' }],
    ['a write scope', { scope: 'read:public write:collection' }],
  ])('refuses %s with 400', async (_, extra) => {
    const answer = await fetch(authorizeUrl(pkce().challenge, extra));
    expect(answer.status).toBe(400);
  });

  it('redirects a decline with error=access_denied and the state', async () => {
    const answer = await fetch(authorizeUrl(pkce().challenge, { decision: 'decline' }), { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('xyz');
  });
});

describe('the code exchange', () => {
  it('gives a read-only Connect token for the verifier, once', async () => {
    const { verifier, challenge } = pkce();
    const code = await approve(challenge);
    expect(code).toMatch(/^[A-Za-z0-9]{1,200}$/);
    const answer = await exchange({ code, code_verifier: verifier });
    expect(answer.status).toBe(200);
    const token = shape(ConnectToken, answer.body);
    expect(token.abilities).toEqual(['read:public', 'read:showcase']);
    expect(Date.parse(token.expires_at) - standIn().clock.nowMs()).toBeGreaterThan(364 * 86_400_000);
    const profile = await call(standIn(), api('/user'), { token: token.access_token });
    expect(profile.body).toMatchObject({ data: { username: 'samreads' } });
    expect(profile.body).not.toHaveProperty('data.email');
    expect((await call(standIn(), api('/issues/1/collection'), { method: 'POST', token: token.access_token })).status).toBe(403);
    const again = await exchange({ code, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(shape(OAuthError, again.body).error).toBe('invalid_grant');
  });

  it('accepts a form-encoded exchange and signs in the member named on the page', async () => {
    const { verifier, challenge } = pkce();
    const code = await approve(challenge, { member: 'longboxdana' });
    const answer = await exchange({ code, code_verifier: verifier }, true);
    const token = shape(ConnectToken, answer.body);
    expect((await call(standIn(), api('/user'), { token: token.access_token })).body).toMatchObject({ data: { is_pro: true } });
  });

  it('burns the code on a wrong verifier', async () => {
    const { verifier, challenge } = pkce();
    const code = await approve(challenge);
    const wrong = await exchange({ code, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(shape(OAuthError, wrong.body).error).toBe('invalid_grant');
    expect((await exchange({ code, code_verifier: verifier })).status).toBe(400);
  });

  it('refuses a different redirect_uri, a short verifier and another grant type', async () => {
    for (const [body, error] of [
      [{ redirect_uri: 'http://localhost:5555/other' }, 'invalid_grant'],
      [{ code_verifier: 'short' }, 'invalid_request'],
      [{ grant_type: 'client_credentials' }, 'unsupported_grant_type'],
    ] as const) {
      const { verifier, challenge } = pkce();
      const code = await approve(challenge);
      const answer = await exchange({ code, code_verifier: verifier, ...body });
      expect(answer.status).toBe(400);
      expect(shape(OAuthError, answer.body).error).toBe(error);
    }
  });

  it('lets a code expire after five minutes by the clock', async () => {
    const fresh = pkce();
    const code = await approve(fresh.challenge);
    standIn().clock.advance(4 * 60_000);
    expect((await exchange({ code, code_verifier: fresh.verifier })).status).toBe(200);
    const late = pkce();
    const lateCode = await approve(late.challenge);
    standIn().clock.advance(5 * 60_000 + 1_000);
    const answer = await exchange({ code: lateCode, code_verifier: late.verifier });
    expect(answer.status).toBe(400);
    expect(shape(OAuthError, answer.body).error_description).toContain('expired');
  });

  it('replaces the token of a site that connects again', async () => {
    const first = pkce();
    const one = shape(ConnectToken, (await exchange({ code: await approve(first.challenge, { client_name: 'Again' }), code_verifier: first.verifier })).body);
    const second = pkce();
    const two = shape(ConnectToken, (await exchange({ code: await approve(second.challenge, { client_name: 'Again' }), code_verifier: second.verifier })).body);
    expect((await call(standIn(), api('/issues/1'), { token: one.access_token })).status).toBe(401);
    expect((await call(standIn(), api('/issues/1'), { token: two.access_token })).status).toBe(200);
  });
});
