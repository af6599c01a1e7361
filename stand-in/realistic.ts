import { createPrng, type Prng } from './prng.ts';

// Realistic mode: answers as the real VerseDB may send them, not as neatly as the stand-in writes
// them. The SDK models mark nearly every field optional and the service is generated from examples,
// so a client must read what is missing, null or typed otherwise than the contract's tables say:
// - descriptive fields (covers, slugs, ratings, timestamps, publishers, years...) null or absent at
//   random, seeded so a run repeats;
// - ids typed as strings in the SDK (`variant_id`, `position`, a 409 match's `suggested_variant_id`)
//   sent as digit strings;
// - records whose catalog entry was deleted: a wishlist row with `entity: null`, a pull-list row with
//   `series: null`, an FOC row with no id, added to the first page of those lists.
// What Longbox cannot work without (ids, issue numbers, series names, in_collection) is never dropped at
// random here; the contract tests feed the client those cases one by one.

export interface RealisticSettings {
  /** Seed of the PRNG that picks what to drop. Default 1. */
  seed?: number;
  /** Share of the loose fields made null, and again of those made absent. Default 0.2 each. */
  rate?: number;
}

/** Fields a record may lack on the real service without costing Longbox anything but what it shows. */
const LOOSE_FIELDS = new Set([
  'slug', 'title_id', 'solicitation', 'description', 'cover_date', 'cover_url', 'image_url', 'images',
  'is_reprint', 'age_rating', 'content_rating_label', 'min_age', 'is_nsfw', 'page_count', 'average_rating',
  'key_issue_reasons', 'position', 'note', 'updated_at', 'created_at', 'added_at', 'publisher', 'publisher_name',
  'start_year', 'volume_number', 'user_id', 'comic_shop', 'value_last_updated', 'estimated_value',
  'variant_name', 'status', 'publication_type',
]);

/** Ids the SDK models type as `string | null`. */
const STRING_IDS = new Set(['variant_id', 'position']);

/** The lists whose first page gains a row with its catalog record deleted. */
const DELETED_ROWS: ReadonlyArray<{ path: string; row: (id: number) => Record<string, unknown> }> = [
  {
    path: '/api/v1/user/wishlist',
    row: (id) => ({ id, position: null, note: null, created_at: '2024-01-15T10:30:00Z', updated_at: '2024-01-15T10:30:00Z', variant_id: null, entity_type: 'issues', entity: null }),
  },
  {
    path: '/api/v1/user/pull-list',
    row: (id) => ({ id, series: null, added_at: '2024-01-15T10:30:00Z' }),
  },
  {
    // An issue removed from the catalog while the feed was built: a row with nothing but its dates.
    path: '/api/v1/discovery/foc',
    row: () => ({ id: null, number: null, title: null, release_date: null, foc_date: null, series: null }),
  },
];

export class Realism {
  private prng: Prng;
  private readonly rate: number;

  constructor(private readonly settings: RealisticSettings = {}) {
    this.prng = createPrng(settings.seed ?? 1);
    this.rate = settings.rate ?? 0.2;
  }

  /** Replays the same choices from the start (the stand-in's reset). */
  reset(): void {
    this.prng = createPrng(this.settings.seed ?? 1);
  }

  /** A 2xx answer's body as the real service may send it. */
  roughen(path: string, query: URLSearchParams, body: unknown): unknown {
    const rough = this.walk(body, null);
    const deleted = DELETED_ROWS.find((list) => list.path === path);
    const firstPage = (query.get('page') ?? '1') === '1';
    if (deleted && firstPage && isRecord(rough) && Array.isArray(rough.data)) {
      rough.data.push(deleted.row(9_000_000 + rough.data.length));
    }
    return rough;
  }

  private walk(value: unknown, key: string | null): unknown {
    if (Array.isArray(value)) return value.map((item) => this.walk(item, null));
    if (!isRecord(value)) {
      if (key !== null && STRING_IDS.has(key) && typeof value === 'number') return String(value);
      if (key === 'suggested_variant_id' && typeof value === 'number' && this.prng.chance(0.5)) return String(value);
      return value;
    }
    const out: Record<string, unknown> = {};
    for (const [field, inner] of Object.entries(value)) {
      if (LOOSE_FIELDS.has(field) && this.prng.chance(this.rate)) {
        if (this.prng.chance(0.5)) out[field] = null;
        continue;
      }
      out[field] = this.walk(inner, field);
    }
    return out;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
