import { z } from 'zod';

// Response schemas for the VerseDB API (shared/api/versedb-contract.md). The service's two sources
// disagree on a few names (`description`/`solicitation`, `number`/`issue_number`, ids as numbers or
// strings), so each schema accepts both and hands the rest of Longbox one normalised shape.
// Fields the SDK models mark optional stay optional here; what makes a record a comic (an id and an
// issue number, or a series name) is required, so a stray object is rejected.

/** Ids arrive as ints, sometimes as digit strings (`variant_id` in some models). */
export const Id = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d{1,15}$/).transform(Number),
]);

const OptionalId = Id.nullish().transform((value) => value ?? null);
const Text = z.string().nullish().transform((value) => value ?? null);
/** Issue numbers are strings (`"1"`, `"1.MU"`), but some models type them as numbers. */
const IssueNumber = z.union([z.string(), z.number().transform(String)]);
const Bool = z.boolean().nullish().transform((value) => value ?? false);

export const SeriesRef = z
  .object({
    id: Id,
    name: z.string(),
    start_year: z.number().int().nullish(),
    volume_number: z.number().int().nullish(),
  })
  .transform((s) => ({ id: s.id, name: s.name, startYear: s.start_year ?? null, volume: s.volume_number ?? null }));
export type SeriesRef = z.output<typeof SeriesRef>;

const PublisherRef = z
  .union([z.object({ id: Id.nullish(), name: z.string() }), z.string()])
  .transform((p) => (typeof p === 'string' ? p : p.name));

/** An issue as lookups, issue detail and list items describe it. */
export const IssueRecord = z
  .object({
    id: Id,
    series_id: Id.nullish(),
    issue_number: IssueNumber.nullish(),
    number: IssueNumber.nullish(),
    name: Text,
    title: Text,
    description: Text,
    solicitation: Text,
    release_date: Text,
    foc_date: Text,
    cover_url: Text,
    image_url: Text,
    upc: Text,
    isbn: Text,
    format: Text,
    price: z.union([z.string(), z.number().transform(String)]).nullish(),
    lunar_code: Text,
    universal_code: Text,
    diamond_code: Text,
    series: SeriesRef.nullish(),
    publisher: PublisherRef.nullish(),
    /** A lookup by a variant's own code names that variant. */
    suggested_variant_id: OptionalId,
  })
  .refine((r) => r.issue_number != null || r.number != null, { message: 'an issue needs an issue number' })
  .transform((r) => ({
    id: r.id,
    seriesId: r.series_id ?? r.series?.id ?? null,
    number: r.issue_number ?? r.number ?? '',
    name: r.name ?? r.title ?? null,
    solicitation: r.solicitation ?? r.description ?? null,
    releaseDate: r.release_date,
    focDate: r.foc_date,
    coverUrl: r.cover_url ?? r.image_url ?? null,
    upc: r.upc,
    isbn: r.isbn,
    format: r.format,
    price: r.price ?? null,
    codes: { lunar: r.lunar_code, universal: r.universal_code, diamond: r.diamond_code },
    series: r.series ?? null,
    publisher: r.publisher ?? null,
    suggestedVariantId: r.suggested_variant_id,
  }));
export type Issue = z.output<typeof IssueRecord>;

export const DataOf = <T extends z.ZodType>(inner: T) => z.object({ data: inner });

/** Short paging meta of most lists, and Laravel's longer one on the collection list. */
export const PageMeta = z
  .object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int().nullish(),
    total: z.number().int(),
  })
  .transform((m) => ({ page: m.current_page, lastPage: m.last_page, perPage: m.per_page ?? null, total: m.total }));
export type PageMeta = z.output<typeof PageMeta>;

/** `GET /issues` (the catalog's issue list): one page of issues and its paging, when the server sends it. */
export const IssueListPage = z
  .object({ data: z.array(IssueRecord), meta: PageMeta.nullish() })
  .transform((p) => ({ issues: p.data, meta: p.meta ?? null }));

// --- /user ---------------------------------------------------------------------------------------

export const UserProfile = DataOf(
  z.object({ id: Id, username: z.string(), name: Text, is_pro: z.boolean() }),
).transform(({ data }) => ({ id: data.id, username: data.username, name: data.name, isPro: data.is_pro }));
export type UserProfile = z.output<typeof UserProfile>;

// --- lookups -------------------------------------------------------------------------------------

export const LookupResult = DataOf(IssueRecord).transform(({ data }) => data);

const AmbiguousMatch = z
  .object({
    issue_id: Id,
    series_name: z.string(),
    series_id: Id.nullish(),
    issue_number: IssueNumber,
    cover_url: Text,
    variant_name: Text,
    publisher_name: Text,
    release_date: Text,
    start_year: z.number().int().nullish(),
    suggested_variant_id: OptionalId,
  })
  .transform((m) => ({
    issueId: m.issue_id,
    seriesName: m.series_name,
    seriesId: m.series_id ?? null,
    number: m.issue_number,
    coverUrl: m.cover_url,
    variantName: m.variant_name,
    publisher: m.publisher_name,
    releaseDate: m.release_date,
    startYear: m.start_year ?? null,
    suggestedVariantId: m.suggested_variant_id,
  }));
export type AmbiguousMatch = z.output<typeof AmbiguousMatch>;

export const AmbiguousBody = z.object({
  message: z.string().nullish(),
  count: z.number().int().nullish(),
  total_count: z.number().int().nullish(),
  matches: z.array(AmbiguousMatch),
});

// --- collection ----------------------------------------------------------------------------------

export const CONDITIONS = [
  'MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-',
  'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR',
] as const;
export const Condition = z.enum(CONDITIONS);
export type Condition = z.output<typeof Condition>;

export const GRADING_COMPANIES = ['CGC', 'CBCS', 'PGX', 'other', 'self_graded'] as const;

/** A copy in the member's collection, from GET /user/collections. */
export const CollectionCopy = z
  .object({
    id: Id,
    collectable_type: z.string().nullish(),
    collectable_id: Id,
    variant_id: OptionalId,
    condition: Text,
    grade_score: z.union([z.string(), z.number().transform(String)]).nullish(),
    graded: Bool,
    price_paid: z.union([z.number(), z.string()]).nullish(),
    /** The copy's format (`trade_paperback`...): the collectable itself may not carry one. */
    format: Text,
    created_at: z.string(),
    collectable: IssueRecord.nullish(),
  })
  .transform((c) => ({
    copyId: c.id,
    issueId: c.collectable_id,
    variantId: c.variant_id,
    condition: c.condition,
    gradeScore: c.grade_score ?? null,
    graded: c.graded,
    addedAt: c.created_at,
    issue: c.collectable ? { ...c.collectable, format: c.collectable.format ?? c.format } : null,
  }));
export type CollectionCopy = z.output<typeof CollectionCopy>;

export const CollectionPage = z
  .object({ data: z.array(CollectionCopy), meta: PageMeta })
  .transform((p) => ({ copies: p.data, meta: p.meta }));

export const CollectionCheck = z
  .object({
    in_collection: z.boolean(),
    is_unreleased: Bool,
    copies_count: z.number().int(),
    copies: z.array(
      z.object({ id: Id, variant_id: OptionalId, condition: Text, grade_score: Text, created_at: Text }),
    ),
  })
  .transform((c) => ({
    owned: c.in_collection,
    copies: c.copies.map((copy) => ({
      copyId: copy.id,
      variantId: copy.variant_id,
      condition: copy.condition,
      gradeScore: copy.grade_score,
      addedAt: copy.created_at,
    })),
  }));
export type CollectionCheck = z.output<typeof CollectionCheck>;

export const AddedCopy = DataOf(
  z.object({
    id: Id,
    issue: z.object({ id: Id }).nullish(),
    variant_id: OptionalId,
    condition: Text,
    price_paid: z.union([z.number(), z.string()]).nullish(),
  }),
).transform(({ data }) => ({ copyId: data.id, variantId: data.variant_id, condition: data.condition }));

export const UpdatedCopy = DataOf(z.object({ id: Id, condition: Text })).transform(({ data }) => ({
  copyId: data.id,
  condition: data.condition,
}));

/** 204 answers, and 201s whose body carries nothing Longbox reads. */
export const NoBody = z.unknown().transform(() => undefined);
export const AnyBody = z.union([z.record(z.string(), z.unknown()), z.undefined()]).transform(() => undefined);

// --- wishlist and pull list ----------------------------------------------------------------------

export const WishlistEntry = z
  .object({
    id: Id,
    variant_id: OptionalId,
    created_at: z.string(),
    entity: z.object({
      id: Id,
      name: Text,
      issue_number: IssueNumber.nullish(),
      image_url: Text,
      series: SeriesRef.nullish(),
    }),
  })
  .transform((w) => ({
    entryId: w.id,
    issueId: w.entity.id,
    variantId: w.variant_id,
    addedAt: w.created_at,
    number: w.entity.issue_number ?? null,
    name: w.entity.name,
    coverUrl: w.entity.image_url,
    series: w.entity.series ?? null,
  }));
export type WishlistEntry = z.output<typeof WishlistEntry>;

export const WishlistPage = z
  .object({ data: z.array(WishlistEntry), meta: PageMeta.nullish() })
  .transform((p) => ({ entries: p.data, meta: p.meta ?? null }));

export const WishlistState = z.object({ in_wishlist: z.boolean() });

/** Pull-list rows name their series as `series`, or (per the WordPress client) `pullable`. */
export const PullListEntry = z
  .object({
    id: Id,
    series: z.object({ id: Id, name: z.string(), cover_url: Text, publisher: PublisherRef.nullish() }).nullish(),
    pullable: z.object({ id: Id, name: z.string(), cover_url: Text }).nullish(),
    added_at: Text,
  })
  .refine((p) => p.series != null || p.pullable != null, { message: 'a pull-list entry needs its series' })
  .transform((p) => {
    const series = p.series ?? p.pullable;
    return {
      entryId: p.id,
      seriesId: series?.id ?? 0,
      seriesName: series?.name ?? '',
      coverUrl: series?.cover_url ?? null,
      addedAt: p.added_at,
    };
  });
export type PullListEntry = z.output<typeof PullListEntry>;

export const PullListPage = z
  .object({ data: z.array(PullListEntry), meta: PageMeta.nullish() })
  .transform((p) => ({ entries: p.data, meta: p.meta ?? null }));

// --- discovery -----------------------------------------------------------------------------------

export const FocPage = z
  .object({
    data: z.array(IssueRecord),
    meta: z.object({
      current_page: z.number().int(),
      last_page: z.number().int(),
      total: z.number().int(),
      foc_start: Text,
      foc_end: Text,
      note: Text,
    }),
  })
  .transform((p) => ({
    issues: p.data,
    meta: { page: p.meta.current_page, lastPage: p.meta.last_page, total: p.meta.total, note: p.meta.note },
  }));

export const UpcomingFirstsPage = z
  .object({ data: z.array(IssueRecord) })
  .transform((p) => ({ issues: p.data }));

export const FollowUpdatesPage = z
  .object({
    data: z.array(IssueRecord),
    follow_contexts: z.record(z.string(), z.string()).nullish(),
    follow_types: z.record(z.string(), z.string()).nullish(),
  })
  .transform((p) => ({
    issues: p.data.map((issue) => ({
      issue,
      reason: p.follow_contexts?.[String(issue.id)] ?? null,
      followType: p.follow_types?.[String(issue.id)] ?? null,
    })),
  }));

// --- Connect -------------------------------------------------------------------------------------

export const ConnectToken = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().nullish(),
    expires_at: Text,
    abilities: z.array(z.string()).nullish(),
  })
  .transform((t) => ({ token: t.access_token, expiresAt: t.expires_at, abilities: t.abilities ?? [] }));

// --- error bodies --------------------------------------------------------------------------------

export const ErrorBody = z
  .object({
    message: z.string().nullish(),
    error: z.string().nullish(),
    error_description: z.string().nullish(),
    errors: z.record(z.string(), z.array(z.string())).nullish(),
    upgrade_url: z.string().nullish(),
  })
  .loose();
export type ErrorBody = z.output<typeof ErrorBody>;
