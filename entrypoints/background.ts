import { LongboxService } from '@/lib/background/service';
import { messageIdsAt, storePageWords } from '@/lib/background/store-words';
import { startFocReminders } from '@/lib/background/foc-reminders-browser';
import { startLookupMenu } from '@/lib/background/lookup-menu';
import { claimPageLoad, readOnDemand, type OnDemandApi } from '@/lib/background/on-demand';
import { syncOtherStores, type ScriptingApi } from '@/lib/background/other-stores';
import { toolbarButton } from '@/lib/platform';
import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { loadSession, saveSession } from '@/lib/secrets';
import { readPreferences, takeLegacySession } from '@/lib/settings';
import { RETAILER_DOMAINS } from '@/lib/sites/registry';

const WAKE_ALARM = 'longbox-wake';
const REFRESH_ALARM = 'longbox-refresh';

// Firefox's MV2 background is an event page (not persistent), unloaded when idle as Chromium stops its
// worker: everything it holds lives in storage, and it resumes from there (onWake).
export default defineBackground({
  persistent: false,
  main() {
    // The tab the popup opened over, read through the grant the toolbar click gave (activeTab).
    const onDemand: OnDemandApi = {
      tabUrl: async (tabId) => (await browser.tabs.get(tabId)).url,
      hasPermission: (origin) => browser.permissions.contains({ origins: [origin] }),
      claim: async (tabId) => {
        const [answer] = await browser.scripting.executeScript({ target: { tabId }, func: claimPageLoad });
        return answer?.result === true;
      },
      inject: async (tabId, file) => {
        // The build's own file names, the ones "any other store" registers (not data from outside).
        const [answer] = await browser.scripting.executeScript({ target: { tabId }, files: [`/${file}` as ScriptPublicPath] });
        // Firefox answers with the error a script threw rather than refusing the call.
        const thrown: unknown = answer && 'error' in answer ? answer.error : undefined;
        if (thrown !== undefined) throw thrown instanceof Error ? thrown : new Error(String(thrown));
      },
    };
    const ready = LongboxService.create({
      sessions: { load: () => loadSession({ take: takeLegacySession }), save: saveSession },
      quotaStore: {
        load: async () => (await browser.storage.local.get('quota')).quota,
        save: (quota) => browser.storage.local.set({ quota }),
      },
      version: browser.runtime.getManifest().version,
      preferences: readPreferences,
      openOptions: () => void browser.runtime.openOptionsPage(),
      readOnDemand: (tabId, beforeReading) => readOnDemand(onDemand, tabId, RETAILER_DOMAINS, beforeReading),
      injectExtras: async (tabId, frameId, part) => {
        const file = part === 'readers' ? '/general-readers.js' : '/page-extras.js';
        // At once, not at document_idle: the early script asks for the readers while the page still loads.
        await browser.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [file], injectImmediately: true });
      },
      showOwnedCount: (tabId, owned) => {
        const button = toolbarButton();
        void button.setBadgeText({ tabId, text: owned > 0 ? String(owned) : '' });
        void button.setBadgeBackgroundColor({ tabId, color: '#1d3a8a' });
      },
      storePageWords: () => storePageWords(() => messageIdsAt(browser.runtime.getURL('/_locales/en/messages.json'))),
      openOrderReview: (tabId) => void browser.tabs.create({ url: browser.runtime.getURL(`/order.html?tab=${tabId}`) }),
      scheduleWake: (at) => void browser.alarms.create(WAKE_ALARM, { when: Math.max(at, Date.now() + 1_000) }),
    });
    const own = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };

    browser.runtime.onMessage.addListener((message: unknown, sender) =>
      ready.then((service) => service.handle(message, sender, own)),
    );
    browser.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === WAKE_ALARM || alarm.name === REFRESH_ALARM) void ready.then((service) => service.onWake());
    });
    // FOC reminders: the daily alarm (made again at every start), the notification and its click.
    startFocReminders(ready, { wakeAlarms: [WAKE_ALARM, REFRESH_ALARM] });
    browser.tabs.onRemoved.addListener((tabId) => void ready.then((service) => service.tabClosed(tabId)));
    // "Look up in VerseDB" on selected text: a small window of its own, else a tab where there are no windows.
    const openPanel = (path: string) => {
      const url = browser.runtime.getURL(path as `/lookup.html${string}`);
      const made = browser.windows?.create({ url, type: 'popup', width: 420, height: 640 });
      if (made) made.catch(() => browser.tabs.create({ url }));
      else void browser.tabs.create({ url });
    };
    void startLookupMenu(browser.contextMenus, openPanel).catch((error: unknown) => console.warn('Longbox:', error));
    void browser.alarms.create(REFRESH_ALARM, { periodInMinutes: 30 });

    const scripting: ScriptingApi = {
      hasPermission: (origin) => browser.permissions.contains({ origins: [origin] }),
      registered: async (id) => (await browser.scripting.getRegisteredContentScripts({ ids: [id] })).length > 0,
      register: (script) => browser.scripting.registerContentScripts([{ ...script, persistAcrossSessions: true }]),
      unregister: (id) => browser.scripting.unregisterContentScripts({ ids: [id] }),
    };
    const otherStores = () => void syncOtherStores(scripting, RETAILER_DOMAINS).catch((error: unknown) => console.warn('Longbox:', error));
    browser.permissions.onAdded.addListener(otherStores);
    browser.permissions.onRemoved.addListener(otherStores);
    otherStores();
    // A worker restarted mid-sync (or with writes queued) goes on where it was.
    void ready.then((service) => service.onWake());
  },
});
