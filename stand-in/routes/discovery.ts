import { z } from 'zod';
import type { Issue } from '../catalog/types.ts';
import { addDays } from '../clock.ts';
import { ok } from '../http.ts';
import { field, queryObject, validate } from '../validation.ts';
import { coverUrl } from '../views.ts';
import { CATALOG_READ, idList, LIBRARY_READ, paginate, type ApiContext, type Route } from './shared.ts';

// Discovery feeds (contract §10): FOC deadlines, upcoming first issues, and releases from follows.

const FOC_NOTE = 'FOC dates are estimates: the release date minus 14 days. Check with your shop.';

const focQuery = z.object({
  page: field.integer('page').default(1),
  limit: field.integer('limit', 1, 50).default(20),
  days: field.integer('days', 1, 30).default(7),
  start_date: field.date('start_date').optional(),
  publisher_ids: idList('publisher_ids').optional(),
  sort: field.oneOf('sort', ['foc_date', 'publisher', 'series'] as const).default('foc_date'),
});

const firstsQuery = z.object({
  page: field.integer('page').default(1),
  limit: field.integer('limit', 1, 50).default(20),
  days: field.integer('days', 1, 90).default(30),
});

const followUpdatesQuery = z.object({
  page: field.integer('page').default(1),
  per_page: field.integer('per_page', 1, 50).default(20),
  days: field.integer('days', 1, 90).default(30),
});

type FollowReason = { context: string; type: 'title' | 'creator' | 'character' | 'team' };

/** Why a followed thing brings this issue into the member's feed, strongest reason first. */
function reasonFor(ctx: ApiContext, issue: Issue, followed: Map<string, Set<number>>): FollowReason | null {
  const { catalog } = ctx.world;
  const series = catalog.seriesOf(issue);
  const has = (type: string, id: number) => followed.get(type)?.has(id) ?? false;
  if (has('title', series.titleId)) return { context: `New in ${catalog.titleOf(series).name}`, type: 'title' };
  const creator = series.creators.find((c) => has('creator', c.creatorId));
  if (creator) return { context: `By ${catalog.creators.get(creator.creatorId)?.name ?? 'a creator you follow'}`, type: 'creator' };
  const character = series.characterIds.find((id) => has('character', id));
  if (character) return { context: `Featuring ${catalog.characters.get(character)?.name ?? 'a character you follow'}`, type: 'character' };
  const team = series.teamIds.find((id) => has('team', id));
  if (team) return { context: `Featuring the ${catalog.teams.get(team)?.name ?? 'team you follow'}`, type: 'team' };
  return null;
}

export const discoveryRoutes: Route[] = [
  {
    method: 'GET', path: '/api/v1/discovery/foc', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const q = validate(focQuery, queryObject(ctx.query));
      const { catalog } = ctx.world;
      const start = q.start_date ?? ctx.view.today;
      const end = addDays(start, q.days);
      const publishers = new Set(q.publisher_ids ?? []);
      const issues = [...catalog.issues.values()].filter(
        (i) => i.focDate >= start && i.focDate <= end && (publishers.size === 0 || publishers.has(catalog.seriesOf(i).publisherId)),
      );
      const seriesName = (i: Issue) => catalog.seriesOf(i).name;
      const publisherName = (i: Issue) => catalog.publisherOf(catalog.seriesOf(i)).name;
      issues.sort((a, b) => {
        const primary = q.sort === 'publisher' ? publisherName(a).localeCompare(publisherName(b)) : q.sort === 'series' ? seriesName(a).localeCompare(seriesName(b)) : 0;
        return primary || a.focDate.localeCompare(b.focDate) || seriesName(a).localeCompare(seriesName(b)) || a.id - b.id;
      });
      const { rows, meta } = paginate(issues, q.page, q.limit);
      return ok({
        data: rows.map((i) => ({
          id: i.id, number: i.number, title: i.name, cover_url: coverUrl(ctx.view, i),
          release_date: i.releaseDate, foc_date: i.focDate, series: { id: i.seriesId, name: seriesName(i) },
        })),
        meta: { ...meta, foc_window_days: q.days, foc_start: start, foc_end: end, note: FOC_NOTE },
      });
    },
  },
  {
    method: 'GET', path: '/api/v1/discovery/upcoming-firsts', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const q = validate(firstsQuery, queryObject(ctx.query));
      const { catalog } = ctx.world;
      const start = ctx.view.today;
      const end = addDays(start, q.days);
      const issues = [...catalog.issues.values()]
        .filter((i) => i.number === '1' && i.format === 'single' && i.releaseDate >= start && i.releaseDate <= end)
        .sort((a, b) => a.releaseDate.localeCompare(b.releaseDate) || a.id - b.id);
      const { rows, meta } = paginate(issues, q.page, q.limit);
      return ok({
        data: rows.map((i) => {
          const series = catalog.seriesOf(i);
          return {
            id: i.id, number: i.number, title: i.name, cover_url: coverUrl(ctx.view, i), release_date: i.releaseDate,
            series: { id: series.id, name: series.name, status: series.status, publication_type: series.publicationType },
          };
        }),
        meta: { lookahead_days: q.days, window_start: start, window_end: end, ...meta },
      });
    },
  },
  {
    method: 'GET', path: '/api/v1/discovery/follow-updates', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle(ctx) {
      const q = validate(followUpdatesQuery, queryObject(ctx.query));
      const { catalog, library } = ctx.world;
      const follows = library.followsOf(ctx.member.id);
      const followed = new Map<string, Set<number>>();
      for (const f of follows) {
        const ids = followed.get(f.type) ?? new Set<number>();
        ids.add(f.followableId);
        followed.set(f.type, ids);
      }
      const from = addDays(ctx.view.today, -q.days);
      const hits: Array<{ issue: Issue; reason: FollowReason }> = [];
      for (const issue of catalog.issues.values()) {
        if (issue.releaseDate < from || issue.releaseDate > ctx.view.today) continue;
        const reason = reasonFor(ctx, issue, followed);
        if (reason) hits.push({ issue, reason });
      }
      hits.sort((a, b) => b.issue.releaseDate.localeCompare(a.issue.releaseDate) || a.issue.id - b.issue.id);
      const { rows, meta } = paginate(hits, q.page, q.per_page);
      return ok({
        data: rows.map(({ issue }) => {
          const series = catalog.seriesOf(issue);
          return {
            id: issue.id, issue_number: issue.number, cover_url: coverUrl(ctx.view, issue), release_date: issue.releaseDate,
            series: { id: series.id, name: series.name, start_year: series.startYear },
          };
        }),
        // A PHP service sends an empty map as an empty list.
        follow_contexts: phpMap(rows.map(({ issue, reason }) => [String(issue.id), reason.context])),
        follow_types: phpMap(rows.map(({ issue, reason }) => [String(issue.id), reason.type])),
        meta: { days: q.days, total_follows: follows.length, current_page: meta.current_page, per_page: meta.per_page, total: meta.total, last_page: meta.last_page },
      });
    },
  },
];

function phpMap(entries: Array<[string, string]>): Record<string, string> | [] {
  return entries.length === 0 ? [] : Object.fromEntries(entries);
}
