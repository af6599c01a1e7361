import { describe, expect, it } from 'vitest';
import { FULL_ACCESS, type Ability } from '../../stand-in/index.ts';
import { api, call, shape, useStandIn } from './helpers.ts';
import { ErrorMessage } from './schemas.ts';

// Interface-spec §5 scopes: 401 for a missing, unknown or revoked token, 403 naming the missing
// scope, and the routing errors (404, 405) every path shares.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z', data: { members: [{ username: 'scopes', tier: 'pro' }] } });

type Row = [method: string, path: string, needs: Ability[], body?: unknown];
const ROUTES: Row[] = [
  ['GET', '/user', ['read:user', 'read:showcase']],
  ['GET', '/lookup/upc/761941300016', ['lookup:barcode', 'mobile:lookup']],
  ['GET', '/lookup/isbn/9781779501011', ['lookup:barcode', 'mobile:lookup']],
  ['GET', '/lookup/code/0126IM0451', ['lookup:barcode', 'mobile:lookup']],
  ['GET', '/issues', ['read:public']],
  ['GET', '/issues/1', ['read:public']],
  ['GET', '/issues/1/variants', ['read:public']],
  ['GET', '/series/1', ['read:public']],
  ['GET', '/series/1/issues', ['read:public']],
  ['GET', '/titles', ['read:public']],
  ['GET', '/titles/1', ['read:public']],
  ['GET', '/discovery/foc', ['read:public']],
  ['GET', '/discovery/upcoming-firsts', ['read:public']],
  ['GET', '/lists/1', ['read:public']],
  ['GET', '/issues/1/collection/check', ['read:user', 'read:showcase']],
  ['GET', '/user/collections', ['read:user', 'read:showcase']],
  ['GET', '/user/wishlist', ['read:user', 'read:showcase']],
  ['GET', '/user/pull-list', ['read:user', 'read:showcase']],
  ['GET', '/user/follows', ['read:user', 'read:showcase']],
  ['GET', '/follow/title/1/check', ['read:user', 'read:showcase']],
  ['GET', '/discovery/follow-updates', ['read:user', 'read:showcase']],
  ['POST', '/issues/1/collection', ['write:collection'], {}],
  ['PATCH', '/issues/1/collection', ['write:collection'], { condition: 'NM' }],
  ['DELETE', '/issues/1/collection', ['write:collection']],
  ['POST', '/issues/2/wishlist', ['write:wishlist']],
  ['DELETE', '/issues/2/wishlist', ['write:wishlist']],
  ['POST', '/pull-list/items', ['write:pull-list'], { series_id: 1 }],
  ['DELETE', '/pull-list/items/1', ['write:pull-list']],
  ['POST', '/follow', ['write:follows'], { type: 'title', id: 1 }],
  ['PUT', '/follow/title/1/preferences', ['write:follows'], { push_notifications: true }],
  ['DELETE', '/follow/title/1', ['write:follows']],
  ['POST', '/lists', ['write:list'], { title: 'Scoped' }],
];

describe('scopes', () => {
  it.each(ROUTES)('%s %s needs %j', async (method, path, needs, body) => {
    const without = standIn().createToken('scopes', FULL_ACCESS.filter((a) => !needs.includes(a)))!.token;
    const refused = await call(standIn(), api(path), { method, token: without, body });
    expect(refused.status).toBe(403);
    expect(shape(ErrorMessage, refused.body).message).toContain(needs[0]);
    for (const ability of needs) {
      const only = standIn().createToken('scopes', [ability])!.token;
      const allowed = await call(standIn(), api(path), { method, token: only, body });
      expect([401, 403]).not.toContain(allowed.status);
    }
  });

  it('keeps a Connect token read-only', async () => {
    const { connect } = standIn().tokens;
    expect((await call(standIn(), api('/issues/1'), { token: connect })).status).toBe(200);
    const write = await call(standIn(), api('/issues/1/collection'), { method: 'POST', token: connect });
    expect(write.status).toBe(403);
    expect(shape(ErrorMessage, write.body).message).toContain('write:collection');
    const lookup = await call(standIn(), api('/lookup/upc/761941300016'), { token: connect });
    expect(shape(ErrorMessage, lookup.body).message).toContain('lookup:barcode');
  });

  it('refuses lookups to the token without lookup:barcode, naming it', async () => {
    const answer = await call(standIn(), api('/lookup/isbn/9781779501011'), { token: standIn().tokens.noLookup });
    expect(answer.status).toBe(403);
    expect(shape(ErrorMessage, answer.body).message).toMatch(/lookup:barcode/);
  });
});

describe('authentication', () => {
  it.each([
    ['no token', null],
    ['an unknown token', 'not-a-real-token'],
    ['a revoked token', 'longbox-demo-revoked'],
  ])('answers 401 Unauthenticated. for %s', async (_, token) => {
    const answer = await call(standIn(), api('/issues/1'), { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Unauthenticated.' });
    expect(answer.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('answers 401 once a token is revoked through the control surface', async () => {
    const token = standIn().createToken('scopes', [...FULL_ACCESS])!.token;
    expect((await call(standIn(), api('/user'), { token })).status).toBe(200);
    const revoked = await fetch(`${standIn().url}/__stand-in/revoke`, { method: 'POST', body: JSON.stringify({ token }), headers: { 'Content-Type': 'application/json' } });
    expect(revoked.status).toBe(200);
    expect((await call(standIn(), api('/user'), { token })).status).toBe(401);
  });
});

describe('routing errors', () => {
  it('answers 404 {message} for unknown paths, with or without a token', async () => {
    for (const token of [undefined, null]) {
      const answer = await call(standIn(), api('/comics/1'), { token });
      expect(answer.status).toBe(404);
      shape(ErrorMessage, answer.body);
    }
  });

  it('answers 405 {message} with Allow for a wrong method on a known path', async () => {
    const answer = await call(standIn(), api('/user'), { method: 'DELETE' });
    expect(answer.status).toBe(405);
    expect(shape(ErrorMessage, answer.body).message).toContain('DELETE');
    expect(answer.headers.get('allow')).toBe('GET');
    const collection = await call(standIn(), api('/issues/1/collection'), { method: 'GET' });
    expect(collection.status).toBe(405);
    expect(collection.headers.get('allow')).toBe('POST, PATCH, DELETE');
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    expect((await call(standIn(), api('/lists'), { method: 'POST', rawBody: '[1,2]' })).status).toBe(400);
    expect((await call(standIn(), api('/lists'), { method: 'POST', rawBody: 'title=x' })).status).toBe(400);
  });

  it('carries rate-limit headers on every /api/v1 response', async () => {
    for (const path of ['/issues/1', '/issues/999999', '/nowhere']) {
      const answer = await call(standIn(), api(path));
      expect(Number(answer.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
      expect(answer.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    }
  });
});
