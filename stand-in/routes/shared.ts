import { z } from 'zod';
import type { Issue, Series } from '../catalog/types.ts';
import { ApiError, type Reply } from '../http.ts';
import type { Ability, ApiToken, Member } from '../members.ts';
import type { CallKind } from '../rate-limits.ts';
import { field } from '../validation.ts';
import type { View } from '../views.ts';
import type { World } from '../world.ts';

// What a route is and what its handler gets, plus the helpers most routes share.

export interface RequestContext {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  view: View;
  world: World;
  nowMs: number;
  /** The client's address, for the anonymous rate-limit bucket. */
  client: string;
}

export interface ApiContext extends RequestContext {
  member: Member;
  token: ApiToken;
  /** The token reads the member's library with read:showcase but not read:user: the reduced view. */
  showcase: boolean;
}

interface RouteBase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `{name}` matches a numeric id, `{name:any}` any one segment. */
  path: string;
  kind: CallKind;
}

export type Route =
  | (RouteBase & { auth: true; abilities: readonly Ability[]; handle: (ctx: ApiContext) => Reply })
  | (RouteBase & { auth: false; handle: (ctx: RequestContext) => Reply });

export const CATALOG_READ: readonly Ability[] = ['read:public'];
export const LIBRARY_READ: readonly Ability[] = ['read:user', 'read:showcase'];
export const LOOKUP: readonly Ability[] = ['lookup:barcode', 'mobile:lookup'];

export function requirePro(ctx: ApiContext): void {
  if (ctx.member.tier !== 'pro') {
    throw new ApiError(402, { message: 'This feature requires a VerseDB PRO membership.', error: 'pro_required', upgrade_url: 'https://versedb.com/pro' });
  }
}

export function paramId(ctx: RequestContext, name: string): number {
  return Number(ctx.params[name]);
}

export function findIssue(ctx: RequestContext, name = 'issue'): Issue {
  const issue = ctx.world.catalog.issues.get(paramId(ctx, name));
  if (!issue) throw new ApiError(404, { message: 'Issue not found.' });
  return issue;
}

export function findSeries(ctx: RequestContext, name = 'series'): Series {
  const series = ctx.world.catalog.series.get(paramId(ctx, name));
  if (!series) throw new ApiError(404, { message: 'Series not found.' });
  return series;
}

/** Query paging of the catalog lists: `page` and `limit`. */
export const limitPaging = (max: number, fallback = 25) => ({
  page: field.integer('page').default(1),
  limit: field.integer('limit', 1, max).default(fallback),
});

/** Query paging of the member's lists: `page` and `per_page`. */
export const perPagePaging = (max: number, fallback = 25) => ({
  page: field.integer('page').default(1),
  per_page: field.integer('per_page', 1, max).default(fallback),
});

export const idList = (name: string) =>
  z.string().regex(/^\d+(,\d+)*$/, { error: `The ${name.replace(/_/g, ' ')} field must be a comma-separated list of ids.` }).transform((s) => s.split(',').map(Number));

export const direction = field.oneOf('direction', ['asc', 'desc'] as const);

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, perPage: number): { rows: T[]; meta: PageMeta } {
  const total = items.length;
  return {
    rows: items.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  };
}

/** A comparator that sorts by `key`, then by id, in the given direction. */
export function sortBy<T extends { id: number }>(key: (item: T) => string | number, dir: 'asc' | 'desc'): (a: T, b: T) => number {
  const sign = dir === 'asc' ? 1 : -1;
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * (c || a.id - b.id);
  };
}

export function issueNumberValue(issue: Issue): number {
  const n = Number.parseFloat(issue.number);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}
