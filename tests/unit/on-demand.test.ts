import { afterEach, describe, expect, it } from 'vitest';
import { claimPageLoad, ON_DEMAND_FILES, readOnDemand, type OnDemandApi } from '@/lib/background/on-demand';
import { ANY_STORE_ORIGIN } from '@/lib/background/other-stores';

const STORES = ['https://*.midtowncomics.com/*', 'https://www.amazon.com/*'];
const SHOP = 'https://www.panelshopcomics.com/collections/new';

/** A browser with one tab showing `url`, whose page is claimed as claimPageLoad would claim it. */
function fakeBrowser(url: string | undefined, options: { anyStore?: boolean; refuse?: string; refuseFile?: string } = {}) {
  const calls: string[] = [];
  let claimed = false;
  const api: OnDemandApi = {
    tabUrl: async () => url,
    hasPermission: async (origin) => origin === ANY_STORE_ORIGIN && options.anyStore === true,
    claim: async () => {
      calls.push('claim');
      if (options.refuse) throw new Error(options.refuse);
      if (claimed) return false;
      claimed = true;
      return true;
    },
    inject: async (_tabId, file) => {
      if (file === options.refuseFile) throw new Error('Frame with ID 0 was removed.');
      calls.push(file);
    },
  };
  return { api, calls, reload: () => (claimed = false) };
}

describe('reading a page on demand', () => {
  it('reads a store with no adapter: the early script, then the generic one, as "any other store" registers them', async () => {
    const { api, calls } = fakeBrowser(SHOP);
    let before = 0;
    expect(await readOnDemand(api, 7, STORES, () => before++)).toEqual({ kind: 'reading' });
    expect(ON_DEMAND_FILES).toEqual(['early.js', 'content-scripts/generic.js']);
    expect(calls).toEqual(['claim', 'early.js', 'content-scripts/generic.js']);
    expect(before).toBe(1);
  });

  it('reads an http page too, even with "any other store" on: its script covers https pages only', async () => {
    const { api, calls } = fakeBrowser('http://127.0.0.1:8765/shop', { anyStore: true });
    expect(await readOnDemand(api, 7, STORES)).toEqual({ kind: 'reading' });
    expect(calls).toHaveLength(3);
  });

  it('leaves a supported store to its own script, on https and on http', async () => {
    for (const url of ['https://www.midtowncomics.com/product/1', 'http://midtowncomics.com/product/1', 'https://www.amazon.com/dp/1534300066']) {
      const { api, calls } = fakeBrowser(url);
      expect(await readOnDemand(api, 7, STORES)).toEqual({ kind: 'skipped', why: 'supported-store' });
      expect(calls).toEqual([]);
    }
  });

  it('leaves a page to "any other store" when the member turned it on', async () => {
    const { api, calls } = fakeBrowser(SHOP, { anyStore: true });
    expect(await readOnDemand(api, 7, STORES)).toEqual({ kind: 'skipped', why: 'any-store' });
    expect(calls).toEqual([]);
  });

  it('reads no page that is not on the web', async () => {
    for (const url of ['chrome://extensions/', 'about:addons', 'chrome-extension://abc/popup.html', 'file:///home/kay/shop.html', 'view-source:https://shop.example/', 'not an address']) {
      const { api, calls } = fakeBrowser(url);
      expect(await readOnDemand(api, 7, STORES)).toEqual({ kind: 'skipped', why: 'not-web' });
      expect(calls).toEqual([]);
    }
  });

  it('reads a page once per page load: a second ask injects nothing, a reload reads it again', async () => {
    const browser = fakeBrowser(SHOP);
    await readOnDemand(browser.api, 7, STORES);
    let before = 0;
    expect(await readOnDemand(browser.api, 7, STORES, () => before++)).toEqual({ kind: 'skipped', why: 'already-read' });
    expect(before).toBe(0);
    expect(browser.calls.filter((call) => call !== 'claim')).toHaveLength(2);
    browser.reload();
    expect(await readOnDemand(browser.api, 7, STORES)).toEqual({ kind: 'reading' });
    expect(browser.calls.filter((call) => call !== 'claim')).toHaveLength(4);
  });

  it('says nothing of a tab the browser shows it nothing of (no toolbar click over it)', async () => {
    const { api, calls } = fakeBrowser(undefined);
    expect(await readOnDemand(api, 7, STORES)).toEqual({ kind: 'skipped', why: 'no-access' });
    expect(calls).toEqual([]);
  });

  it('reports a refusal in words, with what the browser said', async () => {
    const { api } = fakeBrowser('https://chromewebstore.google.com/detail/x', { refuse: 'The extensions gallery cannot be scripted.' });
    const read = await readOnDemand(api, 7, STORES);
    expect(read.kind).toBe('failed');
    if (read.kind !== 'failed') return;
    expect(read.message).toContain('Longbox could not read this page.');
    expect(read.message).toContain('The extensions gallery cannot be scripted.');
  });

  it('reports a script that could not go in, and a tab that is gone', async () => {
    const { api } = fakeBrowser(SHOP, { refuseFile: 'content-scripts/generic.js' });
    expect(await readOnDemand(api, 7, STORES)).toMatchObject({ kind: 'failed', message: expect.stringContaining('Frame with ID 0 was removed.') });
    const gone: OnDemandApi = { ...fakeBrowser(SHOP).api, tabUrl: () => Promise.reject(new Error('No tab with id: 7.')) };
    expect(await readOnDemand(gone, 7, STORES)).toMatchObject({ kind: 'failed', message: expect.stringContaining('No tab with id: 7.') });
  });
});

describe('claiming a page load (run in the page)', () => {
  afterEach(() => {
    globalThis.longboxReadOnDemand = undefined;
    globalThis.longboxReadersRequested = undefined;
  });

  it('is true once per content-script world', () => {
    expect(claimPageLoad()).toBe(true);
    expect(claimPageLoad()).toBe(false);
  });

  it('is false where a store script or "any other store"\'s early script already asked for the readers', () => {
    globalThis.longboxReadersRequested = Promise.resolve();
    expect(claimPageLoad()).toBe(false);
  });

  it('stands alone: its source, run by itself, claims the same way', () => {
    // The browser sends the function's source, not its closure.
    const alone = new Function(`return (${claimPageLoad.toString()})();`) as () => boolean;
    expect(alone()).toBe(true);
    expect(alone()).toBe(false);
  });
});
