import { describe, expect, it } from 'vitest';
import { Circuit, CircuitOpenError, circuitRetryAt, clockTime } from '@/lib/circuit';
import { QuotaTracker, type QuotaState } from '@/lib/quota';
import { Scheduler } from '@/lib/scheduler';
import { isVerseDbError, VerseDbError } from '@/lib/versedb/errors';

// The circuit breaker on its own (injected clock and dice), then inside the scheduler that every
// VerseDB call passes through.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const down = () => new VerseDbError({ kind: 'unavailable', message: 'Service Unavailable', status: 503 }, 503);
const lost = () => new VerseDbError({ kind: 'outcome-unknown', message: 'The connection to VerseDB was lost.' });
const notFound = () => new VerseDbError({ kind: 'not-found', message: 'Not found.' }, 404);

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms), set: (at: number) => void (now = at) };
}

/** Sends one call through the circuit, as the scheduler does, and reports how it ended. */
function call(circuit: Circuit, error: unknown | null): 'sent' | 'refused' | 'held' {
  const admission = circuit.admit();
  if (!admission.go) return admission.wait ? 'held' : 'refused';
  circuit.settle(admission.probe, error);
  return 'sent';
}

describe('Circuit', () => {
  it('opens after three failures in a row, and any answer from VerseDB resets the count', () => {
    const t = clock();
    const circuit = new Circuit({ now: t.now, random: () => 0.5 });
    call(circuit, down());
    call(circuit, lost());
    // A 404 is an answer: VerseDB is there.
    call(circuit, notFound());
    expect(circuit.snapshot()).toEqual({ state: 'closed', retryAt: null, failures: 0 });
    call(circuit, down());
    call(circuit, down());
    expect(circuit.snapshot().state).toBe('closed');
    call(circuit, down());
    expect(circuit.snapshot()).toEqual({ state: 'open', retryAt: t.now() + 30 * SECOND, failures: 3 });
  });

  it('fails fast while open, with an unavailable error that says when it retries', () => {
    const t = clock(new Date(2026, 4, 6, 14, 4, 40).getTime());
    const circuit = new Circuit({ now: t.now, random: () => 0.5 });
    for (let i = 0; i < 3; i++) call(circuit, down());
    const admission = circuit.admit();
    expect(admission.go).toBe(false);
    if (admission.go || admission.wait) throw new Error('expected a refusal');
    const error = admission.error;
    expect(error).toBeInstanceOf(CircuitOpenError);
    expect(isVerseDbError(error, 'unavailable')).toBe(true);
    expect(error.retryAt).toBe(t.now() + 30 * SECOND);
    expect(error.message).toBe(`VerseDB is not answering; retrying at ${clockTime(error.retryAt)}.`);
    expect(clockTime(error.retryAt)).toMatch(/^(14:05|02:05\sPM)$/);
    expect(circuitRetryAt(error)).toBe(error.retryAt);
    expect(circuitRetryAt(down())).toBeNull();
  });

  it('lets one probe through when the wait is over: its success closes the circuit', () => {
    const t = clock();
    const circuit = new Circuit({ now: t.now, random: () => 0.5 });
    for (let i = 0; i < 3; i++) call(circuit, down());
    t.advance(30 * SECOND - 1);
    expect(call(circuit, null)).toBe('refused');
    t.advance(1);
    expect(circuit.snapshot().state).toBe('half-open');
    const probe = circuit.admit();
    expect(probe).toEqual({ go: true, probe: true });
    // While the probe is on its way, other calls wait for it.
    expect(circuit.admit()).toEqual({ go: false, wait: true });
    circuit.settle(true, null);
    expect(circuit.snapshot()).toEqual({ state: 'closed', retryAt: null, failures: 0 });
    expect(call(circuit, null)).toBe('sent');
  });

  it('reopens on a failed probe with the next wait: 30 s, 60 s, 120 s … at most 15 minutes', () => {
    const t = clock();
    const circuit = new Circuit({ now: t.now, random: () => 0.5 });
    for (let i = 0; i < 3; i++) call(circuit, down());
    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      const retryAt = circuit.snapshot().retryAt ?? 0;
      waits.push(retryAt - t.now());
      t.set(retryAt);
      expect(call(circuit, down())).toBe('sent'); // the probe, which fails
      expect(circuit.snapshot().state).toBe('open');
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900].map((s) => s * SECOND));
    // A success after all that starts again from 30 s.
    t.set(circuit.snapshot().retryAt ?? 0);
    call(circuit, null);
    for (let i = 0; i < 3; i++) call(circuit, down());
    expect((circuit.snapshot().retryAt ?? 0) - t.now()).toBe(30 * SECOND);
  });

  it('jitters each wait by up to a fifth either way, never past the cap', () => {
    for (const [dice, first] of [[0, 24 * SECOND], [0.999999, 36 * SECOND]] as const) {
      const t = clock();
      const circuit = new Circuit({ now: t.now, random: () => dice });
      for (let i = 0; i < 3; i++) call(circuit, down());
      expect(Math.abs((circuit.snapshot().retryAt ?? 0) - t.now() - first)).toBeLessThan(2);
      for (let round = 0; round < 10; round++) {
        t.set(circuit.snapshot().retryAt ?? 0);
        call(circuit, down());
        expect((circuit.snapshot().retryAt ?? 0) - t.now()).toBeLessThanOrEqual(15 * MINUTE);
      }
    }
  });

  it('does not let answers to calls sent before it opened decide: only the probe does', () => {
    const t = clock();
    const circuit = new Circuit({ now: t.now, random: () => 0.5 });
    const early = [circuit.admit(), circuit.admit(), circuit.admit(), circuit.admit()];
    for (const admission of early.slice(0, 3)) if (admission.go) circuit.settle(admission.probe, down());
    expect(circuit.snapshot().state).toBe('open');
    const retryAt = circuit.snapshot().retryAt;
    // The fourth call, sent before the circuit opened, fails late: the wait does not grow.
    if (early[3]?.go) circuit.settle(early[3].probe, down());
    expect(circuit.snapshot().retryAt).toBe(retryAt);
  });

  it("formats the retry time as the local hours and minutes, as the member's language writes them", () => {
    // The unit tests' language is American English (tests/unit/setup-messages.ts): a 12-hour clock.
    expect(clockTime(new Date(2026, 0, 2, 9, 7, 59).getTime())).toMatch(/^09:07\sAM$/);
    expect(clockTime(new Date(2026, 0, 2, 23, 0).getTime())).toMatch(/^11:00\sPM$/);
  });
});

async function quota(now: () => number) {
  let saved: QuotaState | undefined;
  return QuotaTracker.open({ load: async () => saved, save: async (s) => void (saved = s) }, now);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Scheduler with the circuit', () => {
  it('stops sending after a 5xx storm, fails reads and writes fast with a transient kind, and spends no quota', async () => {
    const t = clock();
    const tracker = await quota(t.now);
    const scheduler = new Scheduler(tracker, { circuit: new Circuit({ now: t.now, random: () => 0.5 }) });
    let sent = 0;
    const failing = async () => {
      sent += 1;
      throw down();
    };
    for (let i = 0; i < 3; i++) {
      await expect(scheduler.run({ kind: 'read', priority: 'visible' }, failing)).rejects.toMatchObject({ kind: 'unavailable' });
    }
    expect(scheduler.circuit.snapshot()).toEqual({ state: 'open', retryAt: t.now() + 30 * SECOND, failures: 3 });
    const spent = tracker.snapshot().reads.remaining;

    const read = await scheduler.run({ kind: 'read', priority: 'user' }, failing).catch((e: unknown) => e);
    const write = await scheduler.run({ kind: 'write', priority: 'user' }, failing).catch((e: unknown) => e);
    expect(sent).toBe(3);
    for (const error of [read, write]) {
      expect(error).toBeInstanceOf(CircuitOpenError);
      // A kind lib/library/writes.ts queues and lib/library/sync.ts backs off from.
      expect(isVerseDbError(error, 'unavailable')).toBe(true);
      expect(circuitRetryAt(error)).toBe(t.now() + 30 * SECOND);
    }
    expect(tracker.snapshot().reads.remaining).toBe(spent);
    expect(tracker.snapshot().writes.remaining).toBe(150);
  });

  it('sends one probe when the wait is over and holds the other calls for its answer', async () => {
    const t = clock();
    const scheduler = new Scheduler(await quota(t.now), { circuit: new Circuit({ now: t.now, random: () => 0.5 }) });
    for (let i = 0; i < 3; i++) {
      await scheduler.run({ kind: 'read', priority: 'visible' }, async () => Promise.reject(down())).catch(() => undefined);
    }
    t.advance(30 * SECOND);
    const gate = deferred<string>();
    const order: string[] = [];
    const probe = scheduler.run({ kind: 'read', priority: 'visible' }, () => {
      order.push('probe');
      return gate.promise;
    });
    const others = [1, 2, 3].map((n) =>
      scheduler.run({ kind: 'read', priority: 'visible' }, async () => {
        order.push(`call ${n}`);
        return n;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual(['probe']);
    expect(scheduler.circuit.snapshot().state).toBe('half-open');
    gate.resolve('back');
    expect(await probe).toBe('back');
    expect(await Promise.all(others)).toEqual([1, 2, 3]);
    expect(order).toEqual(['probe', 'call 1', 'call 2', 'call 3']);
    expect(scheduler.circuit.snapshot()).toEqual({ state: 'closed', retryAt: null, failures: 0 });
  });

  it('reopens for 60 s when the probe fails, and the calls held for it fail fast', async () => {
    const t = clock();
    const scheduler = new Scheduler(await quota(t.now), { circuit: new Circuit({ now: t.now, random: () => 0.5 }) });
    for (let i = 0; i < 3; i++) {
      await scheduler.run({ kind: 'read', priority: 'visible' }, async () => Promise.reject(down())).catch(() => undefined);
    }
    t.advance(30 * SECOND);
    const gate = deferred<string>();
    let heldRan = false;
    const probe = scheduler.run({ kind: 'read', priority: 'visible' }, () => gate.promise).catch((e: unknown) => e);
    const held = scheduler.run({ kind: 'write', priority: 'user' }, async () => void (heldRan = true)).catch((e: unknown) => e);
    gate.reject(down());
    expect(isVerseDbError(await probe, 'unavailable')).toBe(true);
    expect(await held).toBeInstanceOf(CircuitOpenError);
    expect(heldRan).toBe(false);
    expect(scheduler.circuit.snapshot()).toEqual({ state: 'open', retryAt: t.now() + 60 * SECOND, failures: 4 });
  });
});
