import { describe, expect, it } from 'vitest';
import { isComic, parseTitle } from '@/lib/detect/titles';
import { variantMatching } from '@/lib/library/variants';
import type { IssueVariant } from '@/lib/versedb/schemas';

// Which of VerseDB's variants of an issue a store title's cover words name: one that fits every mark the
// title gives, or none (then the words go in the copy's notes). Never a guess between two covers.

const v = (id: number, name: string | null, type: string | null, ratio: string | null = null): IssueVariant => ({ id, name, type, ratio, coverUrl: null });
const firstIssue = [
  v(1, 'Cover A', 'standard'),
  v(2, 'Cover B', 'cover_variant'),
  v(3, 'Cover C', 'cover_variant'),
  v(4, '1:25 Ratio Variant', 'ratio_variant', '1:25'),
  v(5, '1:50 Virgin Variant', 'virgin_variant', '1:50'),
  v(6, 'Second Printing', 'reprint'),
];

function pick(title: string, variants: readonly IssueVariant[] = firstIssue): number | null {
  const parsed = parseTitle(title);
  if (!isComic(parsed)) throw new Error(`not a comic: ${title}`);
  return variantMatching(variants, parsed)?.id ?? null;
}

describe('the variant a title names', () => {
  it('by a cover letter VerseDB names its covers by', () => {
    expect(pick('X-Men #1 Cover B Jim Lee Variant')).toBe(2);
    expect(pick('X-Men #1 Cvr C Momoko Var')).toBe(3);
  });

  it('by a ratio, whatever letter the store gives it', () => {
    expect(pick('X-Men #1 Cover D 1:25 Incentive')).toBe(4);
    expect(pick('X-Men #1 1:50 Virgin Incentive')).toBe(5);
  });

  it('by virgin, foil or a later printing', () => {
    expect(pick('X-Men #1 Virgin Variant')).toBe(5);
    expect(pick('X-Men #1 2nd Printing')).toBe(6);
    expect(pick('X-Men #1 Foil Variant', [...firstIssue, v(7, 'Foil Cover', 'foil_variant')])).toBe(7);
  });

  it('none for the main cover, a cover VerseDB does not list, or two that fit', () => {
    expect(pick('X-Men #1')).toBeNull();
    expect(pick('X-Men #1 Cover A Jorge Jimenez')).toBeNull();
    expect(pick('X-Men #1 1:100 Incentive')).toBeNull();
    expect(pick('X-Men #1 Foil Variant')).toBeNull();
    expect(pick('X-Men #1 3rd Printing')).toBeNull();
    expect(pick('X-Men #1 Cover E Variant')).toBeNull();
    expect(pick('X-Men #1 Virgin Variant', [...firstIssue, v(8, 'Virgin Foil', 'virgin_variant')])).toBeNull();
  });
});
