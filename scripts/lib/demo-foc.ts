import type { StandIn } from '../../stand-in/index.ts';

// The demo's FOC reminder (issue 13), for scripts/demo.ts in either browser: Kay puts a running series on
// her pull list, turns reminders on in the options page (the browser's notifications permission), and the
// clocks (the stand-in's, and the e2e build's reminder clock) move to the day before that series' next
// Final Order Cutoff, past the chosen hour; what the daily alarm does is run through the e2e build's hook.

/** What the demo needs of a browser for this: the options page, a message, the background's reminder hooks. */
export interface FocDemoBrowser {
  /** A message from one of the extension's pages. */
  ask(message: unknown): Promise<unknown>;
  /** On the options page, as the member: chooses the hour, then turns reminders on. */
  turnOn(hour: number): Promise<void>;
  /** One of the background's reminder hooks (lib/background/foc-reminders-browser.ts), its answer as JSON. */
  hook(name: 'alarm' | 'setClockOffset' | 'shown', arg?: unknown): Promise<string>;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Outcome {
  kind: string;
  notice?: { title: string; message: string };
}

/** Runs the reminder and answers the summary's lines. Never throws: a failure is a line of its own. */
export async function focReminderDemo(browser: FocDemoBrowser, si: StandIn): Promise<string[]> {
  try {
    const catalog = si.catalog();
    const soon = addDays(si.clock.today(), 1);
    const next = [...catalog.issues.values()].filter((i) => i.format === 'single' && i.focDate >= soon).sort((a, b) => a.focDate.localeCompare(b.focDate) || a.id - b.id)[0];
    if (!next) return ['FOC reminder: no upcoming cutoff in the catalog'];
    const series = catalog.seriesOf(next);
    const added = await browser.ask({ type: 'write', write: { action: 'pull-list-add', seriesId: series.id, seriesName: series.name } });
    if (!(typeof added === 'object' && added !== null && 'ok' in added && added.ok === true)) return [`FOC reminder: could not pull ${series.name}: ${JSON.stringify(added)}`];

    // Midday (UTC) of the day before the cutoff; the reminder hour is the local hour then.
    const target = Date.parse(`${addDays(next.focDate, -1)}T12:00:00Z`);
    const hour = new Date(target).getHours();
    // The clocks first to before that hour: turning reminders on checks at once, and at the real time
    // of day it would name the real day's cutoffs.
    const before = target - 55 * 60_000;
    si.clock.set(before);
    await browser.hook('setClockOffset', before - Date.now());
    await browser.turnOn(hour);
    const at = target + 60_000;
    si.clock.set(at);
    await browser.hook('setClockOffset', at - Date.now());
    const fired = JSON.parse(await browser.hook('alarm')) as Outcome;
    const again = JSON.parse(await browser.hook('alarm')) as Outcome;
    const shown = JSON.parse(await browser.hook('shown')) as unknown[];
    const when = new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    const lines = [`FOC reminder: ${series.name} put on Kay's pull list, reminders on at ${String(hour).padStart(2, '0')}:00, clocks moved to ${when}`];
    if (fired.kind === 'notified' && fired.notice) lines.push(`  notification "${fired.notice.title}": ${fired.notice.message.replace(/\n/g, '; ')}`);
    else lines.push(`  no notification: ${fired.kind}`);
    lines.push(`  the alarm again: ${again.kind === 'checked-today' ? 'nothing more' : again.kind} (${shown.length} notification${shown.length === 1 ? '' : 's'} in all)`);
    return lines;
  } catch (error) {
    return [`FOC reminder: ${error instanceof Error ? error.message : String(error)}`];
  }
}
