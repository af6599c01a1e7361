// What differs between the browsers Longbox ships for, in one place. Chromium gets the MV3 build (a
// service worker, `action`, optional_host_permissions); Firefox the MV2 build (a background page,
// `browserAction`, host patterns in optional_permissions). The rest of the code asks here and holds no
// check of its own. The same in both, checked by the Firefox browser tests: storage, IndexedDB (the
// token), alarms, messaging with sender checks, scripting (executeScript, registerContentScripts),
// permissions.request/contains/remove with origins, identity.getRedirectURL and launchWebAuthFlow.
//
// Functions only (nothing at module level): wxt.config.ts imports this file in Node, where there is no
// `browser` and no import.meta.env.

/** The manifest keys that differ by browser (`browser` as WXT names it: 'chrome', 'firefox', ...). */
export function platformManifest(target: string, optionalHosts: string[], optionalApis: string[] = []): Record<string, unknown> {
  if (target !== 'firefox') return { optional_host_permissions: optionalHosts, ...(optionalApis.length > 0 ? { optional_permissions: optionalApis } : {}) };
  return {
    // Firefox's MV2 has no optional_host_permissions: host patterns go in optional_permissions there.
    optional_permissions: [...optionalHosts, ...optionalApis],
    browser_specific_settings: {
      // data_collection_permissions needs Firefox 140 (desktop) and 142 (Android).
      gecko: {
        id: 'longbox@longbox.app',
        strict_min_version: '140.0',
        // What leaves the browser: the codes of the comics on a store page (website
        // content), sent to the member's VerseDB to look them up; never addresses or browsing history.
        data_collection_permissions: { required: ['websiteContent'] },
      },
      gecko_android: { strict_min_version: '142.0' },
    },
  };
}

/** The part of the toolbar button Longbox uses: the count of owned comics on a tab's page. */
export interface ToolbarButton {
  setBadgeText(details: { tabId?: number; text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { tabId?: number; color: string }): Promise<void> | void;
}

/** The toolbar button: `action` in MV3, `browserAction` in Firefox's MV2 (where `action` is undefined). */
export function toolbarButton(): ToolbarButton {
  return import.meta.env.MANIFEST_VERSION === 2 ? browser.browserAction : browser.action;
}

/**
 * The tab the member is looking at in a normal browser window: the one the toolbar popup opened over,
 * and still the store's tab when popup.html is open in a window of its own.
 *
 * Firefox's windows.getLastFocused ignores `windowTypes` and answers with the popup's own window when
 * that has the focus; then the normal windows' shown tabs are asked which was looked at last.
 */
export async function shownTabId(): Promise<number | null> {
  const focused = await browser.windows.getLastFocused({ windowTypes: ['normal'] });
  if (focused.type === 'normal' || focused.type === undefined) {
    const [tab] = await browser.tabs.query({ active: true, windowId: focused.id });
    return tab?.id ?? null;
  }
  const shown = await browser.tabs.query({ active: true, windowType: 'normal' });
  const latest = shown.reduce<(typeof shown)[number] | undefined>((last, tab) => (last === undefined || (tab.lastAccessed ?? 0) > (last.lastAccessed ?? 0) ? tab : last), undefined);
  return latest?.id ?? null;
}
