import { z } from 'zod';
import { createPrng, type Prng } from './prng.ts';

// Injected faults for tests and demos: added latency, a share of 500/503 answers, and "drops" (the
// request is fully processed, then the socket is destroyed with no response, as a lost connection
// after the server acted). `*_next` counts make a fault hit exactly the next N matching requests.

export const faultSettingsSchema = z.object({
  latency_ms: z.number().int().min(0).max(60_000).optional(),
  error_rate: z.number().min(0).max(1).optional(),
  error_status: z.union([z.literal(500), z.literal(503)]).optional(),
  error_next: z.number().int().min(0).optional(),
  drop_rate: z.number().min(0).max(1).optional(),
  drop_next: z.number().int().min(0).optional(),
  /** Path patterns: `*` matches within one segment, `**` across segments. Default: every /api/v1 path. */
  paths: z.array(z.string().min(1)).optional(),
  /** HTTP methods the faults apply to. Default: all. */
  methods: z.array(z.string().min(1)).optional(),
});
export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export interface FaultDecision {
  latencyMs: number;
  errorStatus: 500 | 503 | null;
  drop: boolean;
}

const NONE: FaultDecision = { latencyMs: 0, errorStatus: null, drop: false };

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*')}$`);
}

export class Faults {
  private settings: FaultSettings = {};
  private matchers: RegExp[] = [];
  private prng: Prng;

  constructor(private readonly seed: number) {
    this.prng = createPrng(seed);
  }

  set(settings: FaultSettings): void {
    this.settings = faultSettingsSchema.parse(settings);
    this.matchers = (this.settings.paths ?? []).map(globToRegExp);
  }

  clear(): void {
    this.set({});
  }

  current(): FaultSettings {
    return { ...this.settings };
  }

  /** Reseed the PRNG too, so a reset run replays the same random faults. */
  reset(): void {
    this.clear();
    this.prng = createPrng(this.seed);
  }

  decide(method: string, path: string): FaultDecision {
    const s = this.settings;
    if (this.matchers.length > 0 && !this.matchers.some((m) => m.test(path))) return NONE;
    if (s.methods && !s.methods.some((m) => m.toUpperCase() === method)) return NONE;
    let errorStatus: 500 | 503 | null = null;
    if ((s.error_next ?? 0) > 0) {
      s.error_next = (s.error_next ?? 1) - 1;
      errorStatus = s.error_status ?? 503;
    } else if ((s.error_rate ?? 0) > 0 && this.prng.chance(s.error_rate ?? 0)) {
      errorStatus = s.error_status ?? (this.prng.chance(0.5) ? 500 : 503);
    }
    let drop = false;
    if (errorStatus === null) {
      if ((s.drop_next ?? 0) > 0) {
        s.drop_next = (s.drop_next ?? 1) - 1;
        drop = true;
      } else if ((s.drop_rate ?? 0) > 0) {
        drop = this.prng.chance(s.drop_rate ?? 0);
      }
    }
    return { latencyMs: s.latency_ms ?? 0, errorStatus, drop };
  }
}
