import { z } from 'zod';
import { comicAddOn, isbn13CheckDigit, isValidIsbn10, normalizeIsbn, upcCheckDigit } from './barcodes.ts';
import { addDays, DAY_MS, isIsoDate } from './clock.ts';
import { ADD_ON_FROM, AGE_RATINGS, coverDateFor, focDateFor, singlePriceFor, slugify, upcBaseFor } from './catalog/generate.ts';
import type { Catalog } from './catalog/index.ts';
import type { CatalogData, Issue, IssueFormat, Publisher, Series, Variant, VariantType } from './catalog/types.ts';
import { ABILITIES, FULL_ACCESS, type Library, type Member } from './members.ts';
import { copyFieldsSchema, FOLLOW_TYPES } from './schemas.ts';
import { followable } from './views.ts';

// The --data file: comics and members that tests and users seed on top of (or instead of) the
// generated catalog. Everything that can be derived is optional; see stand-in/README.md.

export class DataFileError extends Error {}

const positiveId = z.number().int().positive();
/** A record named by id or by name. */
const ref = z.union([positiveId, z.string().min(1)]);
/** A day, or an offset from today such as "+14d" or "-3d". */
const day = z.string().refine((s) => isIsoDate(s) || /^[+-]\d+d$/.test(s), { error: 'must be YYYY-MM-DD or a day offset like "+14d"' });

const upc = z.string().superRefine((code, ctx) => {
  if (!/^(\d{12}|\d{17})$/.test(code)) {
    ctx.addIssue({ code: 'custom', message: 'must be 12 digits (UPC-A) or 17 digits (UPC-A + 5-digit add-on)' });
    return;
  }
  const check = upcCheckDigit(code.slice(0, 11));
  if (code[11] !== check) ctx.addIssue({ code: 'custom', message: `UPC-A check digit should be ${check}, not ${code[11]}` });
});

const isbn = z.string().superRefine((raw, ctx) => {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(compact)) {
    if (!isValidIsbn10(compact)) ctx.addIssue({ code: 'custom', message: 'ISBN-10 check digit is wrong' });
  } else if (/^97[89]\d{10}$/.test(compact)) {
    const check = isbn13CheckDigit(compact.slice(0, 12));
    if (compact[12] !== check) ctx.addIssue({ code: 'custom', message: `ISBN-13 check digit should be ${check}, not ${compact[12]}` });
  } else ctx.addIssue({ code: 'custom', message: 'must be an ISBN-10 or a 978/979 ISBN-13' });
});

const variantSchema = z.object({
  id: positiveId.optional(),
  name: z.string().min(1),
  type: z.enum(['standard', 'cover_variant', 'ratio_variant', 'incentive_variant', 'virgin_variant', 'foil_variant', 'reprint']).optional(),
  ratio: z.string().nullable().optional(),
  upc: upc.optional(),
  lunar_code: z.string().regex(/^\d{4}[A-Z]{2}\d{4}$/, { error: 'must look like 0126IM0451' }).optional(),
  universal_code: z.string().regex(/^[A-Z]{2}\d{8}$/, { error: 'must look like DC10251016' }).optional(),
});

const issueSchema = z.object({
  id: positiveId.optional(),
  series: ref,
  number: z.union([z.string().min(1), z.number()]).transform(String),
  name: z.string().optional(),
  release_date: day.optional(),
  foc_date: day.optional(),
  price: z.union([z.string().regex(/^\d+\.\d{2}$/, { error: 'must be a price like "4.99"' }), z.number().nonnegative()]).optional(),
  format: z.enum(['single', 'trade_paperback', 'hardcover', 'omnibus']).optional(),
  upc: upc.optional(),
  isbn: isbn.optional(),
  lunar_code: z.string().regex(/^\d{4}[A-Z]{2}\d{4}$/, { error: 'must look like 0126IM0451' }).optional(),
  universal_code: z.string().regex(/^[A-Z]{2}\d{8}$/, { error: 'must look like DC10251016' }).optional(),
  diamond_code: z.string().regex(/^[A-Z]{3}\d{6}$/, { error: 'must look like MAR180454' }).optional(),
  solicitation: z.string().optional(),
  page_count: z.number().int().positive().optional(),
  variants: z.array(variantSchema).min(1).optional(),
});

const seriesSchema = z.object({
  id: positiveId.optional(),
  name: z.string().min(1),
  publisher: ref,
  title: z.string().min(1).optional(),
  volume: positiveId.optional(),
  start_year: z.number().int().min(1900).max(2100).optional(),
  end_year: z.number().int().min(1900).max(2100).nullable().optional(),
  status: z.enum(['ongoing', 'completed', 'canceled']).optional(),
  publication_type: z.enum(['regular_series', 'limited_series', 'one_shot', 'collected_edition']).optional(),
  format: z.enum(['Standard', 'TPB', 'Hardcover', 'Omnibus']).optional(),
  upc: upc.refine((code) => code.length === 12, { error: 'a series UPC is the 12-digit base' }).optional(),
  age_rating: z.enum(['T', 'T+', 'M']).optional(),
  description: z.string().optional(),
  creators: z.array(z.string().min(1)).max(3).optional(),
  characters: z.array(z.string().min(1)).optional(),
});

const publisherSchema = z.object({
  id: positiveId.optional(),
  name: z.string().min(1),
  slug: z.string().optional(),
  code: z.string().regex(/^[A-Z]{2}$/, { error: 'must be two capital letters' }).optional(),
  upc_prefix: z.string().regex(/^\d{6}$/, { error: 'must be 6 digits' }).optional(),
});

const copySchema = copyFieldsSchema.extend({
  issue: positiveId,
  variant_id: positiveId.optional(),
  added_at: z.string().refine((s) => /^[+-]\d+d$/.test(s) || Number.isFinite(Date.parse(s)), { error: 'must be a date, a timestamp or a day offset like "-3d"' }).optional(),
});

const memberSchema = z.object({
  id: positiveId.optional(),
  username: z.string().regex(/^[A-Za-z0-9_.-]{2,40}$/, { error: 'must be 2-40 letters, digits, dots, dashes or underscores' }),
  name: z.string().min(1).optional(),
  email: z.string().optional(),
  tier: z.enum(['free', 'pro']).optional(),
  pending_deletion: z.boolean().optional(),
  tokens: z.array(z.object({
    token: z.string().min(8, { error: 'must be at least 8 characters' }),
    scopes: z.array(z.enum(ABILITIES)).optional(),
    revoked: z.boolean().optional(),
    name: z.string().optional(),
  })).optional(),
  collection: z.array(copySchema).optional(),
  wishlist: z.array(z.union([positiveId, z.object({ issue: positiveId, variant_id: positiveId.optional(), note: z.string().optional() })])).optional(),
  pull_list: z.array(ref).optional(),
  follows: z.array(z.object({ type: z.enum(FOLLOW_TYPES), id: positiveId })).optional(),
});

export const dataFileSchema = z.object({
  mode: z.enum(['extend', 'replace']).default('extend'),
  publishers: z.array(publisherSchema).default([]),
  series: z.array(seriesSchema).default([]),
  issues: z.array(issueSchema).default([]),
  members: z.array(memberSchema).default([]),
});
export type DataFile = z.output<typeof dataFileSchema>;

/** `issues[3].upc` style. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '') || '(file)';
}

const fail = (path: readonly PropertyKey[], message: string): never => {
  throw new DataFileError(`${formatPath(path)}: ${message}`);
};

export function parseDataFile(input: unknown): DataFile {
  const result = dataFileSchema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.slice(0, 8).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  throw new DataFileError(lines.join('\n'));
}

const ISSUE_FORMAT_OF: Record<Series['format'], IssueFormat> = { Standard: 'single', TPB: 'trade_paperback', Hardcover: 'hardcover', Omnibus: 'omnibus' };

function checkVariant(issue: Issue, variantId: number | undefined, path: PropertyKey[]): void {
  if (variantId !== undefined && !issue.variants.some((v) => v.id === variantId)) {
    fail(path, `variant ${variantId} does not belong to issue ${issue.id}`);
  }
}

const resolveDay = (value: string, today: string): string => (/^[+-]\d+d$/.test(value) ? addDays(today, Number.parseInt(value, 10)) : value);

/** Add the file's publishers, series and issues to the generated catalog (or replace them). */
export function applyCatalogPart(data: CatalogData, file: DataFile, today: string): void {
  if (file.mode === 'replace') {
    data.series = [];
    data.issues = [];
    data.titles = [];
  }
  const nextId = (items: Array<{ id: number }>) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
  const upsert = <T extends { id: number }>(items: T[], item: T): void => {
    const at = items.findIndex((x) => x.id === item.id);
    if (at >= 0) items[at] = item;
    else items.push(item);
  };
  const byRef = <T extends { id: number; name: string }>(items: T[], value: string | number): T | undefined =>
    typeof value === 'number' ? items.find((x) => x.id === value) : items.find((x) => x.name.toLowerCase() === value.toLowerCase());

  file.publishers.forEach((p, i) => {
    const id = p.id ?? nextId(data.publishers);
    const publisher: Publisher = {
      id, name: p.name, slug: p.slug ?? slugify(p.name), code: p.code ?? p.name.replace(/[^A-Za-z]/g, '').slice(0, 2).toUpperCase().padEnd(2, 'X'),
      upcPrefix: p.upc_prefix ?? String(800_000 + id * 17 + i).slice(0, 6), isbn978: `978199${String(id).padStart(3, '0')}`, isbn979: null,
    };
    upsert(data.publishers, publisher);
  });

  const person = <T extends { id: number; name: string; slug: string }>(items: T[], name: string, make: (id: number) => T): T => {
    const found = items.find((x) => x.name === name);
    if (found) return found;
    const created = make(nextId(items));
    items.push(created);
    return created;
  };

  // Series named in this file win over seeded ones with the same name.
  const fileSeries: Series[] = [];
  file.series.forEach((s, i) => {
    const publisher = byRef(data.publishers, s.publisher) ?? fail(['series', i, 'publisher'], `no publisher with id or name ${JSON.stringify(s.publisher)}`);
    const id = s.id ?? nextId(data.series);
    const titleName = s.title ?? s.name;
    let title = data.titles.find((t) => t.name === titleName && t.publisherId === publisher.id);
    if (!title) {
      title = { id: nextId(data.titles), name: titleName, slug: slugify(titleName), publisherId: publisher.id };
      data.titles.push(title);
    }
    const format = s.format ?? 'Standard';
    const startYear = s.start_year ?? Number(today.slice(0, 4));
    const [writer, artist, cover] = s.creators ?? [];
    const credits = [[writer, 'writer'], [artist, 'artist'], [cover ?? artist, 'cover']]
      .filter((pair): pair is [string, string] => typeof pair[0] === 'string')
      .map(([name, role]) => ({ creatorId: person(data.creators, name, (cid) => ({ id: cid, name, slug: slugify(name) })).id, role }));
    const series: Series = {
      id, titleId: title.id, publisherId: publisher.id, name: s.name, slug: `${slugify(s.name)}-${startYear}-${id}`,
      volume: s.volume ?? 1, startYear, endYear: s.end_year ?? null, status: s.status ?? 'ongoing',
      publicationType: s.publication_type ?? (format === 'Standard' ? 'regular_series' : 'collected_edition'), format,
      upcBase: s.upc ?? (format === 'Standard' ? upcBaseFor(publisher, id) : null),
      description: s.description ?? `${s.name} (${startYear}) from ${publisher.name}.`, ageRating: AGE_RATINGS[s.age_rating ?? 'T'],
      genres: ['Superhero'], creators: credits,
      characterIds: (s.characters ?? []).map((name) => person(data.characters, name, (cid) => ({ id: cid, name, slug: slugify(name), realName: null })).id),
      teamIds: [], hue: (id * 47) % 360,
    };
    upsert(data.series, series);
    fileSeries.push(series);
  });

  let variantId = data.issues.reduce((max, issue) => issue.variants.reduce((m, v) => Math.max(m, v.id), max), 0);
  file.issues.forEach((spec, i) => {
    const at = (key: string) => ['issues', i, key];
    const series =
      (typeof spec.series === 'string' ? byRef(fileSeries, spec.series) : undefined) ??
      byRef(data.series, spec.series) ??
      fail(at('series'), `no series with id or name ${JSON.stringify(spec.series)}`);
    const id = spec.id ?? nextId(data.issues);
    const releaseDate = resolveDay(spec.release_date ?? today, today);
    const format: IssueFormat = spec.format ?? ISSUE_FORMAT_OF[series.format];
    const single = format === 'single';
    const numeric = Number.parseInt(spec.number, 10) || 0;
    const isbn13 = spec.isbn ? normalizeIsbn(spec.isbn) : null;
    // A modern single's barcode is the series base plus the add-on; older ones carry the base alone.
    let derivedUpc = isbn13;
    if (single && series.upcBase) derivedUpc = releaseDate >= ADD_ON_FROM ? series.upcBase + comicAddOn(numeric, 1, 1) : series.upcBase;
    const issueUpc = spec.upc ?? derivedUpc;
    const defaultPrice = single ? singlePriceFor(releaseDate, numeric) : '17.99';
    const issue: Issue = {
      id,
      seriesId: series.id,
      number: spec.number,
      name: spec.name ?? (single ? `${series.name} #${spec.number}` : `${series.name} Vol. ${spec.number}`),
      slug: `${series.slug}-${slugify(spec.number)}`,
      releaseDate,
      focDate: spec.foc_date ? resolveDay(spec.foc_date, today) : focDateFor(releaseDate),
      coverDate: coverDateFor(releaseDate),
      price: typeof spec.price === 'number' ? spec.price.toFixed(2) : (spec.price ?? defaultPrice),
      pageCount: spec.page_count ?? (single ? 32 : 160),
      format,
      upc: issueUpc,
      isbn: isbn13,
      lunarCode: spec.lunar_code ?? null,
      universalCode: spec.universal_code ?? null,
      diamondCode: spec.diamond_code ?? null,
      solicitation: spec.solicitation ?? `${series.name} #${spec.number}.`,
      isReprint: !single,
      isKey: numeric === 1,
      variants: [],
      createdAt: new Date(Date.parse(`${releaseDate}T00:00:00Z`) - 90 * DAY_MS).toISOString(),
    };
    const base = issueUpc && issueUpc.length === 17 ? issueUpc.slice(0, 12) : null;
    const variants = spec.variants ?? [{ name: single ? 'Cover A' : 'Standard Edition' }];
    issue.variants = variants.map((v, index): Variant => ({
      id: v.id ?? ++variantId, issueId: id, name: v.name, type: (v.type ?? (index === 0 ? 'standard' : 'cover_variant')) as VariantType,
      ratio: v.ratio ?? null,
      upc: v.upc ?? (index === 0 ? (issueUpc?.length === 17 ? issueUpc : null) : base ? base + comicAddOn(numeric, index + 1, 1) : null),
      lunarCode: v.lunar_code ?? (index === 0 ? issue.lunarCode : null),
      universalCode: v.universal_code ?? (index === 0 ? issue.universalCode : null),
      coverArtistId: null,
    }));
    variantId = Math.max(variantId, ...issue.variants.map((v) => v.id));
    upsert(data.issues, issue);
  });
}

/** Add the file's members (or fill the demo members' libraries, matched by username). */
export function applyMembersPart(library: Library, catalog: Catalog, file: DataFile, nowMs: number, today: string): void {
  file.members.forEach((spec, m) => {
    const at = (...path: PropertyKey[]) => ['members', m, ...path];
    let member = library.findMember(spec.username);
    if (member) {
      Object.assign(member, {
        ...(spec.name ? { name: spec.name } : {}), ...(spec.email ? { email: spec.email } : {}),
        ...(spec.tier ? { tier: spec.tier } : {}), ...(spec.pending_deletion !== undefined ? { pendingDeletion: spec.pending_deletion } : {}),
      });
    } else {
      const created: Member = {
        id: library.nextId('member', spec.id), name: spec.name ?? spec.username, username: spec.username, email: spec.email ?? `${spec.username}@example.com`,
        tier: spec.tier ?? 'free', bio: null, location: null, birthDate: null, createdAt: new Date(nowMs - 365 * DAY_MS).toISOString(),
        pendingDeletion: spec.pending_deletion ?? false, xp: 100, contributions: 0,
      };
      member = library.addMember(created);
    }
    const owner = member;
    (spec.tokens ?? []).forEach((t, i) => {
      if (library.tokens.has(t.token)) fail(at('tokens', i, 'token'), 'this token is already in use');
      library.tokens.set(t.token, {
        token: t.token, memberId: owner.id, abilities: t.scopes ?? [...FULL_ACCESS], revoked: t.revoked ?? false,
        name: t.name ?? 'From --data', kind: 'personal', expiresAt: null,
      });
    });
    const copies = spec.collection ?? [];
    copies.forEach(({ issue: issueId, variant_id, added_at, ...fields }, i) => {
      const issue = catalog.issues.get(issueId) ?? fail(at('collection', i, 'issue'), `no issue with id ${issueId}`);
      checkVariant(issue, variant_id, at('collection', i, 'variant_id'));
      // Without added_at, copies count as added a minute apart, the last one newest.
      let addedAt = nowMs - (copies.length - i) * 60_000;
      if (added_at !== undefined) addedAt = /^[+-]\d+d$/.test(added_at) ? nowMs + Number.parseInt(added_at, 10) * DAY_MS : Date.parse(added_at);
      library.addCopy(owner.id, issue.id, variant_id ?? null, fields, addedAt);
    });
    const wishes = spec.wishlist ?? [];
    wishes.forEach((w, i) => {
      const entry = typeof w === 'number' ? { issue: w } : w;
      const issue = catalog.issues.get(entry.issue) ?? fail(at('wishlist', i), `no issue with id ${entry.issue}`);
      checkVariant(issue, entry.variant_id, at('wishlist', i, 'variant_id'));
      library.addWish(owner.id, issue.id, entry.variant_id ?? null, entry.note ?? null, nowMs - (wishes.length - i) * 60_000);
    });
    (spec.pull_list ?? []).forEach((s, i) => {
      const named = (x: Series) => x.name.toLowerCase() === String(s).toLowerCase();
      const series = typeof s === 'number' ? catalog.series.get(s) : [...catalog.series.values()].find(named);
      if (!series) fail(at('pull_list', i), `no series with id or name ${JSON.stringify(s)}`);
      else if (!library.pullListOf(owner.id).some((p) => p.seriesId === series.id)) library.addPull(owner.id, series.id, nowMs);
    });
    (spec.follows ?? []).forEach((f, i) => {
      if (!followable({ catalog, origin: '', today }, f.type, f.id)) fail(at('follows', i), `no ${f.type} with id ${f.id}`);
      library.addFollow(owner.id, f.type, f.id, nowMs);
    });
  });
}
