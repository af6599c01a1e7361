import type { PageRead } from '../protocol';
import { t } from '../i18n';
import { matchesPattern } from '../sites';
import { ANY_STORE_ORIGIN, ANY_STORE_SCRIPTS } from './other-stores';

// A store with no adapter, read on the member's ask: with "any other store" off (no host permission for
// every site), opening the popup from the toolbar gives Longbox that tab's page for the moment (the
// `activeTab` permission), and the background reads it once with the scripts "any other store" registers,
// in their order: the early script (which asks for the general readers) and then the generic script.
// The page is badged and reports its comics, as on any store. Nothing here runs without that click.

declare global {
  /** Set in a page's content-script world once Longbox has read that page on demand. */
  var longboxReadOnDemand: boolean | undefined;
}

/** The browser, as reading on demand uses it; the entry point wires it, tests fake it. */
export interface OnDemandApi {
  /** The tab's address; undefined where the browser shows Longbox nothing of the tab (no grant for it). */
  tabUrl(tabId: number): Promise<string | undefined>;
  hasPermission(origin: string): Promise<boolean>;
  /** Runs claimPageLoad in the tab's top frame, in the content scripts' world, and gives its answer. */
  claim(tabId: number): Promise<boolean>;
  /** Runs one of the extension's script files in the tab's top frame, as a registered content script runs. */
  inject(tabId: number, file: string): Promise<void>;
}

/** The files read on demand: the ones "any other store" registers, in the order they run on a page. */
export const ON_DEMAND_FILES: readonly string[] = ANY_STORE_SCRIPTS.flatMap((script) => script.js);

/**
 * Run in the page, in the content scripts' world (which a reload or a navigation starts afresh): true the
 * first time on this page load, false once a Longbox script has read it: the early script that runs beside
 * every store script and "any other store"'s, or an earlier read on demand. The browser sends this
 * function's source alone, so it uses nothing from outside it.
 */
export function claimPageLoad(): boolean {
  if (globalThis.longboxReadersRequested !== undefined || globalThis.longboxReadOnDemand === true) return false;
  globalThis.longboxReadOnDemand = true;
  return true;
}

/** Whether one of the supported stores' patterns covers the address; an http address as its https twin,
 *  since the patterns name only https and a store's http page redirects there. */
function onSupportedStore(address: URL, supportedStores: readonly string[]): boolean {
  const secure = new URL(address.href);
  secure.protocol = 'https:';
  return supportedStores.some((pattern) => matchesPattern(pattern, address) || matchesPattern(pattern, secure));
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The browser's refusal, in words a member can act on. */
export function refusal(error: unknown): string {
  const said = (error instanceof Error ? error.message : String(error)).slice(0, 200);
  return t('background_read_refused', said);
}

/**
 * Reads the tab's page once, unless another Longbox script reads it or it is no web page. `beforeReading`
 * runs once the page is claimed, just before its scripts go in (the background forgets the tab's last
 * report there, so the popup waits for this page's).
 */
export async function readOnDemand(api: OnDemandApi, tabId: number, supportedStores: readonly string[], beforeReading?: () => void): Promise<PageRead> {
  let url: string | undefined;
  try {
    url = await api.tabUrl(tabId);
  } catch (error) {
    return { kind: 'failed', message: refusal(error) };
  }
  if (url === undefined) return { kind: 'skipped', why: 'no-access' };
  const address = parse(url);
  if (!address || (address.protocol !== 'http:' && address.protocol !== 'https:')) return { kind: 'skipped', why: 'not-web' };
  if (onSupportedStore(address, supportedStores)) return { kind: 'skipped', why: 'supported-store' };
  // The registered generic script covers every https page once "any other store" is allowed; an http page
  // it does not reach is still read here.
  if (address.protocol === 'https:' && (await api.hasPermission(ANY_STORE_ORIGIN).catch(() => false))) return { kind: 'skipped', why: 'any-store' };
  try {
    if (!(await api.claim(tabId))) return { kind: 'skipped', why: 'already-read' };
    beforeReading?.();
    // One after the other: the early script sets up the readers' request the generic script then waits for.
    for (const file of ON_DEMAND_FILES) await api.inject(tabId, file);
  } catch (error) {
    return { kind: 'failed', message: refusal(error) };
  }
  return { kind: 'reading' };
}
