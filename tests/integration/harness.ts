import 'fake-indexeddb/auto';
import { LongboxService } from '@/lib/background/service';
import type { QuotaState } from '@/lib/quota';
import type { Session } from '@/lib/settings-schema';
import type { StandIn } from '../../stand-in/index.ts';

// A background service as the extension runs it, but on fake-indexeddb and in-memory storage, on
// the stand-in's movable clock, talking to the stand-in over HTTP. `restart()` is what the browser
// does when it stops the service worker: a new service over the same stored state.

let databases = 0;

export interface Harness {
  service: LongboxService;
  wakes: number[];
  restart(): Promise<LongboxService>;
}

export async function backgroundFor(si: StandIn, options: { fetch?: typeof fetch; onStateChange?: () => void } = {}): Promise<Harness> {
  let session: Session | null = null;
  let quota: QuotaState | undefined;
  const dbName = `longbox-it-${databases++}`;
  const wakes: number[] = [];
  const create = () =>
    LongboxService.create({
      sessions: { load: async () => session, save: async (s) => void (session = s) },
      quotaStore: { load: async () => quota, save: async (q) => void (quota = q) },
      dbName,
      now: () => si.clock.nowMs(),
      scheduleWake: (at) => wakes.push(at),
      version: 'test',
      fetch: options.fetch,
      onStateChange: options.onStateChange,
    });
  const harness: Harness = {
    service: await create(),
    wakes,
    restart: async () => {
      harness.service = await create();
      return harness.service;
    },
  };
  return harness;
}

/** API reads the stand-in served, by path (not counting the control surface). */
export function readsServed(si: StandIn): number {
  return si.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1')).length;
}
