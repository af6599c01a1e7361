import { z } from 'zod';
import type { Issue } from '../catalog/types.ts';
import { ApiError, noContent, ok } from '../http.ts';
import type { Copy } from '../members.ts';
import { addCopyBody, copySelectorSchema, updateCopyBody, type CopyFields } from '../schemas.ts';
import { field, queryObject, validate, validationError } from '../validation.ts';
import { checkedCopy, collectionItem } from '../views.ts';
import { findIssue, LIBRARY_READ, perPagePaging, requirePro, sortBy, type ApiContext, type Route } from './shared.ts';

// The member's collection (contract §4-§6). A POST adds a new copy every time; PATCH and DELETE pick
// one copy by collection_item_id, else by variant_id, else the most recently added copy of the issue.

const NOT_IN_COLLECTION = { error: 'Issue not found in your collection.' };

const collectionQuery = z.object({
  ...perPagePaging(100),
  search: z.string().optional(),
  format: z.string().optional(),
  graded: field.flag('graded').optional(),
  is_signed: field.flag('is_signed').optional(),
  condition: z.string().optional(),
  for_sale: field.flag('for_sale').optional(),
  for_trade: field.flag('for_trade').optional(),
  read_status: field.oneOf('read_status', ['read', 'unread'] as const).optional(),
  publisher_id: field.integer('publisher_id').optional(),
  series_id: field.integer('series_id').optional(),
  grade_min: field.number('grade_min', 0, 10).optional(),
  grade_max: field.number('grade_max', 0, 10).optional(),
  status: field.oneOf('status', ['owned', 'for_sale', 'sold', 'all'] as const).optional(),
  sort_by: field.oneOf('sort_by', ['date_added', 'title', 'release_date', 'estimated_value', 'price_paid'] as const).default('date_added'),
  sort_order: field.oneOf('sort_order', ['asc', 'desc'] as const).default('desc'),
});

function checkVariant(issue: Issue, variantId: number | null | undefined): void {
  if (variantId !== undefined && variantId !== null && !issue.variants.some((v) => v.id === variantId)) {
    throw new ApiError(422, { error: 'Variant does not belong to this issue.' });
  }
}

function checkShop(ctx: ApiContext, shopId: number | null | undefined): void {
  if (shopId !== undefined && shopId !== null && !ctx.world.catalog.comicShops.has(shopId)) {
    throw validationError('The selected comic shop id is invalid.', { comic_shop_id: ['The selected comic shop id is invalid.'] });
  }
}

/** The copy a PATCH or DELETE means; selectors come from the query and/or the JSON body. */
function chooseCopy(ctx: ApiContext, issue: Issue): Copy {
  const fromQuery = validate(copySelectorSchema, queryObject(ctx.query));
  const fromBody = validate(copySelectorSchema, ctx.body);
  const itemId = fromQuery.collection_item_id ?? fromBody.collection_item_id;
  const variantId = fromQuery.variant_id ?? fromBody.variant_id;
  const copies = ctx.world.library.copiesOf(ctx.member.id).filter((c) => c.issueId === issue.id);
  const candidates = itemId ? copies.filter((c) => c.id === itemId) : variantId ? copies.filter((c) => c.variantId === variantId) : copies;
  const newest = [...candidates].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0];
  if (!newest) throw new ApiError(404, NOT_IN_COLLECTION);
  return newest;
}

function gradeOf(copy: Copy): number | null {
  const score = Number.parseFloat(copy.fields.grade_score ?? '');
  return Number.isFinite(score) ? score : null;
}

export const collectionRoutes: Route[] = [
  {
    method: 'GET', path: '/api/v1/issues/{issue}/collection/check', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle(ctx) {
      const issue = findIssue(ctx);
      const { variant_id } = validate(z.object({ variant_id: field.integer('variant_id').optional() }), queryObject(ctx.query));
      const copies = ctx.world.library
        .copiesOf(ctx.member.id)
        .filter((c) => c.issueId === issue.id && (variant_id === undefined || c.variantId === variant_id) && (!ctx.showcase || c.fields.is_public !== false));
      const first = copies[0];
      return ok({
        in_collection: copies.length > 0,
        is_unreleased: issue.releaseDate > ctx.view.today,
        copies_count: copies.length,
        copies: copies.map((c) => checkedCopy(c, ctx.showcase)),
        data: first
          ? {
              id: first.id,
              condition: first.fields.condition ?? null,
              ...(ctx.showcase ? {} : { price_paid: first.fields.price_paid ?? null }),
              issue: { id: issue.id, name: issue.name, issue_number: issue.number },
            }
          : null,
      });
    },
  },
  {
    method: 'POST', path: '/api/v1/issues/{issue}/collection', kind: 'write', auth: true, abilities: ['write:collection'],
    handle(ctx) {
      if (ctx.member.pendingDeletion) throw new ApiError(403, { error: 'Cannot add to collection while account is pending deletion.' });
      const issue = findIssue(ctx);
      const { variant_id, ...fields } = validate(addCopyBody, ctx.body);
      checkVariant(issue, variant_id);
      checkShop(ctx, fields.comic_shop_id);
      const { library } = ctx.world;
      const copy = library.addCopy(ctx.member.id, issue.id, variant_id ?? null, fields, ctx.nowMs);
      // A copy you now own leaves the wishlist; the answer says it was there.
      const wasOnWishlist = library.removeWishes(ctx.member.id, issue.id) > 0;
      const series = ctx.world.catalog.seriesOf(issue);
      const released = issue.releaseDate <= ctx.view.today;
      return ok(
        {
          data: {
            id: copy.id,
            issue: { id: issue.id, number: issue.number, title: issue.name },
            series: { id: series.id, name: series.name },
            variant_id: copy.variantId,
            condition: fields.condition ?? null,
            price_paid: fields.price_paid ?? null,
            notes: fields.notes ?? null,
            was_on_wishlist: wasOnWishlist,
            follow_up: { prompt: 'Read it yet? Mark it as read or leave a review.', can_mark_read: released, can_review: released, has_review: false },
          },
        },
        201,
      );
    },
  },
  {
    method: 'PATCH', path: '/api/v1/issues/{issue}/collection', kind: 'write', auth: true, abilities: ['write:collection'],
    handle(ctx) {
      const issue = findIssue(ctx);
      const { variant_id: _variant, collection_item_id: _item, ...changes } = validate(updateCopyBody, ctx.body);
      if (changes.read_at && changes.read_at > ctx.view.today) {
        throw validationError('The read at field must be a date before or equal to today.', { read_at: ['The read at field must be a date before or equal to today.'] });
      }
      checkShop(ctx, changes.comic_shop_id);
      const copy = chooseCopy(ctx, issue);
      // Only the keys the client sent change; an explicit null clears a field.
      for (const key of Object.keys(changes) as Array<keyof CopyFields>) {
        if (key in ctx.body) Object.assign(copy.fields, { [key]: changes[key] });
      }
      copy.updatedAt = ctx.nowMs;
      return ok({ data: { id: copy.id, condition: copy.fields.condition ?? null, price_paid: copy.fields.price_paid ?? null, graded: copy.fields.graded ?? false } });
    },
  },
  {
    method: 'DELETE', path: '/api/v1/issues/{issue}/collection', kind: 'write', auth: true, abilities: ['write:collection'],
    handle(ctx) {
      const issue = findIssue(ctx);
      const copy = chooseCopy(ctx, issue);
      ctx.world.library.removeCopy(ctx.member.id, copy.id);
      return noContent();
    },
  },
  {
    method: 'GET', path: '/api/v1/user/collections', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle(ctx) {
      const q = validate(collectionQuery, queryObject(ctx.query));
      if (q.is_signed !== undefined || q.grade_min !== undefined || q.grade_max !== undefined) requirePro(ctx);
      const { catalog, library } = ctx.world;
      const needle = q.search?.trim().toLowerCase();
      const copies = library.copiesOf(ctx.member.id).filter((copy) => {
        const issue = catalog.issues.get(copy.issueId);
        if (!issue) return false;
        const series = catalog.seriesOf(issue);
        const f = copy.fields;
        const copyStatus = f.status ?? 'owned';
        const grade = gradeOf(copy);
        return (
          (!ctx.showcase || f.is_public !== false) &&
          (q.status === 'all' || (q.status ? copyStatus === q.status : copyStatus !== 'sold')) &&
          (q.for_sale === undefined || (f.for_sale === true || copyStatus === 'for_sale') === q.for_sale) &&
          (!needle || issue.name.toLowerCase().includes(needle) || issue.number === needle || series.name.toLowerCase().includes(needle)) &&
          (!q.format || (f.format ?? (issue.format === 'single' ? 'single' : issue.format)) === q.format) &&
          (q.graded === undefined || (f.graded ?? false) === q.graded) &&
          (q.is_signed === undefined || (f.is_signed ?? false) === q.is_signed) &&
          (!q.condition || f.condition === q.condition) &&
          (q.for_trade === undefined || (f.for_trade ?? false) === q.for_trade) &&
          (!q.read_status || (f.is_read ?? false) === (q.read_status === 'read')) &&
          (!q.publisher_id || series.publisherId === q.publisher_id) &&
          (!q.series_id || series.id === q.series_id) &&
          (q.grade_min === undefined || (grade !== null && grade >= q.grade_min)) &&
          (q.grade_max === undefined || (grade !== null && grade <= q.grade_max))
        );
      });
      const issueOf = (c: Copy) => catalog.issues.get(c.issueId) as Issue;
      const keys = {
        date_added: (c: Copy) => c.createdAt,
        title: (c: Copy) => `${catalog.seriesOf(issueOf(c)).name.toLowerCase()} ${String(Number.parseFloat(issueOf(c).number) || 0).padStart(6, '0')}`,
        release_date: (c: Copy) => issueOf(c).releaseDate,
        estimated_value: (c: Copy) => c.fields.estimated_value ?? 0,
        price_paid: (c: Copy) => c.fields.price_paid ?? 0,
      };
      copies.sort(sortBy(keys[q.sort_by], q.sort_order));

      const total = copies.length;
      const lastPage = Math.max(1, Math.ceil(total / q.per_page));
      const rows = copies.slice((q.page - 1) * q.per_page, q.page * q.per_page);
      const path = `${ctx.view.origin}/api/v1/user/collections`;
      const pageUrl = (page: number): string => {
        const params = new URLSearchParams(ctx.query);
        params.set('page', String(page));
        return `${path}?${params.toString()}`;
      };
      const from = rows.length > 0 ? (q.page - 1) * q.per_page + 1 : null;
      return ok({
        data: rows.map((copy) => collectionItem(ctx.view, copy, ctx.showcase)),
        links: { first: pageUrl(1), last: pageUrl(lastPage), prev: q.page > 1 ? pageUrl(q.page - 1) : null, next: q.page < lastPage ? pageUrl(q.page + 1) : null },
        meta: { current_page: q.page, from, last_page: lastPage, path, per_page: q.per_page, to: from === null ? null : from + rows.length - 1, total },
      });
    },
  },
];
