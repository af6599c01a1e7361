import './lib/english';
import 'fake-indexeddb/auto';
import { LongboxService } from '../lib/background/service';
import type { Session } from '../lib/settings-schema';
import type { StandIn } from '../stand-in/index.ts';

// A background service worker the fault soak (bench/soak.ts) can stop the way a browser does. Like
// tests/integration/harness.ts it runs the real LongboxService on fake-indexeddb, with in-memory
// session and quota storage, on the stand-in's movable clock, over HTTP. The difference is `stop()`:
// there a stopped worker's promises go on and may still settle and write; here a stopped worker does
// nothing more. Its requests already sent still reach VerseDB (the server does the work), but their
// answers never arrive; its storage calls never return; its IndexedDB connection is closed, so a
// transaction it tries to start fails (those failures are counted, not thrown); its wake-up requests
// are ignored. A new worker then starts over the same stored state, as the browser's would.

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);
const NULL_BODY = new Set([101, 204, 205, 304]);

let databases = 0;

export interface Worker {
  /** The running worker's service. */
  readonly service: LongboxService;
  /** How many workers have been started (1 for the first). */
  readonly generation: number;
  /** Stops the running worker (its pending work is abandoned) and starts a new one. */
  restart(): Promise<LongboxService>;
  /** Work the running worker was asked to do in the background (alarms, start-up): tracked, never thrown. */
  background(label: string, work: () => Promise<unknown>): void;
  /** Waits for the running worker's background work (not a stopped worker's: that never ends). */
  settle(): Promise<void>;
  /** Background work still under way when its worker was stopped. */
  readonly abandoned: number;
  /** Errors of background work of a running worker (not of stopped ones). */
  readonly backgroundErrors: string[];
}

export interface WorkerOptions {
  /** The wake-up alarm: the worker asks to be woken at `at` (one alarm; the last request wins). */
  onScheduleWake: (at: number) => void;
}

export async function workerFor(si: StandIn, options: WorkerOptions): Promise<Worker> {
  // What outlives a worker: the browser's storage (session, quota) and the IndexedDB database.
  let session: Session | null = null;
  let quota: unknown;
  const dbName = `longbox-soak-${databases++}`;
  let generation = 0;
  let service!: LongboxService;
  let pending = new Set<Promise<unknown>>();
  let abandoned = 0;
  const backgroundErrors: string[] = [];

  const create = async (): Promise<LongboxService> => {
    const gen = ++generation;
    const alive = () => gen === generation;
    const fetchOf: typeof fetch = async (input, init) => {
      if (!alive()) return never();
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (error) {
        if (!alive()) return never();
        throw error;
      }
      // The body is read here so a worker stopped while its answer arrives never sees any of it.
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (!alive()) return never();
        throw error;
      }
      if (!alive()) return never();
      return new Response(NULL_BODY.has(response.status) ? null : text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
    return LongboxService.create({
      sessions: {
        load: async () => (alive() ? session : never()),
        save: async (s) => (alive() ? void (session = s) : never()),
      },
      quotaStore: {
        load: async () => (alive() ? quota : never()),
        save: async (q) => (alive() ? void (quota = q) : never()),
      },
      dbName,
      fetch: fetchOf,
      now: () => si.clock.nowMs(),
      scheduleWake: (at) => {
        if (alive()) options.onScheduleWake(at);
      },
      version: 'soak',
    });
  };

  service = await create();
  const worker: Worker = {
    get service() {
      return service;
    },
    get generation() {
      return generation;
    },
    get abandoned() {
      return abandoned;
    },
    backgroundErrors,
    async restart() {
      const old = service;
      abandoned += pending.size;
      pending = new Set();
      const next = create(); // bumps the generation at once: the old worker is stopped from here on
      old.library.db.close();
      service = await next;
      return service;
    },
    background(label, work) {
      const gen = generation;
      const promise: Promise<unknown> = work().catch((error: unknown) => {
        if (gen === generation) backgroundErrors.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      });
      const set = pending;
      set.add(promise);
      void promise.finally(() => set.delete(promise));
    },
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  return worker;
}

/** Failures of a stopped worker's IndexedDB calls (its connection is closed); anything else is a real error. */
export function isStoppedWorkerFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'InvalidStateError' || name === 'TransactionInactiveError';
}
