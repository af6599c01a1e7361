import { Library } from '../library/library';
import { LibrarySync, type SyncOutcome, type SyncProgress } from '../library/sync';
import { waitsForNow, Writer } from '../library/writes';
import { TitleResolver } from '../library/title-resolution';
import type { TitleRef } from '../items';
import { ActionCode, CONTENT_SCRIPT_REQUESTS, Request, senderRole, type MessageSender, type PageRead, type Replies, type ReplyTo, type RequestOf, type RequestType } from '../protocol';
import { OrderDesk } from '../orders/order-desk';
import { QuotaTracker, type QuotaSnapshot, type QuotaStore } from '../quota';
import { Scheduler } from '../scheduler';
import { DEFAULT_PREFERENCES, type Preferences, type Session } from '../settings-schema';
import { matchSummary, StatusResolver, titleChoiceKey, type ItemStatus } from '../status';
import type { ItemQuery, PageItem } from '../items';
import { readSelection, selectionItem } from '../lookup/selection';
import { KeyIssues, keyMarks } from '../library/keys';
import { wishlistMissing } from '../library/run-gaps';
import { VariantFinder } from '../library/variants';
import { variantNamed } from '../library/title-resolution';
import { isComic, parseTitle } from '../detect/titles';
import type { WriteAction } from '../library/write-action';
import { exchangeConnectCode } from './connect';
import { discovery } from './discovery';
import { CONNECT_TOKEN_LACKS, missingScopes } from './scopes';
import { openLongboxDb } from '../store/db';
import { VerseDbClient, verseDbOrigin } from '../versedb/client';
import { isVerseDbError, VerseDbError } from '../versedb/errors';
import type { CircuitSnapshot } from '../circuit';
import { t } from '../i18n';

// The background's one service: it owns the token, the API client, the quota, the scheduler, the
// cache and the library, and answers the protocol. The entry point only wires browser events to it,
// so everything here runs in tests with a fake browser, fake-indexeddb and the real stand-in.

export interface SessionStore {
  load(): Promise<Session | null>;
  save(session: Session | null): Promise<void>;
}

export interface ServiceEnv {
  sessions: SessionStore;
  quotaStore: QuotaStore;
  dbName?: string;
  /** The extension's version, for the ping answer. */
  version?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Asks to be woken (onWake) at this time: a sync waiting for quota, the offline queue. */
  scheduleWake?: (at: number) => void;
  /** Told when something the popup shows changed (sync progress, session, quota). */
  onStateChange?: () => void;
  /** The member's preferences (store switches, default condition, badge placement). */
  preferences?: () => Promise<Preferences>;
  openOptions?: () => void;
  /** Reads a tab's page once where no Longbox script reads it (./on-demand.ts); `beforeReading` runs
   *  just before its scripts go in. */
  readOnDemand?: (tabId: number, beforeReading: () => void) => Promise<PageRead>;
  /** Loads the badge menu and cart banner code into a tab's frame (content-script world). */
  injectExtras?: (tabId: number, frameId: number, part: 'menu' | 'readers') => Promise<void>;
  /** Shows how many comics on a tab's page are owned (the toolbar icon's count). */
  showOwnedCount?: (tabId: number, owned: number) => void;
  /** Opens the review list of the orders a tab's page shows (the order page's banner was clicked). */
  openOrderReview?: (tabId: number) => void;
  /** What a store page says on its badges and menus, as templates (./store-words.ts), sent with its settings. */
  storePageWords?: () => Promise<Record<string, string>>;
}

export interface ServiceState {
  session: { signedIn: boolean; rejected: boolean; address: string | null; tokenKind: Session['tokenKind'] | null; member: Session['member']; missingScopes: string[] };
  quota: QuotaSnapshot;
  sync: SyncProgress;
  /** Whether VerseDB is answering: an open circuit (a 5xx storm) and when it tries again. */
  circuit: CircuitSnapshot;
  /** The member's changes not yet in VerseDB. */
  queuedWrites: number;
  /** Of those, the ones that wait for the member to sign in again (token refused, or signed out). */
  writesNeedSignIn: number;
  /** What Longbox tidied up in the member's library, or VerseDB refused, in the last day. */
  writeNotices: string[];
}

/** How often the library is refreshed (incrementally: about three reads) when nothing else asks. */
const REFRESH_EVERY = 30 * 60_000;

/** A tab's page as its content script last reported it, and as the popup's 'page-items' gets it. */
export interface PageReport {
  adapter: string;
  items: PageItem[];
  /** Detection's self-check: the store's adapter found fewer items than the general readers. */
  layoutChanged: boolean;
}


export class LongboxService {
  private session: Session | null;
  /** What each tab's content script last reported; kept in memory only (pages are not stored). */
  private readonly pages = new Map<number, PageReport>();
  /** Tabs whose page is being read on the member's ask, until its script asks for its settings. */
  private readonly readOnDemand = new Set<number>();
  private clientCache: { key: string; client: VerseDbClient } | null = null;
  /** Goes up at every sign-out and account switch: work begun before it stores nothing afterwards. */
  private epoch = 0;
  readonly sync: LibrarySync;
  readonly writer: Writer;
  readonly statuses: StatusResolver;
  readonly orders: OrderDesk;
  readonly titles: TitleResolver;
  readonly variants: VariantFinder;
  readonly keys: KeyIssues;

  private constructor(
    private readonly env: ServiceEnv,
    readonly library: Library,
    readonly quota: QuotaTracker,
    readonly scheduler: Scheduler,
    session: Session | null,
  ) {
    this.session = session;
    const client = () => this.client();
    this.sync = new LibrarySync({
      client: () => this.requireClient(),
      scheduler,
      library,
      now: env.now,
      onProgress: () => env.onStateChange?.(),
      epoch: () => this.epoch,
      afterReplace: (since) => this.writer.reapply(since),
    });
    this.writer = new Writer({
      client,
      scheduler,
      library,
      now: env.now,
      generation: async () => (await this.sync.progress()).generation,
      member: () => this.memberKey(),
      epoch: () => this.epoch,
      issueFor: (code) => this.statuses.issueIdFor(code),
    });
    this.statuses = new StatusResolver({
      library,
      scheduler,
      client,
      epoch: () => this.epoch,
      canLookUp: () => this.session?.tokenKind === 'personal' && !this.session.missingScopes.includes('lookup:barcode'),
      librarySync: async () => {
        const progress = await this.sync.progress();
        return { synced: progress.lastSyncedAt !== null, generation: progress.generation };
      },
    });
    this.titles = new TitleResolver({
      library,
      scheduler,
      client,
      readSeriesIssues: (seriesId) => this.statuses.readSeriesCatalog(seriesId),
    });
    this.variants = new VariantFinder({ library, scheduler, client, isPro: () => this.session?.member?.isPro === true });
    this.keys = new KeyIssues({ library, scheduler, client, isPro: () => this.session?.member?.isPro === true });
    this.orders = new OrderDesk({
      library,
      statuses: this.statuses,
      titles: this.titles,
      variants: this.variants,
      writer: this.writer,
      quota: () => this.quota.snapshot(),
      isPro: () => this.session?.member?.isPro === true,
      defaultCondition: async () => ((await env.preferences?.()) ?? DEFAULT_PREFERENCES).defaultCondition,
      now: env.now,
    });
  }

  static async create(env: ServiceEnv): Promise<LongboxService> {
    const now = env.now ?? Date.now;
    const [db, quota, session] = await Promise.all([
      openLongboxDb(env.dbName),
      QuotaTracker.open(env.quotaStore, now),
      env.sessions.load(),
    ]);
    return new LongboxService(env, new Library(db, now), quota, new Scheduler(quota), session);
  }

  private now(): number {
    return (this.env.now ?? Date.now)();
  }

  /** The API client for the signed-in member; null when signed out or the token was refused. */
  client(): VerseDbClient | null {
    const session = this.session;
    if (!session || session.rejected) return null;
    const key = `${session.address}\n${session.token}`;
    if (this.clientCache?.key !== key) {
      this.clientCache = {
        key,
        client: new VerseDbClient({
          baseUrl: session.address,
          token: session.token,
          fetch: this.env.fetch,
          now: this.env.now,
          onRateInfo: (info) => {
            this.quota.observe(info);
            if (info.status === 401) void this.rejectToken(session.token);
          },
        }),
      };
    }
    return this.clientCache.client;
  }

  /** Whose library this is: the VerseDB address and member id. Changes wait for their own member. */
  private memberKey(): string | null {
    const s = this.session;
    return s ? `${s.address}#${s.member?.id ?? '?'}` : null;
  }

  private requireClient(): VerseDbClient {
    const client = this.client();
    if (!client) throw new VerseDbError({ kind: 'unauthenticated', message: t('background_sign_in_to_sync') });
    return client;
  }

  /** A 401 stops every call until the member signs in again. */
  private async rejectToken(token: string): Promise<void> {
    if (!this.session || this.session.token !== token || this.session.rejected) return;
    this.session = { ...this.session, rejected: true };
    await this.env.sessions.save(this.session);
    this.env.onStateChange?.();
  }

  async state(): Promise<ServiceState> {
    const s = this.session;
    return {
      session: {
        signedIn: s !== null,
        rejected: s?.rejected ?? false,
        address: s?.address ?? null,
        tokenKind: s?.tokenKind ?? null,
        member: s?.member ?? null,
        missingScopes: s?.missingScopes ?? [],
      },
      quota: this.quota.snapshot(),
      sync: await this.sync.progress(),
      circuit: this.scheduler.circuit.snapshot(),
      ...(await this.writeState()),
    };
  }

  private async writeState(): Promise<Pick<ServiceState, 'queuedWrites' | 'writesNeedSignIn' | 'writeNotices'>> {
    const writes = await this.writer.queueState();
    return { queuedWrites: writes.waiting, writesNeedSignIn: writes.needSignIn, writeNotices: writes.notices };
  }

  async signIn(address: string, token: string, tokenKind: Session['tokenKind']): Promise<ServiceState> {
    const origin = verseDbOrigin(address);
    // A circuit opened against another address (or an outage since over) does not stop a sign-in.
    this.scheduler.circuit.reset();
    const client = new VerseDbClient({ baseUrl: origin, token, fetch: this.env.fetch, now: this.env.now, onRateInfo: (info) => this.quota.observe(info) });
    const missing: string[] = [];
    let member: Session['member'] = null;
    try {
      member = await this.scheduler.run({ kind: 'read', priority: 'user' }, () => client.profile());
      this.quota.setTier(member.isPro ? 'pro' : 'free');
    } catch (error) {
      if (!isVerseDbError(error, 'missing-scope') && !isVerseDbError(error, 'forbidden')) throw error;
      missing.push('read:user');
    }
    // A Connect token is read-only by design; a personal token is asked, scope by scope.
    missing.push(...(tokenKind === 'connect' ? CONNECT_TOKEN_LACKS : await missingScopes(client, this.scheduler)));
    const previous = this.session;
    if (previous && (previous.address !== origin || previous.member?.id !== member?.id)) {
      // Another account: whatever the old one's sync or clicks still bring back is dropped.
      this.epoch += 1;
      this.sync.forget();
      await this.library.clearMemberData();
    }
    this.session = { address: origin, token, tokenKind, member, rejected: false, missingScopes: missing };
    await this.env.sessions.save(this.session);
    this.env.onStateChange?.();
    if (!missing.includes('read:user')) void this.runSync('full');
    // Changes this member made that waited for a sign-in go out now.
    void this.writer.flushQueue().then((left) => {
      if (left > 0) this.env.scheduleWake?.(this.now() + 60_000);
      this.env.onStateChange?.();
    });
    return this.state();
  }

  async signOut(): Promise<void> {
    // First, before anything awaits: a sync or a write under way stores nothing from now on.
    this.epoch += 1;
    this.sync.forget();
    this.session = null;
    this.clientCache = null;
    await this.env.sessions.save(null);
    // The library goes with the token; changes not yet sent stay, for this member's next sign-in.
    await this.library.clearMemberData();
    this.env.onStateChange?.();
  }

  /** Runs (or resumes) the library sync, and asks to be woken when it has to wait. */
  async runSync(mode?: 'full' | 'incremental'): Promise<SyncOutcome> {
    const outcome = await this.sync.start(mode);
    if (outcome.kind === 'waiting') this.env.scheduleWake?.(outcome.until);
    return outcome;
  }

  /** Called on the wake-up alarm and at worker start: resume what was under way. */
  async onWake(): Promise<SyncOutcome | null> {
    await this.library.expireResolutions();
    if (!this.client()) return null;
    const progress = await this.sync.progress();
    let outcome: SyncOutcome | null = null;
    if (progress.step !== null) outcome = await this.runSync();
    else if (progress.lastSyncedAt !== null && this.now() - progress.lastSyncedAt >= REFRESH_EVERY) {
      outcome = await this.runSync('incremental');
    }
    const left = await this.writer.flushQueue();
    if (left > 0) this.env.scheduleWake?.(this.now() + 60_000);
    return outcome;
  }

  /** A tab closed: its queued lookups are dropped and its page report forgotten. */
  tabClosed(tabId: number): void {
    this.scheduler.dropTab(tabId);
    this.pages.delete(tabId);
    this.readOnDemand.delete(tabId);
    void this.orders.tabClosed(tabId).catch(() => undefined);
  }

  /** Statuses in the items' order; with `lookUp: false`, null where only a lookup could answer. */
  async itemStatuses(items: ItemQuery[], options: { tabId?: number; lookUp?: boolean } = {}): Promise<Array<ItemStatus | null>> {
    // Each comic on its own: one that cannot be answered does not take the others with it.
    return this.statuses.statusesOf(items, options);
  }

  /**
   * A write on a comic whose status named no issue (answered from its series' barcode base): the issue its
   * code names, found now (the library, else one catalog read of the series, else a lookup), goes in.
   */
  private async withIssueOf(write: WriteAction, code: string): Promise<{ write: WriteAction; code: string | null }> {
    switch (write.action) {
      case 'copy-add':
      case 'wishlist-add':
      case 'wishlist-remove':
        try {
          return { write: { ...write, issueId: await this.statuses.issueIdFor(code) }, code: null };
        } catch (error) {
          // Offline, VerseDB down or out of quota: the change waits with its code, and its issue is
          // found when it is sent. A code VerseDB does not know, or one the member must pick for, is refused now.
          if (waitsForNow(error)) return { write: { ...write, issueId: 0 }, code };
          throw error;
        }
      default:
        return { write, code: null };
    }
  }

  /**
   * A write on a comic the page shows with no code: its issue (or, to pull it, its series) is found in
   * VerseDB's catalog now, on the member's click, and kept for that title. Several same-named series
   * and no word on which: the member is asked (a `choose-series` error with the choices).
   */
  private async withIssueOfTitle(write: WriteAction, title: TitleRef): Promise<WriteAction> {
    switch (write.action) {
      case 'pull-list-add': {
        const series = await this.titles.seriesFor(title);
        return { ...write, seriesId: series.seriesId, seriesName: series.name };
      }
      case 'wishlist-remove':
        return { ...write, issueId: await this.issueForTitle(title) };
      case 'wishlist-add': {
        const issueId = await this.issueForTitle(title);
        const { variantId } = await this.coverOfTitle(issueId, title);
        return { ...write, issueId, ...(variantId && !write.variantId ? { variantId } : {}) };
      }
      case 'copy-add': {
        const issueId = await this.issueForTitle(title);
        if (write.fields.variant_id) return { ...write, issueId };
        const { variantId, words } = await this.coverOfTitle(issueId, title);
        const notes = words && !variantId ? [write.fields.notes, t('library_note_store_cover', words)].filter(Boolean).join(' ').slice(0, 1000) : write.fields.notes;
        return { ...write, issueId, fields: { ...write.fields, ...(variantId ? { variant_id: variantId } : {}), ...(notes ? { notes } : {}) } };
      }
      default:
        return write;
    }
  }

  /** The cover a title names: VerseDB's variant of the issue where it lists one that fits, else the words. */
  private async coverOfTitle(issueId: number, title: TitleRef): Promise<{ variantId: number | null; words: string | null }> {
    const parsed = parseTitle(title.label);
    if (!isComic(parsed)) return { variantId: null, words: null };
    return { variantId: await this.variants.variantFor(issueId, parsed), words: variantNamed(parsed) };
  }

  /** A title's issue from VerseDB's catalog, kept for that title so its badge says what the library says of it. */
  private async issueForTitle(title: TitleRef): Promise<number> {
    const { issueId } = await this.titles.issueFor(title);
    await this.library.remember({ code: titleChoiceKey(title.label), kind: 'found', issueId, variantId: null, expiresAt: this.library.ttl('found') });
    return issueId;
  }

  /**
   * The comic text the member selected names ("Look up in VerseDB"): its code's status (a lookup, as for a
   * badge), else its title's in the library, else its issue in VerseDB's catalog. Selecting it for a
   * lookup is the member's ask, so the title goes to VerseDB here, and nowhere else without a click.
   */
  private async lookUpText(text: string): Promise<{ item: PageItem; note: string | null }> {
    const selection = readSelection(text);
    if (!selection) {
      throw new VerseDbError({ kind: 'not-found', message: t('background_look_up_nothing', text.replace(/\s+/g, ' ').trim().slice(0, 80)) });
    }
    const [first] = await this.itemStatuses([selection.query], { lookUp: true });
    if (!first) throw new VerseDbError({ kind: 'unavailable', message: t('background_look_up_failed'), status: null });
    const title = selection.title;
    const unknown = first.byTitle && first.issue === null && !first.inferred && (first.state === 'not-owned' || first.state === 'pull-list');
    if (!title || !unknown) return { item: selectionItem(selection, first), note: first.state === 'not-found' ? first.message : null };
    try {
      await this.issueForTitle(title);
    } catch (error) {
      if (!isVerseDbError(error)) throw error;
      // Several same-named series: the panel's row asks which. VerseDB lacks it: said, with nothing written.
      if (error.problem.kind === 'choose-series') return { item: selectionItem(selection, first), note: null };
      if (error.problem.kind === 'not-found') return { item: { ...selectionItem(selection, first), state: 'not-found', titleRef: null }, note: error.message };
      throw error;
    }
    const [found] = await this.itemStatuses([selection.query], { lookUp: true });
    return { item: selectionItem(selection, found ?? first), note: null };
  }

  /** Validates a message and its sender, then answers it. Never throws. */
  async handle<T extends RequestType>(message: RequestOf<T>, sender: MessageSender, own: { id: string; origin: string }): Promise<ReplyTo<T>>;
  async handle(message: unknown, sender: MessageSender, own: { id: string; origin: string }): Promise<ReplyTo<RequestType>>;
  async handle(message: unknown, sender: MessageSender, own: { id: string; origin: string }): Promise<ReplyTo<RequestType>> {
    const role = senderRole(sender, own.id, own.origin);
    if (!role) return { ok: false, error: { kind: 'forbidden', message: 'Unknown sender.' } };
    const parsed = Request.safeParse(message);
    if (!parsed.success) return { ok: false, error: { kind: 'malformed', message: 'Malformed message.' } };
    const request = parsed.data;
    if (role === 'content-script' && !CONTENT_SCRIPT_REQUESTS.has(request.type)) {
      return { ok: false, error: { kind: 'forbidden', message: 'Not allowed from a web page.' } };
    }
    try {
      const handler = this.handlers[request.type] as (request: Request, from: { tabId?: number; frameId: number }) => Promise<object>;
      const answer = await handler(request, { tabId: sender.tab?.id, frameId: sender.frameId ?? 0 });
      return { ok: true, ...answer } as ReplyTo<RequestType>;
    } catch (error) {
      if (isVerseDbError(error)) return { ok: false, error: { ...error.problem } };
      return { ok: false, error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) } };
    }
  }

  /** Where a request came from: the tab and frame of a content script; neither for the extension's pages. */
  private readonly handlers: { [T in RequestType]: (request: RequestOf<T>, from: { tabId?: number; frameId: number }) => Promise<Replies[T]> } = {
    ping: async () => ({ version: this.env.version ?? '0.0.0' }),
    'key-issues': async (request, from) => ({ keys: await keyMarks(request.comics, this.keys, from.tabId) }),
    'key-reasons': async (request) => ({ reasons: await this.keys.reasonsOf(request.issueId) }),
    'wishlist-missing': async (request) => {
      const result = await wishlistMissing(
        {
          library: this.library,
          readSeries: (seriesId) => this.statuses.readWholeSeries(seriesId),
          enqueue: (changes) => this.writer.enqueue(changes),
          writesLeft: () => this.quota.snapshot().writes,
        },
        request.seriesId,
        request.comics,
      );
      if (result.queued > result.now) this.env.scheduleWake?.(result.laterAt ?? this.now() + 60_000);
      this.env.onStateChange?.();
      return { result };
    },
    statuses: async (request, from) => ({ statuses: await this.itemStatuses(request.items, { tabId: from.tabId, lookUp: request.visible ?? true }) }),
    write: async (request) => {
      const { write, code } = request.code
        ? await this.withIssueOf(request.write, request.code)
        : { write: request.title ? await this.withIssueOfTitle(request.write, request.title) : request.write, code: null };
      const result = await this.writer.perform(write, request.writeId, code);
      if (result.kind === 'queued') this.env.scheduleWake?.(this.now() + 60_000);
      this.env.onStateChange?.();
      return { result };
    },
    'choose-match': async (request) => {
      // A code's matches are kept under the code; a title's (same-named series) under its title.
      const key = ActionCode.safeParse(request.code).success ? request.code : titleChoiceKey(request.code);
      const known = await this.library.resolution(key);
      const match = known?.kind === 'ambiguous' ? known.matches.find((m) => m.issueId === request.issueId) : undefined;
      if (!match) throw new VerseDbError({ kind: 'not-found', message: t('background_not_a_match') });
      await this.library.putIssues([matchSummary(match)]);
      await this.library.remember({ code: key, kind: 'found', issueId: request.issueId, variantId: null, expiresAt: this.library.ttl('found') });
      return {};
    },
    state: async () => ({ state: await this.state() }),
    'sync-now': async (request) => {
      void this.runSync(request.mode);
      return {};
    },
    'sign-in': async (request) => ({ state: await this.signIn(request.address, request.token, request.tokenKind ?? 'personal') }),
    connect: async (request) => ({ state: await this.signIn(request.address, await exchangeConnectCode(request, this.env), 'connect') }),
    'sign-out': async () => {
      await this.signOut();
      return {};
    },
    'clear-cache': async () => {
      await this.library.clearCache();
      return {};
    },
    discovery: async (request) => {
      const client = this.requireClient();
      return { discovery: await discovery({ client, scheduler: this.scheduler, library: this.library, now: this.now() }, request.feed, request.days, request.refresh) };
    },
    'page-report': async (request, from) => {
      if (from.tabId === undefined) throw new VerseDbError({ kind: 'forbidden', message: 'Only a page reports its comics.' });
      this.pages.set(from.tabId, { adapter: request.adapter, items: request.items, layoutChanged: request.layoutChanged });
      this.env.showOwnedCount?.(from.tabId, request.items.filter((item) => item.state === 'owned').length);
      return {};
    },
    'page-items': async (request) => ({ page: this.pages.get(request.tabId) ?? null }),
    'read-page': async (request) => {
      const tabId = request.tabId;
      if (!this.env.readOnDemand) return { read: { kind: 'skipped', why: 'no-access' } };
      const read = await this.env.readOnDemand(tabId, () => {
        // The tab's last report was another page's: the popup waits for this one's.
        this.pages.delete(tabId);
        this.readOnDemand.add(tabId);
      });
      if (read.kind === 'failed') this.readOnDemand.delete(tabId);
      return { read };
    },
    'issue-for-code': async (request) => ({ issueId: await this.statuses.issueIdFor(request.code) }),
    'issue-for-title': async (request) => ({ issueId: await this.issueForTitle(request.title) }),
    'look-up-text': async (request) => this.lookUpText(request.text),
    'order-report': async (request, from) => {
      if (from.tabId === undefined) throw new VerseDbError({ kind: 'forbidden', message: 'Only a page reports an order.' });
      return this.orders.pageShowed(from.tabId, request.report);
    },
    'open-order-review': async (_request, from) => {
      if (from.tabId === undefined) throw new VerseDbError({ kind: 'forbidden', message: 'Only an order page opens its review.' });
      this.env.openOrderReview?.(from.tabId);
      return {};
    },
    'order-review': async (request) => {
      this.requireClient();
      return { orders: await this.orders.review(request.tabId) };
    },
    'order-add': async (request) => {
      this.requireClient();
      const result = await this.orders.add({ tabId: request.tabId, key: request.key, lineIds: request.lineIds, condition: request.condition });
      this.env.onStateChange?.();
      return { result };
    },
    'library-status': async (request) => ({ status: await this.library.status(request.issueId, request.seriesId) }),
    'page-settings': async (request, from) => {
      const [preferences, words] = await Promise.all([this.env.preferences?.() ?? DEFAULT_PREFERENCES, this.env.storePageWords?.() ?? {}]);
      // A page read on the member's ask is badged whatever the "any other store" switch says: the click asked.
      // That leave is for the first ask from the tab's top frame (that page's script); the tab's next page
      // follows the switches again.
      const asked = from.frameId === 0 && from.tabId !== undefined && this.readOnDemand.delete(from.tabId);
      return {
        settings: {
          enabled: asked || !preferences.disabledSites.includes(request.adapter),
          defaultCondition: preferences.defaultCondition,
          badgePlacement: preferences.badgePlacement,
          address: this.session?.address ?? null,
          signedIn: this.client() !== null,
        },
        words,
      };
    },
    'open-options': async () => {
      this.env.openOptions?.();
      return {};
    },
    'load-extras': async (request, from) => {
      if (from.tabId === undefined || !this.env.injectExtras) throw new VerseDbError({ kind: 'forbidden', message: 'Only a store page has badges.' });
      await this.env.injectExtras(from.tabId, from.frameId, request.part);
      return {};
    },
  };
}
