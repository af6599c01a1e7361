import { z } from 'zod';
import { t, type MessageId } from '../i18n';

// Response schemas for the VerseDB API (shared/api/versedb-contract.md). The service's sources disagree
// on a few names (`description`/`solicitation`, `number`/`issue_number`, ids as numbers or strings), so
// each schema accepts both and hands the rest of Longbox one normalised shape.
//
// Read tolerantly: the SDK models mark nearly every field optional, and the service is generated from
// examples. A schema requires only what Longbox cannot work without (an id to act on, what a badge
// shows); a descriptive field that is absent, null or of another type becomes null, never a failure.
// Lists are read row by row: a row that cannot be read is skipped and counted (`Rows.skipped`), so one
// odd record costs one row, never the page.

/** Ids arrive as ints, sometimes as digit strings (`variant_id` in some models). */
export const Id = z.union([
  z.number().int().nonnegative(),
  z.string().trim().regex(/^\d{1,15}$/).transform(Number),
]);

/** An id Longbox can do without: anything else reads as null. */
const OptionalId = z.unknown().optional().transform((value) => {
  const parsed = Id.safeParse(value);
  return parsed.success ? parsed.data : null;
});
/** Text Longbox only shows: a number is written out, anything else but a string is null. */
const Text = z.unknown().optional().transform((value): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null,
);
/** Issue numbers are strings (`"1"`, `"1.MU"`), but some models type them as numbers. */
const IssueNumber = z.union([z.string(), z.number().transform(String)]);
/** PHP services send booleans as true, 1 or "1" too; anything unreadable is false. */
const Bool = z.unknown().optional().transform((value) => value === true || value === 1 || value === '1' || value === 'true');
const Int = z.unknown().optional().transform((value): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
});

/** A nested object Longbox can do without: when it cannot be read it is null, and its row is kept. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().catch(null).transform((value) => value ?? null);
}

// --- row by row ----------------------------------------------------------------------------------

/** A row of a list that could not be read: where it was and why, in words for the member. */
export interface SkippedRow {
  index: number;
  /** Ends a sentence such as "3 wishlist entries could not be read; VerseDB sent them …". */
  reason: string;
}
export interface Rows<T> {
  rows: T[];
  skipped: SkippedRow[];
}

/** The fields whose absence says best why a row failed, each with the message that says it (a row reason). */
type RowReasons = Readonly<Record<string, MessageId>>;

/** Why a row failed, from the first field that did: `reasons` names the fields whose absence says it best. */
function reasonFor(error: z.ZodError, reasons: RowReasons): string {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  for (let depth = path.length; depth > 0; depth--) {
    const known = reasons[path.slice(0, depth).join('.')];
    if (known) return t(known);
  }
  if (issue?.code === 'custom' && issue.message) return issue.message;
  return path.length > 0 ? t('versedb_row_unreadable_field', path.join('.')) : t('versedb_row_unreadable_shape');
}

/** A JSON array read one row at a time; the rows that fail are counted with their reason. */
export function rowsOf<T extends z.ZodType>(row: T, reasons: RowReasons = {}) {
  return z.array(z.unknown()).transform((items): Rows<z.output<T>> => {
    const rows: z.output<T>[] = [];
    const skipped: SkippedRow[] = [];
    items.forEach((item, index) => {
      const parsed = row.safeParse(item);
      if (parsed.success) rows.push(parsed.data);
      else skipped.push({ index, reason: item === null || typeof item !== 'object' ? t('versedb_row_empty') : reasonFor(parsed.error, reasons) });
    });
    return { rows, skipped };
  });
}

// --- shared records ------------------------------------------------------------------------------

export const SeriesRef = z
  .object({
    id: Id,
    name: Text,
    start_year: Int,
    volume_number: Int,
  })
  .transform((s) => ({ id: s.id, name: s.name, startYear: s.start_year, volume: s.volume_number }));
export type SeriesRef = z.output<typeof SeriesRef>;

/** A publisher is `{id, name}` in most models and a bare name in the wishlist's. */
const PublisherRef = z
  .union([z.object({ name: Text }), z.string()])
  .transform((p) => (typeof p === 'string' ? p : p.name));

/** One of a lookup's `variants[]`: the codes of each cover, so the code looked up names its variant. */
const LookupVariant = z
  .object({ variant_id: OptionalId, variant_name: Text, cover_url: Text, upc: Text, lunar_code: Text, universal_code: Text })
  .transform((v) => ({
    variantId: v.variant_id,
    name: v.variant_name,
    coverUrl: v.cover_url,
    codes: [v.upc, v.lunar_code, v.universal_code].filter((code): code is string => code !== null),
  }));
export type LookupVariant = z.output<typeof LookupVariant>;

/** An issue as lookups, issue detail and list items describe it. Only its id is required. */
export const IssueRecord = z
  .object({
    id: Id,
    series_id: OptionalId,
    issue_number: IssueNumber.nullish().catch(null),
    number: IssueNumber.nullish().catch(null),
    name: Text,
    /** The issue detail's `title` is its Title (`{id, name}`); discovery feeds send the issue's title as text. */
    title: z.union([z.string(), z.object({ name: Text })]).nullish().catch(null),
    description: Text,
    solicitation: Text,
    release_date: Text,
    foc_date: Text,
    cover_url: Text,
    image_url: Text,
    upc: Text,
    isbn: Text,
    format: Text,
    price: Text,
    lunar_code: Text,
    universal_code: Text,
    diamond_code: Text,
    series: optional(SeriesRef),
    publisher: optional(PublisherRef),
    /** Older answers put the variant a lookup's own code names inside `data`. */
    suggested_variant_id: OptionalId,
  })
  .transform((r) => ({
    id: r.id,
    seriesId: r.series_id ?? r.series?.id ?? null,
    /** '' when VerseDB sent no number (a one-shot): such an issue is never matched by title. */
    number: r.issue_number ?? r.number ?? '',
    name: r.name ?? (typeof r.title === 'string' ? r.title : null),
    titleName: r.title !== null && typeof r.title === 'object' ? r.title.name : null,
    solicitation: r.solicitation ?? r.description ?? null,
    releaseDate: r.release_date,
    focDate: r.foc_date,
    coverUrl: r.cover_url ?? r.image_url ?? null,
    upc: r.upc,
    isbn: r.isbn,
    format: r.format,
    price: r.price,
    codes: { lunar: r.lunar_code, universal: r.universal_code, diamond: r.diamond_code },
    series: r.series,
    publisher: r.publisher,
    suggestedVariantId: r.suggested_variant_id,
    /** A lookup's covers and their codes (empty elsewhere). */
    variants: [] as LookupVariant[],
  }));
export type Issue = z.output<typeof IssueRecord>;

/** The reasons a list row of issues fails, in the member's words. */
const ISSUE_ROW_REASONS = { id: 'versedb_row_no_issue_id' } as const satisfies RowReasons;
const issueRows = rowsOf(IssueRecord, ISSUE_ROW_REASONS);

export const DataOf = <T extends z.ZodType>(inner: T) => z.object({ data: inner });

/** Short paging meta of most lists, and Laravel's longer one on the collection list; null when unreadable. */
export const PageMeta = optional(
  z
    .object({
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: Int,
      total: z.number().int(),
    })
    .transform((m) => ({ page: m.current_page, lastPage: m.last_page, perPage: m.per_page, total: m.total })),
);
export type PageMeta = NonNullable<z.output<typeof PageMeta>>;

/** `GET /issues` (the catalog's issue list): one page of issues and its paging, when the server sends it. */
export const IssueListPage = z
  .object({ data: issueRows, meta: PageMeta })
  .transform((p) => ({ issues: p.data.rows, skipped: p.data.skipped, meta: p.meta }));

/**
 * One reason an issue is a key (`GET /issues/{id}/key-reasons`, PRO): its kind ("1st Appearance") and the
 * words written for the issue ("1st appearance of Miles Morales"). A reason with neither is no reason.
 */
export const KeyReason = z
  .object({ id: OptionalId, name: Text, category: Text, description: Text, notes: Text, source: Text })
  .refine((r) => r.name !== null || r.notes !== null, { message: 'without a name or words' })
  .transform((r) => ({ name: r.name, category: r.category, notes: r.notes }));
export type KeyReason = z.output<typeof KeyReason>;

/** `GET /issues/{id}/key-reasons`: the issue's reasons; a record that cannot be read costs only its row. */
export const KeyReasons = z
  .object({ data: rowsOf(KeyReason).nullish().catch(null) })
  .transform((r) => r.data?.rows ?? []);

/** A series as the catalog's search lists it: which volume, from when, by whom, in what form. */
export const SeriesListItem = z
  .object({
    id: Id,
    name: Text,
    start_year: Int,
    end_year: Int,
    number: Int,
    publication_type: Text,
    format: Text,
    cover_url: Text,
    cached_issues_count: Int,
    publisher: optional(PublisherRef),
  })
  .transform((s) => ({
    id: s.id,
    name: s.name,
    startYear: s.start_year,
    endYear: s.end_year,
    volume: s.number,
    publicationType: s.publication_type,
    format: s.format,
    coverUrl: s.cover_url,
    issueCount: s.cached_issues_count,
    publisher: s.publisher,
  }));
export type SeriesListItem = z.output<typeof SeriesListItem>;

/** `GET /series`: one page of the series search. */
export const SeriesSearchPage = z
  .object({ data: rowsOf(SeriesListItem, { id: 'versedb_row_no_series_id' }), meta: PageMeta })
  .transform((p) => ({ series: p.data.rows, skipped: p.data.skipped, meta: p.meta }));

/** One cover of an issue as `GET /issues/{id}/variants` lists it (PRO members only). */
export const IssueVariant = z
  .object({ id: Id, variant_name: Text, variant_type: Text, ratio: Text, cover_url: Text })
  .transform((v) => ({ id: v.id, name: v.variant_name, type: v.variant_type, ratio: v.ratio, coverUrl: v.cover_url }));
export type IssueVariant = z.output<typeof IssueVariant>;

/** `GET /issues/{id}/variants`: the issue's covers; a row without an id cannot be named in a write. */
export const IssueVariants = z
  .object({ data: rowsOf(IssueVariant, { id: 'versedb_row_no_variant_id' }) })
  .transform((p) => ({ variants: p.data.rows, skipped: p.data.skipped }));

// --- /user ---------------------------------------------------------------------------------------

export const UserProfile = DataOf(
  z.object({ id: Id, username: Text, name: Text, is_pro: Bool }),
).transform(({ data }) => ({ id: data.id, username: data.username ?? data.name ?? `member ${data.id}`, name: data.name, isPro: data.is_pro }));
export type UserProfile = z.output<typeof UserProfile>;

// --- lookups -------------------------------------------------------------------------------------

/**
 * A 200 lookup. `suggested_variant_id` and `variants[]` sit beside `data` in the newer models (inside it in
 * older answers). A `data` without an issue id names no comic: null, which the caller treats as not found.
 */
export const LookupResult = z
  .object({
    data: z.unknown().optional(),
    suggested_variant_id: OptionalId,
    variants: rowsOf(LookupVariant).nullish().catch(null),
  })
  .transform((body): Issue | null => {
    const parsed = IssueRecord.safeParse(body.data);
    if (!parsed.success) return null;
    return {
      ...parsed.data,
      suggestedVariantId: body.suggested_variant_id ?? parsed.data.suggestedVariantId,
      variants: body.variants?.rows ?? [],
    };
  });

/**
 * The variant a lookup's own code names: the cover in `variants[]` whose code it is, else the suggested
 * variant when the answer's own code is the one looked up (or the answer lists no covers to tell by).
 * A suggestion for a code of another printing or cover names no variant: the copy is then the plain issue.
 */
export function variantOfCode(issue: Issue, code: string): number | null {
  const digits = (value: string | null) => (value ?? '').replace(/[\s-]/g, '').toUpperCase();
  const wanted = digits(code);
  // The cover whose code it is, even the plain cover (no variant id): its own listing is the surest answer.
  const own = issue.variants.find((variant) => variant.codes.some((listed) => digits(listed) === wanted));
  if (own) return own.variantId;
  if (issue.suggestedVariantId === null) return null;
  const answerCodes = [issue.upc, issue.codes.lunar, issue.codes.universal].map(digits);
  if (answerCodes.includes(wanted)) return issue.suggestedVariantId;
  const listed = issue.variants.some((variant) => variant.codes.length > 0);
  return !listed && issue.upc === null ? issue.suggestedVariantId : null;
}

const AmbiguousMatch = z
  .object({
    issue_id: Id,
    series_name: z.string(),
    series_id: OptionalId,
    issue_number: IssueNumber,
    cover_url: Text,
    variant_name: Text,
    publisher_name: Text,
    release_date: Text,
    start_year: Int,
    suggested_variant_id: OptionalId,
  })
  .transform((m) => ({
    issueId: m.issue_id,
    seriesName: m.series_name,
    seriesId: m.series_id,
    number: m.issue_number,
    coverUrl: m.cover_url,
    variantName: m.variant_name,
    publisher: m.publisher_name,
    releaseDate: m.release_date,
    startYear: m.start_year,
    suggestedVariantId: m.suggested_variant_id,
  }));
export type AmbiguousMatch = z.output<typeof AmbiguousMatch>;

/** A 409: the issues sharing a code. A match without an issue, a series name or a number is left out; the code is still shared. */
export const AmbiguousBody = z.object({
  message: Text,
  count: Int,
  total_count: Int,
  matches: rowsOf(AmbiguousMatch).nullish().catch(null).transform((r) => r?.rows ?? []),
});

// --- collection ----------------------------------------------------------------------------------

export const CONDITIONS = [
  'MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-',
  'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR',
] as const;
export const Condition = z.enum(CONDITIONS);
export type Condition = z.output<typeof Condition>;

export const GRADING_COMPANIES = ['CGC', 'CBCS', 'PGX', 'other', 'self_graded'] as const;

/** A copy in the member's collection, from GET /user/collections. Its id and its issue's id are required. */
export const CollectionCopy = z
  .object({
    id: Id,
    collectable_type: Text,
    collectable_id: Id,
    variant_id: OptionalId,
    condition: Text,
    grade_score: Text,
    graded: Bool,
    /** The copy's format (`trade_paperback`...): the collectable itself may not carry one. */
    format: Text,
    created_at: Text,
    collectable: optional(IssueRecord),
  })
  .transform((c) => ({
    copyId: c.id,
    issueId: c.collectable_id,
    variantId: c.variant_id,
    condition: c.condition,
    gradeScore: c.grade_score,
    graded: c.graded,
    addedAt: c.created_at ?? '',
    issue: c.collectable ? { ...c.collectable, format: c.collectable.format ?? c.format } : null,
  }));
export type CollectionCopy = z.output<typeof CollectionCopy>;

export const COLLECTION_ROW_REASONS = {
  id: 'versedb_row_no_copy_id',
  collectable_id: 'versedb_row_no_issue',
} as const satisfies RowReasons;

export const CollectionPage = z
  .object({ data: rowsOf(CollectionCopy, COLLECTION_ROW_REASONS), meta: PageMeta })
  .transform((p) => ({ copies: p.data.rows, skipped: p.data.skipped, meta: p.meta }));

/**
 * Whether the member owns an issue. `in_collection` says it; when absent, the copies say it. An answer
 * that says neither is not read: "not owned" is never a guess.
 */
export const CollectionCheck = z
  .object({
    in_collection: z.boolean().nullish().catch(null),
    is_unreleased: Bool,
    copies_count: Int,
    copies: rowsOf(
      z.object({ id: Id, variant_id: OptionalId, condition: Text, grade_score: Text, created_at: Text }),
    ).nullish().catch(null),
  })
  .transform((c) => ({
    owned: c.in_collection ?? (c.copies_count !== null ? c.copies_count > 0 : c.copies ? c.copies.rows.length + c.copies.skipped.length > 0 : null),
    /** False when VerseDB sent no list of copies: an add cannot be settled by this answer. */
    listed: c.copies !== null,
    copies: (c.copies?.rows ?? []).map((copy) => ({
      copyId: copy.id,
      variantId: copy.variant_id,
      condition: copy.condition,
      gradeScore: copy.grade_score,
      addedAt: copy.created_at,
    })),
  }))
  .refine((c): c is typeof c & { owned: boolean } => c.owned !== null, { message: 'the check says neither in_collection nor its copies' });
export type CollectionCheck = z.output<typeof CollectionCheck>;

/** A copy just added. Its id names the copy to keep; without one the collection check settles the add. */
export const AddedCopy = z
  .object({ data: optional(z.object({ id: OptionalId, variant_id: OptionalId, condition: Text })) })
  .transform(({ data }) => ({ copyId: data?.id ?? null, variantId: data?.variant_id ?? null, condition: data?.condition ?? null }));

export const UpdatedCopy = z
  .object({ data: optional(z.object({ id: OptionalId, condition: Text })) })
  .transform(({ data }) => ({ copyId: data?.id ?? null, condition: data?.condition ?? null }));

/** 204 answers, and 2xx answers whose body carries nothing Longbox reads (a PHP `[]` included). */
export const NoBody = z.unknown().optional().transform(() => undefined);
export const AnyBody = NoBody;

// --- wishlist and pull list ----------------------------------------------------------------------

/** A wishlist row names its issue as `entity`; a deleted catalog record leaves it null, and the row is skipped. */
export const WishlistEntry = z
  .object({
    id: OptionalId,
    variant_id: OptionalId,
    created_at: Text,
    entity: z.object({
      id: Id,
      name: Text,
      issue_number: IssueNumber.nullish().catch(null),
      image_url: Text,
      series: optional(SeriesRef),
    }),
  })
  .transform((w) => ({
    entryId: w.id,
    issueId: w.entity.id,
    variantId: w.variant_id,
    addedAt: w.created_at ?? '',
    number: w.entity.issue_number ?? null,
    name: w.entity.name,
    coverUrl: w.entity.image_url,
    series: w.entity.series,
  }));
export type WishlistEntry = z.output<typeof WishlistEntry>;

export const WISHLIST_ROW_REASONS = { entity: 'versedb_row_no_issue' } as const satisfies RowReasons;

export const WishlistPage = z
  .object({ data: rowsOf(WishlistEntry, WISHLIST_ROW_REASONS), meta: PageMeta })
  .transform((p) => ({ entries: p.data.rows, skipped: p.data.skipped, meta: p.meta }));

/** The answer to a wishlist add: a 2xx is the add, whatever its body says. */
export const WishlistState = NoBody;

const PulledSeries = z.object({ id: Id, name: Text, cover_url: Text });

/** Pull-list rows name their series as `series`, or (per the WordPress client) `pullable`. */
export const PullListEntry = z
  .object({
    id: OptionalId,
    series: optional(PulledSeries),
    pullable: optional(PulledSeries),
    added_at: Text,
  })
  .transform((p) => ({ ...p, pulled: p.series ?? p.pullable }))
  // Said in the member's language when a row fails (a row reason, see rowsOf).
  .refine((p) => p.pulled !== null, { error: () => t('versedb_row_no_series') })
  .transform((p) => ({
    entryId: p.id,
    seriesId: p.pulled?.id ?? 0,
    seriesName: p.pulled?.name ?? null,
    coverUrl: p.pulled?.cover_url ?? null,
    addedAt: p.added_at,
  }));
export type PullListEntry = z.output<typeof PullListEntry>;

export const PullListPage = z
  .object({ data: rowsOf(PullListEntry), meta: PageMeta })
  .transform((p) => ({ entries: p.data.rows, skipped: p.data.skipped, meta: p.meta }));

// --- discovery -----------------------------------------------------------------------------------

export const FocPage = z
  .object({
    data: issueRows,
    meta: optional(
      z.object({ current_page: Int, last_page: Int, total: Int, note: Text }),
    ),
  })
  .transform((p) => ({
    issues: p.data.rows,
    skipped: p.data.skipped,
    meta: {
      page: p.meta?.current_page ?? 1,
      lastPage: p.meta?.last_page ?? p.meta?.current_page ?? 1,
      total: p.meta?.total ?? p.data.rows.length,
      note: p.meta?.note ?? null,
    },
  }));

export const UpcomingFirstsPage = z
  .object({ data: issueRows })
  .transform((p) => ({ issues: p.data.rows, skipped: p.data.skipped }));

/** A map of issue id to text; a PHP service sends an empty one as `[]`, and a value that is not text is left out. */
const TextByIssue = z
  .unknown()
  .optional()
  .transform((value): Record<string, string> => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  });

export const FollowUpdatesPage = z
  .object({
    data: issueRows,
    follow_contexts: TextByIssue,
    follow_types: TextByIssue,
  })
  .transform((p) => ({
    skipped: p.data.skipped,
    issues: p.data.rows.map((issue) => ({
      issue,
      reason: p.follow_contexts[String(issue.id)] ?? null,
      followType: p.follow_types[String(issue.id)] ?? null,
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
    message: z.string().nullish().catch(null),
    error: z.string().nullish().catch(null),
    error_description: z.string().nullish().catch(null),
    errors: z.record(z.string(), z.array(z.string())).nullish().catch(null),
    upgrade_url: z.string().nullish().catch(null),
  })
  .loose();
export type ErrorBody = z.output<typeof ErrorBody>;
