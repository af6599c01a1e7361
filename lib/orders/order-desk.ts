import { plural, t } from '../i18n';
import type { Library } from '../library/library';
import type { WriteAction } from '../library/write-action';
import type { Writer } from '../library/writes';
import type { QuotaSnapshot } from '../quota';
import { titleChoiceKey, type ItemStatus, type StatusResolver } from '../status';
import { isVerseDbError } from '../versedb/errors';
import { variantNamed, type TitleResolver } from '../library/title-resolution';
import type { VariantFinder } from '../library/variants';
import type { SeriesChoice, TitleRef } from '../items';
import { isComic, parseTitle } from '../detect/titles';
import { Order, OrderRecord, OrderReport, orderKey, orderWriteId, type OrderLine } from './order';

// The background's side of order pages: it keeps the order a tab's page showed, matches each line to a
// VerseDB issue for the review list, and adds the lines the member checked as copies, each once: a
// copy's write id comes from the order and the line, so the same order added again (the button pressed
// twice, the page reloaded, the review opened again) adds nothing more. The copies go through the write
// queue, which sends them as the write quota allows and survives the worker stopping.

const PAGE_KEY = (tabId: number) => `order-page:${tabId}`;
const RECORD_KEY = (key: string) => `order:${key}`;

export type ReviewLineState =
  /** Matched and not owned: checked for adding. */
  | 'ready'
  /** The member owns a copy already: unchecked (they may want a second). */
  | 'owned'
  /** Longbox cannot tell which issue this is; the reason says why. */
  | 'unmatched'
  /** Added from this order before: its copies and where they stand. */
  | 'added';

export interface ReviewLine {
  lineId: string;
  title: string | null;
  quantity: number;
  unitPrice: number | null;
  priceText: string | null;
  state: ReviewLineState;
  checked: boolean;
  /** What Longbox matched it to ("Absolute Batman #4 · Cover A"), when it did. */
  match: { issueId: number | null; seriesName: string | null; number: string | null; edition: string | null; coverUrl: string | null; inferred: boolean } | null;
  /** For `owned`: how many copies; for `unmatched`: why. */
  copies: number;
  reason: string | null;
  /** For `added`: how many of its copies VerseDB has, how many wait, how many it refused. */
  progress: { done: number; waiting: number; refused: number; lastError: string | null } | null;
  /** The cover the line's title names where its code named no variant ("Cover D 1:25"). */
  variant: string | null;
  /** VerseDB's variant of that cover, where it lists one that fits: the copy goes in as it; else the words go in its notes. */
  variantId: number | null;
  /** For an `unmatched` line whose title fits several same-named series: the member picks one. */
  choose: { title: TitleRef; choices: SeriesChoice[] } | null;
}

export interface OrderReview {
  key: string;
  store: string;
  number: string | null;
  /** The day the copies will say they were bought: the order's, else today. */
  purchasedAt: string;
  dateFromPage: boolean;
  currency: string | null;
  discountShare: number;
  lines: ReviewLine[];
  /** Copies of this order waiting to be sent, and when the write quota lets the rest go. */
  waiting: number;
  sendsAfter: number | null;
  writesLeftThisHour: number;
  /** PRO members' copies carry the store in `purchase_store`; free members' in their notes. */
  storeField: 'purchase_store' | 'notes';
}

export interface OrderDeskDeps {
  library: Library;
  statuses: StatusResolver;
  /** Finds a code-less line's issue in VerseDB's catalog: opening the review is the member's ask. */
  titles: TitleResolver;
  /** The VerseDB variant a line's title names (PRO members; one read per issue, kept a day). */
  variants: VariantFinder;
  writer: Writer;
  quota: () => QuotaSnapshot;
  isPro: () => boolean;
  /** The member's default condition for new copies. */
  defaultCondition: () => Promise<string>;
  now?: () => number;
}

export interface AddRequest {
  tabId: number;
  key: string;
  lineIds: readonly string[];
  condition?: string | undefined;
}

export interface AddResult {
  /** Copies recorded for sending now. */
  queued: number;
  /** Lines skipped: already added, or Longbox could not tell their issue (with why). */
  skipped: Array<{ lineId: string; reason: string }>;
}

export class OrderDesk {
  private readonly now: () => number;

  constructor(private readonly deps: OrderDeskDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A tab's page showed these orders (checked here: it came from a content script). */
  /**
   * Keeps the order a tab's page showed. Says how many comics it holds, and whether they are in the
   * collection already: some added from this order, and every other line owned, as the library says
   * with no read.
   */
  async pageShowed(tabId: number, report: unknown): Promise<{ comics: number; added: boolean }> {
    const parsed = OrderReport.safeParse(report);
    if (!parsed.success) throw new Error('Malformed order report.');
    await this.deps.library.setMeta(PAGE_KEY(tabId), parsed.data);
    const comics = parsed.data.orders.reduce((sum, order) => sum + order.lines.reduce((n, line) => n + line.quantity, 0), 0);
    let added = false;
    for (const order of parsed.data.orders) {
      const record = await this.record(orderKey(order));
      const open = order.lines.filter((line) => !record?.lines[line.id]?.length);
      if (open.length === order.lines.length) return { comics, added: false };
      const statuses = await this.deps.statuses.statusesOf(open.map((line) => line.query), { lookUp: false });
      if (statuses.some((status) => status?.state !== 'owned')) return { comics, added: false };
      added = true;
    }
    return { comics, added };
  }

  async tabClosed(tabId: number): Promise<void> {
    await this.deps.library.setMeta(PAGE_KEY(tabId), null);
  }

  private async orders(tabId: number): Promise<Order[]> {
    const parsed = OrderReport.safeParse(await this.deps.library.meta(PAGE_KEY(tabId)));
    return parsed.success ? parsed.data.orders : [];
  }

  private async record(key: string): Promise<OrderRecord | null> {
    const parsed = OrderRecord.safeParse(await this.deps.library.meta(RECORD_KEY(key)));
    return parsed.success ? parsed.data : null;
  }

  /** The review list of every order the tab's page showed; lines are looked up as needed (the member asked). */
  async review(tabId: number): Promise<OrderReview[]> {
    const reviews: OrderReview[] = [];
    for (const order of await this.orders(tabId)) reviews.push(await this.reviewOf(order));
    return reviews;
  }

  private async reviewOf(order: Order): Promise<OrderReview> {
    const key = orderKey(order);
    const record = await this.record(key);
    const statuses = await this.deps.statuses.statusesOf(order.lines.map((line) => line.query), { lookUp: true });
    // Lines the page gives no code for, matching nothing in the library: found in VerseDB's catalog now.
    const why = new Map<number, string>();
    const choose = new Map<number, { title: TitleRef; choices: SeriesChoice[] }>();
    for (const [i, line] of order.lines.entries()) {
      const title = titleOnly(statuses[i] ?? null) ? titleOf(line) : null;
      if (!title || record?.lines[line.id]?.length) continue;
      try {
        const { issueId } = await this.deps.titles.issueFor(title);
        await this.deps.library.remember({ code: titleChoiceKey(title.label), kind: 'found', issueId, variantId: null, expiresAt: this.deps.library.ttl('found') });
        const [found] = await this.deps.statuses.statusesOf([line.query], { lookUp: true });
        statuses[i] = found ?? statuses[i] ?? null;
      } catch (error) {
        if (!isVerseDbError(error)) throw error;
        // "VerseDB has no such comic" and "Longbox could not tell which" are told apart: the second asks.
        why.set(i, error.message);
        if (error.problem.kind === 'choose-series') choose.set(i, { title, choices: error.problem.choices });
      }
    }
    const allIds = Object.values(record?.lines ?? {}).flat();
    const writeStates = await this.deps.writer.states(allIds);
    const lines: ReviewLine[] = [];
    for (const [i, line] of order.lines.entries()) {
      const reviewed = this.reviewLine(line, statuses[i] ?? null, record, writeStates);
      const reason = why.get(i);
      const issueId = reviewed.match?.issueId ?? null;
      const variantId = reviewed.variant && issueId && reviewed.state !== 'added' ? await this.titleVariant(line, issueId) : null;
      lines.push(reason && reviewed.state === 'unmatched' ? { ...reviewed, reason, choose: choose.get(i) ?? null } : { ...reviewed, variantId });
    }
    const quota = this.deps.quota();
    const waiting = lines.reduce((sum, line) => sum + (line.progress?.waiting ?? 0), 0);
    const today = new Date(this.now()).toISOString().slice(0, 10);
    return {
      key,
      store: order.store,
      number: order.number,
      purchasedAt: order.date ?? today,
      dateFromPage: order.date !== null,
      currency: order.currency,
      discountShare: order.discountShare,
      lines,
      waiting,
      sendsAfter: waiting > quota.writes.remaining ? quota.writes.resetsAt : quota.pausedUntil,
      writesLeftThisHour: quota.writes.remaining,
      storeField: this.deps.isPro() ? 'purchase_store' : 'notes',
    };
  }

  private reviewLine(
    line: OrderLine,
    status: ItemStatus | null,
    record: OrderRecord | null,
    writeStates: Map<string, { state: string; lastError: string | null; needsSignIn: boolean }>,
  ): ReviewLine {
    const base = {
      lineId: line.id,
      title: line.title,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      priceText: line.priceText,
      variant: status?.variantId ? null : lineVariant(line),
      variantId: null,
      choose: null,
    };
    const match = status && (status.issue || status.inferred || status.byTitle)
      ? {
          issueId: status.issue?.id ?? null,
          seriesName: status.issue?.seriesName ?? status.seriesName,
          number: status.issue?.number ?? status.number,
          edition: status.edition,
          coverUrl: status.issue?.coverUrl ?? null,
          inferred: status.inferred,
        }
      : null;
    const sent = record?.lines[line.id];
    if (sent && sent.length > 0) {
      let done = 0;
      let waiting = 0;
      let refused = 0;
      let lastError: string | null = null;
      for (const id of sent) {
        const state = writeStates.get(id);
        // A copy no longer in the queue's record settled over a day ago.
        if (!state || state.state === 'done' || state.state === 'unknown') done += 1;
        else if (state.state === 'refused') refused += 1;
        else {
          waiting += 1;
          lastError = state.needsSignIn ? t('orders_sign_in_again') : (state.lastError ?? lastError);
        }
      }
      return { ...base, state: 'added', checked: false, match, copies: status?.copies ?? 0, reason: null, progress: { done, waiting, refused, lastError } };
    }
    const unmatched = (reason: string): ReviewLine => ({ ...base, state: 'unmatched', checked: false, match, copies: 0, reason, progress: null });
    if (!status) return unmatched(t('orders_not_asked'));
    switch (status.state) {
      case 'owned':
        if (status.issue === null && !status.inferred) return unmatched(t('orders_title_only'));
        return { ...base, state: 'owned', checked: false, match, copies: status.copies, reason: null, progress: null };
      case 'not-found':
        return unmatched(status.message ?? t('status_no_comic_with_code'));
      case 'ambiguous':
        return unmatched(plural('orders_shared_barcode', status.matches.length));
      case 'signed-out':
        return unmatched(status.message ?? t('status_sign_in'));
      case 'error':
      case 'paused':
        return unmatched(status.message ?? t('orders_ask_later'));
      default:
        if (status.issue === null && !status.inferred) {
          return unmatched(line.query.codes.length === 0 ? t('orders_no_code_no_match') : t('orders_versedb_which_issue'));
        }
        return { ...base, state: 'ready', checked: true, match, copies: status.copies, reason: null, progress: null };
    }
  }

  /**
   * Adds the checked lines' copies (`quantity` each) with the price paid, the day of the order, the store
   * and the member's condition. Lines added before are skipped; the rest are recorded before anything is
   * sent, so a worker stopped now loses nothing.
   */
  async add(request: AddRequest): Promise<AddResult> {
    const order = (await this.orders(request.tabId)).find((o) => orderKey(o) === request.key);
    if (!order) throw new Error(t('orders_order_gone'));
    const record: OrderRecord = (await this.record(request.key)) ?? { key: request.key, addedAt: this.now(), lines: {} };
    const condition = request.condition ?? (await this.deps.defaultCondition());
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const skipped: AddResult['skipped'] = [];
    const changes: Array<{ id: string; write: WriteAction }> = [];
    const wanted = order.lines.filter((line) => request.lineIds.includes(line.id));
    const fresh = wanted.filter((line) => (record.lines[line.id]?.length ?? 0) === 0);
    for (const line of wanted) if (!fresh.includes(line)) skipped.push({ lineId: line.id, reason: t('orders_added_before') });
    // Every line's status in one batch: what the review read is answered again from the cache and library.
    const statuses = await this.deps.statuses.statusesOf(fresh.map((line) => line.query), { lookUp: true });
    for (const [i, line] of fresh.entries()) {
      let issueId: number;
      const status = statuses[i] ?? null;
      try {
        issueId = await this.issueOf(status);
      } catch (error) {
        skipped.push({ lineId: line.id, reason: error instanceof Error ? error.message : String(error) });
        continue;
      }
      // The variant VerseDB named for the line's code; else the one its title names, where VerseDB lists
      // one that fits; else the cover in words, in the copy's notes.
      const coded = status?.issue?.id === issueId ? status.variantId : null;
      const variantId = coded ?? (await this.titleVariant(line, issueId));
      const fields = this.fields(order, line, condition, today, variantId, variantId ? null : lineVariant(line));
      const ids = Array.from({ length: line.quantity }, (_, copy) => orderWriteId(request.key, line.id, copy));
      for (const id of ids) changes.push({ id, write: { action: 'copy-add', issueId, fields } });
      record.lines[line.id] = ids;
    }
    // The copies first (each its own row, sent once), then the record that shows them as added.
    const queued = changes.length > 0 ? await this.deps.writer.enqueue(changes) : 0;
    await this.deps.library.setMeta(RECORD_KEY(request.key), record);
    return { queued, skipped };
  }

  private fields(
    order: Order,
    line: OrderLine,
    condition: string,
    today: string,
    variantId: number | null,
    variant: string | null,
  ): Extract<WriteAction, { action: 'copy-add' }>['fields'] {
    // Written into the member's copy on VerseDB, in their language.
    const where = order.number ? t('orders_store_order', order.store, order.number) : order.store;
    const cover = variant ? t('library_note_store_cover', variant) : null;
    const pro = this.deps.isPro();
    const notes = pro ? cover : [t('orders_note_bought_at', where), cover].filter(Boolean).join(' ');
    return {
      ...(variantId ? { variant_id: variantId } : {}),
      condition,
      price_paid: line.unitPrice,
      purchased_at: order.date ?? today,
      purchase_source: 'online_retailer',
      ...(pro ? { purchase_store: where.slice(0, 255) } : {}),
      ...(notes ? { notes: notes.slice(0, 1000) } : {}),
    };
  }

  /** VerseDB's variant of the issue that the line's title names, where VerseDB lists one that fits. */
  private async titleVariant(line: OrderLine, issueId: number): Promise<number | null> {
    const parsed = lineTitle(line);
    return parsed ? this.deps.variants.variantFor(issueId, parsed) : null;
  }

  /** The issue a line's status names: its own, else (answered from its series) found from its code. */
  private async issueOf(status: ItemStatus | null): Promise<number> {
    if (status?.issue) return status.issue.id;
    if (status?.inferred && status.resolvedFrom) {
      try {
        return await this.deps.statuses.issueIdFor(status.resolvedFrom);
      } catch (error) {
        throw new Error(isVerseDbError(error) ? error.message : t('orders_which_issue'));
      }
    }
    if (status?.state === 'ambiguous') throw new Error(t('orders_shared_barcode_pick'));
    throw new Error(status?.message ?? t('orders_which_issue'));
  }
}

/** The parsed title of a line, when it reads as a comic's. */
function lineTitle(line: OrderLine) {
  if (!line.title) return null;
  const parsed = parseTitle(line.title);
  return isComic(parsed) ? parsed : null;
}

/** The cover a line's title names ("Cover D 1:25"), or null for a main cover. */
function lineVariant(line: OrderLine): string | null {
  const parsed = lineTitle(line);
  return parsed ? variantNamed(parsed) : null;
}

/** A comic matched by its title to nothing in the library: its issue is not known until VerseDB's catalog is asked. */
function titleOnly(status: ItemStatus | null): boolean {
  return status !== null && status.byTitle && status.issue === null && !status.inferred && (status.state === 'not-owned' || status.state === 'pull-list');
}

/** What a code-less order line's title says, for the catalog's search. */
function titleOf(line: OrderLine): TitleRef | null {
  if (line.query.codes.length > 0 || !line.query.matchKey || !line.title) return null;
  const parsed = parseTitle(line.title);
  if (!isComic(parsed)) return null;
  return {
    // The key the badge's title match keeps a pick under (lib/status.ts byTitle).
    label: line.query.label ?? line.query.matchKey,
    series: (parsed.annual ? `${parsed.series} Annual` : parsed.series).slice(0, 200),
    matchKey: line.query.matchKey,
    startYear: line.query.startYear,
    year: line.query.year,
    volume: line.query.volume,
  };
}
