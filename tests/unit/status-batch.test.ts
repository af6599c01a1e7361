import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Circuit, clockTime } from '@/lib/circuit';
import type { ItemQuery } from '@/lib/items';
import { Library } from '@/lib/library/library';
import { matchKey } from '@/lib/library/match';
import { QuotaTracker, type QuotaState } from '@/lib/quota';
import { Scheduler } from '@/lib/scheduler';
import { StatusResolver } from '@/lib/status';
import { openLongboxDb, type IssueSummary } from '@/lib/store/db';
import type { VerseDbClient } from '@/lib/versedb/client';
import { VerseDbError } from '@/lib/versedb/errors';

// StatusResolver on a real (fake-indexeddb) library with a scripted client: a batch answers every
// comic it can, an open circuit reads as "VerseDB is not answering; retrying at HH:MM", and before
// the first sync an issue's copies are read once, and only for comics that may spend reads.

let dbCount = 0;
const NOW = new Date(2026, 4, 6, 13, 0).getTime();

/** A library whose IndexedDB fails for one code, as a broken record would. */
class FlakyLibrary extends Library {
  override resolution(code: string) {
    if (code === 'upc:666') return Promise.reject(new Error('The record could not be read.'));
    return super.resolution(code);
  }
}

function issue(id: number, series: string, number: string): IssueSummary {
  return {
    id, seriesId: id * 10, seriesName: series, number, startYear: 2020, volume: null, name: null,
    coverUrl: null, releaseDate: null, publisher: null, matchKey: matchKey(series, number),
  };
}

const upc = (value: string): ItemQuery => ({ codes: [{ type: 'upc', value }], matchKey: null, label: null });
const titled = (series: string, number: string): ItemQuery => ({ codes: [], matchKey: matchKey(series, number), label: `${series} #${number}` });

async function setup(options: { synced?: boolean | (() => boolean); client?: Partial<VerseDbClient> } = {}) {
  let syncReads = 0;
  const now = () => NOW;
  const library = new FlakyLibrary(await openLongboxDb(`status-batch-${dbCount++}`), now);
  let saved: QuotaState | undefined;
  const quota = await QuotaTracker.open({ load: async () => saved, save: async (s) => void (saved = s) }, now);
  const scheduler = new Scheduler(quota, { circuit: new Circuit({ now, random: () => 0.5 }) });
  const calls: string[] = [];
  const client = {
    checkCollection: async (issueId: number) => {
      calls.push(`check:${issueId}`);
      return { copies: issueId === 1 ? [{ copyId: 101, variantId: null, condition: 'VF', gradeScore: null, addedAt: null }] : [] };
    },
    ...options.client,
  } as unknown as VerseDbClient;
  const resolver = new StatusResolver({
    library,
    scheduler,
    client: () => client,
    canLookUp: () => true,
    librarySync: async () => {
      syncReads += 1;
      const synced = typeof options.synced === 'function' ? options.synced() : (options.synced ?? true);
      return { synced, generation: 1 };
    },
  });
  await library.putIssues([issue(1, 'Saga', '1'), issue(2, 'Saga', '2'), issue(3, 'Monstress', '1')]);
  for (const [code, issueId] of [['upc:1', 1], ['upc:2', 2], ['upc:3', 3]] as const) {
    await library.remember({ code, kind: 'found', issueId, variantId: null, expiresAt: library.ttl('found') });
  }
  await library.remember({ code: 'upc:404', kind: 'not-found', expiresAt: library.ttl('not-found') });
  return { library, scheduler, resolver, calls, syncReads: () => syncReads };
}

describe('StatusResolver.statusesOf', () => {
  it('answers every comic it can when one of them fails', async () => {
    const { library, resolver } = await setup();
    await library.putCopies([{ copyId: 9, issueId: 1, variantId: null, condition: 'NM', gradeScore: null, addedAt: '2026-01-01', generation: 1 }]);
    const items = [upc('1'), upc('666'), upc('2'), titled('Monstress', '1')];
    // One comic throws: on its own, the whole batch would have failed with it.
    await expect(resolver.statusOf(upc('666'))).rejects.toThrow('could not be read');

    const statuses = await resolver.statusesOf(items);
    expect(statuses.map((s) => s?.state)).toEqual(['owned', 'error', 'not-owned', 'not-owned']);
    expect(statuses[1]).toMatchObject({ resolvedFrom: 'upc:666', message: expect.stringMatching(/could not answer for this comic/) });
    expect(statuses[0]).toMatchObject({ copies: 1, bestCondition: 'NM' });
  });

  it('reads the sync progress once for a whole batch, and afresh for the next one', async () => {
    let synced = false;
    const { resolver, syncReads } = await setup({ synced: () => synced });
    const titles = Array.from({ length: 100 }, (_, i) => titled('Saga', String(100 + i)));
    const first = await resolver.statusesOf(titles);
    expect(first.every((s) => s?.state === 'paused')).toBe(true);
    expect(syncReads()).toBe(1);
    // The sync finished: the next batch does not keep the old answer.
    synced = true;
    const second = await resolver.statusesOf(titles);
    expect(second.every((s) => s?.state === 'not-owned')).toBe(true);
    expect(syncReads()).toBe(2);
  });

  it('keeps nulls for comics only a lookup could answer, in their places', async () => {
    const { resolver } = await setup();
    const statuses = await resolver.statusesOf([upc('777'), upc('2')], { lookUp: false });
    expect(statuses[0]).toBeNull();
    expect(statuses[1]?.state).toBe('not-owned');
  });
});

describe('StatusResolver with the circuit open', () => {
  it('says VerseDB is not answering and when it retries, for that comic only', async () => {
    let lookups = 0;
    const { resolver, scheduler } = await setup({
      client: {
        lookupUpc: async () => {
          lookups += 1;
          throw new VerseDbError({ kind: 'unavailable', message: 'Service Unavailable', status: 503 }, 503);
        },
      },
    });
    for (const code of ['10', '11', '12']) expect((await resolver.statusOf(upc(code)))?.state).toBe('error');
    expect(scheduler.circuit.snapshot().state).toBe('open');
    const retryAt = scheduler.circuit.snapshot().retryAt ?? 0;
    expect(new Date(retryAt).getHours()).toBe(13);

    const statuses = await resolver.statusesOf([upc('13'), upc('2')]);
    expect(lookups).toBe(3);
    expect(statuses[0]).toMatchObject({
      state: 'error',
      resolvedFrom: 'upc:13',
      resumesAt: retryAt,
      message: `VerseDB is not answering; retrying at ${clockTime(retryAt)}.`,
    });
    // What the library already knows still answers.
    expect(statuses[1]?.state).toBe('not-owned');
  });
});

describe('StatusResolver before the first sync', () => {
  it('reads an issue’s copies once: a revisit, and another comic of the same issue, spend nothing', async () => {
    const { resolver, calls } = await setup({ synced: false });
    expect((await resolver.statusOf(upc('1')))?.state).toBe('owned');
    expect((await resolver.statusOf(upc('2')))?.state).toBe('not-owned');
    expect(calls).toEqual(['check:1', 'check:2']);
    expect((await resolver.statusesOf([upc('1'), upc('2'), titled('Saga', '2')])).map((s) => s?.state)).toEqual(['owned', 'not-owned', 'not-owned']);
    expect(calls).toEqual(['check:1', 'check:2']);
  });

  it('spends no read for a comic not on screen yet: it waits, unless the library already knows it is owned', async () => {
    const { library, resolver, calls } = await setup({ synced: false });
    await library.putCopies([{ copyId: 5, issueId: 3, variantId: null, condition: 'NM', gradeScore: null, addedAt: '2026-01-01', generation: 1 }]);
    const statuses = await resolver.statusesOf([upc('1'), titled('Saga', '2'), upc('3'), titled('Monstress', '1')], { lookUp: false });
    expect(statuses.map((s) => s?.state ?? null)).toEqual([null, null, 'owned', 'owned']);
    expect(calls).toEqual([]);
    // On screen, each issue is read once.
    expect((await resolver.statusesOf([upc('1'), titled('Saga', '2')])).map((s) => s?.state)).toEqual(['owned', 'not-owned']);
    expect(calls.sort()).toEqual(['check:1', 'check:2']);
  });

  it('remembers the reads across a restart of the service worker, for the same sync generation only', async () => {
    const { library, scheduler, calls } = await setup({ synced: false });
    let generation = 1;
    const client = { checkCollection: async (issueId: number) => (calls.push(`check:${issueId}`), { copies: [] }) } as unknown as VerseDbClient;
    const resolver = () =>
      new StatusResolver({ library, scheduler, client: () => client, canLookUp: () => true, librarySync: async () => ({ synced: false, generation }) });
    await resolver().statusOf(upc('2'));
    await resolver().statusOf(upc('2'));
    expect(calls).toEqual(['check:2']);
    generation = 2;
    await resolver().statusOf(upc('2'));
    expect(calls).toEqual(['check:2', 'check:2']);
  });
});

describe('StatusResolver with batches side by side', () => {
  it('keeps a lookup batch in page order while a batch that spends nothing reads the same codes at once', async () => {
    const looked: string[] = [];
    const { library, resolver } = await setup({
      client: {
        lookupUpc: async (value: string) => {
          looked.push(value);
          throw new VerseDbError({ kind: 'not-found', message: 'No such comic' }, 404);
        },
      },
    });
    // The batch read of the first batch is slow (a large page's codes); the other batch must not wait on
    // it for some comics and not for others.
    const slow = library.resolutionsAndBases.bind(library);
    library.resolutionsAndBases = async (codes, bases) => {
      await new Promise((next) => setTimeout(next, 40));
      return slow(codes, bases);
    };
    const quiet = resolver.statusesOf([upc('76194134182500111'), upc('76194134183400111'), upc('2')], { lookUp: false });
    const looking = resolver.statusesOf([upc('76194134182500111'), upc('76194134199900111')], { lookUp: true });
    // (The first may already say what the other batch's lookup learned of it meanwhile.)
    expect((await quiet).slice(1).map((s) => s?.state ?? null)).toEqual([null, 'not-owned']);
    expect((await looking).map((s) => s?.state ?? null)).toEqual(['not-found', 'not-found']);
    expect(looked).toEqual(['76194134182500111', '76194134199900111']);
  });
});
