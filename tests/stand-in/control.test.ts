import { describe, expect, it } from 'vitest';
import { api, call, shape, useStandIn } from './helpers.ts';
import { CollectionPage, FocPage } from './schemas.ts';

// The control surface at /__stand-in, for tests and demos in another process.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z' });

async function control(path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${standIn().url}/__stand-in${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('control surface', () => {
  it('summarises the state: catalog, members, tokens, usage', async () => {
    const { body } = await control('/state');
    expect(body.today).toBe('2026-11-22');
    expect(body.catalog).toMatchObject({ publishers: 4 });
    const members = body.members as Array<{ username: string; copies: number; tokens: unknown[] }>;
    expect(members.map((m) => m.username)).toEqual(['samreads', 'longboxdana']);
    expect(members[1]!.copies).toBeGreaterThanOrEqual(3000);
  });

  it('moves the clock by advance_ms and to a given now; "today" follows', async () => {
    expect((await control('/clock', 'POST', { advance_ms: 86_400_000 })).body.today).toBe('2026-11-23');
    const foc = shape(FocPage, (await call(standIn(), api('/discovery/foc'))).body);
    expect(foc.meta.foc_start).toBe('2026-11-23');
    expect((await control('/clock', 'POST', { now: '2027-01-01T00:00:00Z' })).body.today).toBe('2027-01-01');
    expect((await control('/clock', 'POST', { now: 'not a date' })).status).toBe(422);
    standIn().clock.reset();
    expect(standIn().clock.today()).toBe('2026-11-22');
  });

  it('sets, reads and clears faults; refuses bad settings', async () => {
    expect((await control('/faults', 'POST', { latency_ms: 5, drop_next: 1, paths: ['/api/v1/lists'] })).body).toMatchObject({ latency_ms: 5, drop_next: 1 });
    expect((await control('/faults')).body).toMatchObject({ drop_next: 1 });
    expect((await control('/faults', 'DELETE')).body).toEqual({});
    expect((await control('/faults', 'POST', { error_rate: 3 })).status).toBe(422);
  });

  it('creates tokens with given scopes, and revokes them', async () => {
    const created = await control('/tokens', 'POST', { member: 'longboxdana', scopes: ['read:public'] });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect((await call(standIn(), api('/issues/1'), { token })).status).toBe(200);
    expect((await call(standIn(), api('/user'), { token })).status).toBe(403);
    expect((await control('/revoke', 'POST', { token })).status).toBe(200);
    expect((await call(standIn(), api('/issues/1'), { token })).status).toBe(401);
    expect((await control('/revoke', 'POST', { token: 'nope' })).status).toBe(404);
    expect((await control('/tokens', 'POST', { member: 'nobody' })).status).toBe(404);
  });

  it('logs API requests for counting, and clears the log', async () => {
    await control('/requests', 'DELETE');
    await call(standIn(), api('/issues/1'));
    await call(standIn(), api('/issues/2'));
    await call(standIn(), api('/user'), { token: null });
    const { body } = await control('/requests');
    expect(body.total).toBe(3);
    expect(body.by_route).toMatchObject({ 'GET /api/v1/issues/{id}': 2, 'GET /api/v1/user': 1 });
    expect(body.by_status).toMatchObject({ 200: 2, 401: 1 });
    expect((body.entries as Array<{ member_id: number | null }>).map((e) => e.member_id)).toEqual([1, 1, null]);
  });

  it('resets the library and the clock', async () => {
    const before = shape(CollectionPage, (await call(standIn(), api('/user/collections?per_page=1'))).body).meta.total;
    await call(standIn(), api('/issues/1/collection'), { method: 'POST' });
    standIn().clock.advance(3_600_000);
    expect(shape(CollectionPage, (await call(standIn(), api('/user/collections?per_page=1'))).body).meta.total).toBe(before + 1);
    const reset = await control('/reset', 'POST');
    expect(reset.body).toMatchObject({ reset: true, today: '2026-11-22' });
    expect(shape(CollectionPage, (await call(standIn(), api('/user/collections?per_page=1'))).body).meta.total).toBe(before);
  });

  it('answers 404 for an unknown control path', async () => {
    expect((await control('/nothing')).status).toBe(404);
  });
});
