import { z } from 'zod';

// The contract's response shapes (shared/api/versedb-contract.md), strict enough to catch a
// mistyped or missing field in the stand-in.

const int = z.number().int();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const timestamp = z.string().refine((s) => Number.isFinite(Date.parse(s)) && s.includes('T'));
const url = z.string().startsWith('http');

export const ShortMeta = z.object({ current_page: int, last_page: int, per_page: int, total: int });
export const ErrorMessage = z.object({ message: z.string().min(1) });
export const ErrorField = z.object({ error: z.string().min(1) });
export const Validation = z.object({ message: z.string().min(1), errors: z.record(z.string(), z.array(z.string()).min(1)) });
export const ProRequired = z.object({ message: z.string(), error: z.literal('pro_required'), upgrade_url: url });

export const ShowcaseUser = z.object({
  id: int, name: z.string(), username: z.string(), bio: z.string().nullable(), avatar: z.string().nullable(),
  profile_image: z.string().nullable(), profile_image_url: z.string().nullable(), glow_color: z.string(),
  banner_path: z.string().nullable(), banner_url: z.string().nullable(), is_pro: z.boolean(),
  level: int, xp: int, xp_for_next_level: int, xp_progress_percent: z.number(), level_name: z.string(), contributions_count: int,
  created_at: timestamp, updated_at: timestamp,
});
export const FullUser = ShowcaseUser.extend({ email: z.string(), has_password: z.boolean(), locale: z.string().nullable(), birth_date: z.string().nullable() });

const SeriesRef = z.object({ id: int, name: z.string(), slug: z.string() });
const PublisherRef = z.object({ id: int, name: z.string(), slug: z.string() });

/** A 200 lookup's covers beside `data` (newer models: variant ids typed as strings). */
const LookupVariants = {
  suggested_variant_id: int.nullable(),
  variants: z.array(z.object({
    variant_id: z.string().regex(/^\d+$/), variant_name: z.string(), cover_url: url, upc: z.string().nullable(),
    lunar_code: z.string().nullable(), universal_code: z.string().nullable(),
  })).min(1),
};
const UpcData = z.object({
  id: int, slug: z.string(), series_id: int, title_id: int, issue_number: z.string(), name: z.string(), solicitation: z.string(),
  release_date: date, cover_date: date, cover_url: url, upc: z.string(),
  series: SeriesRef.extend({ start_year: int, volume_number: int }), publisher: PublisherRef,
}).strict();
export const UpcLookup = z.object({ data: UpcData, ...LookupVariants });
export const CodeLookup = z.object({
  data: UpcData.extend({ lunar_code: z.string().nullable(), universal_code: z.string().nullable(), diamond_code: z.string().nullable() }),
  ...LookupVariants,
});
export const IsbnLookup = z.object({
  data: z.object({
    id: int, slug: z.string(), series_id: int, title_id: int, issue_number: z.string(), name: z.string(), description: z.string(),
    release_date: date, isbn: z.string().regex(/^97[89]\d{10}$/), format: z.enum(['trade_paperback', 'hardcover', 'omnibus', 'single']),
    series: SeriesRef, publisher: PublisherRef,
  }),
});
export const Ambiguous = z.object({
  message: z.string(), count: int, total_count: int,
  matches: z.array(z.object({
    issue_id: int, series_name: z.string(), series_id: int, issue_number: z.string(), cover_url: url, variant_name: z.string().nullable(),
    publisher_name: z.string(), release_date: date, start_year: int, suggested_variant_id: int.nullable(),
    variants: z.array(z.object({ variant_id: int, variant_name: z.string(), cover_url: url, upc: z.string().nullable() })),
  })).min(2),
});

export const IssueListItem = z.object({
  id: int, slug: z.string(), series_id: int, issue_number: z.string(), name: z.string(), release_date: date, cover_url: url,
  is_reprint: z.boolean(), age_rating: z.string(), is_nsfw: z.boolean(),
});
export const IssueList = z.object({ data: z.array(IssueListItem), meta: ShortMeta });
export const IssueDetail = z.object({
  data: z.object({
    id: int, slug: z.string(), series_id: int, issue_number: z.string(), name: z.string(), solicitation: z.string(),
    release_date: date, cover_date: date, cover_url: url, is_reprint: z.boolean(), content_rating_label: z.string(), min_age: int,
    is_nsfw: z.boolean(), page_count: int, price: z.string().regex(/^\d+\.\d{2}$/), upc: z.string().nullable(),
    lunar_code: z.string().nullable(), universal_code: z.string().nullable(), diamond_code: z.string().nullable(),
    series: SeriesRef, title: z.object({ id: int, name: z.string() }), publisher: PublisherRef,
    creators: z.array(z.object({ id: int, name: z.string(), slug: z.string(), role: z.string() })),
    characters: z.array(z.object({ id: int, name: z.string(), slug: z.string() })),
  }),
});
export const Variants = z.object({
  data: z.array(z.object({ id: int, variant_name: z.string(), variant_type: z.string(), ratio: z.string().nullable(), cover_url: url, creators: z.array(z.object({ id: int, name: z.string(), role: z.string() })) })).min(1),
});
const IssueRef = z.object({ id: int, issue_number: z.string(), name: z.string(), release_date: date, cover_url: url });
export const SeriesDetail = z.object({
  data: z.object({
    id: int, title_id: int, name: z.string(), slug: z.string(), number: int, start_year: int, end_year: int.nullable(), cover_url: url,
    description: z.string(), publication_type: z.string(), format: z.string(), status: z.string(), cached_issues_count: int,
    age_rating: z.string(), is_nsfw: z.boolean(), title: z.object({ id: int, name: z.string(), url_slug: z.string() }), publisher: PublisherRef,
    genres: z.array(z.object({ id: int, name: z.string() })), foc_issues: z.array(IssueRef.extend({ foc_date: date })), upcoming_issues: z.array(IssueRef),
  }),
});
export const SeriesIssues = z.object({
  data: z.array(z.object({ id: int, number: z.string(), name: z.string(), release_date: date, cover_url: url, average_rating: z.number() })),
  meta: ShortMeta,
});
export const Titles = z.object({
  data: z.array(z.object({
    id: int, name: z.string(), slug: z.string(), start_year: int, end_year: z.string().nullable(), status: z.string(), type: z.string(),
    image_url: url, images: z.object({ cover_sm: url, cover_md: url, cover_lg: url }), average_rating: z.number(), series_count: int,
    issues_count: int, age_rating: z.string(), is_nsfw: z.boolean(),
  })),
  meta: ShortMeta,
});

export const CheckedCopy = z.object({
  id: int, variant_id: int.nullable(), condition: z.string().nullable(), graded: z.boolean(), grade_score: z.string().nullable(),
  grading_company: z.string().nullable(), is_signed: z.boolean(), signed_by: z.string().nullable(), is_cgc_ss: z.boolean(),
  format: z.string().nullable(), created_at: timestamp,
});
export const CollectionCheck = z.union([
  z.object({
    in_collection: z.literal(true), is_unreleased: z.boolean(), copies_count: int.min(1), copies: z.array(CheckedCopy).min(1),
    data: z.object({ id: int, condition: z.string().nullable(), issue: z.object({ id: int, name: z.string(), issue_number: z.string() }) }),
  }),
  z.object({ in_collection: z.literal(false), is_unreleased: z.boolean(), copies_count: z.literal(0), copies: z.array(z.never()), data: z.null() }),
]);
export const AddedCopy = z.object({
  data: z.object({
    id: int, issue: z.object({ id: int, number: z.string(), title: z.string() }), series: z.object({ id: int, name: z.string() }),
    variant_id: int.nullable(), condition: z.string().nullable(), price_paid: z.number().nullable(), notes: z.string().nullable(),
    was_on_wishlist: z.boolean(), follow_up: z.object({ prompt: z.string(), can_mark_read: z.boolean(), can_review: z.boolean(), has_review: z.boolean() }),
  }),
});
export const UpdatedCopy = z.object({ data: z.object({ id: int, condition: z.string().nullable(), price_paid: z.number().nullable(), graded: z.boolean() }) });
export const CollectionItem = z.object({
  id: int, user_id: int, collectable_type: z.literal('Issue'), collectable_id: int, variant_id: int.nullable(), condition: z.string().nullable(),
  format: z.string().nullable(), grade_score: z.string().nullable(), print_number: int.nullable(), is_signed: z.boolean(), graded: z.boolean(),
  for_sale: z.boolean(), for_trade: z.boolean(), is_public: z.boolean(), signature_authenticated: z.boolean(), is_cgc_ss: z.boolean(),
  value_last_updated: z.string().nullable(), cover_scan_url: z.string().nullable(), created_at: timestamp, updated_at: timestamp,
  // Left out for a read:showcase token.
  price_paid: z.number().nullable().optional(), estimated_value: z.number().nullable().optional(), notes: z.string().nullable().optional(),
  storage_location: z.string().nullable().optional(),
  collectable: z.object({
    id: int, slug: z.string(), series_id: int, issue_number: z.string(), name: z.string(), cover_date: date, release_date: date, foc_date: date,
    cover_url: url, images: z.object({ thumb: url, cover_sm: url, cover_md: url, cover_lg: url }), is_reprint: z.boolean(), is_nsfw: z.boolean(),
    average_rating: z.number(), series: z.object({ id: int, name: z.string(), slug: z.string(), start_year: int, publisher_name: z.string(), cover_url: url }),
    key_issue_reasons: z.array(z.object({ id: int, name: z.string(), category: z.string(), slug: z.string(), notes: z.string().nullable() })),
  }),
});
export const CollectionPage = z.object({
  data: z.array(CollectionItem),
  links: z.object({ first: url, last: url, prev: url.nullable(), next: url.nullable() }),
  meta: z.object({ current_page: int, from: int.nullable(), last_page: int, path: url, per_page: int, to: int.nullable(), total: int }).strict(),
});

export const WishlistPage = z.object({
  data: z.array(z.object({
    id: int, position: int.nullable(), note: z.string().nullable().optional(), created_at: timestamp, updated_at: timestamp,
    variant_id: int.nullable(), entity_type: z.literal('issues'),
    entity: z.object({ id: int, name: z.string(), issue_number: z.string(), image_url: url, publisher: z.string(), series: z.object({ id: int, name: z.string(), start_year: int }) }),
  })),
  meta: ShortMeta,
});
export const PullListPage = z.object({
  data: z.array(z.object({ id: int, series: z.object({ id: int, name: z.string(), publisher: z.object({ id: int, name: z.string() }), cover_url: url }), added_at: timestamp })),
  meta: ShortMeta,
});
export const FollowsPage = z.object({
  data: z.array(z.object({ id: int, followable_type: z.string(), followable_id: int, followable: z.object({ id: int, name: z.string(), cover_url: z.string().nullable() }), created_at: timestamp })),
  meta: ShortMeta,
});

export const FocPage = z.object({
  data: z.array(z.object({ id: int, number: z.string(), title: z.string(), cover_url: url, release_date: date, foc_date: date, series: z.object({ id: int, name: z.string() }) })),
  meta: ShortMeta.extend({ foc_window_days: int, foc_start: date, foc_end: date, note: z.string().includes('14') }),
});
export const UpcomingFirsts = z.object({
  data: z.array(z.object({ id: int, number: z.literal('1'), title: z.string(), cover_url: url, release_date: date, series: z.object({ id: int, name: z.string(), status: z.string(), publication_type: z.string() }) })),
  meta: z.object({ lookahead_days: int, window_start: date, window_end: date }),
});
export const FollowUpdates = z.object({
  data: z.array(z.object({ id: int, issue_number: z.string(), cover_url: url, release_date: date, series: z.object({ id: int, name: z.string(), start_year: int }) })),
  follow_contexts: z.record(z.string(), z.string()),
  follow_types: z.record(z.string(), z.enum(['title', 'character', 'creator', 'team'])),
  meta: z.object({ days: int, total_follows: int, current_page: int, per_page: int, total: int, last_page: int }),
});

const ListSummary = z.object({
  id: int, title: z.string(), description: z.string().nullable(), entity_type: z.string().nullable(), is_ranked: z.boolean(),
  is_private: z.boolean(), items_count: int, user: z.object({ id: int, username: z.string() }),
});
export const ListCreated = z.object({ data: ListSummary });
export const ListItemCreated = z.object({ data: z.object({ id: int, position: int.nullable(), note: z.string().nullable(), listable: z.object({ id: int, number: z.string().nullable() }) }) });
export const ListDetail = z.object({
  data: ListSummary.extend({
    likes_count: int, saves_count: int, user: z.object({ id: int, username: z.string(), name: z.string() }),
    items: z.array(z.object({ id: int, position: int.nullable(), note: z.string().nullable(), listable: z.object({ id: int, number: z.string().nullable() }) })),
    created_at: timestamp,
  }),
});

export const ConnectToken = z.object({
  access_token: z.string().min(20), token_type: z.literal('Bearer'), expires_at: timestamp, abilities: z.array(z.enum(['read:public', 'read:showcase'])).min(1),
});
export const OAuthError = z.object({ error: z.string(), error_description: z.string() });
