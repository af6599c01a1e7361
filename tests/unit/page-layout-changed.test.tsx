// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelContext } from '../../components/context';
import { PagePanel } from '../../components/popup/PagePanel';
import { LongboxService } from '../../lib/background/service';
import type { DetectedItem } from '../../lib/detect/types';
import type { PageItem } from '../../lib/items';
import { Request } from '../../lib/protocol';
import { DEFAULT_PREFERENCES } from '../../lib/settings';
import type { SiteAdapter } from '../../lib/sites/types';
import { layoutChangedNotice } from '../../lib/ui/comics';
import { createAsk, type Send } from '../../lib/ui/messages';
import { createAppModel } from '../../lib/ui/model';
import { memorySnapshots } from '../../lib/ui/snapshot';

// Detection's self-check, from the content script's report to the popup's note: when a store's adapter
// finds fewer items than the general readers, the page report says `layoutChanged` and the popup says
// the store's layout may have changed. Detection cannot yet produce such a page, so the detection
// session is stood in for here; everything after it is the real code.

const detection = vi.hoisted(() => ({ layoutChanged: false, items: [] as unknown[], sessions: [] as unknown[][] }));
vi.mock('../../lib/detect/reader', () => ({
  // Each reading session (the adapter's first, then the one with the general readers) reads the page
  // once: its first scan finds the items, later scans of the same session find nothing new.
  createReader: () => {
    let read = false;
    // A test may give each session its own items (the adapter's reading, then the fuller one).
    const own = detection.sessions.shift();
    return {
      adapter: 'midtown',
      scan: () => {
        if (read) return [];
        read = true;
        return [...(own ?? detection.items)];
      },
      pending: false,
      get layoutChanged() {
        return detection.layoutChanged;
      },
    };
  },
}));

const { PageSession } = await import('../../lib/content/page-session');

const ITEM: PageItem = { key: 'upc:76194134182500111', title: 'Saga #61', series: 'Saga', number: '61', price: '$3.99', state: 'not-owned', issueId: 61, variantId: null, seriesId: 3, copies: 0, coverUrl: null, titleRef: null };
const EXACT = "Longbox read this page with its general reader: this store's layout may have changed.";

const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const fromPopup = { id: 'ext', url: 'chrome-extension://ext/popup.html' };
const fromTab = (tab: number) => ({ id: 'ext', url: 'https://www.midtowncomics.com/product/1', tab: { id: tab }, frameId: 0 });

let databases = 0;
function service() {
  return LongboxService.create({
    sessions: { load: async () => null, save: async () => undefined },
    quotaStore: { load: async () => undefined, save: async () => undefined },
    dbName: `longbox-layout-${databases++}`,
    version: 'test',
  });
}

function model(send: Send, tabId: number | null = 7) {
  return createAppModel({
    ask: createAsk(send),
    snapshots: memorySnapshots(),
    preferences: { load: async () => DEFAULT_PREFERENCES, save: async () => undefined },
    activeTabId: async () => tabId,
    now: () => 1_000,
  });
}

describe('the page report’s layoutChanged', () => {
  it('is a boolean, false when an older content script leaves it out', () => {
    const base = { type: 'page-report', adapter: 'midtown', items: [ITEM] };
    expect(Request.parse(base)).toEqual({ ...base, layoutChanged: false });
    expect(Request.parse({ ...base, layoutChanged: true })).toEqual({ ...base, layoutChanged: true });
    expect(Request.safeParse({ ...base, layoutChanged: 'yes' }).success).toBe(false);
    expect(Request.safeParse({ ...base, layoutChanged: 1 }).success).toBe(false);
  });

  it('stays with the tab’s report and reaches the popup with the page’s comics', async () => {
    const background = await service();
    expect(await background.handle({ type: 'page-report', adapter: 'midtown', items: [ITEM], layoutChanged: true }, fromTab(7), own)).toEqual({ ok: true });
    expect(await background.handle({ type: 'page-report', adapter: 'midtown', items: [ITEM] }, fromTab(8), own)).toEqual({ ok: true });
    expect(await background.handle({ type: 'page-items', tabId: 7 }, fromPopup, own)).toEqual({ ok: true, page: { adapter: 'midtown', items: [ITEM], layoutChanged: true } });
    expect(await background.handle({ type: 'page-items', tabId: 8 }, fromPopup, own)).toEqual({ ok: true, page: { adapter: 'midtown', items: [ITEM], layoutChanged: false } });

    // A later report of the same tab replaces the earlier one, self-check included.
    await background.handle({ type: 'page-report', adapter: 'midtown', items: [ITEM], layoutChanged: false }, fromTab(7), own);
    expect(await background.handle({ type: 'page-items', tabId: 7 }, fromPopup, own)).toMatchObject({ page: { layoutChanged: false } });
    background.tabClosed(8);
    expect(await background.handle({ type: 'page-items', tabId: 8 }, fromPopup, own)).toEqual({ ok: true, page: null });

    // The popup reads it through its reply schema, in the real message path.
    await background.handle({ type: 'page-report', adapter: 'midtown', items: [ITEM], layoutChanged: true }, fromTab(7), own);
    const app = model((message) => background.handle(message, fromPopup, own));
    await app.loadPage();
    expect(app.pageLayoutChanged.value).toBe(true);
    expect(app.pageNotice.value).toBe(EXACT);
  });

  it('gives the popup model its note only when set and there are comics to say it about', async () => {
    let page: unknown = { adapter: 'midtown', items: [ITEM], layoutChanged: true };
    const send: Send = async (message) => {
      const request = Request.parse(message);
      if (request.type === 'page-items') return { ok: true, page };
      if (request.type === 'sign-out') return { ok: true };
      return { ok: false, error: { kind: 'internal', message: 'not here' } };
    };
    const app = model(send);
    expect(app.pageNotice.value).toBeNull();
    await app.loadPage();
    expect(app.pageLayoutChanged.value).toBe(true);
    expect(app.pageNotice.value).toBe(layoutChangedNotice());
    expect(layoutChangedNotice()).toBe(EXACT);

    // An older background's answer, without the field: no note.
    page = { adapter: 'midtown', items: [ITEM] };
    await app.loadPage();
    expect(app.pageLayoutChanged.value).toBe(false);
    expect(app.pageNotice.value).toBeNull();

    // Nothing on the page yet: nothing to say it about.
    page = { adapter: 'midtown', items: [], layoutChanged: true };
    await app.loadPage();
    expect(app.pageLayoutChanged.value).toBe(true);
    expect(app.pageNotice.value).toBeNull();

    // Signing out forgets the page, and its note.
    page = { adapter: 'midtown', items: [ITEM], layoutChanged: true };
    await app.loadPage();
    expect(app.pageNotice.value).toBe(EXACT);
    await app.signOut();
    expect(app.pageLayoutChanged.value).toBe(false);
    expect(app.pageNotice.value).toBeNull();

    // A refused answer, or no tab under the popup: no note.
    const refused = model(async () => ({ ok: false, error: { kind: 'internal', message: 'no' } }));
    await refused.loadPage();
    expect(refused.pageNotice.value).toBeNull();
    const tabless = model(send, null);
    await tabless.loadPage();
    expect(tabless.pageLayoutChanged.value).toBe(false);
  });
});

describe('the popup’s This page panel', () => {
  let root: HTMLElement | null = null;
  afterEach(() => {
    if (root) render(null, root);
    root?.remove();
    root = null;
  });

  async function panel(page: unknown): Promise<HTMLElement> {
    const app = model(async () => ({ ok: true, page }));
    await app.loadPage();
    root = document.createElement('div');
    document.body.append(root);
    const mounted = root;
    act(() => {
      render(
        <ModelContext.Provider value={app}>
          <PagePanel />
        </ModelContext.Provider>,
        mounted,
      );
    });
    return mounted;
  }

  it('says the layout may have changed, as a status line under the summary, not an error', async () => {
    const shown = await panel({ adapter: 'midtown', items: [ITEM], layoutChanged: true });
    const notes = shown.querySelectorAll('[role="status"]');
    expect(notes).toHaveLength(1);
    const note = notes[0];
    expect(note?.textContent).toBe(EXACT);
    expect(note?.classList.contains('layout-note')).toBe(true);
    expect(note?.className).not.toMatch(/error|warning/);
    // Beside the list header (the summary), before the comics.
    expect(note?.previousElementSibling?.classList.contains('summary')).toBe(true);
    expect(note?.nextElementSibling?.classList.contains('comics')).toBe(true);
    expect(shown.querySelectorAll('.comic')).toHaveLength(1);
  });

  it('lists apart the comics whose badge the page’s layout leaves no place for, so none goes unmarked', async () => {
    const hidden: PageItem = { ...ITEM, key: 'upc:70985330053302011', title: 'Monstress #20', series: 'Monstress', number: '20', visible: false };
    const shown = await panel({ adapter: 'midtown', items: [ITEM, hidden], layoutChanged: false });
    const apart = shown.querySelector('[data-testid="no-visible-badge"]');
    expect(apart?.querySelector('h2')?.textContent).toBe('On this page, no visible badge');
    expect([...(apart?.querySelectorAll('.comic-title') ?? [])].map((title) => title.textContent)).toEqual(['Monstress #20']);
    // The page's other comics stay in the list above; the summary counts them all.
    expect([...shown.querySelectorAll('.comics')][0]?.textContent).toContain('Saga #61');
    expect([...shown.querySelectorAll('.comics')][0]?.textContent).not.toContain('Monstress');
    expect(shown.querySelector('.summary')?.textContent).toContain('2 comics');
    // A page whose badges can all be seen has no such list.
    render(null, shown);
    shown.remove();
    const all = await panel({ adapter: 'midtown', items: [ITEM], layoutChanged: false });
    expect(all.querySelector('[data-testid="no-visible-badge"]')).toBeNull();
  });

  it('says nothing of the layout when the adapter read the page', async () => {
    const shown = await panel({ adapter: 'midtown', items: [ITEM], layoutChanged: false });
    expect(shown.querySelector('.layout-note')).toBeNull();
    expect(shown.textContent).not.toContain('general reader');
    expect(shown.querySelectorAll('.comic')).toHaveLength(1);
  });
});

describe('the content script’s report', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    detection.items = [];
    detection.layoutChanged = false;
  });

  async function report(layoutChanged: boolean): Promise<Record<string, unknown>> {
    document.body.innerHTML = '<main><h1 class="title">Saga #61</h1></main>';
    const anchor = document.querySelector('h1');
    if (!anchor) throw new Error('no anchor');
    const item = { codes: [{ type: 'upc', value: '76194134182500111' }], title: 'Saga #61', parsed: null, price: '$3.99', anchor, via: 'adapter:midtown', sources: ['adapter:midtown'] };
    detection.items = [item as unknown as DetectedItem];
    detection.layoutChanged = layoutChanged;
    const sent: Record<string, unknown>[] = [];
    let reported: (message: Record<string, unknown>) => void = () => undefined;
    const done = new Promise<Record<string, unknown>>((resolve) => (reported = resolve));
    const messenger = {
      send: async (message: unknown) => {
        const request = message as Record<string, unknown>;
        sent.push(request);
        switch (request.type) {
          case 'page-settings':
            return { ok: true, settings: { enabled: true, defaultCondition: 'NM', badgePlacement: 'after', address: null, signedIn: true } };
          case 'statuses':
            return { ok: true, statuses: (request.items as unknown[]).map(() => ({ state: 'owned', resolvedFrom: 'upc:76194134182500111', copies: 1, issue: { id: 61, seriesId: 3, seriesName: 'Saga', number: '61', coverUrl: null } })) };
          case 'page-report':
            reported(request);
            return { ok: true };
          default:
            return { ok: true };
        }
      },
    };
    const stop = new AbortController();
    const session = new PageSession(document, 'https://www.midtowncomics.com/product/1', { id: 'midtown', pages: [] } as unknown as SiteAdapter, messenger, stop.signal);
    await session.start();
    const message = await done;
    stop.abort();
    // What the content script sends is what the background accepts.
    expect(Request.safeParse(message).success).toBe(true);
    return message;
  }

  it('carries the detection session’s self-check', async () => {
    expect(await report(true)).toMatchObject({ type: 'page-report', adapter: 'midtown', layoutChanged: true, items: [{ key: 'upc:76194134182500111', state: 'owned' }] });
    expect(await report(false)).toMatchObject({ type: 'page-report', layoutChanged: false });
  });
});

describe('the first view', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    detection.items = [];
    detection.sessions = [];
  });

  it('never shows what the title says when the fuller reading finds a code: the comic is asked again by its code', async () => {
    document.body.innerHTML = '<main><h1 class="title">Saga #61</h1></main>';
    const anchor = document.querySelector('h1');
    const byTitle = { codes: [], title: 'Saga #61', parsed: { series: 'Saga', number: '61', volume: null, annual: false, format: 'issue' }, price: null, anchor, via: 'adapter:midtown', sources: ['adapter:midtown'] };
    const withCode = { ...byTitle, codes: [{ type: 'upc', value: '76194134182500111' }], via: 'json-ld', sources: ['adapter:midtown', 'json-ld'] };
    // The adapter read the title only; the general readers found the page's barcode for the same comic.
    detection.sessions = [[byTitle], [withCode]];
    const asked: unknown[][] = [];
    let reported: (message: Record<string, unknown>) => void = () => undefined;
    const done = new Promise<Record<string, unknown>>((resolve) => (reported = resolve));
    const messenger = {
      send: async (message: unknown) => {
        const request = message as Record<string, unknown>;
        switch (request.type) {
          case 'page-settings':
            return { ok: true, settings: { enabled: true, defaultCondition: 'NM', badgePlacement: 'after', address: null, signedIn: true } };
          case 'statuses': {
            const items = request.items as Array<{ codes: unknown[] }>;
            asked.push(items);
            // By title the library would say owned (another Saga #61); the code says not owned.
            return { ok: true, statuses: items.map((item) => ({ state: item.codes.length > 0 ? 'not-owned' : 'owned', resolvedFrom: item.codes.length > 0 ? 'upc:76194134182500111' : 'Saga #61', copies: item.codes.length > 0 ? 0 : 1, issue: null })) };
          }
          case 'page-report':
            reported(request);
            return { ok: true };
          default:
            return { ok: true };
        }
      },
    };
    const stop = new AbortController();
    const session = new PageSession(document, 'https://www.midtowncomics.com/product/1', { id: 'midtown', pages: [] } as unknown as SiteAdapter, messenger, stop.signal);
    await session.start();
    const report = await done;
    stop.abort();
    expect(asked.map((items) => items.map((item) => (item as { codes: unknown[] }).codes.length))).toEqual([[0], [1]]);
    expect(report).toMatchObject({ items: [{ key: 'upc:76194134182500111', state: 'not-owned' }] });
  });
});

describe('a reading that starts while badges wait for their answers', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    detection.items = [];
    detection.sessions = [];
  });

  it('passes over the comics already taken on: one badge each, never two', async () => {
    document.body.innerHTML = '<main><h1 class="title">Saga #61</h1></main>';
    const anchor = document.querySelector('h1');
    const item = { codes: [{ type: 'upc', value: '76194134182500111' }], title: 'Saga #61', parsed: null, price: '$3.99', anchor, via: 'adapter:midtown', sources: ['adapter:midtown'] };
    // The adapter's first reading finds nothing; the full reading, and the one after the store navigates
    // (the same comic still on the page), each find the comic.
    detection.sessions = [[], [item], [item]];
    let session: InstanceType<typeof PageSession> | null = null;
    let navigated = false;
    let reports = 0;
    let reported: (message: Record<string, unknown>) => void = () => undefined;
    const done = new Promise<Record<string, unknown>>((resolve) => (reported = resolve));
    const messenger = {
      send: async (message: unknown) => {
        const request = message as Record<string, unknown>;
        switch (request.type) {
          case 'page-settings':
            return { ok: true, settings: { enabled: true, defaultCondition: 'NM', badgePlacement: 'after', address: null, signedIn: true } };
          case 'statuses': {
            // The store navigates while the first answer is on its way (it comes inside the badges' wait).
            if (!navigated) {
              navigated = true;
              session?.navigated('https://www.midtowncomics.com/product/2');
            }
            await new Promise((next) => setTimeout(next, 30));
            return { ok: true, statuses: (request.items as unknown[]).map(() => ({ state: 'owned', resolvedFrom: 'upc:76194134182500111', copies: 1, issue: null })) };
          }
          case 'page-report':
            reports += 1;
            reported(request);
            return { ok: true };
          default:
            return { ok: true };
        }
      },
    };
    const stop = new AbortController();
    session = new PageSession(document, 'https://www.midtowncomics.com/product/1', { id: 'midtown', pages: [] } as unknown as SiteAdapter, messenger, stop.signal);
    await session.start();
    const report = await done;
    await new Promise((next) => setTimeout(next, 50));
    stop.abort();
    expect(navigated).toBe(true);
    expect(document.querySelectorAll('span')).toHaveLength(1);
    expect(report).toMatchObject({ items: [{ key: 'upc:76194134182500111', state: 'owned' }] });
    expect(report.items).toHaveLength(1);
    expect(reports).toBeGreaterThan(0);
  });
});
