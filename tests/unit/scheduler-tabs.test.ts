import { describe, expect, it } from 'vitest';
import { QuotaTracker, type QuotaState } from '@/lib/quota';
import { Scheduler } from '@/lib/scheduler';

// A lookup several tabs share is dropped only when no one waits for it any more: closing one tab
// tells that tab's callers, never another tab's.

async function quota() {
  let saved: QuotaState | undefined;
  return QuotaTracker.open({ load: async () => saved, save: async (s) => void (saved = s) }, () => 0);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A scheduler with one call slot, taken until `release()`, so everything else stays queued. */
async function busyScheduler() {
  const scheduler = new Scheduler(await quota(), 1);
  const blocker = deferred<void>();
  const busy = scheduler.run({ kind: 'read', priority: 'user' }, () => blocker.promise);
  return {
    scheduler,
    release: async () => {
      blocker.resolve();
      await busy;
    },
  };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error instanceof Error ? error.name : String(error) }),
  );

describe('Scheduler.dropTab with shared work', () => {
  it('keeps a lookup two tabs share when one of them closes: the other tab gets its answer', async () => {
    const { scheduler, release } = await busyScheduler();
    let calls = 0;
    const lookup = async () => {
      calls += 1;
      return 'issue';
    };
    const a = outcome(scheduler.run({ key: 'lookup:upc:1', kind: 'read', priority: 'visible', tabId: 1 }, lookup));
    const b = outcome(scheduler.run({ key: 'lookup:upc:1', kind: 'read', priority: 'visible', tabId: 2 }, lookup));
    scheduler.dropTab(1);
    await release();
    expect(await a).toEqual({ error: 'AbortError' });
    expect(await b).toEqual({ value: 'issue' });
    expect(calls).toBe(1);
  });

  it('drops the lookup, unsent, once every tab waiting for it has closed', async () => {
    const { scheduler, release } = await busyScheduler();
    let calls = 0;
    const lookup = async () => void (calls += 1);
    const a = outcome(scheduler.run({ key: 'lookup:upc:2', kind: 'read', priority: 'visible', tabId: 1 }, lookup));
    const a2 = outcome(scheduler.run({ key: 'lookup:upc:2', kind: 'read', priority: 'visible', tabId: 1 }, lookup));
    const b = outcome(scheduler.run({ key: 'lookup:upc:2', kind: 'read', priority: 'visible', tabId: 2 }, lookup));
    scheduler.dropTab(1);
    expect(scheduler.pending).toBe(2); // the busy call and the shared lookup
    scheduler.dropTab(2);
    expect(scheduler.pending).toBe(1);
    await release();
    expect([await a, await a2, await b]).toEqual([{ error: 'AbortError' }, { error: 'AbortError' }, { error: 'AbortError' }]);
    expect(calls).toBe(0);
  });

  it('keeps work a caller with no tab also waits for (sync, the popup)', async () => {
    const { scheduler, release } = await busyScheduler();
    let calls = 0;
    const read = async () => {
      calls += 1;
      return 'page';
    };
    const tab = outcome(scheduler.run({ key: 'check:7', kind: 'read', priority: 'visible', tabId: 3 }, read));
    const tabless = outcome(scheduler.run({ key: 'check:7', kind: 'read', priority: 'background' }, read));
    scheduler.dropTab(3);
    await release();
    expect(await tab).toEqual({ error: 'AbortError' });
    expect(await tabless).toEqual({ value: 'page' });
    expect(calls).toBe(1);
  });

  it('lets a new caller join a shared lookup after one tab left, and still makes it once', async () => {
    const { scheduler, release } = await busyScheduler();
    let calls = 0;
    const lookup = async () => {
      calls += 1;
      return calls;
    };
    const a = outcome(scheduler.run({ key: 'lookup:isbn:9', kind: 'read', priority: 'visible', tabId: 1 }, lookup));
    scheduler.dropTab(1);
    const b = outcome(scheduler.run({ key: 'lookup:isbn:9', kind: 'read', priority: 'visible', tabId: 2 }, lookup));
    await release();
    expect(await a).toEqual({ error: 'AbortError' });
    expect(await b).toEqual({ value: 1 });
    expect(calls).toBe(1);
  });

  it('lets a call already sent finish for every tab, closed or not', async () => {
    const scheduler = new Scheduler(await quota(), 1);
    const gate = deferred<string>();
    const a = outcome(scheduler.run({ key: 'lookup:upc:3', kind: 'read', priority: 'visible', tabId: 1 }, () => gate.promise));
    const b = outcome(scheduler.run({ key: 'lookup:upc:3', kind: 'read', priority: 'visible', tabId: 2 }, () => gate.promise));
    scheduler.dropTab(1);
    gate.resolve('issue');
    expect([await a, await b]).toEqual([{ value: 'issue' }, { value: 'issue' }]);
  });

  it('leaves other tabs’ unshared work alone', async () => {
    const { scheduler, release } = await busyScheduler();
    const mine = outcome(scheduler.run({ kind: 'read', priority: 'visible', tabId: 1 }, async () => 'mine'));
    const theirs = outcome(scheduler.run({ kind: 'read', priority: 'visible', tabId: 2 }, async () => 'theirs'));
    scheduler.dropTab(1);
    await release();
    expect(await mine).toEqual({ error: 'AbortError' });
    expect(await theirs).toEqual({ value: 'theirs' });
  });
});
