import { z } from 'zod';
import { field } from './validation.ts';

// Request bodies of the API (contract §5, §7-§9, §12), validated with Laravel-style 422 messages.

export const GRADES = ['MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-', 'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR'] as const;
export type Grade = (typeof GRADES)[number];

export const COPY_FORMATS = [
  'standard', 'trade_paperback', 'hardcover', 'omnibus', 'deluxe_edition', 'annual', 'graphic_novel',
  'digital', 'treasury', 'magazine', 'prestige', 'digest', 'other',
] as const;
const PURCHASE_SOURCES = [
  'comic_shop', 'online_retailer', 'auction', 'convention', 'private_seller', 'subscription',
  'digital_platform', 'second_hand_store', 'inheritance', 'gift', 'trade', 'other',
] as const;
const ACQUISITION_METHODS = ['purchase', 'trade', 'gift', 'inheritance', 'subscription', 'found', 'other'] as const;
const SIGNATURE_WITNESSES = ['CGC', 'CBCS', 'JSA', 'PSA/DNA', 'witnessed_in_person', 'unwitnessed', 'other'] as const;
const VARIANT_TYPES = [
  'standard', 'cover_variant', 'retailer_exclusive', 'convention_exclusive', 'incentive_variant', 'ratio_variant',
  'foil_variant', 'sketch_variant', 'virgin_variant', 'blank_variant', 'artist_variant', 'hologram_variant',
  'glow_in_dark_variant', 'facsimile', 'reprint', 'other',
] as const;
export const GRADING_COMPANIES = ['CGC', 'CBCS', 'PGX', 'other', 'self_graded'] as const;
const LABEL_TYPES = ['universal', 'signature_series', 'qualified', 'restored', 'cgcxjsa', 'standard', 'verified_signature', 'signed', 'conserved'] as const;
const PAGE_QUALITIES = ['white', 'off_white_to_white', 'off_white', 'cream_to_off_white', 'light_tan', 'tan', 'brittle'] as const;
export const PRINT_NUMBERS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', 'other'] as const;
export const COPY_STATUSES = ['owned', 'for_sale', 'sold'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

const optional = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** Every copy field a member can set (§5), shared by POST and PATCH. */
export const copyFieldsSchema = z.object({
  condition: field.oneOf('condition', GRADES).optional(),
  notes: optional(field.text('notes', 1000)),
  price_paid: optional(field.number('price_paid', 0, 999_999.99)),
  estimated_value: optional(field.number('estimated_value', 0, 999_999.99)),
  format: optional(field.oneOf('format', COPY_FORMATS)),
  purchase_source: optional(field.oneOf('purchase_source', PURCHASE_SOURCES)),
  comic_shop_id: optional(field.integer('comic_shop_id')),
  acquisition_method: optional(field.oneOf('acquisition_method', ACQUISITION_METHODS)),
  purchased_at: optional(field.date('purchased_at')),
  storage_location: optional(field.text('storage_location', 255)),
  signed_by: optional(field.text('signed_by', 255)),
  signature_witness: optional(field.oneOf('signature_witness', SIGNATURE_WITNESSES)),
  variant_description: optional(field.text('variant_description', 500)),
  variant_type: optional(field.oneOf('variant_type', VARIANT_TYPES)),
  grade_score: optional(field.text('grade_score', 10)),
  grading_company: optional(field.oneOf('grading_company', GRADING_COMPANIES)),
  grading_number: optional(field.text('grading_number', 50)),
  label_type: optional(field.oneOf('label_type', LABEL_TYPES)),
  page_quality: optional(field.oneOf('page_quality', PAGE_QUALITIES)),
  grader_notes: optional(field.text('grader_notes', 2000)),
  print_number: optional(field.oneOf('print_number', PRINT_NUMBERS)),
  is_signed: field.flag('is_signed').optional(),
  is_variant: field.flag('is_variant').optional(),
  graded: field.flag('graded').optional(),
  for_sale: field.flag('for_sale').optional(),
  for_trade: field.flag('for_trade').optional(),
  is_public: field.flag('is_public').optional(),
  purchase_store: optional(field.text('purchase_store', 255)),
  custom_label: optional(field.text('custom_label', 255)),
  bagged_at: optional(field.date('bagged_at')),
  personal_rating: optional(
    field.number('personal_rating', 0.5, 5).refine((n) => Number.isInteger(n * 2), { error: 'The personal rating field must be a multiple of 0.5.' }),
  ),
  tags: z.array(field.text('tags', 100), { error: 'The tags field must be an array.' }).optional(),
  status: field.oneOf('status', COPY_STATUSES).optional(),
  sold_at: optional(field.date('sold_at')),
  price_sold: optional(field.number('price_sold', 0, 99_999_999.99)),
  is_read: field.flag('is_read').optional(),
  read_at: optional(field.date('read_at')),
});
export type CopyFields = z.output<typeof copyFieldsSchema>;

export const addCopyBody = copyFieldsSchema.omit({ is_read: true, read_at: true }).extend({
  variant_id: optional(field.integer('variant_id')),
});

/** PATCH and DELETE may name the copy in the body as well as in the query. */
export const copySelectorSchema = z.object({
  variant_id: optional(field.integer('variant_id')),
  collection_item_id: optional(field.integer('collection_item_id')),
});

export const updateCopyBody = copyFieldsSchema.extend(copySelectorSchema.shape);

export const wishlistBody = z.object({ variant_id: optional(field.integer('variant_id')) });

export const pullListBody = z.object({ series_id: field.integer('series_id') });

export const FOLLOW_TYPES = ['title', 'character', 'podcast', 'creator', 'publisher', 'team', 'story_arc', 'comic_shop', 'event', 'user', 'event_franchise'] as const;
export type FollowType = (typeof FOLLOW_TYPES)[number];

export const followPreferencesSchema = z.object({
  email_notifications: field.flag('email_notifications').optional(),
  push_notifications: field.flag('push_notifications').optional(),
});

export const followBody = z.object({
  type: field.text('type', 50),
  id: field.integer('id'),
  preferences: followPreferencesSchema.optional(),
});

export const LIST_ENTITY_TYPES = ['issues', 'series', 'characters', 'creators', 'story_arcs', 'teams'] as const;
export type ListEntityType = (typeof LIST_ENTITY_TYPES)[number];

export const createListBody = z.object({
  title: field.text('title', 100),
  description: optional(field.text('description', 2000)),
  entity_type: optional(field.oneOf('entity_type', LIST_ENTITY_TYPES)),
  is_ranked: field.flag('is_ranked').optional(),
  is_private: field.flag('is_private').optional(),
  rules: z.unknown().optional(),
});

export const addListItemBody = z.object({
  entity_id: field.integer('entity_id'),
  position: optional(field.integer('position')),
  note: optional(field.text('note', 500)),
  entity_type: optional(field.oneOf('entity_type', LIST_ENTITY_TYPES)),
  variant_id: optional(field.integer('variant_id')),
});
