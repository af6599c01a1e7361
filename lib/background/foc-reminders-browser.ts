import { browser } from 'wxt/browser';
import { toolbarButton } from '../platform';
import { readPreferences } from '../settings';
import { FOC_NOTIFICATION_PREFIX, FOC_REMINDER_ALARM, focRemindersFor, type FocNotice, type ReminderOutcome } from './foc-reminders';
import type { LongboxService } from './service';

// The FOC reminders' browser side, for entrypoints/background.ts: the daily alarm (made again
// at every start of the worker, since alarms need not survive a browser restart, and whenever the
// preferences change), the notification, and its click, which opens the popup's FOC list in a tab.
// The rules are in ./foc-reminders.ts.

const LOG_KEY = 'focReminders';
const E2E = import.meta.env.MODE === 'e2e';

/** The e2e build's hooks (tests and the demo), reached through the worker: never in a store build. */
export interface FocReminderTestHooks {
  /** Moves the reminders' clock by this much (as the stand-in's clock was moved). */
  setClockOffset(ms: number): Promise<void>;
  /** What the daily alarm does; its outcome. */
  alarm(): Promise<ReminderOutcome>;
  /** A click on the notification. */
  click(id: string): Promise<void>;
  /** Every notification shown, oldest first. */
  shown(): Promise<FocNotice[]>;
  /** When the daily alarm rings next (null: none). */
  scheduled(): Promise<number | null>;
}

/** Starts the reminders of a background service; listeners are added now, during the worker's first turn. */
export function startFocReminders(ready: Promise<LongboxService>, options: { wakeAlarms: readonly string[] }): void {
  let clockOffset = 0;
  const offsetLoaded = E2E ? browser.storage.local.get('e2e:clock-offset').then((got) => void (clockOffset = Number(got['e2e:clock-offset'] ?? 0) || 0)) : Promise.resolve();
  const now = () => Date.now() + clockOffset;

  const notify = async (notice: FocNotice) => {
    if (!(await browser.permissions.contains({ permissions: ['notifications'] })) || !browser.notifications) throw new Error('Longbox is not allowed to show notifications.');
    if (E2E) {
      const got = await browser.storage.local.get('e2e:foc-shown');
      const shown = Array.isArray(got['e2e:foc-shown']) ? got['e2e:foc-shown'] : [];
      await browser.storage.local.set({ 'e2e:foc-shown': [...shown, notice] });
    }
    await browser.notifications.create(notice.id, { type: 'basic', iconUrl: browser.runtime.getURL('/icon/128.png'), title: notice.title, message: notice.message });
  };

  const reminders = Promise.all([ready, offsetLoaded]).then(([service]) =>
    focRemindersFor(service, {
      now,
      settings: async () => {
        const preferences = await readPreferences();
        return { enabled: preferences.focReminders, hour: preferences.focReminderHour };
      },
      store: {
        load: async () => (await browser.storage.local.get(LOG_KEY))[LOG_KEY],
        save: (log) => browser.storage.local.set({ [LOG_KEY]: log }),
      },
      notify,
    }),
  );

  /** The daily alarm at the chosen hour, or none while reminders are off. */
  const schedule = async () => {
    const at = await (await reminders).nextAlarm();
    if (at === null) await browser.alarms.clear(FOC_REMINDER_ALARM);
    // The alarm's time is the browser's own; the e2e clock offset is taken off again.
    else await browser.alarms.create(FOC_REMINDER_ALARM, { when: at - clockOffset });
  };
  /** The toolbar's count of cutoffs in the next 48 hours: the global text, which a tab with comics overrides with its own. */
  const showCutoffsSoon = async () => {
    const count = await (await reminders).cutoffsSoon();
    const button = toolbarButton();
    await button.setBadgeText({ text: count > 0 ? String(count) : '' });
    if (count > 0) await button.setBadgeBackgroundColor({ color: '#9a3412' });
  };
  const run = async (): Promise<ReminderOutcome> => {
    const outcome = await (await reminders).run();
    if (outcome.kind === 'failed' || outcome.kind === 'notify-failed') console.warn('Longbox: FOC reminder:', outcome.reason);
    await showCutoffsSoon().catch((error: unknown) => console.warn('Longbox: FOC count:', error));
    return outcome;
  };
  const safely = (work: () => Promise<unknown>) => void work().catch((error: unknown) => console.warn('Longbox: FOC reminder:', error));

  const openFocList = async (id: string) => {
    if (!id.startsWith(FOC_NOTIFICATION_PREFIX)) return;
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html#foc') });
    await browser.notifications?.clear(id);
  };
  // The notifications API is there only once the permission is: the click listener is added when it comes.
  let listening = false;
  const listenForClicks = () => {
    if (listening || !browser.notifications) return;
    listening = true;
    browser.notifications.onClicked.addListener((id) => safely(() => openFocList(id)));
  };

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === FOC_REMINDER_ALARM) safely(() => run().finally(schedule));
    // A day missed at the hour (the browser closed, the worker asleep) is checked at the next wake.
    else if (options.wakeAlarms.includes(alarm.name)) safely(run);
  });
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && 'preferences' in changes) safely(() => schedule().then(run));
  });
  browser.permissions.onAdded.addListener(listenForClicks);
  listenForClicks();
  safely(() => schedule().then(run));

  if (E2E) {
    const hooks: FocReminderTestHooks = {
      setClockOffset: async (ms) => {
        clockOffset = ms;
        await browser.storage.local.set({ 'e2e:clock-offset': ms });
      },
      alarm: async () => {
        const outcome = await run();
        await schedule();
        return outcome;
      },
      click: openFocList,
      shown: async () => {
        const got = (await browser.storage.local.get('e2e:foc-shown'))['e2e:foc-shown'];
        return Array.isArray(got) ? (got as FocNotice[]) : [];
      },
      scheduled: async () => (await browser.alarms.get(FOC_REMINDER_ALARM))?.scheduledTime ?? null,
    };
    (globalThis as { longboxFocReminders?: FocReminderTestHooks }).longboxFocReminders = hooks;
  }
}
