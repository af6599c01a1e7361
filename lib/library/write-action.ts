import { z } from 'zod';

// The changes a member can make to their library from a badge or the popup, as they cross the
// message boundary and wait in the write queue.

export const CopyFieldsSchema = z.object({
  variant_id: z.number().int().nullish(),
  condition: z.string().max(8).optional(),
  grade_score: z.string().max(10).nullish(),
  grading_company: z.string().max(20).nullish(),
  graded: z.boolean().optional(),
  price_paid: z.number().min(0).max(999999.99).nullish(),
  notes: z.string().max(1000).nullish(),
  purchased_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
  purchase_source: z.enum(['comic_shop', 'online_retailer', 'convention', 'other']).nullish(),
  /** PRO only (contract §5): the store, for a copy bought from an order page. */
  purchase_store: z.string().max(255).nullish(),
});

export const WriteAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('copy-add'), issueId: z.number().int(), fields: CopyFieldsSchema }),
  z.object({ action: z.literal('copy-remove'), issueId: z.number().int(), copyId: z.number().int() }),
  z.object({ action: z.literal('wishlist-add'), issueId: z.number().int(), variantId: z.number().int().nullish() }),
  z.object({ action: z.literal('wishlist-remove'), issueId: z.number().int(), variantId: z.number().int().nullish() }),
  z.object({ action: z.literal('pull-list-add'), seriesId: z.number().int(), seriesName: z.string().max(300) }),
  z.object({ action: z.literal('pull-list-remove'), seriesId: z.number().int() }),
]);
export type WriteAction = z.infer<typeof WriteAction>;

/** A write's id: made where the member clicked, so a message delivered twice is still one write. */
export const WriteId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

export { newWriteId } from '../write-id';
