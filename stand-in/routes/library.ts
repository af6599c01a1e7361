import { z } from 'zod';
import { ApiError, noContent, ok } from '../http.ts';
import { WISHLIST_LIMIT, type Follow } from '../members.ts';
import { followBody, followPreferencesSchema, FOLLOW_TYPES, pullListBody, wishlistBody, type FollowType } from '../schemas.ts';
import { queryObject, validate, validationError } from '../validation.ts';
import { followable, followItem, pullListItem, wishlistItem } from '../views.ts';
import { findIssue, LIBRARY_READ, paginate, paramId, perPagePaging, type ApiContext, type Route } from './shared.ts';

// Wishlist (§7, idempotent add), pull list (§8, per series) and follows (§9).

const listQuery = z.object({ ...perPagePaging(100) });
const followsQuery = z.object({ ...perPagePaging(100), type: z.string().optional(), q: z.string().optional() });

const newestFirst = <T extends { id: number }>(items: T[], at: (item: T) => number): T[] => [...items].sort((a, b) => at(b) - at(a) || b.id - a.id);

const SERIES_NOT_FOLLOWABLE = 'A series cannot be followed. Add it to your pull list, or follow its title.';

function followType(raw: string | undefined): FollowType | null {
  return (FOLLOW_TYPES as readonly string[]).includes(raw ?? '') ? (raw as FollowType) : null;
}

const typeLabel = (type: string): string => type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, ' ');

/** The follow target named in the path; 404 when the type or the record is unknown. */
function pathTarget(ctx: ApiContext): { type: FollowType; id: number; name: string } {
  const type = followType(ctx.params.type);
  const id = paramId(ctx, 'id');
  if (!type) throw new ApiError(404, { message: ctx.params.type === 'series' ? SERIES_NOT_FOLLOWABLE : `Unknown follow type: ${ctx.params.type}.` });
  const target = followable(ctx.view, type, id);
  if (!target) throw new ApiError(404, { message: `${typeLabel(type)} not found` });
  return { type, id, name: target.name };
}

function findFollow(ctx: ApiContext, type: FollowType, id: number): Follow | undefined {
  return ctx.world.library.followsOf(ctx.member.id).find((f) => f.type === type && f.followableId === id);
}

export const libraryRoutes: Route[] = [
  {
    method: 'GET', path: '/api/v1/user/wishlist', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle(ctx) {
      const q = validate(listQuery, queryObject(ctx.query));
      const entries = newestFirst(ctx.world.library.wishlistOf(ctx.member.id), (w) => w.createdAt);
      const { rows, meta } = paginate(entries, q.page, q.per_page);
      return ok({ data: rows.map((w) => wishlistItem(ctx.view, w, ctx.showcase)), meta });
    },
  },
  {
    method: 'POST', path: '/api/v1/issues/{issue}/wishlist', kind: 'write', auth: true, abilities: ['write:wishlist'],
    handle(ctx) {
      const issue = findIssue(ctx);
      const variantId = validate(wishlistBody, ctx.body).variant_id ?? null;
      if (variantId !== null && !issue.variants.some((v) => v.id === variantId)) throw new ApiError(422, { error: 'Variant does not belong to this issue.' });
      const wishlist = ctx.world.library.wishlistOf(ctx.member.id);
      if (wishlist.some((w) => w.issueId === issue.id && w.variantId === variantId)) return ok({ in_wishlist: true }, 200);
      if (wishlist.length >= WISHLIST_LIMIT) throw new ApiError(422, { message: `Wishlist is full (max ${WISHLIST_LIMIT} items).` });
      ctx.world.library.addWish(ctx.member.id, issue.id, variantId, null, ctx.nowMs);
      return ok({ in_wishlist: true }, 201);
    },
  },
  {
    method: 'DELETE', path: '/api/v1/issues/{issue}/wishlist', kind: 'write', auth: true, abilities: ['write:wishlist'],
    handle(ctx) {
      // 204 whether or not it was there. Without variant_id every entry of the issue goes.
      const fromQuery = validate(wishlistBody, queryObject(ctx.query)).variant_id;
      const variantId = fromQuery ?? validate(wishlistBody, ctx.body).variant_id;
      ctx.world.library.removeWishes(ctx.member.id, paramId(ctx, 'issue'), variantId ?? undefined);
      return noContent();
    },
  },
  {
    method: 'GET', path: '/api/v1/user/pull-list', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle(ctx) {
      const q = validate(listQuery, queryObject(ctx.query));
      const entries = newestFirst(ctx.world.library.pullListOf(ctx.member.id), (p) => p.addedAt);
      const { rows, meta } = paginate(entries, q.page, q.per_page);
      return ok({ data: rows.map((p) => pullListItem(ctx.view, p)), meta });
    },
  },
  {
    method: 'POST', path: '/api/v1/pull-list/items', kind: 'write', auth: true, abilities: ['write:pull-list'],
    handle(ctx) {
      const seriesId = validate(pullListBody, ctx.body).series_id;
      if (!ctx.world.catalog.series.has(seriesId)) throw validationError('The selected series id is invalid.', { series_id: ['The selected series id is invalid.'] });
      const pulls = ctx.world.library.pullListOf(ctx.member.id);
      // Already pulled: the contract documents 201 only, and the list keeps one row per series.
      if (pulls.some((p) => p.seriesId === seriesId)) return ok({}, 201);
      ctx.world.library.addPull(ctx.member.id, seriesId, ctx.nowMs);
      return ok({}, 201);
    },
  },
  {
    method: 'DELETE', path: '/api/v1/pull-list/items/{item}', kind: 'write', auth: true, abilities: ['write:pull-list'],
    handle(ctx) {
      // The SDK sends the series id; the row id is accepted too.
      const id = paramId(ctx, 'item');
      const pulls = ctx.world.library.pullListOf(ctx.member.id);
      let index = pulls.findIndex((p) => p.seriesId === id);
      if (index < 0) index = pulls.findIndex((p) => p.id === id);
      if (index >= 0) pulls.splice(index, 1);
      return noContent();
    },
  },
  {
    method: 'GET', path: '/api/v1/user/follows', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle(ctx) {
      const q = validate(followsQuery, queryObject(ctx.query));
      const needle = q.q?.trim().toLowerCase();
      const follows = newestFirst(ctx.world.library.followsOf(ctx.member.id), (f) => f.createdAt)
        .filter((f) => !q.type || f.type === q.type)
        .filter((f) => !needle || (followable(ctx.view, f.type, f.followableId)?.name.toLowerCase().includes(needle) ?? false));
      const { rows, meta } = paginate(follows, q.page, q.per_page);
      return ok({ data: rows.map((f) => followItem(ctx.view, f)), meta });
    },
  },
  {
    method: 'POST', path: '/api/v1/follow', kind: 'write', auth: true, abilities: ['write:follows'],
    handle(ctx) {
      const body = validate(followBody, ctx.body);
      if (body.type === 'series') throw validationError(SERIES_NOT_FOLLOWABLE, { type: [SERIES_NOT_FOLLOWABLE] });
      const type = followType(body.type);
      if (!type) throw validationError('The selected type is invalid.', { type: ['The selected type is invalid.'] });
      const target = followable(ctx.view, type, body.id);
      if (!target) throw new ApiError(404, { message: `${typeLabel(type)} not found` });
      const follow = findFollow(ctx, type, body.id) ?? ctx.world.library.addFollow(ctx.member.id, type, body.id, ctx.nowMs);
      if (body.preferences?.email_notifications !== undefined) follow.emailNotifications = body.preferences.email_notifications;
      if (body.preferences?.push_notifications !== undefined) follow.pushNotifications = body.preferences.push_notifications;
      return ok({ message: `You are now following ${target.name}.`, is_following: true });
    },
  },
  {
    method: 'DELETE', path: '/api/v1/follow/{type:any}/{id}', kind: 'write', auth: true, abilities: ['write:follows'],
    handle(ctx) {
      const { type, id, name } = pathTarget(ctx);
      const follows = ctx.world.library.followsOf(ctx.member.id);
      const index = follows.findIndex((f) => f.type === type && f.followableId === id);
      if (index >= 0) follows.splice(index, 1);
      return ok({ message: `You are no longer following ${name}.`, is_following: false });
    },
  },
  {
    method: 'GET', path: '/api/v1/follow/{type:any}/{id}/check', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle(ctx) {
      const type = followType(ctx.params.type);
      return ok({ is_following: type !== null && findFollow(ctx, type, paramId(ctx, 'id')) !== undefined });
    },
  },
  {
    method: 'PUT', path: '/api/v1/follow/{type:any}/{id}/preferences', kind: 'write', auth: true, abilities: ['write:follows'],
    handle(ctx) {
      if (ctx.params.type === 'series') throw new ApiError(422, { message: SERIES_NOT_FOLLOWABLE });
      const { type, id, name } = pathTarget(ctx);
      const prefs = validate(followPreferencesSchema, ctx.body);
      const follow = findFollow(ctx, type, id);
      if (!follow) throw new ApiError(422, { message: `You are not following ${name}.` });
      if (prefs.email_notifications !== undefined) follow.emailNotifications = prefs.email_notifications;
      if (prefs.push_notifications !== undefined) follow.pushNotifications = prefs.push_notifications;
      return ok({ message: 'Notification preferences updated.', preferences: { email_notifications: follow.emailNotifications, push_notifications: follow.pushNotifications } });
    },
  },
];
