import { z } from 'zod';
import { ItemQuery, PageItem, TitleRef } from './items';
import { WriteAction, WriteId } from './library/write-action';
import type { DiscoveryResult } from './background/discovery';
import type { PageReport, ServiceState } from './background/service';
import type { KeyReasonsAnswer } from './library/keys';
import type { IssueStatus } from './library/library';
import type { WishlistRunResult } from './library/run-gaps';
import type { WriteResult } from './library/writes';
import type { ItemStatus } from './status';
import { OrderReport } from './orders/order';
import type { AddResult, OrderReview } from './orders/order-desk';

// The one message protocol between the extension's pages (popup, options, content scripts) and the
// background. Every message is validated on receipt; anything that does not parse is refused. Only
// the extension's own pages may sign in or out; content scripts may ask for statuses and act on a
// comic, and no answer ever carries the token.

/** A code as a status names it (`upc:70985330050200111`), sent back with an action on that comic. */
export const ActionCode = z.string().regex(/^(upc|isbn|ean|lunar|prh):[0-9A-Z]{1,32}$/);

export const Request = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** Statuses for the comics a page shows, in the same order. */
  z.object({ type: z.literal('statuses'), items: z.array(ItemQuery).max(500), visible: z.boolean().optional() }),
  /** A change to the member's library; `writeId` (made at the click) makes a message delivered twice one change.
   *  `code` (`upc:…`): the comic's code when its status carried no issue id (answered from its series' barcode base);
   *  the background finds the issue from it before the change is recorded, and the write's own issueId is not read.
   *  `title`: a comic the page shows with no code; its issue (or series) is found in VerseDB's catalog first. */
  z.object({ type: z.literal('write'), write: WriteAction, writeId: WriteId.optional(), code: ActionCode.optional(), title: TitleRef.optional() }),
  /** The member picked the right issue for an ambiguous code, or a title that fits several same-named series. */
  z.object({ type: z.literal('choose-match'), code: z.string().max(300), issueId: z.number().int() }),
  z.object({ type: z.literal('state') }),
  z.object({ type: z.literal('sync-now'), mode: z.enum(['full', 'incremental']).optional() }),
  z.object({
    type: z.literal('sign-in'),
    address: z.string().max(300),
    token: z.string().min(1).max(500),
    tokenKind: z.enum(['personal', 'connect']).optional(),
  }),
  /** VerseDB Connect: the page ran the web-auth flow; the background exchanges the code and keeps the token. */
  z.object({
    type: z.literal('connect'),
    address: z.string().max(300),
    code: z.string().min(1).max(500),
    redirectUri: z.string().max(500),
    codeVerifier: z.string().min(43).max(128),
  }),
  z.object({ type: z.literal('sign-out') }),
  z.object({ type: z.literal('clear-cache') }),
  z.object({
    type: z.literal('discovery'),
    feed: z.enum(['foc', 'firsts', 'follows']),
    days: z.number().int().min(1).max(90),
    refresh: z.boolean().optional(),
  }),
  /** A content script's comics and their states, for the popup and the toolbar count. `layoutChanged`:
   *  the store's adapter found fewer items than the general readers (detection's self-check), so the
   *  popup says the store's layout may have changed; absent (older senders) means false. */
  z.object({
    type: z.literal('page-report'),
    adapter: z.string().max(40),
    items: z.array(PageItem).max(2000),
    layoutChanged: z.boolean().default(false),
  }),
  z.object({ type: z.literal('page-items'), tabId: z.number().int() }),
  /** The popup opened over a tab: read its page now if no Longbox script reads it (a store with no adapter,
   *  "any other store" off), through the grant the toolbar click gave (lib/background/on-demand.ts). */
  z.object({ type: z.literal('read-page'), tabId: z.number().int() }),
  /** The VerseDB issue a code names, for acting on a comic answered from its series' barcode base: from the
   *  library, else one catalog read of the series, else a lookup. The popup asks on the member's click. */
  z.object({ type: z.literal('issue-for-code'), code: ActionCode }),
  /** The issue of a comic shown by its title only, from VerseDB's catalog (the popup's "Find it on VerseDB"). */
  z.object({ type: z.literal('issue-for-title'), title: TitleRef }),
  /** Text the member selected on a page and looked up from the context menu (the lookup panel asks). */
  z.object({ type: z.literal('look-up-text'), text: z.string().min(1).max(2000) }),
  /** An order page's orders and their comics (lib/orders/order-page.ts), checked again by the background. */
  z.object({ type: z.literal('order-report'), report: OrderReport }),
  /** The order page's banner was clicked: open the review list of the tab's orders. */
  z.object({ type: z.literal('open-order-review') }),
  /** The review list of the orders a tab's page shows (the extension's order page asks). */
  z.object({ type: z.literal('order-review'), tabId: z.number().int() }),
  /** Add these lines of an order to the collection, each once. */
  z.object({
    type: z.literal('order-add'),
    tabId: z.number().int(),
    key: z.string().min(1).max(400),
    lineIds: z.array(z.string().min(1).max(400)).max(500),
    condition: z.string().max(8).optional(),
  }),
  /** One issue as the synced library knows it: the member's copies (to remove one), wishlist, pull list. */
  z.object({ type: z.literal('library-status'), issueId: z.number().int(), seriesId: z.number().int().nullable() }),
  /** What a content script needs to know before it badges a page. */
  z.object({ type: z.literal('page-settings'), adapter: z.string().max(40) }),
  // Which of a page's comics are key issues: each as its badge knows it (its series, else its title's match
  // key, and its number); one read for the page's series at most, none when they are kept.
  z.object({
    type: z.literal('key-issues'),
    comics: z.array(z.object({ seriesId: z.number().int().nullable(), matchKey: z.string().max(300).nullable(), number: z.string().max(20).nullable() })).max(500),
  }),
  // The popup's "Wishlist the missing" of a run: the series, and each missing comic by its issue or number.
  z.object({
    type: z.literal('wishlist-missing'),
    seriesId: z.number().int(),
    comics: z.array(z.object({ issueId: z.number().int().nullable(), number: z.string().max(40).nullable() })).min(1).max(500),
  }),
  // Why an issue is a key, for the badge's menu (PRO members; a free member is told so without a read).
  z.object({ type: z.literal('key-reasons'), issueId: z.number().int() }),
  z.object({ type: z.literal('open-options') }),
  /** Code a store page loads when it first needs it, into its content-script world: a badge's menu and the
   *  cart banner (`menu`), or the general readers as the page is first read (`readers`). */
  z.object({ type: z.literal('load-extras'), part: z.enum(['menu', 'readers']).default('menu') }),
]);
export type Request = z.infer<typeof Request>;
export type RequestType = Request['type'];
export type RequestOf<T extends RequestType> = Extract<Request, { type: T }>;

/**
 * What the popup's `read-page` did. `reading`: the page's scripts went in now, and its report follows.
 * `skipped`: not read now, and why: no http(s) page; a supported store's or "any other store"'s own script
 * reads it; Longbox read it already on this page load; the browser shows Longbox nothing of the tab (the
 * popup was not opened from the toolbar over it). `failed`: the browser refused, in words for the member.
 */
export type PageRead =
  | { kind: 'reading' }
  | { kind: 'skipped'; why: 'not-web' | 'supported-store' | 'any-store' | 'already-read' | 'no-access' }
  | { kind: 'failed'; message: string };

/** What a content script needs to know before it badges a page. */
export interface PageSettings {
  enabled: boolean;
  defaultCondition: string;
  badgePlacement: 'after' | 'before';
  /** For "Open on VerseDB" links; the address is not a secret, the token is never sent. */
  address: string | null;
  signedIn: boolean;
}

/**
 * What each request answers when it succeeds (beside `ok: true`): the one declaration of every reply,
 * which the background's handlers must return and the pages' reply schemas must accept (lib/ui/replies.ts
 * checks that at compile time).
 */
export interface Replies {
  ping: { version: string };
  statuses: { statuses: Array<ItemStatus | null> };
  write: { result: WriteResult };
  'choose-match': object;
  state: { state: ServiceState };
  'sync-now': object;
  'sign-in': { state: ServiceState };
  connect: { state: ServiceState };
  'sign-out': object;
  'clear-cache': object;
  discovery: { discovery: DiscoveryResult };
  'page-report': object;
  'page-items': { page: PageReport | null };
  'read-page': { read: PageRead };
  'issue-for-code': { issueId: number };
  'issue-for-title': { issueId: number };
  /** The comic the text names, as a popup row shows one; `note`: why Longbox could not tell more. */
  'look-up-text': { item: PageItem; note: string | null };
  'order-report': { comics: number; added: boolean };
  'open-order-review': object;
  'order-review': { orders: OrderReview[] };
  'order-add': { result: AddResult };
  'library-status': { status: IssueStatus };
  /** `words`: the messages a store page says on its badges and menus, as templates (lib/i18n.ts). */
  'page-settings': { settings: PageSettings; words: Record<string, string> };
  /** In the order asked: the key issue each comic is, or null. */
  'key-issues': { keys: Array<{ issueId: number } | null> };
  'key-reasons': { reasons: KeyReasonsAnswer };
  'wishlist-missing': { result: WishlistRunResult };
  'open-options': object;
  'load-extras': object;
}

/** A refusal: the kind and words of a VerseDB problem (lib/versedb/errors.ts), or the protocol's own. */
export interface ErrorReply {
  ok: false;
  error: { kind: string; message: string; [detail: string]: unknown };
}

export type ReplyTo<T extends RequestType> = ({ ok: true } & Replies[T]) | ErrorReply;

/** Messages a content script may send; the rest come only from the extension's own pages. */
export const CONTENT_SCRIPT_REQUESTS: ReadonlySet<RequestType> = new Set([
  'ping', 'statuses', 'write', 'choose-match', 'page-report', 'page-settings', 'open-options', 'load-extras',
  'order-report', 'open-order-review', 'key-issues', 'key-reasons',
]);

export interface MessageSender {
  id?: string | undefined;
  url?: string | undefined;
  tab?: { id?: number | undefined } | undefined;
  frameId?: number | undefined;
}

export type SenderRole = 'extension-page' | 'content-script';

/**
 * Who sent a message: one of our pages (popup, options), one of our content scripts, or nobody we
 * answer. Nothing is externally connectable, but a check here keeps it so even if that changes.
 */
export function senderRole(sender: MessageSender, ownId: string, ownOrigin: string): SenderRole | null {
  if (sender.id !== ownId) return null;
  // Our pages (popup, options; also when opened in a tab) have our own origin.
  if (sender.url?.startsWith(ownOrigin)) return 'extension-page';
  return sender.tab ? 'content-script' : null;
}
