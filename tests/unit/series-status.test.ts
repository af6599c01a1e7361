import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Circuit } from '@/lib/circuit';
import type { ItemQuery } from '@/lib/items';
import { Library } from '@/lib/library/library';
import { matchKey } from '@/lib/library/match';
import { QuotaTracker, type QuotaState } from '@/lib/quota';
import { Scheduler } from '@/lib/scheduler';
import { StatusResolver } from '@/lib/status';
import { openLongboxDb, type IssueSummary } from '@/lib/store/db';
import type { VerseDbClient } from '@/lib/versedb/client';
import { VerseDbError } from '@/lib/versedb/errors';
import { IssueRecord, type AmbiguousMatch } from '@/lib/versedb/schemas';

// Series learning in StatusResolver (issue 12) on a real (fake-indexeddb) library with a scripted
// catalog: one lookup teaches a base's series, later codes of that base are answered from the synced
// library with no read (owned by any cover of that number, wishlist, pull list, not owned), codes of a
// base still being learned wait for that one lookup, and a poisoned base or a contradicted number goes
// back to per-code lookups. What was learned survives a restart and goes with "Clear cache".

const NOW = new Date(2026, 4, 6, 13, 0).getTime();
const SAGA = '709853300502';
const OTHER = '761941300061';
const SAGA_ID = 12;
let dbCount = 0;

const code = (base: string, number: number, cover = 1, printing = 1) =>
  `${base}${String(number).padStart(3, '0')}${cover}${printing}`;
const upc = (value: string, key: string | null = null): ItemQuery => ({ codes: [{ type: 'upc', value }], matchKey: key, label: null });

/** A catalog issue as a lookup answers it. */
function wire(id: number, seriesId: number, number: string, upcValue: string | null, variantId: number | null = null) {
  return IssueRecord.parse({
    id, series_id: seriesId, issue_number: number, name: `Issue ${number}`, upc: upcValue,
    series: { id: seriesId, name: seriesId === SAGA_ID ? 'Saga' : `Series ${seriesId}` }, suggested_variant_id: variantId,
  });
}

function summary(id: number, seriesId: number, number: string): IssueSummary {
  const seriesName = seriesId === SAGA_ID ? 'Saga' : `Series ${seriesId}`;
  return {
    id, seriesId, seriesName, number, startYear: 2012, volume: null, name: null, coverUrl: null,
    releaseDate: null, publisher: null, matchKey: matchKey(seriesName, number),
  };
}

interface Catalog {
  /** Codes and what a lookup of each answers. */
  codes: Map<string, ReturnType<typeof wire> | AmbiguousMatch[]>;
}

async function setup(options: { synced?: boolean; dbName?: string; catalog?: Catalog } = {}) {
  const now = () => NOW;
  const dbName = options.dbName ?? `series-status-${dbCount++}`;
  const library = new Library(await openLongboxDb(dbName), now);
  let saved: QuotaState | undefined;
  const quota = await QuotaTracker.open({ load: async () => saved, save: async (s) => void (saved = s) }, now);
  const scheduler = new Scheduler(quota, { circuit: new Circuit({ now, random: () => 0.5 }) });
  const reads: string[] = [];
  const catalog = options.catalog ?? sagaCatalog();
  const client = {
    lookupUpc: async (value: string) => {
      reads.push(value);
      // Lookups answer after a turn, as a request over the network does.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const found = catalog.codes.get(value);
      if (!found) throw new VerseDbError({ kind: 'not-found', message: 'No issue found.' });
      if (Array.isArray(found)) throw new VerseDbError({ kind: 'ambiguous', message: 'Several.', matches: found, total: found.length });
      return found;
    },
    checkCollection: async () => ({ copies: [] }),
    seriesIssues: async (seriesId: number) => {
      reads.push(`series:${seriesId}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const issues = new Map<number, ReturnType<typeof wire>>();
      for (const found of catalog.codes.values()) if (!Array.isArray(found) && found.seriesId === seriesId) issues.set(found.id, found);
      return { issues: [...issues.values()], meta: { page: 1, lastPage: 1, perPage: 100, total: issues.size } };
    },
  } as unknown as VerseDbClient;
  const resolver = new StatusResolver({
    library,
    scheduler,
    client: () => client,
    canLookUp: () => true,
    librarySync: async () => ({ synced: options.synced ?? true, generation: 1 }),
  });
  return { library, resolver, reads, dbName };
}

/** Saga #1-#12 with Cover A and B of each (issue id 100 + number, variant 1000 + number * 10 + cover). */
function sagaCatalog(): Catalog {
  const codes: Catalog['codes'] = new Map();
  for (let n = 1; n <= 12; n++) {
    for (const cover of [1, 2]) codes.set(code(SAGA, n, cover), wire(100 + n, SAGA_ID, String(n), code(SAGA, n, cover), 1000 + n * 10 + cover));
  }
  return { codes };
}

describe('series learning in StatusResolver', () => {
  it('answers every other code of a learned base from the library, with no read', async () => {
    const { library, resolver, reads } = await setup();
    await library.putIssues([summary(103, SAGA_ID, '3'), summary(105, SAGA_ID, '5')]);
    await library.putCopies([{ copyId: 1, issueId: 103, variantId: 1032, condition: 'NM', gradeScore: null, addedAt: '', generation: 1 }]);
    await library.addToWishlist(105, null, '');

    const [first] = await resolver.statusesOf([upc(code(SAGA, 1))]);
    expect(first).toMatchObject({ state: 'not-owned', inferred: false, seriesId: SAGA_ID, number: '1', edition: 'Cover A, 1st printing' });
    expect(reads).toHaveLength(1);

    const statuses = await resolver.statusesOf([
      upc(code(SAGA, 3, 1)), // the member owns #3 as Cover B: still owned
      upc(code(SAGA, 5, 2)),
      upc(code(SAGA, 7, 2, 2)),
    ]);
    expect(reads).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ state: 'owned', inferred: true, copies: 1, seriesId: SAGA_ID, number: '3', edition: 'Cover A, 1st printing' });
    expect(statuses[0]?.issue?.id).toBe(103);
    expect(statuses[1]).toMatchObject({ state: 'wishlist', inferred: true, number: '5', edition: 'Cover B, 1st printing' });
    expect(statuses[2]).toMatchObject({ state: 'not-owned', inferred: true, number: '7', issue: null, seriesName: 'Saga', edition: 'Cover B, 2nd printing' });

    await library.addToPullList({ seriesId: SAGA_ID, seriesName: 'Saga', coverUrl: null });
    expect((await resolver.statusOf(upc(code(SAGA, 9))))?.state).toBe('pull-list');
    // Items not on screen yet (lookUp: false) are answered too: inference spends nothing.
    expect((await resolver.statusOf(upc(code(SAGA, 10)), { lookUp: false }))?.state).toBe('pull-list');
    expect(reads).toHaveLength(1);
  });

  it('names the cover the member owns when a lookup of its code named its variant', async () => {
    const { library, resolver, reads } = await setup();
    await library.putIssues([summary(104, SAGA_ID, '4')]);
    await library.putCopies([{ copyId: 1, issueId: 104, variantId: 1042, condition: 'VF', gradeScore: null, addedAt: '', generation: 1 }]);
    const [coverB] = await resolver.statusesOf([upc(code(SAGA, 4, 2))]);
    expect(coverB).toMatchObject({ state: 'owned', inferred: false, ownedEditions: ['Cover B, 1st printing'], edition: 'Cover B, 1st printing' });
    const [coverA] = await resolver.statusesOf([upc(code(SAGA, 4, 1))]);
    expect(coverA).toMatchObject({ state: 'owned', inferred: true, ownedEditions: ['Cover B, 1st printing'], edition: 'Cover A, 1st printing' });
    expect(reads).toHaveLength(1);
  });

  it('spends one read for a screenful of one unknown series: the other codes wait for it', async () => {
    const { resolver, reads } = await setup();
    const items = Array.from({ length: 12 }, (_, i) => upc(code(SAGA, i + 1, (i % 2) + 1)));
    const statuses = await resolver.statusesOf(items);
    expect(reads).toHaveLength(1);
    expect(statuses.every((s) => s?.state === 'not-owned' && s.seriesId === SAGA_ID)).toBe(true);
    expect(statuses.filter((s) => s?.inferred)).toHaveLength(11);
  });

  it('lets the next waiting code look up when the first one taught nothing (a 404)', async () => {
    const { resolver, reads } = await setup();
    const statuses = await resolver.statusesOf([upc(code(SAGA, 99)), upc(code(SAGA, 2)), upc(code(SAGA, 3))]);
    expect(statuses.map((s) => s?.state)).toEqual(['not-found', 'not-owned', 'not-owned']);
    expect(reads).toEqual([code(SAGA, 99), code(SAGA, 2)]);
  });

  it('keeps what it learned across a restart, and forgets it with "Clear cache"', async () => {
    const first = await setup();
    await first.resolver.statusesOf([upc(code(SAGA, 1))]);
    const restarted = await setup({ dbName: first.dbName });
    expect((await restarted.resolver.statusOf(upc(code(SAGA, 2))))?.inferred).toBe(true);
    expect(restarted.reads).toHaveLength(0);

    await restarted.library.clearCache();
    expect(await restarted.library.upcBase(SAGA)).toBeNull();
    expect(await restarted.library.seriesRecord(SAGA_ID)).toBeNull();
    expect((await restarted.resolver.statusOf(upc(code(SAGA, 2))))?.inferred).toBe(false);
    expect(restarted.reads).toHaveLength(1);
  });

  it('does not infer before the library has synced (only a synced library can say not owned)', async () => {
    const { library, resolver, reads } = await setup({ synced: false });
    await library.learnBase(SAGA, SAGA_ID);
    expect(await resolver.statusOf(upc(code(SAGA, 2)), { lookUp: false })).toBeNull();
    expect(reads).toHaveLength(0);
  });

  it('never infers from a base seen with two series', async () => {
    const catalog = sagaCatalog();
    // Another series' comic printed with Saga's base: the lookup names series 40.
    catalog.codes.set(code(SAGA, 50), wire(500, 40, '50', code(SAGA, 50)));
    const { library, resolver, reads } = await setup({ catalog });
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    expect((await resolver.statusOf(upc(code(SAGA, 2))))?.inferred).toBe(true);
    // Saga read whole has no #50, so that code is looked up, and its answer names another series.
    await library.learnSeries(SAGA_ID, {
      issues: Array.from({ length: 12 }, (_, i) => ({ number: String(i + 1), issueId: 101 + i })),
      catalog: { readAt: NOW, complete: true },
    });
    const [conflict] = await resolver.statusesOf([upc(code(SAGA, 50))]);
    expect(conflict).toMatchObject({ seriesId: 40, inferred: false });
    expect((await library.upcBase(SAGA))?.seriesIds).toEqual([SAGA_ID, 40]);
    reads.length = 0;
    const after = await resolver.statusesOf([upc(code(SAGA, 3)), upc(code(SAGA, 4))]);
    expect(after.every((s) => s?.inferred === false && s.seriesId === SAGA_ID)).toBe(true);
    expect(reads).toHaveLength(2);
  });

  it('never infers from a base whose add-on once named another issue number', async () => {
    const catalog = sagaCatalog();
    catalog.codes.set(code(SAGA, 1, 1), wire(101, SAGA_ID, '1.MU', code(SAGA, 1, 1)));
    const { resolver, reads } = await setup({ catalog });
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    expect((await resolver.statusOf(upc(code(SAGA, 2))))?.inferred).toBe(false);
    expect(reads).toHaveLength(2);
  });

  it('looks up a number the series read whole does not have (contradicted), and two issues of one number', async () => {
    const { library, resolver, reads } = await setup();
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    await library.learnSeries(SAGA_ID, {
      issues: Array.from({ length: 12 }, (_, i) => ({ number: String(i + 1), issueId: 101 + i })),
      catalog: { readAt: NOW, complete: true },
    });
    expect((await resolver.statusOf(upc(code(SAGA, 12))))?.inferred).toBe(true);
    const [contradicted] = await resolver.statusesOf([upc(code(SAGA, 13))]);
    expect(contradicted).toMatchObject({ state: 'not-found', inferred: false });
    expect(reads).toEqual([code(SAGA, 1), code(SAGA, 13)]);

    // Two issues numbered 6 in the series: the add-on cannot say which, a lookup does.
    await library.putIssues([summary(106, SAGA_ID, '6'), summary(906, SAGA_ID, '6')]);
    const [six] = await resolver.statusesOf([upc(code(SAGA, 6))]);
    expect(six).toMatchObject({ inferred: false, issue: expect.objectContaining({ id: 106 }) });
    expect(reads).toHaveLength(3);
  });

  it('is never owned unless the library holds that series and number', async () => {
    const { library, resolver } = await setup();
    // The member owns #2 of another series and #20 of Saga; neither is Saga #2.
    await library.putIssues([summary(302, 30, '2'), summary(120, SAGA_ID, '20')]);
    await library.putCopies([
      { copyId: 1, issueId: 302, variantId: null, condition: 'NM', gradeScore: null, addedAt: '', generation: 1 },
      { copyId: 2, issueId: 120, variantId: null, condition: 'NM', gradeScore: null, addedAt: '', generation: 1 },
    ]);
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    expect((await resolver.statusOf(upc(code(SAGA, 2))))?.state).toBe('not-owned');
    expect((await resolver.statusOf(upc(code(SAGA, 20))))?.state).toBe('owned');
  });

  it('learns a base from a 409 whose matches are all one series, and is poisoned by one of two series', async () => {
    const catalog = sagaCatalog();
    const match = (issueId: number, seriesId: number, number: string): AmbiguousMatch => ({
      issueId, seriesName: seriesId === SAGA_ID ? 'Saga' : 'Other', seriesId, number, coverUrl: null, variantName: null,
      publisher: null, releaseDate: null, startYear: null, suggestedVariantId: null,
    });
    catalog.codes.set(SAGA, [match(101, SAGA_ID, '1'), match(102, SAGA_ID, '2')]);
    catalog.codes.set(OTHER, [match(601, 60, '1'), match(701, 70, '1')]);
    const { library, resolver, reads } = await setup({ catalog });
    expect((await resolver.statusOf(upc(SAGA)))?.state).toBe('ambiguous');
    expect((await resolver.statusOf(upc(code(SAGA, 2))))).toMatchObject({ inferred: true, issue: null, number: '2' });
    await resolver.statusOf(upc(OTHER));
    expect((await library.upcBase(OTHER))?.seriesIds).toEqual([60, 70]);
    expect(reads).toEqual([SAGA, OTHER]);
  });
});

describe('the issue id of an action on a comic answered from its series', () => {
  it('comes from the library when it holds that series and number: no read', async () => {
    const { library, resolver, reads } = await setup();
    await library.putIssues([summary(105, SAGA_ID, '5')]);
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    reads.length = 0;
    expect(await resolver.issueIdFor(`upc:${code(SAGA, 5, 2)}`)).toBe(105);
    expect(reads).toEqual([]);
  });

  it('comes from one catalog read of the series, which then serves every issue of it', async () => {
    const { resolver, reads } = await setup();
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    const [seven] = await resolver.statusesOf([upc(code(SAGA, 7, 2))]);
    expect(seven).toMatchObject({ inferred: true, issue: null });
    reads.length = 0;
    const ids = await Promise.all([resolver.issueIdFor(`upc:${code(SAGA, 7, 2)}`), resolver.issueIdFor(`upc:${code(SAGA, 8)}`)]);
    expect(ids).toEqual([107, 108]);
    expect(await resolver.issueIdFor(`upc:${code(SAGA, 11, 2)}`)).toBe(111);
    expect(reads).toEqual([`series:${SAGA_ID}`]);
    // Badges now name the issue the catalog read named.
    expect((await resolver.statusOf(upc(code(SAGA, 9))))?.issue?.id).toBe(109);
    expect(reads).toHaveLength(1);
  });

  it('falls back to a lookup of the code when the catalog read does not have its number', async () => {
    const catalog = sagaCatalog();
    const { resolver, reads } = await setup({ catalog });
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    // #13 came out after the catalog read: the read has #1-#12, the lookup knows #13.
    await resolver.issueIdFor(`upc:${code(SAGA, 2)}`);
    catalog.codes.set(code(SAGA, 13), wire(113, SAGA_ID, '13', code(SAGA, 13)));
    reads.length = 0;
    expect(await resolver.issueIdFor(`upc:${code(SAGA, 13)}`)).toBe(113);
    expect(reads).toEqual([code(SAGA, 13)]);
    await expect(resolver.issueIdFor(`upc:${code(SAGA, 14)}`)).rejects.toMatchObject({ problem: { kind: 'not-found' } });
  });

  it('is the resolution of a looked-up code, and asks the member to pick for a shared one', async () => {
    const catalog = sagaCatalog();
    const { resolver, reads } = await setup({ catalog });
    await resolver.statusesOf([upc(code(SAGA, 1))]);
    expect(await resolver.issueIdFor(`upc:${code(SAGA, 1)}`)).toBe(101);
    expect(reads).toHaveLength(1);
    catalog.codes.set(SAGA, [
      { issueId: 101, seriesName: 'Saga', seriesId: SAGA_ID, number: '1', coverUrl: null, variantName: null, publisher: null, releaseDate: null, startYear: null, suggestedVariantId: null },
      { issueId: 102, seriesName: 'Saga', seriesId: SAGA_ID, number: '2', coverUrl: null, variantName: null, publisher: null, releaseDate: null, startYear: null, suggestedVariantId: null },
    ]);
    await expect(resolver.issueIdFor(`upc:${SAGA}`)).rejects.toMatchObject({ problem: { kind: 'ambiguous' } });
    await expect(resolver.issueIdFor('diamond:MAR180454')).rejects.toMatchObject({ problem: { kind: 'invalid' } });
  });
});

describe('a barcode a whole run shares (newsstand, pre-1995)', () => {
  const RUN = '761941300061';
  const match = (issueId: number, number: string): AmbiguousMatch => ({
    issueId, seriesName: 'Detective Comics', seriesId: 6, number, coverUrl: null, variantName: null,
    publisher: 'DC Comics', releaseDate: null, startYear: 1937, suggestedVariantId: null,
  });

  async function run() {
    const catalog = sagaCatalog();
    catalog.codes.set(RUN, [match(601, '601'), match(600, '600'), match(599, '599')]);
    return setup({ catalog });
  }

  it('is resolved by the issue number the page’s title gives, when exactly one match has it', async () => {
    const { library, resolver, reads } = await run();
    await library.putIssues([summary(600, 6, '600')]);
    await library.putCopies([{ copyId: 1, issueId: 600, variantId: null, condition: 'FN', gradeScore: null, addedAt: '', generation: 1 }]);
    const statuses = await resolver.statusesOf([
      upc(RUN, matchKey('Detective Comics', '600')),
      upc(RUN, matchKey('Detective Comics', '#601')),
      upc(RUN, matchKey('Detective Comics', '598')),
      upc(RUN),
    ]);
    expect(statuses.map((s) => s?.state)).toEqual(['owned', 'not-owned', 'ambiguous', 'ambiguous']);
    expect(statuses[0]).toMatchObject({ resolvedFrom: `upc:${RUN}`, issue: expect.objectContaining({ id: 600 }) });
    expect(statuses[1]?.issue).toMatchObject({ id: 601, seriesName: 'Detective Comics', number: '601' });
    expect(statuses[3]?.matches).toHaveLength(3);
    // One read for the whole run; the next page's titles pick from the remembered matches.
    expect(reads).toEqual([RUN]);
    const [later] = await resolver.statusesOf([upc(RUN, matchKey('Detective Comics', '599'))], { lookUp: false });
    expect(later).toMatchObject({ state: 'not-owned', issue: expect.objectContaining({ id: 599 }) });
    expect(reads).toHaveLength(1);
  });

  it('does not pick from a collected edition’s title', async () => {
    const { resolver } = await run();
    const [status] = await resolver.statusesOf([upc(RUN, matchKey('Detective Comics', '600', true))]);
    expect(status?.state).toBe('ambiguous');
  });
});
