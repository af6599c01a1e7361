import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Catalog } from './catalog/index.ts';
import { generateCatalog } from './catalog/generate.ts';
import { createClock, type Clock } from './clock.ts';
import { ConnectCodes, connectRoutes, handleConnectPage } from './connect.ts';
import { handleControl } from './control.ts';
import { coverSvg } from './covers.ts';
import { applyCatalogPart, applyMembersPart, parseDataFile, type DataFile } from './data-file.ts';
import { DEMO_TOKENS, seedDemoMembers } from './demo-members.ts';
import { Faults, type FaultSettings } from './faults.ts';
import { ApiError, originOf, parseBody, readRawBody, sendJson, sendText, type Reply } from './http.ts';
import { Library, tokenOwner, type Ability, type ApiToken, type Tier } from './members.ts';
import { DEFAULT_LIMITS, mergeLimits, RateLimiter, type LimitOverrides, type TierLimits } from './rate-limits.ts';
import { Realism, type RealisticSettings } from './realistic.ts';
import { RequestLog, type RequestLogEntry } from './request-log.ts';
import { Router } from './router.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { collectionRoutes } from './routes/collection.ts';
import { discoveryRoutes } from './routes/discovery.ts';
import { libraryRoutes } from './routes/library.ts';
import { listRoutes } from './routes/lists.ts';
import { lookupRoutes } from './routes/lookup.ts';
import type { ApiContext, RequestContext } from './routes/shared.ts';
import { userRoutes } from './routes/user.ts';
import type { World } from './world.ts';

// The stand-in's HTTP server: /api/v1 (the contract), /connect (the approve page), /covers (SVG
// placeholders) and /__stand-in (the control surface), on plain node:http.

export interface StandInOptions {
  /** 0 picks a free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Per-tier overrides of the rate limits. */
  limits?: LimitOverrides;
  /** Extra catalog and members, in the --data file format (stand-in/README.md). */
  data?: unknown;
  /** Where the clock starts (it then ticks with real time). Default: now. */
  clockStart?: Date | string | number;
  faults?: FaultSettings;
  /** Seed of the PRNG behind random faults. */
  faultSeed?: number;
  /** Answer as the real service may (stand-in/realistic.ts): loose fields dropped, string ids, deleted records. */
  realistic?: boolean | RealisticSettings;
}

export interface StandInSummary {
  now: string;
  today: string;
  catalog: { publishers: number; series: number; issues: number; variants: number };
  members: Array<{
    id: number; name: string; username: string; tier: Tier;
    tokens: Array<{ token: string; scopes: Ability[]; revoked: boolean; kind: string }>;
    copies: number; wishlist: number; pull_list: number; follows: number;
    usage: Record<string, { used: number; limit: number }>;
  }>;
  faults: FaultSettings;
  requests: number;
}

/** What the control surface (and tests, in process) can do to a running stand-in. */
export interface StandInControls {
  clock: Clock;
  faults: { set(settings: FaultSettings): void; clear(): void; current(): FaultSettings };
  limits: { set(overrides: LimitOverrides): void; current(): Record<Tier, TierLimits> };
  /** Revoke a token; false when there is no such token. */
  revoke(token: string): boolean;
  /** Create a token for a member (id or username); null when there is no such member. */
  createToken(member: number | string, scopes: Ability[], token?: string): ApiToken | null;
  /** Fresh library, cleared rate limits, faults, Connect codes and request log; the clock back to its start. */
  reset(): void;
  state(): StandInSummary;
  requests(): readonly RequestLogEntry[];
  requestSummary(): ReturnType<RequestLog['summary']>;
  clearRequests(): void;
}

export interface StandIn extends StandInControls {
  url: string;
  port: number;
  host: string;
  tokens: typeof DEMO_TOKENS;
  /** The catalog being served (read-only). */
  catalog(): Catalog;
  stop(): Promise<void>;
}

const API_PREFIX = '/api/v1';
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
};

const router = new Router([...userRoutes, ...lookupRoutes, ...catalogRoutes, ...collectionRoutes, ...libraryRoutes, ...discoveryRoutes, ...listRoutes, ...connectRoutes]);

function buildCatalog(today: string, file: DataFile | null): Catalog {
  const data = generateCatalog(today);
  if (file) applyCatalogPart(data, file, today);
  return new Catalog(data);
}

function buildLibrary(catalog: Catalog, clock: Clock, file: DataFile | null): Library {
  const library = new Library();
  seedDemoMembers(library, catalog, clock.today(), file?.mode !== 'replace');
  if (file) applyMembersPart(library, catalog, file, clock.nowMs(), clock.today());
  return library;
}

function abilityMessage(needed: readonly Ability[]): string {
  const [first, ...others] = needed;
  return `Invalid ability provided. This request needs the ${first} ability${others.length > 0 ? ` (or ${others.join(' or ')})` : ''}.`;
}

const rateHeaders = (r: { limit: number; remaining: number }): Record<string, string> => ({
  'X-RateLimit-Limit': String(r.limit),
  'X-RateLimit-Remaining': String(r.remaining),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, world: World): Promise<void> {
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const nowMs = world.clock.nowMs();
  const client = req.socket.remoteAddress ?? 'unknown';
  const bearer = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
  const owner = tokenOwner(world.library, bearer, nowMs);
  const match = router.match(method, path);
  const kind = match.kind === 'found' ? match.route.kind : method === 'GET' ? 'read' : 'write';
  // Anonymous calls (and 401s) are counted per client address, on the free tier's limits.
  const rateKey = owner ? `member:${owner.member.id}` : `client:${client}`;
  const tier = owner?.member.tier ?? 'free';
  const log = (status: number, fault: RequestLogEntry['fault'] = null) =>
    world.log.add({ at: new Date(nowMs).toISOString(), method, path, query: url.search, status, member_id: owner?.member.id ?? null, fault });

  // Faults act like a flaky network or proxy in front of the application.
  const fault = world.faults.decide(method, path);
  if (fault.latencyMs > 0) await sleep(fault.latencyMs);
  if (fault.errorStatus !== null) {
    await readRawBody(req).catch(() => '');
    log(fault.errorStatus, 'error');
    const message = fault.errorStatus === 503 ? 'Service Unavailable' : 'Server Error';
    sendJson(res, fault.errorStatus, { message }, { ...CORS, ...rateHeaders(world.rateLimiter.peek(rateKey, tier, kind)) });
    return;
  }

  let reply: Reply;
  let rate: { limit: number; remaining: number } | null = null;
  try {
    const raw = await readRawBody(req);
    if (match.kind === 'none') throw new ApiError(404, { message: `The route ${path.slice(1)} could not be found.` });
    if (match.kind === 'wrong-method') {
      const allowed = match.allowed.join(', ');
      throw new ApiError(405, { message: `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${allowed}.` }, { Allow: allowed });
    }
    const { route, params } = match;
    if (route.auth && !owner) throw new ApiError(401, { message: 'Unauthenticated.' });
    const decision = world.rateLimiter.consume(rateKey, tier, kind);
    if (!decision.allowed) {
      throw new ApiError(429, { message: 'Too Many Attempts.' }, {
        'Retry-After': String(decision.retryAfterSeconds),
        'X-RateLimit-Reset': String(decision.resetAtSeconds),
        'X-RateLimit-Limit': String(decision.limit),
        'X-RateLimit-Remaining': '0',
      });
    }
    rate = decision;
    const base: RequestContext = {
      method, params, query: url.searchParams, body: {}, nowMs, client, world,
      view: { catalog: world.catalog, origin: originOf(req), today: world.clock.today() },
    };
    if (route.auth) {
      const { token, member } = owner as NonNullable<typeof owner>;
      if (!route.abilities.some((a) => token.abilities.includes(a))) throw new ApiError(403, { message: abilityMessage(route.abilities) });
      base.body = parseBody(raw, req.headers['content-type']);
      const showcase = token.abilities.includes('read:showcase') && !token.abilities.includes('read:user');
      const ctx: ApiContext = { ...base, member, token, showcase };
      reply = route.handle(ctx);
    } else {
      base.body = parseBody(raw, req.headers['content-type']);
      reply = route.handle(base);
    }
  } catch (error) {
    if (error instanceof ApiError) reply = { status: error.status, body: error.body, headers: error.headers };
    else {
      console.error('stand-in: handler failed', error);
      reply = { status: 500, body: { message: 'Server Error' } };
    }
  }

  if (world.realism && match.kind === 'found' && reply.status >= 200 && reply.status < 300 && reply.body !== undefined) {
    reply = { ...reply, body: world.realism.roughen(path, url.searchParams, reply.body) };
  }

  // Uncounted answers (401, 404, 405) show the bucket as it stands.
  const headers = { ...CORS, ...rateHeaders(rate ?? world.rateLimiter.peek(rateKey, tier, kind)), ...reply.headers };
  if (fault.drop) {
    // The work is done (a copy may have been added); the client never hears about it.
    log(reply.status, 'drop');
    res.socket?.destroy();
    return;
  }
  log(reply.status);
  sendJson(res, reply.status, reply.body, headers);
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const file = options.data === undefined ? null : parseDataFile(options.data);
  const clock = createClock(options.clockStart);
  const baseLimits = mergeLimits(DEFAULT_LIMITS, options.limits);
  const faults = new Faults(options.faultSeed ?? 1);
  if (options.faults) faults.set(options.faults);
  let catalogDay = clock.today();
  const catalog = buildCatalog(catalogDay, file);
  const world: World = {
    catalog,
    library: buildLibrary(catalog, clock, file),
    clock,
    rateLimiter: new RateLimiter(clock, baseLimits),
    faults,
    connect: new ConnectCodes(),
    log: new RequestLog(),
    realism: realismFrom(options.realistic ?? false),
  };

  const controls: StandInControls = {
    clock,
    faults: { set: (s) => world.faults.set(s), clear: () => world.faults.clear(), current: () => world.faults.current() },
    limits: {
      set: (overrides) => {
        world.rateLimiter.limits = mergeLimits(world.rateLimiter.limits, overrides);
      },
      current: () => world.rateLimiter.limits,
    },
    revoke(token) {
      const found = world.library.tokens.get(token);
      if (found) found.revoked = true;
      return found !== undefined;
    },
    createToken(memberRef, scopes, wanted) {
      const member = world.library.findMember(memberRef);
      if (!member) return null;
      const token = wanted ?? `vdb_test_${member.id}_${world.library.tokens.size + 1}_${Date.now().toString(36)}`;
      const created: ApiToken = { token, memberId: member.id, abilities: scopes, revoked: false, name: 'Created by the control surface', kind: 'personal', expiresAt: null };
      world.library.tokens.set(token, created);
      return created;
    },
    reset() {
      clock.reset();
      // The catalog only changes with the day its dates are laid out from.
      if (clock.today() !== catalogDay) {
        catalogDay = clock.today();
        world.catalog = buildCatalog(catalogDay, file);
      }
      world.library = buildLibrary(world.catalog, clock, file);
      world.rateLimiter.reset();
      world.rateLimiter.limits = baseLimits;
      world.faults.reset();
      if (options.faults) world.faults.set(options.faults);
      world.connect.reset();
      world.log.clear();
      world.realism?.reset();
    },
    state() {
      const { catalog, library } = world;
      return {
        now: clock.now().toISOString(),
        today: clock.today(),
        catalog: { publishers: catalog.publishers.size, series: catalog.series.size, issues: catalog.issues.size, variants: catalog.variants.size },
        members: [...library.members.values()].map((m) => ({
          id: m.id, name: m.name, username: m.username, tier: m.tier,
          tokens: [...library.tokens.values()].filter((t) => t.memberId === m.id).map((t) => ({ token: t.token, scopes: t.abilities, revoked: t.revoked, kind: t.kind })),
          copies: library.copiesOf(m.id).length, wishlist: library.wishlistOf(m.id).length, pull_list: library.pullListOf(m.id).length, follows: library.followsOf(m.id).length,
          usage: world.rateLimiter.usage(`member:${m.id}`, m.tier),
        })),
        faults: world.faults.current(),
        requests: world.log.summary().total,
      };
    },
    requests: () => world.log.list(),
    requestSummary: () => world.log.summary(),
    clearRequests: () => world.log.clear(),
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('stand-in: request failed', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Server Error' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', originOf(req));
    const path = url.pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return handleApi(req, res, url, world);
    if (path === '/__stand-in' || path.startsWith('/__stand-in/')) {
      try {
        const body = parseBody(await readRawBody(req), req.headers['content-type']);
        const reply = handleControl(req.method ?? 'GET', path.replace(/\/+$/, ''), url.searchParams, body, controls);
        sendJson(res, reply.status, reply.body, CORS);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        sendJson(res, error.status, error.body, CORS);
      }
      return;
    }
    if (path === '/connect') {
      const params = req.method === 'POST' ? new URLSearchParams(await readRawBody(req)) : url.searchParams;
      handleConnectPage(res, params, world.library, world.connect, clock.nowMs());
      return;
    }
    const cover = /^\/covers\/([\w-]+)\.svg$/.exec(path);
    if (cover && req.method === 'GET') {
      const svg = coverSvg(world.catalog, cover[1] ?? '', url.searchParams.get('size'));
      if (svg) sendText(res, 200, 'image/svg+xml', svg, { 'Cache-Control': 'public, max-age=86400', ...CORS });
      else sendJson(res, 404, { message: 'No such cover.' });
      return;
    }
    if (path === '/' && req.method === 'GET') {
      const origin = originOf(req);
      sendJson(res, 200, { name: 'VerseDB stand-in', api: `${origin}${API_PREFIX}`, connect: `${origin}/connect`, control: `${origin}/__stand-in/state`, tokens: DEMO_TOKENS });
      return;
    }
    sendJson(res, 404, { message: 'Not Found' });
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    ...controls,
    url: `http://${urlHost}:${port}`,
    port,
    host,
    tokens: DEMO_TOKENS,
    catalog: () => world.catalog,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function realismFrom(setting: boolean | RealisticSettings): Realism | null {
  if (setting === false) return null;
  return new Realism(setting === true ? {} : setting);
}

