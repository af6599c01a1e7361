import type { Catalog } from './catalog/index.ts';
import type { Clock } from './clock.ts';
import type { ConnectCodes } from './connect.ts';
import type { Faults } from './faults.ts';
import type { Realism } from './realistic.ts';
import type { Library } from './members.ts';
import type { RateLimiter } from './rate-limits.ts';
import type { RequestLog } from './request-log.ts';

/** Everything a request can touch. `reset()` swaps in a fresh library and clears the rest. */
export interface World {
  catalog: Catalog;
  library: Library;
  clock: Clock;
  rateLimiter: RateLimiter;
  faults: Faults;
  connect: ConnectCodes;
  log: RequestLog;
  /** Realistic mode: answers roughened as the real service may send them; null when off. */
  realism: Realism | null;
}
