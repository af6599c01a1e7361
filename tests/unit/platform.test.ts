import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformManifest, shownTabId, toolbarButton } from '../../lib/platform';

// The one place that knows how Chromium (MV3) and Firefox (MV2) differ.

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

type Tab = { id: number; active: boolean; windowId: number; lastAccessed?: number };

/** Windows and tabs as a browser reports them; getLastFocused answers with `focused`, honouring windowTypes or not. */
function windows(focused: { id: number; type: 'normal' | 'popup' }, tabs: Tab[], types: Record<number, 'normal' | 'popup'>) {
  vi.spyOn(fakeBrowser.windows, 'getLastFocused').mockResolvedValue({ id: focused.id, type: focused.type, focused: true, alwaysOnTop: false, incognito: false });
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async (query) =>
    tabs
      .filter((tab) => query.active === undefined || tab.active === query.active)
      .filter((tab) => query.windowId === undefined || tab.windowId === query.windowId)
      .filter((tab) => query.windowType === undefined || types[tab.windowId] === query.windowType)
      .map((tab) => ({ ...tab, index: 0, pinned: false, highlighted: false, incognito: false, discarded: false, autoDiscardable: true, groupId: -1, frozen: false, selected: tab.active })),
  );
}

describe('the tab under the popup', () => {
  it('is the shown tab of the last focused normal window (Chromium, and the toolbar popup in Firefox)', async () => {
    windows({ id: 1, type: 'normal' }, [{ id: 10, active: false, windowId: 1 }, { id: 11, active: true, windowId: 1 }, { id: 20, active: true, windowId: 2 }], { 1: 'normal', 2: 'normal' });
    expect(await shownTabId()).toBe(11);
  });

  it("is the normal windows' most recently looked-at tab when Firefox answers with popup.html's own window", async () => {
    windows(
      { id: 3, type: 'popup' },
      [{ id: 10, active: true, windowId: 1, lastAccessed: 1_000 }, { id: 20, active: true, windowId: 2, lastAccessed: 5_000 }, { id: 30, active: true, windowId: 3, lastAccessed: 9_000 }],
      { 1: 'normal', 2: 'normal', 3: 'popup' },
    );
    expect(await shownTabId()).toBe(20);
  });

  it('is none when no normal window shows a tab', async () => {
    windows({ id: 3, type: 'popup' }, [{ id: 30, active: true, windowId: 3 }], { 3: 'popup' });
    expect(await shownTabId()).toBeNull();
  });
});

describe('the manifest', () => {
  it('asks for other hosts at run time: optional_host_permissions in MV3, optional_permissions in Firefox MV2', () => {
    const hosts = ['https://*/*'];
    expect(platformManifest('chrome', hosts)).toEqual({ optional_host_permissions: hosts });
    const firefox = platformManifest('firefox', hosts);
    expect(firefox.optional_permissions).toEqual(hosts);
    expect(firefox).not.toHaveProperty('optional_host_permissions');
    expect(firefox).toHaveProperty('browser_specific_settings.gecko.data_collection_permissions.required', ['websiteContent']);
  });
});

it('the toolbar button is `action` in an MV3 build', () => {
  expect(toolbarButton()).toBe(fakeBrowser.action);
});
