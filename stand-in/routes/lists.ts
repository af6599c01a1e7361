import { ApiError, ok } from '../http.ts';
import { FREE_LIST_LIMIT, LIST_ITEM_LIMIT, type MemberList } from '../members.ts';
import { addListItemBody, createListBody, type ListEntityType } from '../schemas.ts';
import { validate, validationError } from '../validation.ts';
import { listItemJson, type View } from '../views.ts';
import { CATALOG_READ, paramId, requirePro, type ApiContext, type Route } from './shared.ts';

// Member lists (contract §12). The wishlist has its own endpoints (§7) and is not one of these.

function listSummary(list: MemberList, ctx: ApiContext) {
  const owner = ctx.world.library.members.get(list.memberId);
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    entity_type: list.entityType,
    is_ranked: list.isRanked,
    is_private: list.isPrivate,
    items_count: list.items.length,
    user: { id: list.memberId, username: owner?.username ?? '', name: owner?.name ?? '' },
  };
}

function findList(ctx: ApiContext): MemberList {
  const list = ctx.world.library.lists.get(paramId(ctx, 'list'));
  if (!list) throw new ApiError(404, { message: 'Not Found' });
  return list;
}

function entityExists(view: View, type: ListEntityType, id: number): boolean {
  const { catalog } = view;
  const pools = { issues: catalog.issues, series: catalog.series, characters: catalog.characters, creators: catalog.creators, teams: catalog.teams, story_arcs: undefined };
  return pools[type]?.has(id) ?? false;
}

export const listRoutes: Route[] = [
  {
    method: 'POST', path: '/api/v1/lists', kind: 'write', auth: true, abilities: ['write:list'],
    handle(ctx) {
      const body = validate(createListBody, ctx.body);
      if (body.is_private || body.rules !== undefined) requirePro(ctx);
      const { library } = ctx.world;
      if (ctx.member.tier === 'free' && library.listsOf(ctx.member.id).length >= FREE_LIST_LIMIT) {
        throw new ApiError(403, { message: `Free members can have up to ${FREE_LIST_LIMIT} lists.` });
      }
      const list: MemberList = {
        id: library.nextId('list'), memberId: ctx.member.id, title: body.title, description: body.description ?? null,
        entityType: body.entity_type ?? null, isRanked: body.is_ranked ?? true, isPrivate: body.is_private ?? false,
        items: [], likes: 0, saves: 0, createdAt: ctx.nowMs,
      };
      library.lists.set(list.id, list);
      return ok({ data: listSummary(list, ctx) }, 201);
    },
  },
  {
    method: 'POST', path: '/api/v1/lists/{list}/items', kind: 'write', auth: true, abilities: ['write:list'],
    handle(ctx) {
      const list = findList(ctx);
      if (list.memberId !== ctx.member.id) throw new ApiError(403, { message: 'This action is unauthorized.' });
      const body = validate(addListItemBody, ctx.body);
      const type = list.entityType ?? body.entity_type;
      if (!type) throw validationError('The entity type field is required on a mixed list.', { entity_type: ['The entity type field is required on a mixed list.'] });
      if (list.entityType && body.entity_type && body.entity_type !== list.entityType) {
        throw validationError(`This list holds ${list.entityType}.`, { entity_type: [`This list holds ${list.entityType}.`] });
      }
      if (!entityExists(ctx.view, type, body.entity_id)) throw validationError('The selected entity id is invalid.', { entity_id: ['The selected entity id is invalid.'] });
      const variantId = body.variant_id ?? null;
      if (variantId !== null && (type !== 'issues' || ctx.world.catalog.variants.get(variantId)?.issueId !== body.entity_id)) {
        throw new ApiError(422, { error: 'Variant does not belong to this issue.' });
      }
      const duplicate = list.items.find((i) => i.entityType === type && i.entityId === body.entity_id && i.variantId === variantId);
      if (duplicate) throw new ApiError(409, { message: 'This item is already in the list.', item: { id: duplicate.id, position: duplicate.position } });
      const limit = LIST_ITEM_LIMIT[ctx.member.tier];
      if (list.items.length >= limit) throw new ApiError(403, { message: `This list is full (${limit} items).` });
      const last = list.items.reduce((max, i) => Math.max(max, i.position), 0);
      const position = Math.min(body.position ?? last + 1, last + 1);
      for (const item of list.items) if (item.position >= position) item.position += 1;
      const item = { id: ctx.world.library.nextId('listItem'), entityType: type, entityId: body.entity_id, variantId, position, note: body.note ?? null };
      list.items.push(item);
      list.items.sort((a, b) => a.position - b.position);
      return ok({ data: listItemJson(ctx.view, list, item) }, 201);
    },
  },
  {
    method: 'GET', path: '/api/v1/lists/{list}', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const list = findList(ctx);
      if (list.isPrivate && list.memberId !== ctx.member.id) throw new ApiError(403, { message: 'This list is private.' });
      return ok({
        data: {
          ...listSummary(list, ctx),
          likes_count: list.likes,
          saves_count: list.saves,
          items: list.items.map((item) => listItemJson(ctx.view, list, item)),
          created_at: new Date(list.createdAt).toISOString(),
        },
      });
    },
  },
];
