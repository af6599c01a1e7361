import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { VerseDbClient, verseDbOrigin, type RateInfo } from '@/lib/versedb/client';
import { VerseDbError, type ApiProblem } from '@/lib/versedb/errors';

// The API client against the stand-in over real HTTP: shapes, and every error status as a problem
// the UI can explain.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());

function client(token: string = si.tokens.free, onRateInfo?: (info: RateInfo) => void) {
  return new VerseDbClient({ baseUrl: si.url, token, onRateInfo });
}

async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof VerseDbError)) throw new Error(`expected a VerseDbError, got ${String(error)}`);
  return error.problem;
}

function modernIssue() {
  const issue = [...si.catalog().issues.values()].find((i) => i.upc?.length === 17 && i.variants.length > 1);
  if (!issue?.upc) throw new Error('the seeded catalog has no modern issue with variants');
  return issue;
}

describe('VerseDbClient', () => {
  it('reads the member’s profile and tier', async () => {
    const profile = await client().profile();
    expect(profile.username).toBe('samreads');
    expect(profile.isPro).toBe(false);
    expect((await client(si.tokens.pro).profile()).isPro).toBe(true);
  });

  it('looks up a comic by its 17-digit UPC, and a book by ISBN-10 and ISBN-13', async () => {
    const issue = modernIssue();
    const found = await client().lookupUpc(issue.upc ?? '');
    expect(found.id).toBe(issue.id);
    expect(found.number).toBe(issue.number);
    expect(found.series?.name).toBeTruthy();

    const book = [...si.catalog().issues.values()].find((i) => i.isbn?.startsWith('978'));
    if (!book?.isbn) throw new Error('no 978 book in the catalog');
    expect((await client().lookupIsbn(book.isbn)).id).toBe(book.id);
    const isbn10 = si.catalog().isbn10Of(book);
    if (!isbn10) throw new Error('no ISBN-10');
    expect((await client().lookupIsbn(isbn10)).id).toBe(book.id);
  });

  it('reports a shared pre-1995 barcode as ambiguous, with its matches', async () => {
    const shared = [...si.catalog().issues.values()].filter((i) => i.upc?.length === 12);
    const upc = shared[0]?.upc;
    if (!upc) throw new Error('no shared barcode in the catalog');
    const problem = await problemOf(client().lookupUpc(upc));
    expect(problem.kind).toBe('ambiguous');
    if (problem.kind !== 'ambiguous') return;
    expect(problem.matches.length).toBeGreaterThan(1);
    expect(problem.matches.every((m) => m.seriesName && m.number)).toBe(true);
  });

  it('maps 404, 401, 403 and 422 to problems that say what is wrong', async () => {
    expect((await problemOf(client().lookupUpc('00000000000000000'))).kind).toBe('not-found');
    expect((await problemOf(client(si.tokens.revoked).profile())).kind).toBe('unauthenticated');

    const scope = await problemOf(client(si.tokens.noLookup).lookupUpc(modernIssue().upc ?? ''));
    expect(scope).toMatchObject({ kind: 'missing-scope', scope: 'lookup:barcode' });

    const invalid = await problemOf(client().addCopy(modernIssue().id, { condition: 'NM', grade_score: '9.8 SIGNED!' }));
    expect(invalid.kind).toBe('invalid');
    if (invalid.kind === 'invalid') expect(Object.keys(invalid.fields)).toContain('grade_score');
  });

  it('says a PRO-only relation needs PRO', async () => {
    const problem = await problemOf(
      client().request('GET', `/issues/${modernIssue().id}/variants`, { schema: (await import('zod')).z.unknown() }),
    );
    expect(problem.kind).toBe('pro-required');
  });

  it('passes the rate-limit headers on, and a 429 with when to retry', async () => {
    const seen: RateInfo[] = [];
    si.reset();
    si.limits.set({ free: { readsPerHour: 2 } });
    try {
      const c = client(si.tokens.free, (info) => seen.push(info));
      await c.profile();
      await c.profile();
      const problem = await problemOf(c.profile());
      expect(problem.kind).toBe('rate-limited');
      expect(seen[0]).toMatchObject({ kind: 'read', limit: 2, remaining: 1 });
      expect(seen[2]?.status).toBe(429);
      expect(seen[2]?.retryAt).toBeGreaterThan(Date.now());
    } finally {
      si.reset();
    }
  });

  it('turns 503 into "unavailable" and a dropped write into "outcome unknown"', async () => {
    si.faults.set({ error_rate: 1, error_status: 503 });
    expect((await problemOf(client().profile())).kind).toBe('unavailable');
    si.faults.set({ drop_next: 1, methods: ['POST'] });
    expect((await problemOf(client().addToWishlist(modernIssue().id))).kind).toBe('outcome-unknown');
    si.faults.clear();
  });

  it('reads a lookup whose answer names no issue as not found, and refuses it where an issue was asked for', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: { id: 'not a number', name: '<img src=x onerror=alert(1)>' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const hostile = new VerseDbClient({ baseUrl: `http://127.0.0.1:${port}`, token: 't' });
      // A badge cannot act on a record without an id: the code is "not found", not an error badge.
      expect((await problemOf(hostile.lookupUpc('76194134182500111'))).kind).toBe('not-found');
      expect((await problemOf(hostile.issue(5))).kind).toBe('malformed');
    } finally {
      server.close();
    }
  });

  it('talks only HTTPS, except to this machine', () => {
    expect(verseDbOrigin('https://versedb.com/some/path')).toBe('https://versedb.com');
    expect(verseDbOrigin('http://127.0.0.1:7878')).toBe('http://127.0.0.1:7878');
    expect(() => verseDbOrigin('http://versedb.com')).toThrow(/https/);
    expect(() => verseDbOrigin('not an address')).toThrow(/not a web address/);
  });
});
