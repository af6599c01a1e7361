import { z } from 'zod';
import type { Issue, Series } from '../catalog/types.ts';
import { ApiError, ok } from '../http.ts';
import { field, queryObject, validate } from '../validation.ts';
import { KEY_REASON_KINDS } from '../catalog/keys.ts';
import { issueDetail, issueKeyReasonItems, issueListItem, seriesDetail, seriesIssueItem, seriesListItem, titleItem, variantItem } from '../views.ts';
import { CATALOG_READ, direction, findIssue, findSeries, idList, issueNumberValue, limitPaging, paginate, paramId, requirePro, sortBy, type Route } from './shared.ts';

// Catalog reads (contract §3): issues, variants (PRO), series, series issues (PRO), titles.

const issuesQuery = z.object({
  ...limitPaging(100),
  q: z.string().optional(),
  series_id: field.integer('series_id').optional(),
  publisher_id: field.integer('publisher_id').optional(),
  series_ids: idList('series_ids').optional(),
  publisher_ids: idList('publisher_ids').optional(),
  title_ids: idList('title_ids').optional(),
  release_date_from: field.date('release_date_from').optional(),
  release_date_to: field.date('release_date_to').optional(),
  hide_unreleased: field.flag('hide_unreleased').optional(),
  key_issues_only: field.flag('key_issues_only').optional(),
  include: z.string().optional(),
  sort: field.oneOf('sort', ['issue_number', 'release_date', 'name', 'created_at'] as const).default('release_date'),
  direction: direction.default('desc'),
});

const seriesIssuesQuery = z.object({
  ...limitPaging(100),
  q: z.string().optional(),
  sort: field.oneOf('sort', ['issue_number', 'release_date', 'created_at', 'name'] as const).default('issue_number'),
  direction: direction.default('asc'),
});

/** `GET /series` (interface spec §4.3): the catalog's series search. */
const seriesQuery = z.object({
  ...limitPaging(50),
  q: z.string().optional(),
  title_id: field.integer('title_id').optional(),
  publisher_id: field.integer('publisher_id').optional(),
  publisher_ids: idList('publisher_ids').optional(),
  status: z.string().optional(),
  publication_type: field.oneOf('publication_type', ['regular_series', 'limited_series', 'one_shot', 'graphic_novel', 'graphic_novel_series', 'collected_edition', 'special'] as const).optional(),
  format: field.oneOf('format', ['Standard', 'Deluxe', 'Omnibus', 'TPB', 'Hardcover', 'Other'] as const).optional(),
  languages: z.string().optional(),
  start_year: field.integer('start_year').optional(),
  end_year: field.integer('end_year').optional(),
  sort: field.oneOf('sort', ['name', 'start_year', 'average_rating', 'latest_release_date', 'cached_issues_count'] as const).default('name'),
  direction: direction.default('asc'),
});

/** `GET /key-issue-reasons`: the kinds of key, by category or name. */
const keyReasonsQuery = z.object({
  category: field.oneOf('category', ['appearance', 'story', 'creator', 'market', 'media'] as const).optional(),
  q: z.string().optional(),
  limit: field.integer('limit', 1, 100).optional(),
});

/** The catalog's series are all in English. */
const SERIES_LANGUAGE = 'en';

function seriesSortKey(sort: z.output<typeof seriesQuery>['sort'], issuesOf: (s: Series) => Issue[]): (s: Series) => string | number {
  if (sort === 'start_year') return (s) => s.startYear;
  if (sort === 'cached_issues_count') return (s) => issuesOf(s).length;
  if (sort === 'latest_release_date') return (s) => issuesOf(s).at(-1)?.releaseDate ?? '';
  if (sort === 'average_rating') return (s) => s.id % 10;
  return (s) => s.name.toLowerCase();
}

const titlesQuery = z.object({
  ...limitPaging(50),
  q: z.string().optional(),
  publisher: field.integer('publisher').optional(),
  publisher_id: field.integer('publisher_id').optional(),
  publisher_ids: idList('publisher_ids').optional(),
  sort: z.string().optional(),
  direction: z.string().optional(),
});

function issueSortKey(sort: 'issue_number' | 'release_date' | 'name' | 'created_at'): (issue: Issue) => string | number {
  if (sort === 'issue_number') return issueNumberValue;
  if (sort === 'name') return (i) => i.name.toLowerCase();
  if (sort === 'created_at') return (i) => i.createdAt;
  return (i) => i.releaseDate;
}

export const catalogRoutes: Route[] = [
  {
    method: 'GET', path: '/api/v1/issues', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const q = validate(issuesQuery, queryObject(ctx.query));
      const { catalog } = ctx.world;
      const needle = q.q?.trim().toLowerCase();
      const seriesIds = new Set([...(q.series_ids ?? []), ...(q.series_id ? [q.series_id] : [])]);
      const publisherIds = new Set([...(q.publisher_ids ?? []), ...(q.publisher_id ? [q.publisher_id] : [])]);
      const titleIds = new Set(q.title_ids ?? []);
      const issues = [...catalog.issues.values()].filter((issue) => {
        const series = catalog.seriesOf(issue);
        return (
          (!needle || issue.name.toLowerCase().includes(needle)) &&
          (seriesIds.size === 0 || seriesIds.has(issue.seriesId)) &&
          (publisherIds.size === 0 || publisherIds.has(series.publisherId)) &&
          (titleIds.size === 0 || titleIds.has(series.titleId)) &&
          (!q.release_date_from || issue.releaseDate >= q.release_date_from) &&
          (!q.release_date_to || issue.releaseDate <= q.release_date_to) &&
          (!q.hide_unreleased || issue.releaseDate <= ctx.view.today) &&
          (!q.key_issues_only || catalog.isKeyIssue(issue))
        );
      });
      issues.sort(sortBy(issueSortKey(q.sort), q.direction));
      const { rows, meta } = paginate(issues, q.page, q.limit);
      const withSeries = (q.include ?? '').split(',').includes('series');
      return ok({ data: rows.map((issue) => issueListItem(ctx.view, issue, withSeries)), meta });
    },
  },
  {
    method: 'GET', path: '/api/v1/issues/{issue}', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle: (ctx) => ok({ data: issueDetail(ctx.view, findIssue(ctx)) }),
  },
  {
    method: 'GET', path: '/api/v1/issues/{issue}/variants', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const issue = findIssue(ctx);
      requirePro(ctx);
      return ok({ data: issue.variants.map((variant) => variantItem(ctx.view, issue, variant)) });
    },
  },
  {
    method: 'GET', path: '/api/v1/issues/{issue}/key-reasons', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const issue = findIssue(ctx);
      requirePro(ctx);
      return ok({ data: issueKeyReasonItems(ctx.view, issue) });
    },
  },
  {
    method: 'GET', path: '/api/v1/key-issue-reasons', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const q = validate(keyReasonsQuery, queryObject(ctx.query));
      const needle = q.q?.trim().toLowerCase();
      let kinds = KEY_REASON_KINDS.filter((k) => (!q.category || k.category === q.category) && (!needle || k.name.toLowerCase().includes(needle)));
      // The limit applies only with a search (the SDK: "Applied only when q is present").
      if (needle && q.limit !== undefined) kinds = kinds.slice(0, q.limit);
      return ok({ data: kinds.map((k) => ({ id: k.id, name: k.name, category: k.category, description: k.description })) });
    },
  },
  {
    method: 'GET', path: '/api/v1/series', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const q = validate(seriesQuery, queryObject(ctx.query));
      const { catalog } = ctx.world;
      // The name search ignores case and punctuation, as a search box does ("spider man" finds "Spider-Man").
      const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
      const needle = q.q ? words(q.q) : '';
      const publishers = new Set([...(q.publisher_ids ?? []), ...(q.publisher_id ? [q.publisher_id] : [])]);
      const languages = q.languages?.split(',').map((l) => l.trim().toLowerCase()).filter(Boolean);
      const issuesOf = (s: Series) => catalog.issuesBySeries.get(s.id) ?? [];
      const found = [...catalog.series.values()].filter(
        (s) =>
          (!needle || words(s.name).includes(needle)) &&
          (q.title_id === undefined || s.titleId === q.title_id) &&
          (publishers.size === 0 || publishers.has(s.publisherId)) &&
          (!q.status || s.status === q.status.toLowerCase()) &&
          (!q.publication_type || s.publicationType === q.publication_type) &&
          (!q.format || s.format === q.format) &&
          (!languages || languages.includes(SERIES_LANGUAGE)) &&
          (q.start_year === undefined || s.startYear === q.start_year) &&
          (q.end_year === undefined || s.endYear === q.end_year),
      );
      found.sort(sortBy(seriesSortKey(q.sort, issuesOf), q.direction));
      const { rows, meta } = paginate(found, q.page, q.limit);
      return ok({ data: rows.map((s) => seriesListItem(ctx.view, s)), meta });
    },
  },
  {
    method: 'GET', path: '/api/v1/series/{series}', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle: (ctx) => ok({ data: seriesDetail(ctx.view, findSeries(ctx)) }),
  },
  {
    method: 'GET', path: '/api/v1/series/{series}/issues', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const series = findSeries(ctx);
      requirePro(ctx);
      const q = validate(seriesIssuesQuery, queryObject(ctx.query));
      const needle = q.q?.trim().toLowerCase();
      const issues = (ctx.world.catalog.issuesBySeries.get(series.id) ?? []).filter(
        (issue) => !needle || issue.name.toLowerCase().includes(needle) || issue.number === needle,
      );
      const sorted = [...issues].sort(sortBy(issueSortKey(q.sort), q.direction));
      const { rows, meta } = paginate(sorted, q.page, q.limit);
      return ok({ data: rows.map((issue) => seriesIssueItem(ctx.view, issue)), meta });
    },
  },
  {
    method: 'GET', path: '/api/v1/titles', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const q = validate(titlesQuery, queryObject(ctx.query));
      const needle = q.q?.trim().toLowerCase();
      const publishers = new Set([...(q.publisher_ids ?? []), ...[q.publisher_id ?? q.publisher].filter((p) => p !== undefined)]);
      const titles = [...ctx.world.catalog.titles.values()]
        .filter((t) => (!needle || t.name.toLowerCase().includes(needle)) && (publishers.size === 0 || publishers.has(t.publisherId)))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      const { rows, meta } = paginate(titles, q.page, q.limit);
      return ok({ data: rows.map((t) => titleItem(ctx.view, t)), meta });
    },
  },
  {
    method: 'GET', path: '/api/v1/titles/{title}', kind: 'read', auth: true, abilities: CATALOG_READ,
    handle(ctx) {
      const title = ctx.world.catalog.titles.get(paramId(ctx, 'title'));
      if (!title) throw new ApiError(404, { message: `Title ${ctx.params.title} not found.` });
      return ok({ data: { ...titleItem(ctx.view, title), imprint_id: null, aliases: [], description: `${title.name}, every volume.` } });
    },
  },
];
