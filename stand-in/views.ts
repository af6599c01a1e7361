import type { Catalog, CodeMatch } from './catalog/index.ts';
import type { Issue, Series, Title, Variant } from './catalog/types.ts';
import { dayMs } from './clock.ts';
import type { Copy, Follow, Member, MemberList, PullListEntry, WishlistEntry } from './members.ts';

// The wire shapes of the contract, built from catalog and library records. Absolute URLs use the
// origin the client called, so covers work whatever port the stand-in got.

export interface View {
  catalog: Catalog;
  origin: string;
  today: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** A stable pseudo-rating so lists have something to sort and show. */
const ratingOf = (id: number): number => 3 + ((id * 37) % 20) / 10;

export function coverUrl(v: View, issue: Issue, variant?: Variant | null, size?: 'sm' | 'md' | 'lg'): string {
  const file = variant && variant.id !== issue.variants[0]?.id ? `${issue.id}-${variant.id}` : String(issue.id);
  return `${v.origin}/covers/${file}.svg${size ? `?size=${size}` : ''}`;
}

function seriesCoverUrl(v: View, series: Series): string {
  const first = v.catalog.issuesBySeries.get(series.id)?.[0];
  return first ? coverUrl(v, first) : `${v.origin}/covers/series-${series.id}.svg`;
}

function publisherRef(v: View, series: Series) {
  const p = v.catalog.publisherOf(series);
  return { id: p.id, name: p.name, slug: p.slug };
}

export function issueListItem(v: View, issue: Issue, includeSeries: boolean) {
  const series = v.catalog.seriesOf(issue);
  return {
    id: issue.id,
    slug: issue.slug,
    series_id: issue.seriesId,
    issue_number: issue.number,
    name: issue.name,
    release_date: issue.releaseDate,
    cover_url: coverUrl(v, issue),
    is_reprint: issue.isReprint,
    age_rating: series.ageRating.code,
    is_nsfw: false,
    ...(includeSeries ? { series: { id: series.id, name: series.name, slug: series.slug, start_year: series.startYear } } : {}),
  };
}

export function issueDetail(v: View, issue: Issue) {
  const series = v.catalog.seriesOf(issue);
  const title = v.catalog.titleOf(series);
  return {
    id: issue.id,
    slug: issue.slug,
    series_id: issue.seriesId,
    issue_number: issue.number,
    name: issue.name,
    solicitation: issue.solicitation,
    release_date: issue.releaseDate,
    foc_date: issue.focDate,
    cover_date: issue.coverDate,
    cover_url: coverUrl(v, issue),
    is_reprint: issue.isReprint,
    content_rating_label: series.ageRating.label,
    min_age: series.ageRating.minAge,
    is_nsfw: false,
    page_count: issue.pageCount,
    price: issue.price,
    format: issue.format,
    upc: issue.upc,
    isbn: issue.isbn,
    lunar_code: issue.lunarCode,
    universal_code: issue.universalCode,
    diamond_code: issue.diamondCode,
    series: { id: series.id, name: series.name, slug: series.slug },
    title: { id: title.id, name: title.name },
    publisher: publisherRef(v, series),
    creators: series.creators.map(({ creatorId, role }) => {
      const c = v.catalog.creators.get(creatorId);
      return { id: creatorId, name: c?.name ?? '', slug: c?.slug ?? '', role };
    }),
    characters: series.characterIds.map((id) => {
      const c = v.catalog.characters.get(id);
      return { id, name: c?.name ?? '', slug: c?.slug ?? '' };
    }),
  };
}

/**
 * §2: a 200 lookup as the newer models send it: the issue in `data`; beside it `suggested_variant_id`
 * (the variant whose own code matched) and `variants[]`, every cover with its codes.
 */
export function lookupAnswer(v: View, match: CodeMatch, data: unknown) {
  const { issue, variant } = match;
  return {
    data,
    suggested_variant_id: variant?.id ?? null,
    variants: issue.variants.map((x) => ({
      variant_id: String(x.id),
      variant_name: x.name,
      cover_url: coverUrl(v, issue, x),
      upc: x.upc,
      lunar_code: x.lunarCode,
      universal_code: x.universalCode,
    })),
  };
}

/** §2: the UPC lookup's 200 `data`: the issue, with its own (first cover's) code. */
export function upcLookupData(v: View, { issue }: CodeMatch) {
  const series = v.catalog.seriesOf(issue);
  return {
    id: issue.id,
    slug: issue.slug,
    series_id: issue.seriesId,
    title_id: series.titleId,
    issue_number: issue.number,
    name: issue.name,
    solicitation: issue.solicitation,
    release_date: issue.releaseDate,
    cover_date: issue.coverDate,
    cover_url: coverUrl(v, issue),
    upc: issue.upc,
    series: { id: series.id, name: series.name, slug: series.slug, start_year: series.startYear, volume_number: series.volume },
    publisher: publisherRef(v, series),
  };
}

export function codeLookupData(v: View, match: CodeMatch) {
  const { issue } = match;
  return {
    ...upcLookupData(v, match),
    lunar_code: issue.lunarCode,
    universal_code: issue.universalCode,
    diamond_code: issue.diamondCode,
  };
}

/** §2: the ISBN lookup keeps the older `description` name (the contract has no newer model for it). */
export function isbnLookupData(v: View, issue: Issue) {
  const series = v.catalog.seriesOf(issue);
  return {
    id: issue.id,
    slug: issue.slug,
    series_id: issue.seriesId,
    title_id: series.titleId,
    issue_number: issue.number,
    name: issue.name,
    description: issue.solicitation,
    release_date: issue.releaseDate,
    cover_url: coverUrl(v, issue),
    isbn: issue.isbn,
    isbn_10: issue.isbn ? v.catalog.isbn10Of(issue) : null,
    format: issue.format,
    series: { id: series.id, name: series.name, slug: series.slug },
    publisher: publisherRef(v, series),
  };
}

export function ambiguousMatch(v: View, { issue, variant }: CodeMatch) {
  const series = v.catalog.seriesOf(issue);
  return {
    issue_id: issue.id,
    series_name: series.name,
    series_id: series.id,
    issue_number: issue.number,
    cover_url: coverUrl(v, issue, variant),
    variant_name: variant?.name ?? null,
    publisher_name: v.catalog.publisherOf(series).name,
    release_date: issue.releaseDate,
    start_year: series.startYear,
    suggested_variant_id: variant?.id ?? null,
    variants: issue.variants.map((x) => ({ variant_id: x.id, variant_name: x.name, cover_url: coverUrl(v, issue, x), upc: x.upc })),
  };
}

export function variantItem(v: View, issue: Issue, variant: Variant) {
  const artist = variant.coverArtistId ? v.catalog.creators.get(variant.coverArtistId) : undefined;
  return {
    id: variant.id,
    variant_name: variant.name,
    variant_type: variant.type,
    ratio: variant.ratio,
    cover_url: coverUrl(v, issue, variant),
    upc: variant.upc,
    creators: artist ? [{ id: artist.id, name: artist.name, role: 'cover' }] : [],
  };
}

/** A series as `GET /series` lists it (the SDK's list model, and its publisher as the detail names it). */
export function seriesListItem(v: View, series: Series) {
  return {
    id: series.id,
    title_id: series.titleId,
    name: series.name,
    slug: series.slug,
    number: series.volume,
    start_year: series.startYear,
    end_year: series.endYear,
    cover_url: seriesCoverUrl(v, series),
    publication_type: series.publicationType,
    format: series.format,
    status: series.status,
    original_language: 'en',
    cached_issues_count: v.catalog.issuesBySeries.get(series.id)?.length ?? 0,
    age_rating: series.ageRating.code,
    is_nsfw: false,
    publisher: publisherRef(v, series),
  };
}

export function seriesDetail(v: View, series: Series) {
  const issues = v.catalog.issuesBySeries.get(series.id) ?? [];
  const title = v.catalog.titleOf(series);
  const ref = (i: Issue) => ({ id: i.id, issue_number: i.number, name: i.name, release_date: i.releaseDate, cover_url: coverUrl(v, i) });
  return {
    ...seriesListItem(v, series),
    description: series.description,
    cached_creators_count: series.creators.length,
    cached_characters_count: series.characterIds.length,
    average_rating: ratingOf(series.id),
    content_rating_label: series.ageRating.label,
    min_age: series.ageRating.minAge,
    upc: series.upcBase,
    title: { id: title.id, name: title.name, url_slug: title.slug },
    genres: series.genres.map((name, i) => ({ id: i + 1, name })),
    // Issues still open for ordering: FOC today or later.
    foc_issues: issues.filter((i) => i.focDate >= v.today).map((i) => ({ ...ref(i), foc_date: i.focDate })),
    upcoming_issues: issues.filter((i) => i.releaseDate > v.today).map(ref),
  };
}

export function seriesIssueItem(v: View, issue: Issue) {
  return { id: issue.id, number: issue.number, name: issue.name, release_date: issue.releaseDate, cover_url: coverUrl(v, issue), average_rating: ratingOf(issue.id) };
}

export function titleItem(v: View, title: Title) {
  const series = [...v.catalog.series.values()].filter((s) => s.titleId === title.id);
  const issues = series.flatMap((s) => v.catalog.issuesBySeries.get(s.id) ?? []);
  const first = series[0];
  const cover = first ? seriesCoverUrl(v, first) : '';
  const running = series.some((s) => s.status === 'ongoing');
  const endYears = series.map((s) => s.endYear ?? 0);
  return {
    id: title.id,
    name: title.name,
    slug: title.slug,
    start_year: Math.min(...series.map((s) => s.startYear)),
    end_year: running || endYears.length === 0 ? null : String(Math.max(...endYears)),
    status: running ? 'ongoing' : 'ended',
    type: series.every((s) => s.publicationType === 'collected_edition') ? 'collected_edition' : 'comic',
    image_url: cover,
    images: { cover_sm: `${cover}?size=sm`, cover_md: `${cover}?size=md`, cover_lg: `${cover}?size=lg` },
    average_rating: ratingOf(title.id),
    series_count: series.length,
    issues_count: issues.length,
    age_rating: first?.ageRating.code ?? 'T',
    is_nsfw: false,
  };
}

/** The copy fields a read:showcase token may not see (contract §6). */
const PRIVATE_COPY_FIELDS = [
  'price_paid', 'estimated_value', 'price_sold', 'purchase_source', 'purchase_store', 'purchased_at',
  'acquisition_method', 'comic_shop_id', 'comic_shop', 'notes', 'storage_location', 'grader_notes', 'sold_at',
] as const;

const PRINT_NUMBER: Record<string, number> = { '1st': 1, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5, '6th': 6, '7th': 7, '8th': 8, '9th': 9, '10th': 10 };

/** A key issue's reasons as a collection item's collectable lists them (contract §6). */
function keyIssueReasons(v: View, issue: Issue) {
  return (v.catalog.keyReasons.get(issue.id) ?? []).map(({ kind, notes }) => ({ id: kind.id, name: kind.name, category: kind.category, slug: kind.slug, notes }));
}

/** `GET /issues/{id}/key-reasons` (PRO): an issue's reasons, each with its kind and the words written for it. */
export function issueKeyReasonItems(v: View, issue: Issue) {
  return (v.catalog.keyReasons.get(issue.id) ?? []).map(({ kind, notes }) => ({
    id: kind.id, name: kind.name, category: kind.category, description: kind.description, notes, source: 'VerseDB editors',
  }));
}

/** §6: one item of GET /user/collections, with the whole collectable. */
export function collectionItem(v: View, copy: Copy, showcase: boolean) {
  const issue = v.catalog.issues.get(copy.issueId) as Issue;
  const series = v.catalog.seriesOf(issue);
  const f = copy.fields;
  const shop = f.comic_shop_id ? v.catalog.comicShops.get(f.comic_shop_id) : undefined;
  const item: Record<string, unknown> = {
    id: copy.id,
    user_id: copy.memberId,
    collectable_type: 'Issue',
    collectable_id: issue.id,
    variant_id: copy.variantId,
    condition: f.condition ?? null,
    notes: f.notes ?? null,
    price_paid: f.price_paid ?? null,
    estimated_value: f.estimated_value ?? null,
    format: f.format ?? (issue.format === 'single' ? 'single' : issue.format),
    purchase_source: f.purchase_source ?? null,
    comic_shop_id: f.comic_shop_id ?? null,
    comic_shop: shop ? { id: shop.id, name: shop.name, slug: shop.slug, city: shop.city, state_province: shop.stateProvince } : null,
    acquisition_method: f.acquisition_method ?? null,
    purchased_at: f.purchased_at ?? null,
    storage_location: f.storage_location ?? null,
    signed_by: f.signed_by ?? null,
    signature_witness: f.signature_witness ?? null,
    signature_authenticated: f.signature_witness === 'CGC' || f.signature_witness === 'CBCS',
    variant_description: f.variant_description ?? null,
    variant_type: f.variant_type ?? null,
    grade_score: f.grade_score ?? null,
    grading_company: f.grading_company ?? null,
    grading_number: f.grading_number ?? null,
    label_type: f.label_type ?? null,
    page_quality: f.page_quality ?? null,
    grader_notes: f.grader_notes ?? null,
    print_number: f.print_number ? (PRINT_NUMBER[f.print_number] ?? null) : null,
    is_signed: f.is_signed ?? false,
    is_cgc_ss: f.label_type === 'signature_series',
    is_variant: f.is_variant ?? copy.variantId !== null,
    graded: f.graded ?? false,
    for_sale: f.for_sale ?? false,
    for_trade: f.for_trade ?? false,
    is_public: f.is_public ?? true,
    is_read: f.is_read ?? false,
    read_at: f.read_at ?? null,
    status: f.status ?? 'owned',
    sold_at: f.sold_at ?? null,
    price_sold: f.price_sold ?? null,
    personal_rating: f.personal_rating ?? null,
    tags: f.tags ?? [],
    value_last_updated: f.estimated_value !== undefined && f.estimated_value !== null ? iso(copy.updatedAt) : null,
    cover_scan_url: null,
    cover_scan_url_lg: null,
    cover_scan_uploaded_at: null,
    created_at: iso(copy.createdAt),
    updated_at: iso(copy.updatedAt),
    collectable: {
      id: issue.id,
      slug: issue.slug,
      series_id: issue.seriesId,
      issue_number: issue.number,
      name: issue.name,
      cover_date: issue.coverDate,
      release_date: issue.releaseDate,
      foc_date: issue.focDate,
      cover_url: coverUrl(v, issue),
      images: {
        thumb: coverUrl(v, issue, null, 'sm'),
        cover_sm: coverUrl(v, issue, null, 'sm'),
        cover_md: coverUrl(v, issue, null, 'md'),
        cover_lg: coverUrl(v, issue, null, 'lg'),
      },
      is_reprint: issue.isReprint,
      age_rating: series.ageRating.code,
      is_nsfw: false,
      average_rating: ratingOf(issue.id),
      series: {
        id: series.id, name: series.name, slug: series.slug, start_year: series.startYear,
        publisher_name: v.catalog.publisherOf(series).name, cover_url: seriesCoverUrl(v, series),
      },
      key_issue_reasons: keyIssueReasons(v, issue),
    },
  };
  if (showcase) for (const key of PRIVATE_COPY_FIELDS) delete item[key];
  return item;
}

/** §4: one of `copies[]` on the collection check. */
export function checkedCopy(copy: Copy, showcase: boolean) {
  const f = copy.fields;
  return {
    id: copy.id,
    variant_id: copy.variantId,
    condition: f.condition ?? null,
    graded: f.graded ?? false,
    grade_score: f.grade_score ?? null,
    grading_company: f.grading_company ?? null,
    is_signed: f.is_signed ?? false,
    signed_by: f.signed_by ?? null,
    is_cgc_ss: f.label_type === 'signature_series',
    format: f.format ?? null,
    ...(showcase ? {} : { storage_location: f.storage_location ?? null, purchased_at: f.purchased_at ?? null, notes: f.notes ?? null }),
    created_at: iso(copy.createdAt),
  };
}

export function wishlistItem(v: View, entry: WishlistEntry, showcase: boolean) {
  const issue = v.catalog.issues.get(entry.issueId) as Issue;
  const series = v.catalog.seriesOf(issue);
  return {
    id: entry.id,
    position: null,
    ...(showcase ? {} : { note: entry.note }),
    created_at: iso(entry.createdAt),
    updated_at: iso(entry.updatedAt),
    variant_id: entry.variantId,
    entity_type: 'issues',
    entity: {
      id: issue.id,
      name: issue.name,
      issue_number: issue.number,
      image_url: coverUrl(v, issue),
      publisher: v.catalog.publisherOf(series).name,
      series: { id: series.id, name: series.name, start_year: series.startYear },
    },
  };
}

export function pullListItem(v: View, entry: PullListEntry) {
  const series = v.catalog.series.get(entry.seriesId) as Series;
  const publisher = v.catalog.publisherOf(series);
  return {
    id: entry.id,
    series: { id: series.id, name: series.name, publisher: { id: publisher.id, name: publisher.name }, cover_url: seriesCoverUrl(v, series) },
    added_at: iso(entry.addedAt),
  };
}

/** Name and picture of anything a member can follow; null when it does not exist here. */
export function followable(v: View, type: string, id: number): { id: number; name: string; cover_url: string | null } | null {
  const pools = { title: v.catalog.titles, creator: v.catalog.creators, character: v.catalog.characters, team: v.catalog.teams, publisher: v.catalog.publishers } as const;
  const pool = pools[type as keyof typeof pools];
  const found = pool?.get(id);
  if (!found) return null;
  let cover: string | null = null;
  if (type === 'title') {
    const first = [...v.catalog.series.values()].find((s) => s.titleId === id);
    cover = first ? seriesCoverUrl(v, first) : null;
  }
  return { id: found.id, name: found.name, cover_url: cover };
}

export function followItem(v: View, follow: Follow) {
  return {
    id: follow.id,
    followable_type: follow.type,
    followable_id: follow.followableId,
    followable: followable(v, follow.type, follow.followableId),
    created_at: iso(follow.createdAt),
  };
}

/** §1: the profile; a read:showcase token gets the public part only. */
export function userProfile(v: View, member: Member, showcase: boolean) {
  const level = Math.floor(Math.sqrt(member.xp / 100)) + 1;
  const levelStart = (level - 1) ** 2 * 100;
  const next = level ** 2 * 100;
  const avatar = `${v.origin}/covers/avatar-${member.id}.svg`;
  const publicPart = {
    id: member.id,
    name: member.name,
    username: member.username,
    bio: member.bio,
    avatar,
    profile_image: `avatars/${member.id}.svg`,
    profile_image_url: avatar,
    glow_color: member.tier === 'pro' ? '#f5b301' : '#5b8def',
    banner_path: null,
    banner_url: null,
    is_pro: member.tier === 'pro',
    level,
    xp: member.xp,
    xp_for_next_level: next,
    xp_progress_percent: Math.round(((member.xp - levelStart) / (next - levelStart)) * 1000) / 10,
    level_name: level >= 20 ? 'Legend' : level >= 10 ? 'Curator' : 'Collector',
    contributions_count: member.contributions,
    created_at: member.createdAt,
    updated_at: member.createdAt,
  };
  if (showcase) return publicPart;
  return {
    ...publicPart,
    email: member.email,
    location_city: member.location?.city ?? null,
    location_state: member.location?.state ?? null,
    location_country: member.location?.country ?? null,
    show_location: false,
    is_private: false,
    show_collection_value: false,
    email_notifications: true,
    push_notifications: false,
    newsletter_subscribed: false,
    locale: 'en',
    birth_date: member.birthDate,
    onboarding_completed: true,
    onboarding_step: null,
    has_password: true,
    deletion_requested_at: member.pendingDeletion ? member.createdAt : null,
    deletion_scheduled_at: member.pendingDeletion ? iso(dayMs(v.today) + 30 * 86_400_000) : null,
  };
}

export function listItemJson(v: View, list: MemberList, item: MemberList['items'][number]) {
  let listable: { id: number; number: string | null } = { id: item.entityId, number: null };
  let entity: { id: number; name: string } | null = null;
  if (item.entityType === 'issues') {
    const issue = v.catalog.issues.get(item.entityId);
    if (issue) {
      listable = { id: issue.id, number: issue.number };
      entity = { id: issue.id, name: issue.name };
    }
  } else if (item.entityType === 'series') {
    const series = v.catalog.series.get(item.entityId);
    if (series) {
      listable = { id: series.id, number: String(series.volume) };
      entity = { id: series.id, name: series.name };
    }
  } else {
    const pool = { characters: v.catalog.characters, creators: v.catalog.creators, teams: v.catalog.teams, story_arcs: undefined }[item.entityType];
    const found = pool?.get(item.entityId);
    if (found) entity = { id: found.id, name: found.name };
  }
  const variant = item.variantId ? v.catalog.variants.get(item.variantId) : undefined;
  return {
    id: item.id,
    position: list.isRanked ? item.position : null,
    note: item.note,
    entity_type: item.entityType,
    listable,
    entity,
    variant: variant ? { id: variant.id, variant_name: variant.name } : null,
  };
}
