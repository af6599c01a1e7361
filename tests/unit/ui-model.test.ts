import { describe, expect, it, vi } from 'vitest';
import { challengeFor } from '../../lib/connect';
import type { PageItem } from '../../lib/items';
import { Request } from '../../lib/protocol';
import { DEFAULT_PREFERENCES, type Preferences } from '../../lib/settings';
import { runConnectFlow } from '../../lib/ui/connect-flow';
import { createAsk, type Send } from '../../lib/ui/messages';
import { afterWrite, createAppModel } from '../../lib/ui/model';
import type { DiscoveryResult, UiState } from '../../lib/ui/replies';
import { emptySnapshot, memorySnapshots, webStorageSnapshots } from '../../lib/ui/snapshot';

const STATE: UiState = {
  session: { signedIn: true, rejected: false, address: 'https://versedb.com', tokenKind: 'personal', member: { id: 1, username: 'samreads', name: 'Sam Okafor', isPro: false }, missingScopes: [] },
  quota: {
    tier: 'free',
    reads: { limit: 300, remaining: 290, resetsAt: 1 },
    readsToday: { limit: 4000, remaining: 3990, resetsAt: 1 },
    writes: { limit: 150, remaining: 150, resetsAt: 1 },
    pausedUntil: null,
  },
  sync: { mode: null, step: null, nextPage: 1, lastPage: null, total: null, pagesDone: 0, phasePagesDone: 0, phaseLastPage: null, waitingUntil: null, lastSyncedAt: 5, problem: null, unreadable: [] },
  circuit: { state: 'closed', retryAt: null, failures: 0 },
  queuedWrites: 0,
  writesNeedSignIn: 0,
  writeNotices: [],
};

function foc(days: number, seriesId = 3, onPullList = false): DiscoveryResult {
  return {
    feed: 'foc',
    days,
    entries: [{ issueId: days, seriesId, seriesName: 'Saga', number: String(days), title: null, coverUrl: null, releaseDate: null, focDate: '2026-01-20', onPullList, reason: null }],
    note: null,
    unreadable: 0,
    fetchedAt: 100,
  };
}

const ITEM: PageItem = { key: 'upc:1', title: 'Saga #61', series: 'Saga', number: '61', price: '$3.99', state: 'not-owned', issueId: 61, variantId: null, seriesId: 3, copies: 0, coverUrl: null, titleRef: null };

/** A background that answers from a table, and records what it was asked. */
function fakeBackground(answers: Partial<Record<Request['type'], (request: Request) => unknown>>) {
  const asked: Request[] = [];
  const send: Send = async (message) => {
    const request = Request.parse(message);
    asked.push(request);
    const answer = answers[request.type];
    return answer ? answer(request) : { ok: true };
  };
  return { send, asked };
}

function model(send: Send, options: { snapshots?: ReturnType<typeof memorySnapshots>; tabId?: number | null } = {}) {
  let stored: Preferences = DEFAULT_PREFERENCES;
  const snapshots = options.snapshots ?? memorySnapshots();
  const app = createAppModel({
    ask: createAsk(send),
    snapshots,
    preferences: { load: async () => stored, save: async (p) => void (stored = p) },
    activeTabId: async () => options.tabId ?? null,
    now: () => 1_000,
  });
  return { app, snapshots, preferences: () => stored };
}

describe('messages to the background', () => {
  it('gives the answer, read through its schema', async () => {
    const ask = createAsk(async () => ({ ok: true, state: STATE }));
    expect(await ask({ type: 'state' })).toEqual({ ok: true, value: STATE });
  });

  it('gives a refusal with its details', async () => {
    const ask = createAsk(async () => ({ ok: false, error: { kind: 'invalid', message: 'No.', fields: { grade_score: ['Too long.'] } } }));
    expect(await ask({ type: 'sync-now' })).toEqual({ ok: false, error: { kind: 'invalid', message: 'No.', fields: { grade_score: ['Too long.'] } } });
  });

  it('never passes on an answer it cannot read, nor throws', async () => {
    const odd = createAsk(async () => ({ ok: true, state: { session: 'yes' } }));
    expect(await odd({ type: 'state' })).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    const dead = createAsk(async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    expect(await dead({ type: 'ping' })).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});

describe('the app model', () => {
  it('starts from the last snapshot, before the background answers', () => {
    const snapshots = memorySnapshots({ ...emptySnapshot(), state: STATE, feeds: { ...emptySnapshot().feeds, foc: { days: 7, result: foc(7) } } });
    const { app } = model(async () => new Promise(() => undefined), { snapshots });
    expect(app.state.value).toEqual(STATE);
    expect(app.signedIn.value).toBe(true);
    expect(app.feeds.foc.days.value).toBe(7);
    expect(app.feeds.foc.result.value?.entries).toHaveLength(1);
    expect(app.fresh.value).toBe(false);
  });

  it('keeps only the latest answer for a list whose window changed mid-load', async () => {
    let release: (value: unknown) => void = () => undefined;
    const slow = new Promise((resolve) => (release = resolve));
    const { send } = fakeBackground({
      discovery: (request) => (request.type === 'discovery' && request.days === 14 ? slow : { ok: true, discovery: foc(request.type === 'discovery' ? request.days : 0) }),
    });
    const { app, snapshots } = model(send);
    const first = app.loadFeed('foc');
    await app.setFeedDays('foc', 45); // clamped to 30
    release({ ok: true, discovery: foc(14) });
    await first;
    expect(app.feeds.foc.days.value).toBe(30);
    expect(app.feeds.foc.result.value?.days).toBe(30);
    expect(snapshots.load().feeds.foc.days).toBe(30);
  });

  it('marks a change on the page and in the lists at once', async () => {
    const { send, asked } = fakeBackground({
      'page-items': () => ({ ok: true, page: { adapter: 'midtown', items: [ITEM] } }),
      discovery: () => ({ ok: true, discovery: foc(14, 3) }),
      write: () => ({ ok: true, result: { kind: 'done' } }),
      state: () => ({ ok: true, state: STATE }),
    });
    const { app } = model(send, { tabId: 5 });
    await app.loadPage();
    await app.loadFeed('foc');
    expect(asked.find((r) => r.type === 'page-items')).toEqual({ type: 'page-items', tabId: 5 });

    const loads = app.feeds.foc.loads.value;
    await app.write({ action: 'pull-list-add', seriesId: 3, seriesName: 'Saga' });
    expect(app.pageItems.value?.[0]?.state).toBe('pull-list');
    expect(app.feeds.foc.result.value?.entries[0]?.onPullList).toBe(true);
    // The member's own mark is not a new answer: the FOC list's sections stay as they were answered.
    expect(app.feeds.foc.loads.value).toBe(loads);
    await app.loadFeed('foc');
    expect(app.feeds.foc.loads.value).toBe(loads + 1);

    await app.write({ action: 'copy-add', issueId: 61, fields: { condition: 'NM' } });
    expect(app.pageItems.value?.[0]).toMatchObject({ state: 'owned', copies: 1 });
    expect(asked.filter((r) => r.type === 'state').length).toBeGreaterThan(0);
  });

  it('leaves the page and lists alone when VerseDB says no', async () => {
    const { send } = fakeBackground({
      'page-items': () => ({ ok: true, page: { adapter: 'midtown', items: [ITEM] } }),
      write: () => ({ ok: false, error: { kind: 'invalid', message: 'Bad grade.', fields: { grade_score: ['Bad grade.'] } } }),
      state: () => ({ ok: true, state: STATE }),
    });
    const { app } = model(send, { tabId: 5 });
    await app.loadPage();
    const reply = await app.write({ action: 'copy-add', issueId: 61, fields: { grade_score: 'x' } });
    expect(reply).toMatchObject({ ok: false, error: { fields: { grade_score: ['Bad grade.'] } } });
    expect(app.pageItems.value?.[0]).toEqual(ITEM);
  });

  it('has no page items when there is no tab under it', async () => {
    const { send, asked } = fakeBackground({});
    const { app } = model(send, { tabId: null });
    await app.loadPage();
    expect(app.pageItems.value).toBeNull();
    expect(asked).toEqual([]);
  });

  it('signs in, keeps the address, and forgets the last member’s lists', async () => {
    const dana: UiState = { ...STATE, session: { ...STATE.session, member: { id: 2, username: 'longboxdana', name: 'Dana Whitfield', isPro: true } } };
    const { send } = fakeBackground({ 'sign-in': () => ({ ok: true, state: dana }) });
    const snapshots = memorySnapshots({ ...emptySnapshot(), state: STATE, feeds: { ...emptySnapshot().feeds, foc: { days: 14, result: foc(14) } } });
    const { app, preferences } = model(send, { snapshots });
    const reply = await app.signIn('http://127.0.0.1:7878', 'token');
    expect(reply.ok).toBe(true);
    expect(app.state.value?.session.member?.username).toBe('longboxdana');
    expect(app.feeds.foc.result.value).toBeNull();
    expect(preferences().address).toBe('http://127.0.0.1:7878');
  });

  it('signs out: the snapshot goes too', async () => {
    const signedOut: UiState = { ...STATE, session: { ...STATE.session, signedIn: false, member: null, tokenKind: null } };
    const { send } = fakeBackground({ state: () => ({ ok: true, state: signedOut }) });
    const snapshots = memorySnapshots({ ...emptySnapshot(), state: STATE, feeds: { ...emptySnapshot().feeds, foc: { days: 14, result: foc(14) } } });
    const { app } = model(send, { snapshots });
    await app.signOut();
    expect(app.signedIn.value).toBe(false);
    expect(app.feeds.foc.result.value).toBeNull();
    expect(snapshots.load().state?.session.signedIn ?? false).toBe(false);
    expect(snapshots.load().feeds.foc.result).toBeNull();
  });

  it('applies a change to a page item', () => {
    expect(afterWrite({ ...ITEM, state: 'owned', copies: 2 }, { action: 'copy-remove', issueId: 61, copyId: 1 })).toMatchObject({ state: 'owned', copies: 1 });
    expect(afterWrite({ ...ITEM, state: 'owned', copies: 1 }, { action: 'copy-remove', issueId: 61, copyId: 1 })).toMatchObject({ state: 'not-owned', copies: 0 });
    expect(afterWrite({ ...ITEM, state: 'owned', copies: 1 }, { action: 'wishlist-add', issueId: 61 }).state).toBe('owned');
    expect(afterWrite({ ...ITEM, state: 'wishlist' }, { action: 'wishlist-remove', issueId: 61 }).state).toBe('not-owned');
    expect(afterWrite({ ...ITEM, state: 'pull-list' }, { action: 'pull-list-remove', seriesId: 3 }).state).toBe('not-owned');
  });
});

describe('the snapshot in Web Storage', () => {
  function memoryStorage() {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    };
  }

  it('reads back what it saved, with windows kept in range', () => {
    const storage = memoryStorage();
    const snapshots = webStorageSnapshots(storage);
    snapshots.save({ ...emptySnapshot(), state: STATE, feeds: { ...emptySnapshot().feeds, firsts: { days: 500, result: null } } });
    const back = snapshots.load();
    expect(back.state).toEqual(STATE);
    expect(back.feeds.firsts.days).toBe(90);
  });

  it('reads damage as empty', () => {
    const storage = memoryStorage();
    storage.setItem('longbox:last-seen', '{not json');
    expect(webStorageSnapshots(storage).load()).toEqual(emptySnapshot());
    storage.setItem('longbox:last-seen', JSON.stringify({ version: 1, state: { token: 'x' } }));
    expect(webStorageSnapshots(storage).load()).toEqual(emptySnapshot());
  });
});

describe('the Connect flow as the options page runs it', () => {
  const REDIRECT = 'https://abc.chromiumapp.org/';

  it('hands the code, the redirect and the verifier of its own challenge to the background', async () => {
    let challenge = '';
    const exchange = vi.fn(async (_code: string, _redirectUri: string, _verifier: string) => ({ ok: true as const, value: STATE }));
    const reply = await runConnectFlow('http://127.0.0.1:7878', {
      redirectUri: REDIRECT,
      launch: async (url) => {
        const params = new URL(url).searchParams;
        challenge = params.get('code_challenge') ?? '';
        return `${REDIRECT}?code=abc123&state=${params.get('state')}`;
      },
      exchange,
    });
    expect(reply.ok).toBe(true);
    expect(exchange).toHaveBeenCalledTimes(1);
    const [code, redirectUri, verifier] = exchange.mock.calls[0] ?? [];
    expect([code, redirectUri]).toEqual(['abc123', REDIRECT]);
    expect(await challengeFor(verifier ?? '')).toBe(challenge);
  });

  it('stops at a decline, a foreign state or a closed window, and exchanges nothing', async () => {
    const exchange = vi.fn(async () => ({ ok: true as const, value: STATE }));
    const run = (launch: (url: string) => Promise<string>) => runConnectFlow('https://versedb.com', { redirectUri: REDIRECT, launch, exchange });
    const stateOf = (url: string) => new URL(url).searchParams.get('state');
    expect(await run(async (url) => `${REDIRECT}?error=access_denied&state=${stateOf(url)}`)).toMatchObject({ ok: false, error: { kind: 'declined' } });
    expect(await run(async () => `${REDIRECT}?code=abc&state=someone-else`)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(
      await run(async () => {
        throw new Error('The user did not approve access.');
      }),
    ).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(exchange).not.toHaveBeenCalled();
  });
});
