import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml, ok, sendText, type Reply } from './http.ts';
import { CONNECT_ABILITIES, type Ability, type Library, type Member } from './members.ts';
import type { RequestContext, Route } from './routes/shared.ts';

// VerseDB Connect (contract §11): the approve page at /connect and the code exchange at
// POST /api/v1/connect/token, with PKCE S256. Codes are single use and live five minutes by the
// movable clock; any failed exchange burns the code.

const CODE_LIFETIME_MS = 5 * 60_000;
const TOKEN_LIFETIME_MS = 365 * 86_400_000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

interface PendingCode {
  memberId: number;
  redirectUri: string;
  challenge: string;
  abilities: Ability[];
  tokenName: string;
  expiresAt: number;
}

export class ConnectCodes {
  private codes = new Map<string, PendingCode>();

  issue(pending: PendingCode): string {
    const code = randomBytes(20).toString('hex');
    this.codes.set(code, pending);
    return code;
  }

  /** Take a code out: whatever happens next, it cannot be used again. */
  burn(code: string): PendingCode | undefined {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    return pending;
  }

  reset(): void {
    this.codes = new Map();
  }
}

/** The parameters of an authorize request, checked. */
interface AuthorizeRequest {
  redirectUri: string;
  state: string;
  challenge: string;
  abilities: Ability[];
  clientName: string | null;
  siteName: string | null;
  member: Member;
}

function readAuthorize(params: URLSearchParams, library: Library): AuthorizeRequest | string {
  const redirectUri = params.get('redirect_uri') ?? '';
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return 'redirect_uri is missing or is not an absolute URL.';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return 'redirect_uri must use https:// (or http://localhost during development).';
  }
  const state = params.get('state') ?? '';
  if (state === '' || state.length > 500) return 'state is required.';
  const challenge = params.get('code_challenge') ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return 'code_challenge must be the base64url SHA-256 of the verifier (43 characters, no padding).';
  if (params.get('code_challenge_method') !== 'S256') return 'code_challenge_method must be S256.';
  const clientName = params.get('client_name');
  if (clientName && clientName.length > 40) return 'client_name may be at most 40 characters.';
  const siteName = params.get('site_name');
  if (siteName && siteName.length > 100) return 'site_name may be at most 100 characters.';
  const scope = (params.get('scope') ?? '').split(' ').filter(Boolean);
  const unknown = scope.filter((s) => !(CONNECT_ABILITIES as readonly string[]).includes(s));
  if (unknown.length > 0) return `scope may hold only read:public and read:showcase, not ${unknown.join(', ')}.`;
  const member = library.findMember(params.get('member') ?? '1') ?? [...library.members.values()][0];
  if (!member) return 'There is no member to sign in as.';
  return {
    redirectUri, state, challenge, member, clientName, siteName,
    abilities: scope.length > 0 ? (scope as Ability[]) : [...CONNECT_ABILITIES],
  };
}

const SCOPE_TEXT: Partial<Record<Ability, string>> = {
  'read:public': 'the public catalog',
  'read:showcase': 'your profile and the public part of your collection',
};

function page(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · VerseDB stand-in</title>
<style>body{font:16px system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1d2433}
.card{border:1px solid #d5dae3;border-radius:12px;padding:1.5rem}button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #888;margin-right:.5rem;cursor:pointer}
#approve{background:#2451d6;color:#fff;border-color:#2451d6}code{background:#f1f3f7;padding:0 .3rem;border-radius:4px}</style></head>
<body><div class="card">${body}</div></body></html>`;
  sendText(res, status, 'text/html; charset=utf-8', html, { 'Cache-Control': 'no-store' });
}

function redirect(res: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  res.writeHead(302, { Location: url.toString(), 'Cache-Control': 'no-store' });
  res.end();
}

/**
 * GET /connect shows the approve page; the page posts back to /connect with `decision`.
 * `decision=approve|decline` on the GET itself answers at once (for scripts and e2e tests).
 */
export function handleConnectPage(res: ServerResponse, params: URLSearchParams, library: Library, codes: ConnectCodes, nowMs: number): void {
  const request = readAuthorize(params, library);
  if (typeof request === 'string') {
    page(res, 400, 'Invalid request', `<h1>This connection request is not valid</h1><p id="error">${escapeHtml(request)}</p>`);
    return;
  }
  const decision = params.get('decision');
  if (decision === 'approve') {
    const host = new URL(request.redirectUri).host;
    const code = codes.issue({
      memberId: request.member.id, redirectUri: request.redirectUri, challenge: request.challenge, abilities: request.abilities,
      tokenName: `${request.clientName ?? 'Connected site'}: ${host}`, expiresAt: nowMs + CODE_LIFETIME_MS,
    });
    redirect(res, request.redirectUri, { code, state: request.state });
    return;
  }
  if (decision === 'decline') {
    redirect(res, request.redirectUri, { error: 'access_denied', state: request.state });
    return;
  }
  const site = request.siteName ?? request.clientName ?? new URL(request.redirectUri).host;
  const hidden = [...params.entries()]
    .filter(([key]) => key !== 'decision' && key !== 'member')
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('');
  page(res, 200, 'Connect', `<h1>Connect ${escapeHtml(site)} to VerseDB</h1>
<p><strong>${escapeHtml(request.clientName ?? site)}</strong> wants read-only access to your VerseDB account.</p>
<p>Signed in as <strong id="member">${escapeHtml(request.member.name)}</strong> (@${escapeHtml(request.member.username)}).</p>
<ul>${request.abilities.map((a) => `<li><code>${a}</code> · ${SCOPE_TEXT[a] ?? a}</li>`).join('')}</ul>
<p>It will be sent back to <code>${escapeHtml(request.redirectUri)}</code>.</p>
<form method="post" action="/connect">${hidden}<input type="hidden" name="member" value="${request.member.id}">
<button id="approve" type="submit" name="decision" value="approve">Approve</button>
<button id="decline" type="submit" name="decision" value="decline">Decline</button></form>`);
}

function oauthError(error: string, description: string): Reply {
  return { status: 400, body: { error, error_description: description } };
}

const base64url = (buffer: Buffer): string => buffer.toString('base64url');

export const connectRoutes: Route[] = [
  {
    method: 'POST', path: '/api/v1/connect/token', kind: 'write', auth: false,
    handle(ctx: RequestContext): Reply {
      const field = (name: string): string | null => (typeof ctx.body[name] === 'string' ? (ctx.body[name] as string) : null);
      const code = field('code');
      const pending = code ? ctx.world.connect.burn(code) : undefined;
      if (field('grant_type') !== 'authorization_code') return oauthError('unsupported_grant_type', 'grant_type must be authorization_code.');
      const redirectUri = field('redirect_uri');
      const verifier = field('code_verifier');
      if (!code || !redirectUri || !verifier) return oauthError('invalid_request', 'code, redirect_uri and code_verifier are required.');
      if (!pending) return oauthError('invalid_grant', 'The code is invalid or has already been used.');
      if (pending.expiresAt <= ctx.nowMs) return oauthError('invalid_grant', 'The code has expired.');
      if (pending.redirectUri !== redirectUri) return oauthError('invalid_grant', 'redirect_uri does not match the one sent to /connect.');
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return oauthError('invalid_request', 'code_verifier must be 43 to 128 characters.');
      if (base64url(createHash('sha256').update(verifier).digest()) !== pending.challenge) {
        return oauthError('invalid_grant', 'The code verifier does not match the code challenge.');
      }
      const { library } = ctx.world;
      // Reconnecting the same site replaces its old token.
      for (const t of library.tokens.values()) {
        if (t.kind === 'connect' && t.memberId === pending.memberId && t.name === pending.tokenName) t.revoked = true;
      }
      const accessToken = `vdbc_${randomBytes(24).toString('hex')}`;
      const expiresAt = ctx.nowMs + TOKEN_LIFETIME_MS;
      library.tokens.set(accessToken, {
        token: accessToken, memberId: pending.memberId, abilities: pending.abilities, revoked: false,
        name: pending.tokenName, kind: 'connect', expiresAt,
      });
      return ok({ access_token: accessToken, token_type: 'Bearer', expires_at: new Date(expiresAt).toISOString(), abilities: pending.abilities });
    },
  },
];
