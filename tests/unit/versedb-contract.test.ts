import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VerseDbClient } from '@/lib/versedb/client';
import { isVerseDbError } from '@/lib/versedb/errors';
import { variantOfCode, type Issue } from '@/lib/versedb/schemas';

// The client fed what VerseDB's own SDKs document (tests/fixtures/versedb-sdk: each body restated from
// versedbcom/versedb-node and versedbcom/versedb-python, with the commit it comes from), through the
// real client over a fetch that answers with the body. Every example must be read right; then every
// field of it, made null and left out one at a time (every field is optional in the SDK models), and every
// id written as a digit string (some models type ids as strings), must be
// read, or cost only its row (a list) or its code (a lookup: "not found"). Only the few paths listed in
// REFUSED, without which the answer means nothing, may refuse the whole answer, and with a clear error.

const DIR = join(__dirname, '../fixtures/versedb-sdk');

interface Fixture {
  endpoint: string;
  status: number;
  source: Array<{ repo: string; path: string; commit: string }>;
  example: unknown;
}

type Call = (client: VerseDbClient) => Promise<unknown>;

/** What Longbox calls for each documented answer (a series' detail is not called). */
const CALLS: Record<string, Call> = {
  'GET /api/v1/user': (c) => c.profile(),
  'GET /api/v1/lookup/upc/{upc}': (c) => c.lookupUpc('75960608936700121'),
  'GET /api/v1/lookup/isbn/{isbn}': (c) => c.lookupIsbn('9781302913847'),
  'GET /api/v1/lookup/code/{code}': (c) => c.lookupCode('1125DC0151'),
  'GET /api/v1/issues/{issue_id}': (c) => c.issue(5432),
  'GET /api/v1/issues': (c) => c.seriesIssues(123),
  'GET /api/v1/series': (c) => c.searchSeries('amazing spider-man'),
  'GET /api/v1/user/collections': (c) => c.collectionPage(1),
  'GET /api/v1/issues/{issue_id}/collection/check': (c) => c.checkCollection(5432),
  'POST /api/v1/issues/{issue_id}/collection': (c) => c.addCopy(5432, { condition: 'NM' }),
  'PATCH /api/v1/issues/{issue_id}/collection': (c) => c.updateCopy(5432, 1001, { condition: 'NM' }),
  'GET /api/v1/user/wishlist': (c) => c.wishlistPage(1),
  'POST /api/v1/issues/{issue_id}/wishlist': (c) => c.addToWishlist(5432),
  'GET /api/v1/user/pull-list': (c) => c.pullListPage(1),
  'POST /api/v1/pull-list/items': (c) => c.addToPullList(456),
  'GET /api/v1/discovery/foc': (c) => c.foc({ days: 7 }),
  'GET /api/v1/discovery/upcoming-firsts': (c) => c.upcomingFirsts({ days: 60 }),
  'GET /api/v1/discovery/follow-updates': (c) => c.followUpdates({ days: 30 }),
  'POST /api/v1/connect/token': (c) => c.exchangeConnectCode({ code: 'abc', redirectUri: 'https://x.chromiumapp.org/', codeVerifier: 'v'.repeat(43) }),
};
const NOT_CALLED = new Set(['GET /api/v1/series/{series_id}']);

/** Paths (dotted, `[]` for every row) without which an answer means nothing: refused whole, with a clear error. */
const REFUSED: Record<string, readonly string[]> = {
  'GET /api/v1/user': ['data', 'data.id'],
  'GET /api/v1/issues/{issue_id}': ['data', 'data.id'],
  'GET /api/v1/issues': ['data'],
  'GET /api/v1/series': ['data'],
  'GET /api/v1/user/collections': ['data'],
  'GET /api/v1/user/wishlist': ['data'],
  'GET /api/v1/user/pull-list': ['data'],
  'GET /api/v1/discovery/foc': ['data'],
  'GET /api/v1/discovery/upcoming-firsts': ['data'],
  'GET /api/v1/discovery/follow-updates': ['data'],
  'POST /api/v1/connect/token': ['access_token'],
};

function fixtures(): Array<{ file: string; fixture: Fixture }> {
  return readdirSync(DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, fixture: JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Fixture }));
}

function clientAnswering(status: number, body: unknown): VerseDbClient {
  const fetch = async () =>
    new Response(status === 204 || body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return new VerseDbClient({ baseUrl: 'https://versedb.com', token: 'vdb_test', fetch });
}

type Outcome = 'read' | 'row-skipped' | 'not-found' | 'ambiguous' | 'refused';

async function outcomeOf(fixture: Fixture, body: unknown): Promise<{ outcome: Outcome; value: unknown; error?: string }> {
  const call = CALLS[fixture.endpoint];
  if (!call) throw new Error(`no call for ${fixture.endpoint}`);
  try {
    const value = await call(clientAnswering(fixture.status, body));
    const skipped = (value as { skipped?: unknown[] } | undefined)?.skipped;
    return { outcome: Array.isArray(skipped) && skipped.length > 0 ? 'row-skipped' : 'read', value };
  } catch (error) {
    if (isVerseDbError(error, 'not-found')) return { outcome: 'not-found', value: null };
    if (isVerseDbError(error, 'ambiguous')) return { outcome: 'ambiguous', value: error.problem };
    if (isVerseDbError(error, 'malformed')) return { outcome: 'refused', value: null, error: error.message };
    throw error;
  }
}

/** Every field's path in a body: `data.series.name`, `data[].entity` (every row of a list). */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value)) {
    const rows = value.filter((row) => typeof row === 'object' && row !== null);
    const seen = new Map<string, string[]>();
    for (const row of rows) for (const path of pathsOf(row, [...prefix.slice(0, -1), `${prefix.at(-1) ?? ''}[]`])) seen.set(path.join('.'), path);
    return [...seen.values()];
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [[...prefix, key], ...pathsOf(inner, [...prefix, key])]);
}

type Change = 'null' | 'absent' | 'digit string';

/** The body with the field at `path` set to null, removed, or (an id) written as a digit string, in every row. */
function mutate(body: unknown, path: string[], how: Change): unknown {
  const copy = structuredClone(body);
  const apply = (node: unknown, rest: string[]): void => {
    const [head, ...tail] = rest;
    if (head === undefined || typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const many = head.endsWith('[]');
    const key = many ? head.slice(0, -2) : head;
    if (tail.length === 0) {
      if (how === 'null') record[key] = null;
      else if (how === 'absent') delete record[key];
      else if (typeof record[key] === 'number') record[key] = String(record[key]);
      return;
    }
    const next = record[key];
    if (many && Array.isArray(next)) for (const row of next) apply(row, tail);
    else apply(next, tail);
  };
  apply(copy, path);
  return copy;
}

const rowsOfList = (body: unknown): number => {
  const data = (body as { data?: unknown })?.data;
  return Array.isArray(data) ? data.length : 0;
};

const tally = { examples: 0, variants: 0, read: 0, rowSkipped: 0, notFound: 0, refused: 0 };
afterAll(() => {
  console.log(
    `SDK examples read right: ${tally.examples}; variants (each field null, absent, an id as digits): ${tally.variants} ` +
      `(read ${tally.read}, one row skipped ${tally.rowSkipped}, lookup not found ${tally.notFound}, refused as meaningless ${tally.refused})`,
  );
});

describe('the client reads what the VerseDB SDKs document', () => {
  const all = fixtures();

  it('has an example for every answer Longbox reads, each naming the SDK commit it restates', () => {
    const endpoints = new Set(all.map(({ fixture }) => fixture.endpoint));
    for (const endpoint of Object.keys(CALLS)) expect(endpoints, endpoint).toContain(endpoint);
    for (const { file, fixture } of all) {
      expect(fixture.source.length, file).toBeGreaterThan(0);
      for (const source of fixture.source) expect(source.commit, file).toMatch(/^[0-9a-f]{7,40}$/);
    }
  });

  for (const { file, fixture } of all) {
    if (NOT_CALLED.has(fixture.endpoint)) continue;
    it(`reads ${file} as documented, and every field of it null or absent`, async () => {
      const documented = await outcomeOf(fixture, fixture.example);
      expect(documented.outcome, documented.error).toBe(fixture.status === 409 ? 'ambiguous' : 'read');
      tally.examples++;
      const refusable = REFUSED[fixture.endpoint] ?? [];
      for (const path of pathsOf(fixture.example)) {
        const isId = /(^|_)id$/.test(path.at(-1) ?? '');
        for (const how of isId ? (['null', 'absent', 'digit string'] as const) : (['null', 'absent'] as const)) {
          const name = `${path.join('.')} ${how}`;
          const body = mutate(fixture.example, path, how);
          const { outcome, value, error } = await outcomeOf(fixture, body);
          tally.variants++;
          if (outcome === 'refused') {
            expect(refusable, `${file}: ${name} refused the whole answer (${error})`).toContain(path.join('.'));
            expect(error).toMatch(/VerseDB sent an answer Longbox cannot read/);
            tally.refused++;
          } else if (outcome === 'row-skipped') {
            // One row lost, the others kept: what was kept and what was skipped add up to what was sent.
            const { skipped } = value as { skipped: unknown[] };
            const kept = Object.values(value as Record<string, unknown>).find((v) => Array.isArray(v) && v !== skipped) as unknown[];
            expect(kept.length + skipped.length, name).toBe(rowsOfList(body));
            tally.rowSkipped++;
          } else if (outcome === 'not-found') {
            expect(fixture.endpoint, `${file}: ${name}`).toMatch(/^GET \/api\/v1\/lookup\//);
            tally.notFound++;
          } else {
            expect(outcome, `${file}: ${name}`).toBe(fixture.status === 409 ? 'ambiguous' : 'read');
            // An id written as digits is the same id.
            if (how === 'digit string') expect(value, `${file}: ${name}`).toEqual(documented.value);
            tally.read++;
          }
        }
      }
    });
  }
});

describe('what the SDK examples say, read right', () => {
  const example = (file: string) => (JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Fixture).example;
  const answer = (file: string, call: Call, status = 200) => call(clientAnswering(status, example(file)));

  it('takes the variant of a barcode from beside data (newer answers) and from inside it (older ones)', async () => {
    const newer = (await answer('lookup-upc.200.json', (c) => c.lookupUpc('75960608936700121'))) as Issue;
    expect(newer).toMatchObject({ id: 5432, seriesId: 123, number: '1', suggestedVariantId: 789 });
    expect(variantOfCode(newer, '75960608936700121')).toBe(789); // Cover B's own code
    expect(variantOfCode(newer, '75960608936700111')).toBeNull(); // Cover A: the plain issue
    const older = (await answer('lookup-upc.200.older.json', (c) => c.lookupUpc('75960608936700111'))) as Issue;
    expect(older.id).toBe(5432);
    expect(variantOfCode(older, older.upc ?? '')).toBe(older.suggestedVariantId);
  });

  it('reads a distributor code’s variant by its own Lunar code', async () => {
    const body = example('lookup-code.200.json') as { variants?: Array<{ variant_id: string | null; lunar_code?: string }> };
    const issue = (await answer('lookup-code.200.json', (c) => c.lookupCode('1125DC0151'))) as Issue;
    for (const variant of body.variants ?? []) {
      if (variant.lunar_code) expect(variantOfCode(issue, variant.lunar_code)).toBe(variant.variant_id === null ? null : Number(variant.variant_id));
    }
  });

  it('reads the issue detail’s title object, and the older string fields', async () => {
    const detail = (await answer('issue-detail.200.json', (c) => c.issue(5432))) as Issue;
    expect(detail).toMatchObject({ id: 5432, number: '1', name: 'The Amazing Spider-Man #1' });
    expect(detail.titleName).toEqual(expect.any(String));
    const older = (await answer('issue-detail.200.older.json', (c) => c.issue(5432))) as Issue;
    expect(older.solicitation).toMatch(/Nick Spencer/);
  });

  it('reads a library page: copies, wishlist entries and pulled series', async () => {
    const copies = (await answer('user-collections.200.json', (c) => c.collectionPage(1))) as { copies: Array<{ copyId: number; issueId: number }> };
    expect(copies.copies[0]).toMatchObject({ copyId: 1001, issueId: 5432 });
    const wishlist = (await answer('user-wishlist.200.json', (c) => c.wishlistPage(1))) as { entries: Array<{ issueId: number; series: { name: string | null } | null }> };
    expect(wishlist.entries[0]).toMatchObject({ issueId: 5432, series: { name: 'Amazing Spider-Man' } });
    const pulls = (await answer('user-pull-list.200.json', (c) => c.pullListPage(1))) as { entries: Array<{ seriesId: number }> };
    expect(pulls.entries[0]?.seriesId).toBe(456);
  });

  it('reads owned and not owned from the collection check', async () => {
    expect(await answer('collection-check.200.owned.json', (c) => c.checkCollection(5432))).toMatchObject({ owned: true, listed: true, copies: [{ copyId: 1001, variantId: 789 }] });
    expect(await answer('collection-check.200.not-owned.json', (c) => c.checkCollection(5432))).toMatchObject({ owned: false, listed: true, copies: [] });
  });

  it('reads why a followed issue is new, and an empty map sent as []', async () => {
    const updates = (await answer('discovery-follow-updates.200.json', (c) => c.followUpdates({ days: 30 }))) as { issues: Array<{ reason: string | null }> };
    expect(updates.issues[0]?.reason).toBe('New in X-Men');
    const empty = { ...(example('discovery-follow-updates.200.json') as object), follow_contexts: [], follow_types: [] };
    const read = (await clientAnswering(200, empty).followUpdates({ days: 30 })) as { issues: Array<{ reason: string | null }> };
    expect(read.issues[0]?.reason).toBeNull();
  });

  it('reads the 409 of a shared barcode with every match, newer and older', async () => {
    for (const file of ['lookup-upc.409.json', 'lookup-upc.409.older.json', 'lookup-code.409.json']) {
      const body = example(file) as { matches: unknown[] };
      const { outcome, value } = await outcomeOf(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Fixture, body);
      expect(outcome).toBe('ambiguous');
      expect((value as { matches: unknown[] }).matches).toHaveLength(body.matches.length);
    }
  });
});
