import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type DataFile, type StandIn } from '../../stand-in/index.ts';
import { comicAddOn, upcCheckDigit } from '../../stand-in/barcodes.ts';
import type { ItemQuery } from '@/lib/items';
import { matchKey, normaliseNumber } from '@/lib/library/match';
import type { ItemStatus } from '@/lib/status';
import { VerseDbClient } from '@/lib/versedb/client';
import { isVerseDbError } from '@/lib/versedb/errors';
import { backgroundFor, readsServed } from './harness';

// Series learning (issue 12) over HTTP: the real background service against the stand-in. A back-issue
// run of one series (24 issues, three covers each, a second printing) costs one lookup; every other code
// of it is answered from the synced library with no read, and each badge says what a per-code lookup
// (asked of the stand-in by a separate client) says. A base two series share is never inferred from. A
// wishlist click on a comic answered this way reaches VerseDB for the right issue, with at most one
// catalog read of the series, and a whole run's shared barcode is resolved by the title's number.

const upcBase = (eleven: string) => eleven + upcCheckDigit(eleven);
const EMBER = upcBase('70985399501');
const CINDER = upcBase('70985399502');
const EMBER_ID = 950;
const ISSUES = 24;
const COVERS = ['Cover A', 'Cover B', 'Cover C'] as const;
const emberIssue = (n: number) => 9500 + n;
const emberVariant = (n: number, cover: number) => 95_000 + n * 10 + cover;
const code = (base: string, n: number, cover = 1, printing = 1) => base + comicAddOn(n, cover, printing);
/** A month apart from January 2018: every issue carries the 5-digit add-on. */
const released = (n: number) => new Date(Date.UTC(2018, n - 1, 3)).toISOString().slice(0, 10);

function data(): DataFile {
  const file = {
    mode: 'extend',
    series: [
      { id: EMBER_ID, name: 'Ember Run', publisher: 'Image Comics', upc: EMBER, start_year: 2018 },
      // Two series printed with one base: their #1s even share a barcode.
      { id: 960, name: 'Cinder Road', publisher: 'Image Comics', upc: CINDER, start_year: 2019 },
      { id: 970, name: 'Cinder Road Tales', publisher: 'Image Comics', upc: CINDER, start_year: 2020 },
    ],
    issues: [
      ...Array.from({ length: ISSUES }, (_, i) => {
        const n = i + 1;
        const variants: Array<Record<string, unknown>> = COVERS.map((name, c) => ({ id: emberVariant(n, c + 1), name }));
        if (n === 1) variants.push({ id: emberVariant(1, 9), name: 'Second Printing', type: 'reprint', upc: code(EMBER, 1, 1, 2) });
        return { id: emberIssue(n), series: 'Ember Run', number: n, release_date: released(n), variants };
      }),
      ...[1, 2, 3].map((n) => ({ id: 9600 + n, series: 'Cinder Road', number: n, release_date: released(20 + n) })),
      ...[1, 4, 5].map((n) => ({ id: 9700 + n, series: 'Cinder Road Tales', number: n, release_date: released(30 + n) })),
    ],
    members: [
      {
        username: 'samreads',
        collection: [
          { issue: emberIssue(3), variant_id: emberVariant(3, 2), condition: 'NM' },
          { issue: emberIssue(7), variant_id: emberVariant(7, 1), condition: 'VF' },
          { issue: emberIssue(7), variant_id: emberVariant(7, 3), condition: 'NM' },
        ],
        wishlist: [emberIssue(10), { issue: emberIssue(12), variant_id: emberVariant(12, 3) }],
      },
    ],
  };
  return file as unknown as DataFile;
}

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true, data: data() });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const upc = (value: string, key: string | null = null): ItemQuery => ({ codes: [{ type: 'upc', value }], matchKey: key, label: null });
const content = { id: 'ext', url: 'https://www.dcbservice.com/search', tab: { id: 7 } };
const own = { id: 'ext', origin: 'chrome-extension://ext/' };

async function signedIn() {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, si.tokens.free, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness;
}

/** Every code of the Ember Run back-issue page, in page order. */
function emberCodes(): string[] {
  return Array.from({ length: ISSUES }, (_, i) => i + 1).flatMap((n) => [
    ...COVERS.map((_, c) => code(EMBER, n, c + 1)),
    ...(n === 1 ? [code(EMBER, 1, 1, 2)] : []),
  ]);
}

/** Asks as a page does: everything for free first, then what is left a screenful (24) at a time. */
async function view(service: Awaited<ReturnType<typeof signedIn>>['service'], items: ItemQuery[]): Promise<Array<ItemStatus | null>> {
  const statuses = await service.itemStatuses(items, { lookUp: false });
  const due = statuses.flatMap((s, i) => (s ? [] : [i]));
  for (let start = 0; start < due.length; start += 24) {
    const screen = due.slice(start, start + 24);
    const answers = await service.itemStatuses(screen.map((i) => items[i] as ItemQuery));
    screen.forEach((i, k) => void (statuses[i] = answers[k] ?? null));
  }
  return statuses;
}

/** What a per-code lookup says, asked of the stand-in with a client of its own (its reads are cleared after). */
class PerCode {
  private readonly client = new VerseDbClient({ baseUrl: si.url, token: si.tokens.free });
  private owned = new Set<string>();
  private wished = new Set<number>();
  private pulled = new Set<number>();

  async load(): Promise<void> {
    for (let page = 1; ; page++) {
      const { copies, meta } = await this.client.collectionPage(page);
      for (const copy of copies) if (copy.issue) this.owned.add(`${copy.issue.seriesId}#${normaliseNumber(copy.issue.number)}`);
      if (!meta || page >= meta.lastPage) break;
    }
    for (const entry of (await this.client.wishlistPage(1)).entries) this.wished.add(entry.issueId);
    for (const entry of (await this.client.pullListPage(1)).entries) this.pulled.add(entry.seriesId);
  }

  async expected(value: string): Promise<{ state: string; issueId: number | null; seriesId: number | null }> {
    try {
      const issue = await this.client.lookupUpc(value);
      const state = this.owned.has(`${issue.seriesId}#${normaliseNumber(issue.number)}`) ? 'owned'
        : this.wished.has(issue.id) ? 'wishlist'
        : issue.seriesId !== null && this.pulled.has(issue.seriesId) ? 'pull-list' : 'not-owned';
      return { state, issueId: issue.id, seriesId: issue.seriesId };
    } catch (error) {
      if (isVerseDbError(error, 'not-found')) return { state: 'not-found', issueId: null, seriesId: null };
      if (isVerseDbError(error, 'ambiguous')) return { state: 'ambiguous', issueId: null, seriesId: null };
      throw error;
    }
  }
}

/** Each badge against the per-code answer: its state, and the issue and series it names where it names them. */
async function mismatches(codes: string[], statuses: Array<ItemStatus | null>): Promise<string[]> {
  const truth = new PerCode();
  await truth.load();
  const wrong: string[] = [];
  for (const [i, value] of codes.entries()) {
    const expected = await truth.expected(value);
    const got = statuses[i];
    const same = got?.state === expected.state
      && (got.issue === null || got.issue.id === expected.issueId)
      && (got.seriesId === null || expected.seriesId === null || got.seriesId === expected.seriesId);
    if (!same) wrong.push(`${value}: expected ${JSON.stringify(expected)}, got ${got?.state} issue ${got?.issue?.id} series ${got?.seriesId}`);
  }
  si.clearRequests();
  return wrong;
}

describe('a back-issue run of one series', () => {
  it('costs one lookup; every other code is answered from the library, as a per-code lookup would', async () => {
    const harness = await signedIn();
    const codes = emberCodes();
    expect(codes).toHaveLength(ISSUES * COVERS.length + 1);
    const statuses = await view(harness.service, codes.map((c) => upc(c)));
    expect(readsServed(si)).toBe(1);
    expect(statuses.filter((s) => s?.inferred)).toHaveLength(codes.length - 1);

    // Owned by another cover, twice over, wishlisted by another cover, the second printing named.
    const at = (n: number, cover = 1, printing = 1) => statuses[codes.indexOf(code(EMBER, n, cover, printing))];
    expect(at(3, 1)).toMatchObject({ state: 'owned', copies: 1, edition: 'Cover A, 1st printing' });
    expect(at(7, 2)).toMatchObject({ state: 'owned', copies: 2, edition: 'Cover B, 1st printing' });
    expect(at(12, 1)?.state).toBe('wishlist');
    expect(at(1, 1, 2)).toMatchObject({ state: 'not-owned', edition: 'Cover A, 2nd printing', seriesName: 'Ember Run', number: '1' });
    expect(await mismatches(codes, statuses)).toEqual([]);

    // A revisit, and a revisit after the worker restarted: nothing spent.
    const again = await view(harness.service, codes.map((c) => upc(c)));
    const restarted = await harness.restart();
    const afterRestart = await view(restarted, codes.map((c) => upc(c)));
    expect(readsServed(si)).toBe(0);
    expect(again.map((s) => s?.state)).toEqual(statuses.map((s) => s?.state));
    expect(afterRestart.map((s) => s?.state)).toEqual(statuses.map((s) => s?.state));
  });

  it('puts an inferred comic on the wishlist: the right issue reaches VerseDB, with one catalog read at most', async () => {
    const harness = await signedIn();
    await view(harness.service, [upc(code(EMBER, 1)), upc(code(EMBER, 15, 2)), upc(code(EMBER, 16, 3))]);
    si.clearRequests();
    const [fifteen] = await harness.service.itemStatuses([upc(code(EMBER, 15, 2))]);
    expect(fifteen).toMatchObject({ state: 'not-owned', inferred: true, issue: null, resolvedFrom: `upc:${code(EMBER, 15, 2)}` });

    const click = (value: string, writeId: string) =>
      harness.service.handle({ type: 'write', writeId, write: { action: 'wishlist-add', issueId: 0 }, code: `upc:${value}` }, content, own);
    expect(await click(code(EMBER, 15, 2), 'click-ember-15-b')).toMatchObject({ ok: true, result: { kind: 'done' } });
    expect(await click(code(EMBER, 16, 3), 'click-ember-16-c')).toMatchObject({ ok: true, result: { kind: 'done' } });

    const api = si.requests().filter((r) => r.path.startsWith('/api/v1'));
    expect(api.filter((r) => r.method === 'GET').map((r) => `${r.path}?${r.query}`)).toEqual([
      expect.stringMatching(new RegExp(`^/api/v1/issues\\?.*series_id=${EMBER_ID}`)),
    ]);
    expect(api.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/v1/issues/${emberIssue(15)}/wishlist`,
      `/api/v1/issues/${emberIssue(16)}/wishlist`,
    ]);
    const [after] = await harness.service.itemStatuses([upc(code(EMBER, 15, 1))]);
    expect(after).toMatchObject({ state: 'wishlist', issue: expect.objectContaining({ id: emberIssue(15) }) });
  });

  it('keeps an offline click on an inferred comic: it waits with its code, survives a restart, and reaches VerseDB once online', async () => {
    let online = true;
    const harness = await backgroundFor(si, { fetch: (input, init) => (online ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'))) });
    await harness.service.signIn(si.url, si.tokens.free, 'personal');
    await harness.service.runSync();
    await view(harness.service, [upc(code(EMBER, 1)), upc(code(EMBER, 15, 2))]);
    si.clearRequests();

    online = false;
    const reply = await harness.service.handle({ type: 'write', writeId: 'offline-ember-15', write: { action: 'wishlist-add', issueId: 0 }, code: `upc:${code(EMBER, 15, 2)}` }, content, own);
    expect(reply).toMatchObject({ ok: true, result: { kind: 'queued' } });
    expect((await harness.service.writer.queue()).map((row) => row.code)).toEqual([`upc:${code(EMBER, 15, 2)}`]);

    // The worker stops while offline; back online, the restarted one finds the issue and sends it, once.
    const restarted = await harness.restart();
    online = true;
    expect(await restarted.writer.flushQueue()).toBe(0);
    expect(await restarted.writer.flushQueue()).toBe(0);
    const posts = si.requests().filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual([`/api/v1/issues/${emberIssue(15)}/wishlist`]);
    const [after] = await restarted.itemStatuses([upc(code(EMBER, 15, 1))]);
    expect(after).toMatchObject({ state: 'wishlist', issue: expect.objectContaining({ id: emberIssue(15) }) });
  });

  it('refuses an action code that is not a code', async () => {
    const harness = await signedIn();
    const reply = await harness.service.handle({ type: 'write', write: { action: 'wishlist-add', issueId: 0 }, code: 'javascript:alert(1)' }, content, own);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    expect(si.requests()).toHaveLength(0);
  });
});

describe('a base two series share', () => {
  it('is never inferred from: every code of it is looked up, and each badge is the per-code answer', async () => {
    const { service, restart } = await signedIn();
    // Their #1s share a barcode: VerseDB answers 409 with both series, and the base is poisoned.
    const codes = [code(CINDER, 1), code(CINDER, 2), code(CINDER, 3), code(CINDER, 4), code(CINDER, 5)];
    const statuses = await view(service, codes.map((c) => upc(c)));
    expect(statuses.map((s) => s?.state)).toEqual(['ambiguous', 'not-owned', 'not-owned', 'not-owned', 'not-owned']);
    expect(statuses.some((s) => s?.inferred)).toBe(false);
    expect(statuses.map((s) => s?.seriesId)).toEqual([null, 960, 960, 970, 970]);
    expect(readsServed(si)).toBe(codes.length);
    expect(await mismatches(codes, statuses)).toEqual([]);

    // Still poisoned after a restart: a code never seen is looked up too.
    const restarted = await restart();
    si.clearRequests();
    const [fresh] = await restarted.itemStatuses([upc(code(CINDER, 2, 2))]);
    expect(fresh).toMatchObject({ inferred: false, seriesId: 960 });
    expect(readsServed(si)).toBe(1);
  });
});

describe('a barcode a whole run shares (pre-1995)', () => {
  it('is resolved by the number the page’s title gives when one match has it; else the badge asks', async () => {
    const { service } = await signedIn();
    const shared = [...si.catalog().issues.values()].find((i) => i.upc?.length === 12);
    if (!shared?.upc) throw new Error('no pre-1995 barcode in the catalog');
    const client = new VerseDbClient({ baseUrl: si.url, token: si.tokens.free });
    const matches = await client.lookupUpc(shared.upc).then(
      () => [],
      (error: unknown) => (isVerseDbError(error) && error.problem.kind === 'ambiguous' ? error.problem.matches : []),
    );
    const pick = matches.find((m) => matches.filter((o) => o.number === m.number).length === 1);
    if (!pick) throw new Error('no match with a number of its own');
    si.clearRequests();

    const statuses = await view(service, [upc(shared.upc, matchKey(pick.seriesName, pick.number)), upc(shared.upc)]);
    expect(statuses[0]?.issue?.id).toBe(pick.issueId);
    expect(['owned', 'wishlist', 'pull-list', 'not-owned']).toContain(statuses[0]?.state);
    expect(statuses[1]?.state).toBe('ambiguous');
    expect(readsServed(si)).toBe(1);
  });
});
