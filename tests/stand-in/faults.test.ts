import { beforeEach, describe, expect, it } from 'vitest';
import { api, call, shape, useStandIn } from './helpers.ts';
import { CollectionCheck, ErrorMessage } from './schemas.ts';

// Injected faults: latency, a share of 500/503, and dropped connections after the work is done.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z', limits: { free: { readsPerHour: 10_000 } } });

beforeEach(() => standIn().reset());

const setFaults = (settings: object) =>
  fetch(`${standIn().url}/__stand-in/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });

async function statuses(count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await call(standIn(), api('/issues/1'))).status);
  return out;
}

describe('faults', () => {
  it('adds latency, and stops when cleared', async () => {
    standIn().faults.set({ latency_ms: 300 });
    let started = performance.now();
    expect((await call(standIn(), api('/issues/1'))).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    standIn().faults.clear();
    started = performance.now();
    await call(standIn(), api('/issues/1'));
    expect(performance.now() - started).toBeLessThan(290);
  });

  it('answers a seeded share of requests with 500 or 503, the same share after a reset', async () => {
    standIn().faults.set({ error_rate: 0.5 });
    const first = await statuses(40);
    const failures = first.filter((s) => s >= 500);
    expect(failures.length).toBeGreaterThan(8);
    expect(failures.length).toBeLessThan(32);
    expect(new Set(failures)).toEqual(new Set([500, 503]));
    standIn().reset();
    standIn().faults.set({ error_rate: 0.5 });
    expect(await statuses(40)).toEqual(first);
  });

  it('fails exactly the next N requests with error_next, with a {message} body', async () => {
    const set = await setFaults({ error_next: 2, error_status: 503 });
    expect(set.status).toBe(200);
    const answer = await call(standIn(), api('/issues/1'));
    expect(answer.status).toBe(503);
    shape(ErrorMessage, answer.body);
    expect(answer.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(await statuses(3)).toEqual([503, 200, 200]);
  });

  it('drops the next collection add after adding the copy', async () => {
    const issue = [...standIn().catalog().issues.values()].find((i) => i.releaseDate < '2000-01-01' && i.id > 1000)!;
    const check = async () => shape(CollectionCheck, (await call(standIn(), api(`/issues/${issue.id}/collection/check`))).body).copies_count;
    const before = await check();
    await setFaults({ drop_next: 1, paths: ['/api/v1/issues/*/collection'], methods: ['POST'] });
    // A GET elsewhere is not affected by the path filter.
    expect((await call(standIn(), api('/issues/1'))).status).toBe(200);
    await expect(call(standIn(), api(`/issues/${issue.id}/collection`), { method: 'POST', body: { condition: 'NM' } })).rejects.toThrow();
    expect(await check()).toBe(before + 1);
    expect(standIn().requests().at(-2)).toMatchObject({ method: 'POST', status: 201, fault: 'drop' });
    expect((await call(standIn(), api(`/issues/${issue.id}/collection`), { method: 'POST' })).status).toBe(201);
    expect(await check()).toBe(before + 2);
  });

  it('drops a seeded share of requests with drop_rate', async () => {
    standIn().faults.set({ drop_rate: 0.3 });
    let dropped = 0;
    for (let i = 0; i < 30; i++) {
      try {
        await call(standIn(), api('/issues/1'));
      } catch {
        dropped += 1;
      }
    }
    expect(dropped).toBeGreaterThan(2);
    expect(dropped).toBeLessThan(20);
  });

  it('never touches the control surface', async () => {
    standIn().faults.set({ error_rate: 1, paths: ['/**'] });
    const state = await fetch(`${standIn().url}/__stand-in/state`);
    expect(state.status).toBe(200);
    expect((await call(standIn(), api('/issues/1'))).status).toBeGreaterThanOrEqual(500);
  });
});
