import { beforeEach, describe, expect, it } from 'vitest';
import { api, call, useStandIn } from './helpers.ts';

// §13 rate limits per member and tier, over the movable clock.

const HOUR = 3_600_000;
const standIn = useStandIn({
  clockStart: '2026-11-22T12:00:00Z',
  limits: { free: { readsPerHour: 5, readsPerDay: 8, writesPerHour: 3 } },
});

beforeEach(() => standIn().reset());

const read = (token?: string) => call(standIn(), api('/issues/1'), { token });
const write = () => call(standIn(), api('/issues/1/wishlist'), { method: 'POST' });

describe('rate limits', () => {
  it('counts reads down in the headers, then answers 429 with Retry-After and X-RateLimit-Reset', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await read();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('5');
      remaining.push(answer.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const refused = await read();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3590);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    expect(reset).toBeCloseTo(standIn().clock.nowMs() / 1000 + retryAfter, -1);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('restores the hourly quota when the clock moves an hour on', async () => {
    for (let i = 0; i < 5; i++) await read();
    expect((await read()).status).toBe(429);
    standIn().clock.advance(HOUR);
    expect((await read()).status).toBe(200);
  });

  it('holds the daily cap across hours, until the day is over', async () => {
    for (let i = 0; i < 5; i++) expect((await read()).status).toBe(200);
    standIn().clock.advance(HOUR);
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(200);
    const refused = await read();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('8');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(HOUR / 1000);
    standIn().clock.advance(HOUR);
    expect((await read()).status).toBe(429);
    standIn().clock.advance(23 * HOUR);
    expect((await read()).status).toBe(200);
  });

  it('caps writes separately from reads', async () => {
    for (let i = 0; i < 3; i++) expect((await write()).status).toBeLessThan(300);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect((await read()).status).toBe(200);
  });

  it('counts per member, whatever token they use, and not the requests refused with 401', async () => {
    for (let i = 0; i < 6; i++) {
      const unauthenticated = await call(standIn(), api('/issues/1'), { token: i % 2 ? null : 'no-such-token' });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers.get('x-ratelimit-remaining')).toBe('5');
    }
    const first = await read(standIn().tokens.noLookup);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    await read(standIn().tokens.connect);
    expect((await read()).headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('gives PRO members their own, larger, limits', async () => {
    const answer = await read(standIn().tokens.pro);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('999');
  });

  it('takes new limits from the control surface', async () => {
    const set = await fetch(`${standIn().url}/__stand-in/limits`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pro: { reads_per_hour: 2 } }) });
    expect(await set.json()).toMatchObject({ pro: { reads_per_hour: 2, reads_per_day: 20_000 }, free: { reads_per_hour: 5 } });
    const pro = standIn().tokens.pro;
    await read(pro);
    await read(pro);
    expect((await read(pro)).status).toBe(429);
  });
});
