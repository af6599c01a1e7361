import { shownTabId } from '../platform';
import { preferencesItem, readPreferences } from '../settings';
import { createAsk } from './messages';
import type { ModelDeps } from './model';
import type { OptionsEnv } from './options-env';
import { webStorageSnapshots } from './snapshot';

// The model's dependencies in the browser: messages to the background, the snapshot in the
// extension's localStorage, the stored preferences, the active tab and the options page.

/** True in the toolbar popup itself (not when popup.html is open in a tab, as in tests). */
function isToolbarPopup(): boolean {
  return browser.extension.getViews({ type: 'popup' }).includes(window);
}

export function browserModelDeps(overrides: Partial<ModelDeps> = {}): ModelDeps {
  const openOptions = () => {
    void browser.runtime.openOptionsPage();
    if (isToolbarPopup()) window.close();
  };
  return {
    ask: createAsk((message) => browser.runtime.sendMessage(message)),
    snapshots: webStorageSnapshots(localStorage),
    preferences: { load: readPreferences, save: (preferences) => preferencesItem.setValue(preferences) },
    activeTabId: shownTabId,
    openOptions,
    openSignIn: openOptions,
    ...overrides,
  };
}

export function browserOptionsEnv(): OptionsEnv {
  return {
    requestHostPermission: (pattern) => browser.permissions.request({ origins: [pattern] }),
    hasHostPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    removeHostPermission: (pattern) => browser.permissions.remove({ origins: [pattern] }),
    requestNotifications: () => browser.permissions.request({ permissions: ['notifications'] }),
    hasNotifications: () => browser.permissions.contains({ permissions: ['notifications'] }),
    connectRedirectUri: () => browser.identity.getRedirectURL(),
    launchWebAuthFlow: async (url) => {
      const back = await browser.identity.launchWebAuthFlow({ url, interactive: true });
      if (!back) throw new Error('The web-auth window gave no address back.');
      return back;
    },
  };
}
