// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelContext } from '../../components/context';
import { PagePanel } from '../../components/popup/PagePanel';
import { LongboxService } from '../../lib/background/service';
import type { PageItem } from '../../lib/items';
import type { PageRead } from '../../lib/protocol';
import { Request } from '../../lib/protocol';
import { DEFAULT_PREFERENCES, type Preferences } from '../../lib/settings';
import { createAsk, type Send } from '../../lib/ui/messages';
import { createAppModel, readTooLong, readingPage } from '../../lib/ui/model';
import { memorySnapshots } from '../../lib/ui/snapshot';

// A page read on the popup's ask (lib/background/on-demand.ts decides and injects; its own tests cover
// that): what the background does around it, and what the popup shows while it reads and when it cannot.

const ITEM: PageItem = { key: 'isbn:9781534300064', title: 'Saga #1', series: 'Saga', number: '1', price: '$3.99', state: 'owned', issueId: 1, variantId: null, seriesId: 3, copies: 1, coverUrl: null, titleRef: null };
const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const fromPopup = { id: 'ext', url: 'chrome-extension://ext/popup.html' };
const fromTab = (tab: number, frameId = 0) => ({ id: 'ext', url: 'https://www.panelshopcomics.com/new', tab: { id: tab }, frameId });

let databases = 0;
function service(read: (tabId: number, beforeReading: () => void) => Promise<PageRead>, preferences: Preferences = DEFAULT_PREFERENCES) {
  return LongboxService.create({
    sessions: { load: async () => null, save: async () => undefined },
    quotaStore: { load: async () => undefined, save: async () => undefined },
    dbName: `longbox-on-demand-${databases++}`,
    preferences: async () => preferences,
    readOnDemand: read,
  });
}

function model(send: Send) {
  return createAppModel({
    ask: createAsk(send),
    snapshots: memorySnapshots(),
    preferences: { load: async () => DEFAULT_PREFERENCES, save: async () => undefined },
    activeTabId: async () => 7,
    now: () => 1_000,
    sleep: async () => undefined,
  });
}

const enabled = async (background: LongboxService, from: ReturnType<typeof fromTab>) => {
  const reply = await background.handle({ type: 'page-settings', adapter: 'generic' }, from, own);
  return reply.ok ? reply.settings.enabled : null;
};

describe('the background, reading a page on the popup’s ask', () => {
  it('forgets the tab’s last report (another page’s), so the popup waits for this one’s', async () => {
    const background = await service(async (_tabId, beforeReading) => {
      beforeReading();
      return { kind: 'reading' };
    });
    await background.handle({ type: 'page-report', adapter: 'midtown', items: [ITEM], layoutChanged: false }, fromTab(7), own);
    expect(await background.handle({ type: 'read-page', tabId: 7 }, fromPopup, own)).toEqual({ ok: true, read: { kind: 'reading' } });
    expect(await background.handle({ type: 'page-items', tabId: 7 }, fromPopup, own)).toEqual({ ok: true, page: null });
  });

  it('badges the page it reads even with the "any other store" switch off, for that page only', async () => {
    const off = { ...DEFAULT_PREFERENCES, disabledSites: ['generic'] };
    const background = await service(async (_tabId, beforeReading) => {
      beforeReading();
      return { kind: 'reading' };
    }, off);
    expect(await enabled(background, fromTab(7))).toBe(false);
    await background.handle({ type: 'read-page', tabId: 7 }, fromPopup, own);
    // A frame inside the page is not the page read.
    expect(await enabled(background, fromTab(7, 3))).toBe(false);
    expect(await enabled(background, fromTab(8))).toBe(false);
    expect(await enabled(background, fromTab(7))).toBe(true);
    // The tab's next page follows the switches again.
    expect(await enabled(background, fromTab(7))).toBe(false);
  });

  it('gives a page it could not read no leave from the switches', async () => {
    const off = { ...DEFAULT_PREFERENCES, disabledSites: ['generic'] };
    const background = await service(async (_tabId, beforeReading) => {
      beforeReading();
      return { kind: 'failed', message: 'Longbox could not read this page.' };
    }, off);
    expect(await background.handle({ type: 'read-page', tabId: 7 }, fromPopup, own)).toMatchObject({ ok: true, read: { kind: 'failed' } });
    expect(await enabled(background, fromTab(7))).toBe(false);
  });

  it('reads a page only when one of the extension’s own pages asks', async () => {
    let asked = 0;
    const background = await service(async () => {
      asked++;
      return { kind: 'reading' };
    });
    expect(await background.handle({ type: 'read-page', tabId: 7 }, fromTab(7), own)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(asked).toBe(0);
  });
});

/** A background whose read-page answers `read`, and whose page report comes after `asksBeforeReport` asks,
 *  with `reports` in turn (the last one from then on). */
function popupBackground(read: PageRead, asksBeforeReport: number, reports: PageItem[][] = [[ITEM]]) {
  const asked: string[] = [];
  const send: Send = async (message) => {
    const request = Request.parse(message);
    asked.push(request.type);
    if (request.type === 'read-page') return { ok: true, read };
    if (request.type === 'page-items') {
      const asks = asked.filter((type) => type === 'page-items').length;
      const items = reports[Math.min(asks - asksBeforeReport - 1, reports.length - 1)];
      return { ok: true, page: asks > asksBeforeReport ? { adapter: 'generic', items, layoutChanged: false } : null };
    }
    return { ok: false, error: { kind: 'internal', message: 'not here' } };
  };
  return { send, asked };
}

describe('the popup, over a page read on its ask', () => {
  it('says it is reading the page until the page reports, then lists its comics', async () => {
    const { send, asked } = popupBackground({ kind: 'reading' }, 3);
    const app = model(send);
    await app.loadPage();
    // Three asks with no report, the report, then four with the same report: it has settled.
    expect(asked).toEqual(['read-page', ...Array<string>(8).fill('page-items')]);
    expect(app.pageItems.value).toEqual([ITEM]);
    expect(app.pageReading.value).toBe(false);
    expect(app.pageReadProblem.value).toBeNull();
  });

  it('follows the page’s reports as its comics’ statuses come in, until they settle', async () => {
    const second: PageItem = { ...ITEM, key: 'isbn:9781534300002', title: 'Saga #2', number: '2', issueId: 2 };
    const { send, asked } = popupBackground({ kind: 'reading' }, 0, [[ITEM], [ITEM, second]]);
    const app = model(send);
    await app.loadPage();
    expect(app.pageItems.value).toEqual([ITEM, second]);
    expect(asked.filter((type) => type === 'page-items')).toHaveLength(6);
  });

  it('shows the state while reading', async () => {
    let report: () => void = () => undefined;
    const reported = new Promise<void>((done) => (report = done));
    const app = createAppModel({
      ask: createAsk(async (message) => {
        const request = Request.parse(message);
        if (request.type === 'read-page') return { ok: true, read: { kind: 'reading' } };
        return { ok: true, page: null };
      }),
      snapshots: memorySnapshots(),
      preferences: { load: async () => DEFAULT_PREFERENCES, save: async () => undefined },
      activeTabId: async () => 7,
      sleep: () => reported,
    });
    const loading = app.loadPage();
    const shown = mount(app);
    await act(async () => {
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(app.pageReading.value).toBe(true);
    expect(shown.querySelector('[data-testid="page-reading"]')?.textContent).toBe(readingPage());
    expect(readingPage()).toBe('Reading this page…');
    report();
    await loading;
  });

  it('says the page could not be read, with the reason, never a blank list', async () => {
    const message = 'Longbox could not read this page. The browser said: “The extensions gallery cannot be scripted.”';
    const { send, asked } = popupBackground({ kind: 'failed', message }, 0);
    const app = model(send);
    await app.loadPage();
    expect(asked).toEqual(['read-page']);
    const shown = mount(app);
    const problem = shown.querySelector('[data-testid="page-read-problem"]');
    expect(problem?.getAttribute('role')).toBe('alert');
    expect(problem?.textContent).toBe(message);
    expect(shown.querySelector('.comics')).toBeNull();
  });

  it('says so when the page read never reports', async () => {
    const { send } = popupBackground({ kind: 'reading' }, Infinity);
    const app = model(send);
    await app.loadPage();
    expect(app.pageReadProblem.value).toBe(readTooLong());
    expect(mount(app).querySelector('[data-testid="page-read-problem"]')?.textContent).toBe(readTooLong());
  });

  it('opened again over the same page, lists what its first read reported at once', async () => {
    const { send, asked } = popupBackground({ kind: 'skipped', why: 'already-read' }, 0);
    const app = model(send);
    const loading = app.loadPage();
    await new Promise((done) => setTimeout(done, 0));
    expect(asked.slice(0, 2)).toEqual(['read-page', 'page-items']);
    expect(app.pageItems.value).toEqual([ITEM]);
    expect(app.pageReading.value).toBe(false);
    await loading;
  });

  it('over a page Longbox does not read on demand, asks for its report once, as before', async () => {
    for (const why of ['supported-store', 'any-store', 'not-web', 'no-access'] as const) {
      const { send, asked } = popupBackground({ kind: 'skipped', why }, 1);
      const app = model(send);
      await app.loadPage();
      expect(asked).toEqual(['read-page', 'page-items']);
      expect(app.pageItems.value).toBeNull();
      expect(app.pageReadProblem.value).toBeNull();
    }
  });
});

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = null;
});

function mount(app: ReturnType<typeof createAppModel>): HTMLElement {
  if (root) render(null, root);
  root?.remove();
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
