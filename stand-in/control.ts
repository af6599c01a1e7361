import { z } from 'zod';
import { toEpochMs } from './clock.ts';
import { faultSettingsSchema } from './faults.ts';
import { ApiError, type Reply } from './http.ts';
import { ABILITIES, FULL_ACCESS, type Tier } from './members.ts';
import type { LimitOverrides } from './rate-limits.ts';
import { validate } from './validation.ts';
import type { StandInControls } from './server.ts';

// The control surface at /__stand-in/*: outside /api/v1, never rate limited or faulted, so a test
// runner or the demo in another process can move the clock, inject faults, reset and revoke.

const clockBody = z.object({
  advance_ms: z.number().int().optional(),
  advance_days: z.number().optional(),
  now: z.union([z.string(), z.number()]).optional(),
});

const tierLimits = z.object({
  reads_per_hour: z.number().int().min(0).optional(),
  reads_per_day: z.number().int().min(0).optional(),
  writes_per_hour: z.number().int().min(0).optional(),
});
/** Either per tier (`{free:{…}, pro:{…}}`) or flat, for every tier. */
const limitsBody = tierLimits.extend({ free: tierLimits.optional(), pro: tierLimits.optional() });

const tokenBody = z.object({
  member: z.union([z.number().int(), z.string()]),
  scopes: z.array(z.enum(ABILITIES)).optional(),
  token: z.string().min(8).optional(),
});

function toOverrides(body: z.output<typeof limitsBody>): LimitOverrides {
  const one = (l: z.output<typeof tierLimits> | undefined) => ({
    ...(l?.reads_per_hour !== undefined ? { readsPerHour: l.reads_per_hour } : {}),
    ...(l?.reads_per_day !== undefined ? { readsPerDay: l.reads_per_day } : {}),
    ...(l?.writes_per_hour !== undefined ? { writesPerHour: l.writes_per_hour } : {}),
  });
  const flat = one(body);
  return { free: { ...flat, ...one(body.free) }, pro: { ...flat, ...one(body.pro) } };
}

function limitsJson(c: StandInControls) {
  const limits = c.limits.current();
  const tier = (t: Tier) => ({ reads_per_hour: limits[t].readsPerHour, reads_per_day: limits[t].readsPerDay, writes_per_hour: limits[t].writesPerHour });
  return { free: tier('free'), pro: tier('pro') };
}

const clockJson = (c: StandInControls) => ({ now: c.clock.now().toISOString(), today: c.clock.today() });

export function handleControl(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>, c: StandInControls): Reply {
  const route = `${method} ${path.replace(/^\/__stand-in/, '') || '/'}`;
  switch (route) {
    case 'GET /':
    case 'GET /state':
      return { status: 200, body: c.state() };
    case 'GET /clock':
      return { status: 200, body: clockJson(c) };
    case 'POST /clock': {
      const b = validate(clockBody, body);
      if (b.now !== undefined) {
        try {
          c.clock.set(toEpochMs(b.now));
        } catch {
          throw new ApiError(422, { message: `Not a date: ${String(b.now)}` });
        }
      }
      if (b.advance_ms) c.clock.advance(b.advance_ms);
      if (b.advance_days) c.clock.advance(b.advance_days * 86_400_000);
      return { status: 200, body: clockJson(c) };
    }
    case 'GET /faults':
      return { status: 200, body: c.faults.current() };
    case 'POST /faults':
      c.faults.set(validate(faultSettingsSchema, body));
      return { status: 200, body: c.faults.current() };
    case 'DELETE /faults':
      c.faults.clear();
      return { status: 200, body: c.faults.current() };
    case 'GET /limits':
      return { status: 200, body: limitsJson(c) };
    case 'POST /limits':
      c.limits.set(toOverrides(validate(limitsBody, body)));
      return { status: 200, body: limitsJson(c) };
    case 'POST /reset':
      c.reset();
      return { status: 200, body: { reset: true, ...clockJson(c) } };
    case 'POST /revoke': {
      const { token } = validate(z.object({ token: z.string() }), body);
      if (!c.revoke(token)) throw new ApiError(404, { message: 'No such token.' });
      return { status: 200, body: { revoked: token } };
    }
    case 'POST /tokens': {
      const b = validate(tokenBody, body);
      const token = c.createToken(b.member, b.scopes ?? [...FULL_ACCESS], b.token);
      if (!token) throw new ApiError(404, { message: `No member ${String(b.member)}.` });
      return { status: 201, body: { token: token.token, member_id: token.memberId, scopes: token.abilities } };
    }
    case 'GET /requests': {
      const limit = Math.max(1, Math.min(20_000, Number(query.get('limit') ?? 200) || 200));
      const entries = c.requests();
      return { status: 200, body: { ...c.requestSummary(), entries: entries.slice(-limit) } };
    }
    case 'DELETE /requests':
      c.clearRequests();
      return { status: 200, body: { cleared: true } };
    default:
      throw new ApiError(404, { message: `No control endpoint ${route}. See stand-in/README.md.` });
  }
}
