import { createReader, type DetectionSession, type Extractors, type SignalReader } from '../detect/reader';
import type { DetectedItem } from '../detect/types';
import type { ItemQuery, PageItem } from '../items';
import { itemQuery, titleRef } from './item-query';
import { itemKey } from '../detect/item-key';
import type { SiteAdapter } from '../sites/types';
import { t, useTemplates } from '../i18n';
import { Badge, type BadgeContext } from './badge';
import { footprint, hostStyle, misplaced, placeOf, type Footprint } from './placement';
import type { Request } from '../protocol';
import { mightShowOrder } from '../orders/order-hint';
import { TEST_CONTRACT } from './contract';
import { actionError, keyReasonsReply, keysReply, orderComicsReply, queuedReply, settingsReply, statusesReply, wordsReply, type ActionError, type BadgeStatus, type PageSettings } from './replies';

// A store page as Longbox follows it: detect the comics, put a badge beside each, answer what the
// cache and library know at once, look up the rest as they come on screen, follow the page as it
// changes (infinite scroll, client-side navigation, carousel clones), and report to the background
// for the popup and the toolbar count. Nothing here throws into the page.

declare global {
  // Set by entrypoints/general-readers.ts, loaded into the content scripts' own world as a page is first read.
  var longboxGeneralReaders: Extractors | undefined;
  /** What says a book on a page that is not a comic shop's is a comic, loaded with the general readers. */
  var longboxComicSignals: SignalReader | undefined;
  /** The shop platforms' rules (Shopify, WooCommerce, BigCommerce), loaded with the general readers: only
   *  "any other store" asks them, so its script stays small. */
  var longboxPlatformFor: ((document: Document) => SiteAdapter | null) | undefined;
}

export interface Messenger {
  /** A request of the protocol (lib/protocol.ts); the reply is narrowed by hand (./replies.ts). */
  send(message: Request): Promise<unknown>;
}

interface Entry {
  key: string;
  item: DetectedItem;
  query: ItemQuery;
  badge: Badge;
  status: BadgeStatus | null;
  /** False when no placement of its badge could be seen: the popup lists it as having none. */
  visible: boolean;
  /** Where its title and what is around it lay before the badge went in (./placement.ts). */
  print: Footprint | null;
  /** The comic's first place on the page, when this badge marks it again elsewhere. */
  copyOf?: Entry;
  /** The key issue it is, once asked (./keys in the background); null when it is none. */
  keyIssueId?: number | null;
}

export { itemKey };

export { itemQuery };

/** A user-timing mark of the first view's steps, for bench/badges.ts: the e2e build only (a mark is on the page's own timeline). */
function mark(name: string): void {
  if (TEST_CONTRACT) performance.mark(name);
}

const LOOKUP_BATCH_MS = 60;
/** How long new badges wait for what the cache and library know before going in without it. */
const ANSWER_WAIT_MS = 100;
/** Detection time per task: the page stays responsive on a 1,000-item listing. */
const SLICE_MS = 20;
const RESCAN_MS = 250;
/** After the last badge takes its answer, how long before the page's key issues are asked for (ms): the
 *  whole page is asked at once, so its comics of one series tell the others which series they are. */
const KEYS_WAIT_MS = 150;
/** Comics asked about in one key-issues request. */
const KEYS_ASKED_MAX = 500;
const MAX_BADGES = 2000;

export class PageSession {
  private detection: DetectionSession;
  // One badge per detected item: covers, printings and the same issue shown twice each get their own.
  private readonly entries = new Set<Entry>();
  private readonly byHost = new WeakMap<Element, Entry>();
  private readonly anchors = new WeakSet<Element>();
  /** Badges taken on by a reading whose answers are not back yet: they count against MAX_BADGES. */
  private reserved = 0;
  private settings: PageSettings | null = null;
  private visibility: IntersectionObserver | null = null;
  private mutations: MutationObserver | null = null;
  private readonly dueForLookup = new Set<Entry>();
  private lookupTimer: ReturnType<typeof setTimeout> | null = null;
  private rescanTimer: ReturnType<typeof setTimeout> | null = null;
  private reportTimer: ReturnType<typeof setTimeout> | null = null;
  private keysTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the last key-issues request asked, so the same page is not asked again. */
  private keysAsked = '';
  private banner: HTMLElement | null = null;
  private changedWhileReading = false;
  private readers: Extractors = [];

  constructor(
    private readonly document: Document,
    private url: string,
    /** The store's adapter: each store's content script carries only its own. */
    private site: SiteAdapter,
    private readonly messenger: Messenger,
    private readonly signal: AbortSignal,
    /** Other rules picked by the page's markup once the general readers are here (the shop platforms). */
    private readonly recognise?: (document: Document) => SiteAdapter | null,
  ) {
    this.site = this.recognised() ?? site;
    // Until the general readers arrive (start), the page is read by the store's adapter alone.
    this.detection = createReader(document, url, this.site);
  }

  private recognised(): SiteAdapter | null {
    try {
      return this.recognise?.(this.document) ?? null;
    } catch {
      return null;
    }
  }

  /** The general readers, loaded once into this page's content-script world; none if that fails (the
   *  store's adapter and structured data still read the page). */
  private async loadReaders(): Promise<Extractors> {
    // Asked for already by the early script as the page started loading (./early-readers.ts).
    if (!globalThis.longboxGeneralReaders && globalThis.longboxReadersRequested) await globalThis.longboxReadersRequested;
    if (!globalThis.longboxGeneralReaders) {
      mark('longbox:readers-asked-again');
      try {
        await this.messenger.send({ type: 'load-extras', part: 'readers' });
      } catch {
        // No general readers on this page; what the adapter finds still gets its badges.
      }
    }
    return globalThis.longboxGeneralReaders ?? [];
  }

  /** The general readers and the signals that came with them (none where their chunk did not load: then
   *  only a comic shop's own pages say a book is a comic). */
  private readerOptions(): { general: Extractors; signals: SignalReader | undefined } {
    return { general: this.readers, signals: globalThis.longboxComicSignals };
  }

  private firstViewDone: () => void = () => undefined;
  /** Resolves once the page's first reading is complete (every slice) and what the cache and library
   *  know of its comics is shown: what bench/badges.ts times. */
  readonly firstView = new Promise<void>((resolve) => (this.firstViewDone = resolve));

  get adapter(): string {
    return this.detection.adapter;
  }

  async start(): Promise<void> {
    // The store's own adapter reads the page first, and its comics' first (local-only) statuses are asked
    // as soon as it is done, while the general readers load and read: the background answers during the
    // rest of the reading, not after it.
    const settings = this.messenger.send({ type: 'page-settings', adapter: this.adapter });
    // What was asked early, as it was asked (the reading may still merge a code into these items), by element.
    const early: { asked: Map<Element, { said: string; index: number }>; answers: Promise<Array<BadgeStatus | null>> | null } = { asked: new Map(), answers: null };
    const askEarly = (found: readonly DetectedItem[]): void => {
      const keyed = found.filter((item) => itemKey(item) !== null);
      if (early.answers || keyed.length === 0) return;
      const queries = keyed.map(itemQuery);
      keyed.forEach((item, index) => early.asked.set(item.anchor, { said: JSON.stringify(queries[index]), index }));
      early.answers = this.ask(queries, false);
    };
    // Where the general readers are here already (asked for as the page started loading), the page is read
    // once, in full, and the adapter's part of that reading asks; else the adapter's reading goes first
    // (in slices, to its end) and asks while the readers come.
    const here = globalThis.longboxGeneralReaders !== undefined;
    const readers = this.loadReaders();
    if (!here) askEarly(await this.readToEnd());
    this.readers = await readers;
    mark('longbox:readers');
    // A shop platform's rules came with the readers: they read the page from now on.
    this.site = this.recognised() ?? this.site;
    this.detection = createReader(this.document, this.url, this.site, { ...this.readerOptions(), onAdapterRead: askEarly });
    // To its end, in slices: a first slice alone often reads nothing yet (a reading hands out its items
    // when it is done), and the page would then wait for a second reading and a second round trip.
    const items = await this.readToEnd();
    mark('longbox:scanned');
    const answer = await settings.catch(() => null);
    // The badges' words come with the settings: the browser's i18n is not asked on the way to them.
    useTemplates(wordsReply(answer));
    this.settings = settingsReply(answer);
    mark('longbox:settings');
    if (!this.settings?.enabled || this.signal.aborted) {
      this.firstViewDone();
      return;
    }
    const view = this.document.defaultView;
    if (view && 'IntersectionObserver' in view) {
      this.visibility = new view.IntersectionObserver((records) => this.onVisible(records), { rootMargin: '200px' });
    }
    const answers = (await early.answers) ?? [];
    mark('longbox:statuses');
    // A comic the full reading found as the adapter did (the same element, the same codes and title) takes
    // the answer already here; the others (found by the general readers alone, or read more fully: a code
    // the adapter did not see) are asked now, so no title is trusted before a code the page shows.
    const known = new Map<DetectedItem, BadgeStatus | null>();
    for (const item of items) {
      const at = early.asked.get(item.anchor);
      if (at && at.said === JSON.stringify(itemQuery(item))) known.set(item, answers[at.index] ?? null);
    }
    await this.scan(items, known);
    this.continueScan();
    this.mutations = new MutationObserver((records) => this.onMutations(records));
    this.mutations.observe(this.document.documentElement, { childList: true, subtree: true });
    this.signal.addEventListener('abort', () => this.stop(), { once: true });
  }

  /** The reading under way, to its end, a slice a task (so no task blocks the page for long). */
  private async readToEnd(): Promise<DetectedItem[]> {
    let items = this.detection.scan(undefined, SLICE_MS);
    while (this.detection.pending && !this.signal.aborted) {
      await new Promise((next) => setTimeout(next, 0));
      items = this.detection.scan(undefined, SLICE_MS);
    }
    return items;
  }

  /** Client-side navigation: read the new address with its own page rules; badges still on the page stay. */
  navigated(url: string): void {
    if (url === this.url) return;
    this.url = url;
    this.detection = createReader(this.document, url, this.site, this.readerOptions());
    for (const entry of this.entries) if (!entry.badge.host.isConnected) this.entries.delete(entry);
    void this.scan(this.detection.scan(undefined, SLICE_MS)).then(() => this.continueScan());
  }

  private stop(): void {
    this.mutations?.disconnect();
    this.visibility?.disconnect();
    for (const timer of [this.lookupTimer, this.rescanTimer, this.reportTimer, this.keysTimer]) if (timer) clearTimeout(timer);
  }

  private onMutations(records: MutationRecord[]): void {
    // Our own badges going in are not a change of the page.
    const changed = records.some((record) =>
      [...record.addedNodes].some((node) => node.nodeType === 1 && !this.byHost.has(node as Element) && !this.banner?.contains(node) && !this.orderBanner?.contains(node)),
    );
    if (changed) this.scheduleRescan();
  }

  private scheduleRescan(): void {
    if (this.rescanTimer) return;
    // A reading in progress took its list of elements before this change: read the page again after it.
    if (this.detection.pending) {
      this.changedWhileReading = true;
      return;
    }
    this.rescanTimer = setTimeout(() => {
      this.rescanTimer = null;
      void this.scan(this.detection.scan(undefined, SLICE_MS)).then(() => this.continueScan());
    }, RESCAN_MS);
  }

  /** A long page is read in slices, each in its own task, so no task blocks the page for long. */
  private continueScan(): void {
    if (this.signal.aborted) return this.firstViewDone();
    if (!this.detection.pending) {
      this.firstViewDone();
      if (this.changedWhileReading) {
        this.changedWhileReading = false;
        this.scheduleRescan();
      }
      return;
    }
    setTimeout(() => {
      void this.scan(this.detection.scan(undefined, SLICE_MS)).then(() => this.continueScan());
    }, 0);
  }

  /** Badges the items not badged yet; `known` holds answers already fetched for some of them. */
  private async scan(items = this.detection.scan(), known = new Map<DetectedItem, BadgeStatus | null>()): Promise<void> {
    if (this.signal.aborted || !this.settings) return;
    const fresh: Entry[] = [];
    const wanted: Array<{ item: DetectedItem; key: string; copyOf?: DetectedItem }> = [];
    for (const item of items) {
      const key = itemKey(item);
      // A new detection session (client-side navigation) finds items already badged again.
      if (!key || this.anchors.has(item.anchor) || this.entries.size + this.reserved + wanted.length >= MAX_BADGES) continue;
      wanted.push({ item, key });
      // The same comic shown again elsewhere on the page gets a badge there too, with the same status.
      for (const copy of item.copies ?? []) {
        if (this.anchors.has(copy) || this.entries.size + this.reserved + wanted.length >= MAX_BADGES) continue;
        const again: DetectedItem = { ...item, anchor: copy, copies: [] };
        if (known.has(item)) known.set(again, known.get(item) ?? null);
        wanted.push({ item: again, key, copyOf: item });
      }
    }
    // What the cache and library know of the comics not answered yet is asked first, and each badge goes
    // in with its answer (one write for all of them). A background slow to answer (busy syncing a large
    // library) does not keep the badges out: past a moment they go in saying they are looking, and take
    // their answers when these come.
    // Their places are taken before the wait: a reading that starts meanwhile (the page changed, the
    // store navigated) passes over them instead of giving them a second badge.
    for (const { item } of wanted) this.anchors.add(item.anchor);
    this.reserved += wanted.length;
    const unasked = wanted.filter(({ item }) => !known.has(item));
    const asking = unasked.length > 0 ? this.ask(unasked.map(({ item }) => itemQuery(item)), false) : null;
    const answers = asking ? await Promise.race([asking, new Promise<null>((done) => setTimeout(() => done(null), ANSWER_WAIT_MS))]) : null;
    this.reserved -= wanted.length;
    if (this.signal.aborted) return;
    if (answers) unasked.forEach(({ item }, i) => known.set(item, answers[i] ?? null));
    // One read pass just before the badges go in (the page may have moved while the answers came): where
    // each title and what is around it lies, so the check that follows can tell which badges pushed the page.
    const prints = wanted.map(({ item }) => footprint(placeOf(item.anchor)));
    mark('longbox:measured');
    const made = new Map<DetectedItem, Entry>();
    wanted.forEach(({ item, key, copyOf }, i) => {
      const entry: Entry = { key, item, query: itemQuery(item), badge: this.badge(item, key, (action) => this.act(entry, action)), status: null, visible: true, print: prints[i] ?? null };
      if (copyOf) entry.copyOf = made.get(copyOf);
      made.set(item, entry);
      if (!this.mount(entry)) {
        // Nowhere to put it now: a later reading may try again.
        this.anchors.delete(item.anchor);
        return;
      }
      this.entries.add(entry);
      this.byHost.set(entry.badge.host, entry);
      fresh.push(entry);
    });
    mark('longbox:mounted');
    // An order page whose lines detection does not read as products (a checkout's thank-you page) is still
    // an order: the report, and with it the order banner, follow every reading.
    if (fresh.length === 0) {
      if (this.entries.size === 0) this.scheduleReport();
      return;
    }
    // Whatever the cache and library know shows at once; the rest waits until it is on screen.
    for (const entry of fresh) {
      const status = known.get(entry.item);
      if (status) this.show(entry, status);
    }
    mark('longbox:known-shown');
    if (asking && !answers) {
      const late = await asking;
      unasked.forEach(({ item }, i) => {
        const entry = made.get(item);
        const status = late[i];
        if (entry && status && !entry.status && this.entries.has(entry)) this.show(entry, status);
      });
    }
    mark('longbox:asked');
    this.scheduleReport();
    for (const entry of fresh) if (!entry.status) this.visibility?.observe(entry.badge.host);
    if (!this.visibility) await this.resolve(fresh.filter((entry) => !entry.status), true);
  }

  private badge(item: DetectedItem, key: string, onAction: BadgeContext['onAction']): Badge {
    const settings = this.settings;
    return new Badge({
      key,
      price: item.price,
      defaultCondition: settings?.defaultCondition ?? 'NM',
      address: settings?.address ?? null,
      onAction,
      title: () => titleRef(item),
      loadMenu: () => this.loadExtras(),
      keyReasons: async (issueId) => keyReasonsReply(await this.messenger.send({ type: 'key-reasons', issueId }).catch(() => null)),
    });
  }

  private extrasLoaded: Promise<boolean> | null = null;

  /** The badge menu and the cart banner come when first needed (see lib/content/badge.ts). */
  private loadExtras(): Promise<boolean> {
    if (globalThis.longboxExtras) return Promise.resolve(true);
    this.extrasLoaded ??= this.messenger
      .send({ type: 'load-extras', part: 'menu' })
      .then((reply) => actionError(reply) === null && globalThis.longboxExtras !== undefined)
      .catch(() => false)
      .then((loaded) => {
        if (!loaded) this.extrasLoaded = null;
        return loaded;
      });
    return this.extrasLoaded;
  }

  /** Beside its title, at once; checked with the others of its frame (checkPlacement). */
  private mount(entry: Entry): boolean {
    const anchor = placeOf(entry.item.anchor);
    if (!anchor.isConnected) return false;
    try {
      if (this.settings?.badgePlacement === 'before') anchor.before(entry.badge.host);
      else anchor.after(entry.badge.host);
      // The e2e build says which badges are not yet checked and placed (tests wait for none).
      if (TEST_CONTRACT) entry.badge.host.setAttribute('data-longbox-placing', '');
      this.unchecked.push(entry);
      if (this.unchecked.length === 1) requestAnimationFrame(() => void this.checkPlacement());
      return true;
    } catch {
      return false;
    }
  }

  private unchecked: Entry[] = [];

  /**
   * The badges placed since the last frame, checked in one read pass (./placement.ts); those that wrapped
   * under their title, or cannot be seen, are moved by the page extras, loaded only then.
   */
  private async checkPlacement(): Promise<void> {
    const entries = this.unchecked.splice(0).filter((entry) => entry.badge.host.isConnected);
    if (entries.length === 0 || this.signal.aborted) return;
    const before = this.settings?.badgePlacement === 'before';
    const items = entries.map((entry) => ({ badge: entry.badge, anchor: placeOf(entry.item.anchor), before, print: entry.print }));
    let failed: number[] = [];
    // Until they have their places (the page extras may take a moment to come, and the moving goes on over
    // a few tasks on a heavy page), the misplaced badges are hidden: never painted pushing the page.
    const waiting = () => failed.map((i) => items[i]?.badge).filter((badge): badge is Badge => badge !== undefined);
    try {
      failed = misplaced(items);
      if (failed.length === 0) return;
      // The page may have moved since the prints were taken (an image came in, its own script laid it out
      // again): the page extras read what is around their titles again, with them hidden, and keep beside
      // its title each badge that moves nothing after all. Meanwhile they are hidden, and this frame ends.
      for (const badge of waiting()) badge.host.style.setProperty('display', 'none');
      if (!(await this.loadExtras()) || !globalThis.longboxExtras || this.signal.aborted) {
        // No way to move them: they stay beside their titles, as they went in.
        for (const badge of waiting()) badge.place('inline', hostStyle('inline'));
        return;
      }
      const anchors = [...this.entries].map((entry) => placeOf(entry.item.anchor));
      for (const moved of await globalThis.longboxExtras.placeOver(items, failed, anchors)) {
        const entry = entries[moved.index];
        if (entry) entry.visible = moved.visible;
      }
      this.scheduleReport();
    } catch {
      // A page that fails the measuring keeps its badges beside their titles.
      for (const badge of waiting()) if (badge.host.style.display === 'none') badge.place('inline', hostStyle('inline'));
    } finally {
      if (TEST_CONTRACT) for (const entry of entries) entry.badge.host.removeAttribute('data-longbox-placing');
    }
  }

  private onVisible(records: IntersectionObserverEntry[]): void {
    for (const record of records) {
      if (!record.isIntersecting) continue;
      const entry = this.byHost.get(record.target);
      this.visibility?.unobserve(record.target);
      if (entry && !entry.status) this.dueForLookup.add(entry);
    }
    if (this.dueForLookup.size === 0 || this.lookupTimer) return;
    this.lookupTimer = setTimeout(() => {
      this.lookupTimer = null;
      const due = [...this.dueForLookup];
      this.dueForLookup.clear();
      void this.resolve(due, true);
    }, LOOKUP_BATCH_MS);
  }

  /** Asks the background for statuses; null entries are comics only a lookup can answer. */
  private async ask(queries: ItemQuery[], lookUp: boolean): Promise<Array<BadgeStatus | null>> {
    let reply: unknown;
    try {
      reply = await this.messenger.send({ type: 'statuses', items: queries, visible: lookUp });
    } catch {
      reply = null;
    }
    return statusesReply(reply, queries.length) ?? queries.map(() => errorStatus(t('content_no_background')));
  }

  private show(entry: Entry, status: BadgeStatus): void {
    entry.status = status;
    entry.badge.show(status);
    this.scheduleKeys();
  }

  private scheduleKeys(): void {
    if (this.keysTimer) clearTimeout(this.keysTimer);
    this.keysTimer = setTimeout(() => {
      this.keysTimer = null;
      void this.askKeys();
    }, KEYS_WAIT_MS);
  }

  /** Which of the page's comics are key issues: the whole page in one request, read from what the
   *  background keeps, else one read for the page's series. Nothing is asked where no answer names a series. */
  private async askKeys(): Promise<void> {
    const asked = [...this.entries].filter((entry) => entry.status && !entry.copyOf && (entry.status.seriesId !== null || entry.query.matchKey)).slice(0, KEYS_ASKED_MAX);
    if (!asked.some((entry) => entry.status?.seriesId !== null) || this.signal.aborted) return;
    const comics = asked.map((entry) => ({ seriesId: entry.status?.seriesId ?? null, matchKey: entry.query.matchKey, number: entry.status?.number ?? null }));
    const said = JSON.stringify(comics);
    if (said === this.keysAsked) return;
    this.keysAsked = said;
    let reply: unknown;
    try {
      reply = await this.messenger.send({ type: 'key-issues', comics });
    } catch {
      reply = null;
    }
    const keys = keysReply(reply, asked.length);
    if (!keys) {
      // No answer: the next change of the page's answers asks again.
      this.keysAsked = '';
      return;
    }
    let marked = false;
    asked.forEach((entry, i) => {
      const key = keys[i] ?? null;
      marked ||= key !== (entry.keyIssueId ?? null);
      entry.keyIssueId = key;
      entry.badge.markKey(key);
    });
    for (const entry of this.entries) {
      if (entry.copyOf && entry.copyOf.keyIssueId !== undefined) entry.badge.markKey(entry.copyOf.keyIssueId);
    }
    if (marked) this.scheduleReport();
  }

  private async resolve(entries: Entry[], lookUp: boolean): Promise<void> {
    if (entries.length === 0 || this.signal.aborted) return;
    const statuses = await this.ask(entries.map((entry) => entry.query), lookUp);
    entries.forEach((entry, i) => {
      const status = statuses[i];
      if (status) this.show(entry, status);
    });
    this.scheduleReport();
  }

  private async act(entry: Entry, message: Request): Promise<ActionError | null> {
    const status = entry.status;
    let reply: unknown;
    try {
      reply = await this.messenger.send(message);
    } catch {
      reply = null;
    }
    const error = actionError(reply);
    if (error || !status) return error;
    // Every badge of the same issue (or, for a choice, the same code; for a comic answered from its
    // series, the same series and number: its other covers) changes with it.
    const affected = [...this.entries].filter(
      (other) =>
        other === entry ||
        (status.issueId !== null && other.status?.issueId === status.issueId) ||
        (status.resolvedFrom !== null && other.status?.resolvedFrom === status.resolvedFrom) ||
        (status.seriesId !== null && status.number !== null && other.status?.seriesId === status.seriesId && other.status.number === status.number),
    );
    await this.resolve(affected, false);
    const queued = queuedReply(reply);
    return queued ? { message: t('content_saved_queued', queued), fields: {} } : null;
  }

  private scheduleReport(): void {
    if (this.reportTimer) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = null;
      const items: PageItem[] = [];
      // One row per comic: a comic with a badge at several places is seen if any of them is.
      const seenAgain = new Set<Entry>();
      for (const entry of this.entries) if (entry.copyOf && entry.visible) seenAgain.add(entry.copyOf);
      for (const entry of this.entries) {
        if (!entry.status || entry.copyOf) continue;
        const visible = entry.visible || seenAgain.has(entry);
        items.push({
          key: entry.status.resolvedFrom ?? entry.key,
          title: entry.item.title?.slice(0, 300) ?? null,
          series: entry.status.seriesName ?? entry.item.parsed?.series ?? null,
          number: entry.status.number ?? entry.item.parsed?.number ?? null,
          price: entry.item.price?.slice(0, 40) ?? null,
          state: entry.status.state,
          issueId: entry.status.issueId,
          variantId: entry.status.variantId,
          seriesId: entry.status.seriesId,
          copies: entry.status.copies,
          coverUrl: entry.status.coverUrl,
          ...(entry.keyIssueId ? { keyIssueId: entry.keyIssueId } : {}),
          ...(visible ? {} : { visible: false }),
          titleRef: entry.status.byTitle && entry.status.issueId === null ? titleRef(entry.item) : null,
        });
      }
      void this.messenger.send({ type: 'page-report', adapter: this.adapter, items, layoutChanged: this.detection.layoutChanged }).catch(() => undefined);
      void this.showCartWarning();
      void this.showOrderBanner();
    }, 200);
  }

  private orderBanner: HTMLElement | null = null;
  private orderReported = '';

  /**
   * On an order page: the orders and their comics go to the background, and a banner offers to add them
   * to the collection. The reader comes with the page extras, loaded only where the address or the
   * headings speak of an order.
   */
  private async showOrderBanner(): Promise<void> {
    if (!mightShowOrder(this.document, this.url)) return;
    if (!(await this.loadExtras()) || !globalThis.longboxExtras || this.signal.aborted) return;
    const items = [...this.entries].filter((entry) => entry.item.anchor.isConnected).map((entry) => entry.item);
    items.sort((a, b) => (a.anchor.compareDocumentPosition(b.anchor) & 4 ? -1 : 1));
    const report = globalThis.longboxExtras.readOrders(this.document, this.url, items);
    if (!report) return;
    const said = JSON.stringify(report);
    if (said === this.orderReported && this.orderBanner?.isConnected) return;
    this.orderReported = said;
    let reply: unknown;
    try {
      reply = await this.messenger.send({ type: 'order-report', report });
    } catch {
      return;
    }
    const order = orderComicsReply(reply);
    if (order === null || order.comics === 0) return;
    this.orderBanner = globalThis.longboxExtras.orderBanner(
      this.document,
      order.comics,
      order.added,
      () => void this.messenger.send({ type: 'open-order-review' }).catch(() => undefined),
      this.orderBanner,
    );
  }

  /** On a cart page: name the comics already owned, before the shopper pays (or say none is). */
  private async showCartWarning(): Promise<void> {
    let path = '';
    try {
      const address = new URL(this.url);
      path = address.pathname + address.search;
    } catch {
      return;
    }
    const isCart = this.site.pages.some((page) => page.kind === 'cart' && page.url.test(path)) || /\/(cart|basket|checkout)\b/i.test(path);
    if (!isCart) return;
    // Shown on every cart page where comics were found, owned or not, so its presence says nothing.
    const answered = [...this.entries].filter((entry) => entry.status !== null && entry.status.state !== 'signed-out');
    const owned = answered.filter((entry) => entry.status?.state === 'owned');
    if (answered.length === 0 || !(await this.loadExtras()) || !globalThis.longboxExtras) return;
    this.banner = globalThis.longboxExtras.cartWarning(this.document, owned.map((entry) => entry.item.title ?? entry.status?.resolvedFrom ?? ''), this.banner);
  }
}

function errorStatus(message: string): BadgeStatus {
  return {
    state: 'error', resolvedFrom: null, issueId: null, seriesId: null, seriesName: null, number: null, coverUrl: null,
    copies: 0, bestCondition: null, matches: [], resumesAt: null, message, byTitle: false,
    edition: null, ownedEditions: [], inferred: false, variantId: null,
  };
}
