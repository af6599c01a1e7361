import { batch, computed, effect, signal, type Signal } from '@preact/signals';
import type { PageItem, TitleRef } from '../items';
import type { WriteAction } from '../library/writes';
import type { Preferences } from '../settings';
import type { Ask, Outcome } from './messages';
import { t } from '../i18n';
import { layoutChangedNotice } from './comics';
import { problemsOf } from './problems';
import { FEEDS, type DiscoveryResult, type Feed, type LibraryStatus, type PageReport, type UiError, type UiState, type WishlistRunResult, type WriteResult } from './replies';
import { clampDays, type SnapshotStore } from './snapshot';
import { newWriteId } from '../write-id';

// The popup's and the options page's state: a small model of signals, passed to the components
// through context. It starts from the last snapshot (so the first render has something to show),
// then asks the background, and keeps the snapshot up to date for the next time.

export interface ModelDeps {
  ask: Ask;
  snapshots: SnapshotStore;
  preferences: { load(): Promise<Preferences>; save(preferences: Preferences): Promise<void> };
  /** The tab the popup was opened over; null when there is none (the popup opened as a tab itself). */
  activeTabId?: () => Promise<number | null>;
  /** Where "sign in again" leads: the options page (from the popup), the token field (on it). */
  openSignIn?: () => void;
  openOptions?: () => void;
  now?: () => number;
  /** Waits between asks for a page being read (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** How long the popup waits for a page read on its ask to report, and how often it asks meanwhile. */
const READ_WAIT_MS = 20_000;
const READ_POLL_MS = 250;
/** Asks with the same report after which a page read on this opening counts as settled. */
const READ_SETTLED_ASKS = 4;
/** How long it waits for the report of a page read before, when the background has none yet (that first read may be under way). */
const READ_BEFORE_WAIT_MS = 3_000;

/** Said while the page is read on the popup's ask. */
export function readingPage(): string {
  return t('popup_reading_page');
}

/** Said when the page read on the popup's ask never reported. */
export function readTooLong(): string {
  return t('popup_read_too_long');
}

export interface FeedModel {
  readonly feed: Feed;
  readonly days: Signal<number>;
  readonly result: Signal<DiscoveryResult | null>;
  readonly loading: Signal<boolean>;
  readonly error: Signal<UiError | null>;
  /** Answers received from the background: the list's sections follow them, not the member's own marks. */
  readonly loads: Signal<number>;
}

/** What a done change means for a comic on the page, before the content script reports it again. */
export function afterWrite(item: PageItem, write: WriteAction): PageItem {
  switch (write.action) {
    case 'copy-add':
      return { ...item, state: 'owned', copies: item.copies + 1 };
    case 'copy-remove': {
      const copies = Math.max(0, item.copies - 1);
      return { ...item, copies, state: copies > 0 ? 'owned' : 'not-owned' };
    }
    case 'wishlist-add':
      return item.state === 'owned' ? item : { ...item, state: 'wishlist' };
    case 'wishlist-remove':
      return item.state === 'wishlist' ? { ...item, state: 'not-owned' } : item;
    case 'pull-list-add':
      return item.state === 'not-owned' ? { ...item, state: 'pull-list' } : item;
    case 'pull-list-remove':
      return item.state === 'pull-list' ? { ...item, state: 'not-owned' } : item;
  }
}

function touchesIssue(item: PageItem, write: WriteAction): boolean {
  if (write.action === 'pull-list-add' || write.action === 'pull-list-remove') return item.seriesId === write.seriesId;
  return item.issueId === write.issueId;
}

export function createAppModel(deps: ModelDeps) {
  const clock = deps.now ?? Date.now;
  const { ask } = deps;
  const saved = deps.snapshots.load();

  const state = signal<UiState | null>(saved.state);
  const stateError = signal<UiError | null>(null);
  /** True once the background has answered in this page (the snapshot may be stale until then). */
  const fresh = signal(false);
  const version = signal<string | null>(null);
  const now = signal(clock());
  const preferences = signal<Preferences | null>(null);
  /** What the tab's content script reported: undefined until asked, null when it reported nothing. */
  const pageItems = signal<PageItem[] | null | undefined>(undefined);
  const pageAdapter = signal<string | null>(null);
  /** Detection's self-check on that page: the store's adapter found fewer items than the general readers. */
  const pageLayoutChanged = signal(false);
  /** True while the page, read on this popup's ask, has not reported yet. */
  const pageReading = signal(false);
  /** Why the page could not be read on this popup's ask (the browser refused), in the member's words. */
  const pageReadProblem = signal<string | null>(null);
  /** The note above the page's comics, when there are comics to say it about. */
  const pageNotice = computed(() => (pageLayoutChanged.value && (pageItems.value?.length ?? 0) > 0 ? layoutChangedNotice() : null));

  const feeds: Record<Feed, FeedModel> = {
    foc: feedModel('foc'),
    firsts: feedModel('firsts'),
    follows: feedModel('follows'),
  };
  function feedModel(feed: Feed): FeedModel {
    return { feed, days: signal(saved.feeds[feed].days), result: signal(saved.feeds[feed].result), loading: signal(false), error: signal(null), loads: signal(0) };
  }

  const signedIn = computed(() => state.value?.session.signedIn ?? false);
  /** A Connect token (or a missing scope) stops changes; lookups need their own scope. */
  const readOnly = computed(() => state.value?.session.tokenKind === 'connect');
  const problems = computed(() => (state.value ? problemsOf(state.value, now.value) : []));

  // Keep the snapshot for the next popup. Reading every signal here makes this effect follow them.
  const stopSaving = effect(() => {
    deps.snapshots.save({
      version: 1,
      state: state.value,
      feeds: {
        foc: { days: feeds.foc.days.value, result: feeds.foc.result.value },
        firsts: { days: feeds.firsts.days.value, result: feeds.firsts.result.value },
        follows: { days: feeds.follows.days.value, result: feeds.follows.result.value },
      },
    });
  });

  async function refreshState(): Promise<void> {
    const reply = await ask({ type: 'state' });
    batch(() => {
      now.value = clock();
      if (reply.ok) {
        state.value = reply.value;
        stateError.value = null;
        fresh.value = true;
      } else {
        stateError.value = reply.error;
      }
    });
  }

  // Each feed answers only its latest request: a window changed mid-load must not be overwritten.
  const feedRequests: Record<Feed, number> = { foc: 0, firsts: 0, follows: 0 };
  async function loadFeed(feed: Feed, refresh = false): Promise<void> {
    const model = feeds[feed];
    const ticket = ++feedRequests[feed];
    model.loading.value = true;
    const reply = await ask({ type: 'discovery', feed, days: model.days.value, refresh });
    if (ticket !== feedRequests[feed]) return;
    batch(() => {
      model.loading.value = false;
      if (reply.ok) {
        model.result.value = reply.value;
        model.loads.value++;
        model.error.value = null;
      } else {
        model.error.value = reply.error;
      }
    });
  }

  function setFeedDays(feed: Feed, days: number): Promise<void> {
    const clamped = clampDays(feed, days);
    if (clamped === feeds[feed].days.value && feeds[feed].result.value?.days === clamped) return Promise.resolve();
    feeds[feed].days.value = clamped;
    return loadFeed(feed);
  }

  async function loadPage(): Promise<void> {
    const tabId = (await deps.activeTabId?.()) ?? null;
    if (tabId === null) {
      batch(() => {
        pageItems.value = null;
        pageLayoutChanged.value = false;
      });
      return;
    }
    // A store with no adapter and "any other store" off: the background reads the page now, on this ask.
    pageReadProblem.value = null;
    const read = await ask({ type: 'read-page', tabId });
    if (read.ok && read.value.kind === 'failed') {
      const message = read.value.message;
      batch(() => {
        pageItems.value = null;
        pageReadProblem.value = message;
      });
      return;
    }
    const reading = read.ok && read.value.kind === 'reading';
    const readBefore = read.ok && read.value.kind === 'skipped' && read.value.why === 'already-read';
    pageReading.value = reading;
    // Until the page's script reports (it does, with no comics too), or the wait is over.
    const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
    let asks = (reading ? READ_WAIT_MS : readBefore ? READ_BEFORE_WAIT_MS : 0) / READ_POLL_MS;
    let reply = await ask({ type: 'page-items', tabId });
    while (reply.ok && reply.value === null && asks-- > 0) {
      await sleep(READ_POLL_MS);
      reply = await ask({ type: 'page-items', tabId });
    }
    batch(() => {
      pageReading.value = false;
      showReport(reply);
      if (reading && reply.ok && reply.value === null) pageReadProblem.value = readTooLong();
    });
    // A page being read reports again as its comics' statuses come in: the list follows it until it stops
    // changing.
    let unchanged = 0;
    while ((reading || readBefore) && reply.ok && reply.value !== null && unchanged < READ_SETTLED_ASKS && asks-- > 0) {
      await sleep(READ_POLL_MS);
      const next = await ask({ type: 'page-items', tabId });
      if (!next.ok || next.value === null) return;
      unchanged = JSON.stringify(next.value) === JSON.stringify(reply.value) ? unchanged + 1 : 0;
      if (unchanged === 0) batch(() => showReport(next));
      reply = next;
    }
  }

  function showReport(reply: Outcome<PageReport>): void {
    pageItems.value = reply.ok ? (reply.value?.items ?? null) : null;
    pageAdapter.value = reply.ok ? (reply.value?.adapter ?? null) : null;
    pageLayoutChanged.value = reply.ok ? (reply.value?.layoutChanged ?? false) : false;
  }

  async function loadPreferences(): Promise<void> {
    preferences.value = await deps.preferences.load();
  }

  async function savePreferences(change: Partial<Preferences>): Promise<void> {
    const current = preferences.value ?? (await deps.preferences.load());
    const next = { ...current, ...change };
    preferences.value = next;
    await deps.preferences.save(next);
  }

  async function write(action: WriteAction): Promise<Outcome<WriteResult>> {
    const reply = await ask({ type: 'write', write: action, writeId: newWriteId() });
    if (reply.ok) {
      batch(() => {
        const items = pageItems.value;
        if (items) pageItems.value = items.map((item) => (touchesIssue(item, action) ? afterWrite(item, action) : item));
        if (action.action === 'pull-list-add' || action.action === 'pull-list-remove') {
          const pulled = action.action === 'pull-list-add';
          for (const feed of FEEDS) {
            const result = feeds[feed].result.value;
            if (!result) continue;
            feeds[feed].result.value = {
              ...result,
              entries: result.entries.map((entry) => (entry.seriesId === action.seriesId ? { ...entry, onPullList: pulled } : entry)),
            };
          }
        }
      });
    }
    void refreshState();
    return reply;
  }

  function libraryStatus(issueId: number, seriesId: number | null): Promise<Outcome<LibraryStatus>> {
    return ask({ type: 'library-status', issueId, seriesId });
  }

  /** The issue a page's comic answered from its series names (one read at most, on the member's click). */
  function issueForCode(code: string): Promise<Outcome<number>> {
    return ask({ type: 'issue-for-code', code });
  }

  function issueForTitle(title: TitleRef): Promise<Outcome<number>> {
    return ask({ type: 'issue-for-title', title });
  }

  /** "Wishlist the missing" of a run: one write each through the queue; the page's rows say so at once. */
  async function wishlistMissing(seriesId: number, missing: readonly PageItem[]): Promise<Outcome<WishlistRunResult>> {
    const reply = await ask({ type: 'wishlist-missing', seriesId, comics: missing.map((item) => ({ issueId: item.issueId, number: item.number })) });
    if (reply.ok) {
      const unresolved = new Set(reply.value.unresolved);
      const asked = new Set(missing.filter((item) => item.issueId !== null || !unresolved.has(item.number ?? '')).map((item) => item.key));
      const items = pageItems.value;
      if (items) pageItems.value = items.map((item) => (asked.has(item.key) ? { ...item, state: 'wishlist' } : item));
    }
    void refreshState();
    return reply;
  }

  /** A new member (or none) makes the lists of the last one meaningless. */
  function forgetLists(): void {
    for (const feed of FEEDS) feeds[feed].result.value = null;
  }

  async function signedInAs(reply: Outcome<UiState>): Promise<Outcome<UiState>> {
    if (reply.ok) {
      batch(() => {
        const before = state.value?.session.member?.id;
        state.value = reply.value;
        fresh.value = true;
        if (before !== reply.value.session.member?.id) forgetLists();
      });
    }
    return reply;
  }

  async function signIn(address: string, token: string): Promise<Outcome<UiState>> {
    const reply = await signedInAs(await ask({ type: 'sign-in', address, token, tokenKind: 'personal' }));
    if (reply.ok) await savePreferences({ address });
    return reply;
  }

  async function connect(address: string, code: string, redirectUri: string, codeVerifier: string): Promise<Outcome<UiState>> {
    const reply = await signedInAs(await ask({ type: 'connect', address, code, redirectUri, codeVerifier }));
    if (reply.ok) await savePreferences({ address });
    return reply;
  }

  async function signOut(): Promise<Outcome<boolean>> {
    const reply = await ask({ type: 'sign-out' });
    if (reply.ok) {
      batch(() => {
        forgetLists();
        pageItems.value = pageItems.value === undefined ? undefined : null;
        pageLayoutChanged.value = false;
      });
      deps.snapshots.clear();
    }
    await refreshState();
    return reply;
  }

  async function syncNow(): Promise<Outcome<boolean>> {
    const reply = await ask({ type: 'sync-now' });
    await refreshState();
    return reply;
  }

  function clearCache(): Promise<Outcome<boolean>> {
    return ask({ type: 'clear-cache' });
  }

  async function ping(): Promise<void> {
    const reply = await ask({ type: 'ping' });
    version.value = reply.ok ? reply.value : null;
  }

  function openSignIn(): void {
    deps.openSignIn?.();
  }

  function openOptions(): void {
    deps.openOptions?.();
  }

  /** Starts the page: the background's state, and keeps it (and the clock) current while open. */
  function start(options: { pollMs?: number } = {}): () => void {
    void ping();
    void refreshState();
    const poll = setInterval(() => void refreshState(), options.pollMs ?? 2_000);
    const tick = setInterval(() => {
      now.value = clock();
    }, 15_000);
    return () => {
      clearInterval(poll);
      clearInterval(tick);
      stopSaving();
    };
  }

  return {
    state,
    stateError,
    fresh,
    version,
    now,
    preferences,
    pageItems,
    pageAdapter,
    pageLayoutChanged,
    pageReading,
    pageReadProblem,
    pageNotice,
    feeds,
    signedIn,
    readOnly,
    problems,
    refreshState,
    loadFeed,
    setFeedDays,
    loadPage,
    loadPreferences,
    savePreferences,
    write,
    libraryStatus,
    issueForCode,
    issueForTitle,
    wishlistMissing,
    signIn,
    connect,
    signOut,
    syncNow,
    clearCache,
    ping,
    openSignIn,
    openOptions,
    start,
  };
}

export type AppModel = ReturnType<typeof createAppModel>;
