import { readBadgeViews, readPlacing, type BadgeView } from '../shared/badges';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { StandIn } from '../../stand-in/index.ts';
import { EXTENSION_DIR } from './fixtures';
import { unpackedExtensionId as idOf } from '../../scripts/lib/extension-id';

// Helpers for the badge tests: store pages served at the stores' real addresses (so the content
// script matches them as it would on the web), the demo member's data, signing in through an
// extension page, and reading badges the way a shopper sees them.

const FIXTURES = resolve('tests/fixtures');

/** The stand-in --data file shared with the demo: the sample pages' comics and Kay, the demo shopper. */
export function demoData(): unknown {
  return JSON.parse(readFileSync(resolve(FIXTURES, 'demo-data.json'), 'utf8'));
}

export const KAY = {
  username: 'kaycollects',
  token: 'longbox-demo-kay',
  /** Every scope but lookup:barcode. */
  noLookupToken: 'longbox-demo-kay-no-lookup',
} as const;

export interface StorePage {
  url: string;
  html: string;
}

/** A fixture page by its path under tests/fixtures (`e2e/dcbs-search-states`, `sites/midtown/cart`), at its address. */
export function fixturePage(path: string): StorePage {
  const expected: unknown = JSON.parse(readFileSync(resolve(FIXTURES, `${path}.expected.json`), 'utf8'));
  const url = typeof expected === 'object' && expected !== null && 'url' in expected ? expected.url : null;
  if (typeof url !== 'string') throw new Error(`${path}.expected.json has no url`);
  return { url, html: readFileSync(resolve(FIXTURES, `${path}.html`), 'utf8') };
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A DCBS search page listing these comics, each with its order code, as DCBS shows them. */
export function dcbsListing(query: string, items: ReadonlyArray<{ title: string; code: string; price: string }>): StorePage {
  const rows = items
    .map(({ title, code, price }) => {
      const href = `/product/${code}/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
      return `<li class="thumbitem"><div class="thumbtitle"><a href="${href}">${escape(title)}</a></div>
  <div class="thumbprice"><span class="dcbsprice">${escape(price)}</span></div><div class="thumbcode">${code}</div></li>`;
    })
    .join('\n');
  return {
    url: `https://www.dcbservice.com/search/${encodeURIComponent(query)}`,
    html: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Search: ${escape(query)} - DCBS</title>
<style>.thumblist{list-style:none;display:grid;grid-template-columns:repeat(3,1fr);gap:6px;padding:0}.thumbitem{border:1px solid #ddd;padding:4px}</style></head>
<body><h2 class="searchhead">Search Results for &quot;${escape(query)}&quot;</h2><ul class="thumblist">
${rows}
</ul></body></html>`,
  };
}

/** Serves store pages at their addresses; anything else a store page asks for is a 404. */
export class StoreServer {
  private readonly pages = new Map<string, string>();

  add(...pages: StorePage[]): void {
    for (const page of pages) this.pages.set(page.url, page.html);
  }

  async attach(context: BrowserContext): Promise<void> {
    await context.route(/^https:\/\/[^/]*\.(com|co\.uk|ca)\//, async (route) => {
      const html = this.pages.get(route.request().url());
      if (html !== undefined) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
      return route.fulfill({ status: 404, body: '' });
    });
  }
}

/** Chromium's id for the unpacked build (the e2e build unless `dir` names another). */
export function unpackedExtensionId(dir: string = EXTENSION_DIR): string {
  return idOf(dir);
}

/**
 * The extension's service worker. When none shows after launch (it is still starting, or stopped
 * already), a message from one of the extension's pages starts it. If the extension itself did not
 * load (its folder missing or being rebuilt), the page cannot open and this says so.
 */
export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  const origin = `chrome-extension://${unpackedExtensionId()}/`;
  const mine = (worker: Worker): boolean => worker.url().startsWith(origin);
  for (let attempt = 0; attempt < 3; attempt++) {
    const running = context.serviceWorkers().find(mine);
    if (running) return running;
    const appeared = context.waitForEvent('serviceworker', { predicate: mine, timeout: 5_000 }).catch(() => null);
    const page = await context.newPage();
    await page.goto(`${origin}popup.html`);
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' })).catch(() => undefined);
    const worker = (await appeared) ?? context.serviceWorkers().find(mine);
    await page.close();
    if (worker) return worker;
  }
  throw new Error('the extension\'s service worker did not start');
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** When the library last finished syncing, from the background's state answer. */
function lastSyncedAt(reply: unknown): number | null {
  const sync = record(record(record(reply)?.state)?.sync);
  return typeof sync?.lastSyncedAt === 'number' ? sync.lastSyncedAt : null;
}

/**
 * Signs the extension in to the stand-in with a token, through an extension page (only extension
 * pages may), and waits for the library sync that sign-in starts to finish.
 */
export async function signIn(extensionPage: Page, si: StandIn, token: string): Promise<void> {
  const started = Date.now();
  const reply = await extensionPage.evaluate(
    ({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }),
    { address: si.url, token },
  );
  if (record(reply)?.ok !== true) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
  // Until the background says the library synced after this sign-in (a while on a loaded machine).
  await expect
    .poll(async () => {
      const synced = lastSyncedAt(await extensionPage.evaluate(() => chrome.runtime.sendMessage({ type: 'state' })));
      return synced !== null && synced >= started ? 'synced' : 'the library sync after sign-in has not finished';
    }, { timeout: 30_000, intervals: [50, 100, 250] })
    .toBe('synced');
}

export type { BadgeView } from '../shared/badges';

/** Every badge on the page, in document order: its public attributes and what the shopper reads. */
export function badgeViews(page: Page): Promise<BadgeView[]> {
  return page.evaluate(readBadgeViews);
}

/** The badge whose data-longbox-code is this code (`upc:…`, `isbn:…`, or the title). */
export function badgeFor(page: Page, code: string) {
  return page.locator(`[data-longbox-badge][data-longbox-code="${code}"]`);
}

/** Waits until the page shows `count` badges, none still looking its comic up or being placed. */
export async function settledBadges(page: Page, count: number, timeout = 20_000): Promise<BadgeView[]> {
  let views: BadgeView[] = [];
  await expect
    .poll(async () => {
      views = await badgeViews(page);
      if (views.length !== count || views.some((view) => view.state === null)) return `expected ${count} settled badges, found: ${JSON.stringify(views)}`;
      // Settled also means placed: a badge moved off its title is hidden until it has its place.
      const placing = await page.evaluate(readPlacing);
      return placing === 0 ? 'settled' : `${placing} badges still being placed`;
    }, { timeout, intervals: [50, 100, 250] })
    .toBe('settled');
  return views;
}

/** A shop with no adapter, at the loopback address the e2e build holds a host permission for. */
export const SHOP = 'http://127.0.0.1:8765';

/**
 * The any-store scripts (the early script and the generic one) on the loopback shop, as the background
 * registers them once the member grants "any other store". Headless Chromium cannot answer that
 * permission's prompt, so the test registers them itself, under ids of its own.
 */
export async function registerAnyStore(worker: Worker): Promise<void> {
  await worker.evaluate(async (matches) => {
    await chrome.scripting.registerContentScripts([
      { id: 'test-any-store-early', js: ['early.js'], matches, runAt: 'document_start', persistAcrossSessions: false },
      { id: 'test-any-store', js: ['content-scripts/generic.js'], matches, runAt: 'document_idle', persistAcrossSessions: false },
    ]);
  }, ['http://127.0.0.1/*']);
}

/** Calls the stand-in's API as the member would (for checking what the extension wrote). */
export async function api(si: StandIn, token: string, path: string): Promise<unknown> {
  const response = await fetch(`${si.url}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** The ids of `data[].<field>.id` in a list answer (`entity` on the wishlist, `series` on the pull list). */
export function idsIn(reply: unknown, field: string): number[] {
  const data = record(reply)?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((row) => {
    const id = record(record(row)?.[field])?.id;
    return typeof id === 'number' ? [id] : [];
  });
}

/** A field of a JSON object answer. */
export function field(reply: unknown, name: string): unknown {
  return record(reply)?.[name];
}
