import { DiscoveryResult } from '../background/discovery';
import { z } from 'zod';
import { PageItem, SeriesChoice, TitleRef } from '../items';
import type { Replies } from '../protocol';

// The background's answers as the popup and options page read them. Every reply is validated on
// receipt (it crosses a process boundary); these schemas hold only what the pages show.

const Limit = z.object({ limit: z.number(), remaining: z.number(), resetsAt: z.number() });

export const UiState = z.object({
  session: z.object({
    signedIn: z.boolean(),
    rejected: z.boolean(),
    address: z.string().nullable(),
    tokenKind: z.enum(['personal', 'connect']).nullable(),
    member: z.object({ id: z.number(), username: z.string(), name: z.string().nullable(), isPro: z.boolean() }).nullable(),
    missingScopes: z.array(z.string()),
  }),
  quota: z.object({
    tier: z.enum(['free', 'pro']),
    reads: Limit,
    readsToday: Limit,
    writes: Limit,
    pausedUntil: z.number().nullable(),
  }),
  sync: z.object({
    mode: z.enum(['full', 'incremental']).nullable(),
    step: z.enum(['collection', 'wishlist', 'pull-list']).nullable(),
    nextPage: z.number(),
    lastPage: z.number().nullable(),
    total: z.number().nullable(),
    pagesDone: z.number(),
    /** The step under way's own pages (the collection's, the wishlist's or the pull list's). */
    phasePagesDone: z.number().default(0),
    phaseLastPage: z.number().nullable().default(null),
    waitingUntil: z.number().nullable(),
    lastSyncedAt: z.number().nullable(),
    problem: z.string().nullable(),
    /** Rows the sync could not read (VerseDB sent them without what Longbox needs), by list and reason. */
    unreadable: z
      .array(z.object({ list: z.enum(['collection', 'wishlist', 'pull-list']), reason: z.string(), count: z.number() }))
      .default([]),
  }),
  circuit: z
    .object({ state: z.enum(['closed', 'open', 'half-open']), retryAt: z.number().nullable(), failures: z.number() })
    .default({ state: 'closed', retryAt: null, failures: 0 }),
  queuedWrites: z.number(),
  writesNeedSignIn: z.number().default(0),
  writeNotices: z.array(z.string()).default([]),
});
export type UiState = z.infer<typeof UiState>;

// The lists' shapes are the background's own (that module only imports zod at run time).
export { DiscoveryEntry, DiscoveryResult, FEEDS, type Feed } from '../background/discovery';

/** The tab's page as its content script last reported it; `layoutChanged` is detection's self-check
 *  (the store's adapter found fewer items than the general readers), false when not said. */
export const PageReport = z.object({ adapter: z.string(), items: z.array(PageItem), layoutChanged: z.boolean().default(false) }).nullable();
export type PageReport = z.infer<typeof PageReport>;

/** What the background's read of the tab's page on the popup's ask did (lib/protocol.ts, PageRead). */
export const PageRead = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reading') }),
  z.object({ kind: z.literal('skipped'), why: z.enum(['not-web', 'supported-store', 'any-store', 'already-read', 'no-access']) }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type PageRead = z.infer<typeof PageRead>;

export const LibraryCopy = z.object({
  copyId: z.number(),
  condition: z.string().nullable(),
  gradeScore: z.string().nullable(),
  addedAt: z.string(),
});
export type LibraryCopy = z.infer<typeof LibraryCopy>;

export const LibraryStatus = z.object({ copies: z.array(LibraryCopy), wishlisted: z.boolean(), onPullList: z.boolean() });
export type LibraryStatus = z.infer<typeof LibraryStatus>;

export const WriteResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('done'), copyId: z.number().optional() }),
  z.object({ kind: z.literal('queued'), queued: z.number(), reason: z.string() }),
]);
export type WriteResult = z.infer<typeof WriteResult>;

/** A refusal, with the details the pages explain (the fields of a 422, the scope of a 403, times to wait). */
export const UiError = z.object({
  kind: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  scope: z.string().nullable().optional(),
  upgradeUrl: z.string().nullable().optional(),
  retryAt: z.number().optional(),
  resumesAt: z.number().optional(),
  /** The series a title may mean, when the member must pick one. */
  choices: z.array(SeriesChoice).optional(),
});
export type UiError = z.infer<typeof UiError>;

export const ErrorReply = z.object({ ok: z.literal(false), error: UiError });

const Ok = z.object({ ok: z.literal(true) });

/** An order page's review list (lib/orders/order-desk.ts), as the order page of the extension shows it. */
export const ReviewLine = z.object({
  lineId: z.string(),
  title: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number().nullable(),
  priceText: z.string().nullable(),
  state: z.enum(['ready', 'owned', 'unmatched', 'added']),
  checked: z.boolean(),
  match: z
    .object({
      issueId: z.number().nullable(),
      seriesName: z.string().nullable(),
      number: z.string().nullable(),
      edition: z.string().nullable(),
      coverUrl: z.string().nullable(),
      inferred: z.boolean(),
    })
    .nullable(),
  copies: z.number(),
  reason: z.string().nullable(),
  progress: z.object({ done: z.number(), waiting: z.number(), refused: z.number(), lastError: z.string().nullable() }).nullable(),
  variant: z.string().nullable().default(null),
  variantId: z.number().nullable().default(null),
  choose: z.object({ title: TitleRef, choices: z.array(SeriesChoice) }).nullable().default(null),
});
export type ReviewLine = z.infer<typeof ReviewLine>;

export const OrderReview = z.object({
  key: z.string(),
  store: z.string(),
  number: z.string().nullable(),
  purchasedAt: z.string(),
  dateFromPage: z.boolean(),
  currency: z.string().nullable(),
  discountShare: z.number(),
  lines: z.array(ReviewLine),
  waiting: z.number(),
  sendsAfter: z.number().nullable(),
  writesLeftThisHour: z.number(),
  storeField: z.enum(['purchase_store', 'notes']),
});
export type OrderReview = z.infer<typeof OrderReview>;

export const OrderAddResult = z.object({ queued: z.number(), skipped: z.array(z.object({ lineId: z.string(), reason: z.string() })) });
export type OrderAddResult = z.infer<typeof OrderAddResult>;

export const WishlistRunResult = z.object({ queued: z.number(), now: z.number(), laterAt: z.number().nullable(), unresolved: z.array(z.string()) });
export type WishlistRunResult = z.infer<typeof WishlistRunResult>;

/** What each request the pages send answers when it succeeds, reduced to the part the pages use. */
const REPLY_SCHEMAS = {
  ping: Ok.extend({ version: z.string() }).transform((reply) => reply.version),
  state: Ok.extend({ state: UiState }).transform((reply) => reply.state),
  'sign-in': Ok.extend({ state: UiState }).transform((reply) => reply.state),
  connect: Ok.extend({ state: UiState }).transform((reply) => reply.state),
  'sign-out': Ok.transform(() => true),
  'sync-now': Ok.transform(() => true),
  'clear-cache': Ok.transform(() => true),
  discovery: Ok.extend({ discovery: DiscoveryResult }).transform((reply) => reply.discovery),
  'page-items': Ok.extend({ page: PageReport }).transform((reply) => reply.page),
  'read-page': Ok.extend({ read: PageRead }).transform((reply) => reply.read),
  'library-status': Ok.extend({ status: LibraryStatus }).transform((reply) => reply.status),
  write: Ok.extend({ result: WriteResult }).transform((reply) => reply.result),
  'issue-for-code': Ok.extend({ issueId: z.number() }).transform((reply) => reply.issueId),
  'issue-for-title': Ok.extend({ issueId: z.number() }).transform((reply) => reply.issueId),
  'look-up-text': Ok.extend({ item: PageItem, note: z.string().nullable() }).transform((reply) => ({ item: reply.item, note: reply.note })),
  'order-review': Ok.extend({ orders: z.array(OrderReview) }).transform((reply) => reply.orders),
  'order-add': Ok.extend({ result: OrderAddResult }).transform((reply) => reply.result),
  'wishlist-missing': Ok.extend({ result: WishlistRunResult }).transform((reply) => reply.result),
} as const;
export type AskedType = keyof typeof REPLY_SCHEMAS;
export type Answer<T extends AskedType> = z.output<(typeof REPLY_SCHEMAS)[T]>;
export const REPLIES: { [T in AskedType]: z.ZodType<Answer<T>> } = REPLY_SCHEMAS;

/** Every reply the background is declared to send (lib/protocol.ts) is one these schemas accept: a
 *  change to a reply's shape that the pages cannot read fails the type check, not the member's popup. */
type Accepts<T extends AskedType> = ({ ok: true } & Replies[T]) extends z.input<(typeof REPLY_SCHEMAS)[T]> ? true : T;
type Refused = Exclude<{ [T in AskedType]: Accepts<T> }[AskedType], true>;
/** Names the requests whose replies the pages cannot read, when there are any. */
const everyReplyFits: [Refused] extends [never] ? true : Refused = true;
void everyReplyFits;
