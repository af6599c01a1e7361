import { describe, expect, it } from 'vitest';
import { QuotaTracker, type QuotaState } from '@/lib/quota';
import { Scheduler } from '@/lib/scheduler';
import { isVerseDbError } from '@/lib/versedb/errors';

async function quota(now = () => 0) {
  let saved: QuotaState | undefined;
  return QuotaTracker.open({ load: async () => saved, save: async (s) => void (saved = s) }, now);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Scheduler', () => {
  it('makes identical calls in flight once', async () => {
    const scheduler = new Scheduler(await quota());
    let calls = 0;
    const gate = deferred<string>();
    const call = () => {
      calls += 1;
      return gate.promise;
    };
    const a = scheduler.run({ key: 'lookup:upc:1', kind: 'read', priority: 'visible' }, call);
    const b = scheduler.run({ key: 'lookup:upc:1', kind: 'read', priority: 'visible' }, call);
    gate.resolve('issue');
    expect(await Promise.all([a, b])).toEqual(['issue', 'issue']);
    expect(calls).toBe(1);
  });

  it('runs the member’s clicks first, then badges, then sync', async () => {
    const scheduler = new Scheduler(await quota(), 1);
    const order: string[] = [];
    const blocker = deferred<void>();
    const first = scheduler.run({ kind: 'read', priority: 'background' }, () => blocker.promise);
    const record = (name: string) => async () => void order.push(name);
    const queued = [
      scheduler.run({ kind: 'read', priority: 'background' }, record('sync')),
      scheduler.run({ kind: 'read', priority: 'visible' }, record('badge')),
      scheduler.run({ kind: 'write', priority: 'user' }, record('click')),
    ];
    blocker.resolve();
    await Promise.all([first, ...queued]);
    expect(order).toEqual(['click', 'badge', 'sync']);
  });

  it('holds passive calls back at the reserve and says when they can resume', async () => {
    const tracker = await quota();
    for (let i = 0; i < 270; i++) tracker.spend('read');
    const scheduler = new Scheduler(tracker);
    const refused = await scheduler.run({ kind: 'read', priority: 'visible' }, async () => 'sent').catch((e) => e);
    expect(isVerseDbError(refused, 'paused')).toBe(true);
    expect(refused.problem.resumesAt).toBe(3_600_000);
    await expect(scheduler.run({ kind: 'read', priority: 'user' }, async () => 'sent')).resolves.toBe('sent');
  });

  it('drops queued work for a closed tab', async () => {
    const scheduler = new Scheduler(await quota(), 1);
    const blocker = deferred<void>();
    const first = scheduler.run({ kind: 'read', priority: 'visible', tabId: 1 }, () => blocker.promise);
    let ran = false;
    const queued = scheduler.run({ kind: 'read', priority: 'visible', tabId: 7 }, async () => void (ran = true));
    scheduler.dropTab(7);
    blocker.resolve();
    await first;
    await expect(queued).rejects.toThrow('The tab closed.');
    expect(ran).toBe(false);
  });

  it('counts each call against the quota once', async () => {
    const tracker = await quota();
    const scheduler = new Scheduler(tracker);
    await Promise.all([1, 2, 3].map((n) => scheduler.run({ kind: 'read', priority: 'visible' }, async () => n)));
    expect(tracker.snapshot().reads.remaining).toBe(297);
  });
});
