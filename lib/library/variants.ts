import { z } from 'zod';
import type { ParsedTitle } from '../detect/titles';
import type { Scheduler } from '../scheduler';
import type { VerseDbClient } from '../versedb/client';
import { isVerseDbError } from '../versedb/errors';
import type { IssueVariant } from '../versedb/schemas';
import type { Library } from './library';

// The cover a store's title names ("Cover D 1:25 Incentive", "Virgin Variant", "2nd Printing") as one of
// VerseDB's variants of the issue, so a wishlist entry or a copy found by its title goes in as that cover.
// VerseDB lists an issue's variants for PRO members only; for the others (and where no variant fits
// unmistakably) the cover stays in words, in the copy's notes.

const DAY_MS = 24 * 60 * 60 * 1000;

type Named = Pick<ParsedTitle, 'cover' | 'coverText' | 'ratio' | 'variant' | 'printing'>;

const ORDINALS: Record<number, string> = { 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth' };

/**
 * The one variant the title's cover words name, or null: every mark the title gives (ratio, virgin,
 * foil, printing) must hold, a cover letter narrows where VerseDB's names carry letters, and a guess
 * between two covers is no answer.
 */
export function variantMatching(variants: readonly IssueVariant[], named: Named): IssueVariant | null {
  const later = named.printing !== null && named.printing > 1;
  if (!named.variant && !later) return null;
  const words = (v: IssueVariant) => `${v.name ?? ''} ${v.type ?? ''}`.toLowerCase().replace(/_/g, ' ');
  const marks: Array<(v: IssueVariant) => boolean> = [];
  if (named.ratio) marks.push((v) => v.ratio === named.ratio || words(v).includes(named.ratio ?? '\u0000'));
  const said = `${named.cover ?? ''} ${named.coverText ?? ''}`.toLowerCase();
  if (/\bvirgin\b/.test(said)) marks.push((v) => /\bvirgin\b/.test(words(v)));
  if (/\bfoil\b/.test(said)) marks.push((v) => /\bfoil\b/.test(words(v)));
  if (later) {
    const n = named.printing ?? 0;
    marks.push((v) => new RegExp(`\\b(?:${n}(?:st|nd|rd|th)|${ORDINALS[n] ?? '\u0000'})\\s+print`).test(words(v)));
  }
  let candidates = variants.filter((v) => marks.every((mark) => mark(v)));
  // A cover letter: only where VerseDB names its covers by letter ("Cover B"); "1:25 Ratio Variant" has none.
  const letter = named.cover !== null && /^[A-Z]$/.test(named.cover) ? named.cover.toLowerCase() : null;
  if (letter) {
    const lettered = candidates.filter((v) => new RegExp(`\\b(?:cover|cvr)\\s+${letter}\\b`).test(words(v)));
    if (lettered.length > 0 || marks.length === 0) candidates = lettered;
  }
  return candidates.length === 1 ? candidates[0]! : null;
}

const KeptVariants = z.object({ at: z.number(), variants: z.array(z.object({ id: z.number(), name: z.string().nullable(), type: z.string().nullable(), ratio: z.string().nullable(), coverUrl: z.string().nullable() })) });

export interface VariantDeps {
  client: () => VerseDbClient | null;
  scheduler: Scheduler;
  library: Library;
  isPro: () => boolean;
}

export class VariantFinder {
  constructor(private readonly deps: VariantDeps) {}

  /**
   * The variant of the issue a title's cover words name: one read of the issue's variants (kept a day),
   * for PRO members only, and only when the title names a cover other than the main one. Null when it
   * names none, VerseDB will not list them, or none fits unmistakably.
   */
  async variantFor(issueId: number, named: Named): Promise<number | null> {
    if (!this.deps.isPro() || (!named.variant && !(named.printing !== null && named.printing > 1))) return null;
    const variants = await this.variantsOf(issueId);
    return variants ? (variantMatching(variants, named)?.id ?? null) : null;
  }

  private async variantsOf(issueId: number): Promise<IssueVariant[] | null> {
    const { library } = this.deps;
    const key = `issue-variants:${issueId}`;
    const kept = KeptVariants.safeParse(await library.meta(key));
    if (kept.success && library.now() - kept.data.at < DAY_MS) return kept.data.variants;
    const client = this.deps.client();
    if (!client) return null;
    try {
      const { variants } = await this.deps.scheduler.run({ key, kind: 'read', priority: 'user' }, () => client.issueVariants(issueId));
      await library.setMeta(key, { at: library.now(), variants });
      return variants;
    } catch (error) {
      // Not PRO after all, or VerseDB not answering now: the cover stays in words; the action goes on.
      if (isVerseDbError(error)) return null;
      throw error;
    }
  }
}
