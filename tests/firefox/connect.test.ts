import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { fixturePage } from '../e2e/store';
import { clickPill, settledBadges, until } from './badges';
import { addressOf, launchFirefox, type FirefoxWithExtension } from './launch';

// "Connect with VerseDB" in Firefox: browser.identity there gives a redirect address of its own
// (https://<hash>.extensions.allizom.org/, where Chromium gives https://<id>.chromiumapp.org/), and
// launchWebAuthFlow opens VerseDB's page in a window Firefox watches for that address.

let firefox: FirefoxWithExtension;
let si: StandIn;

const states = fixturePage('e2e/dcbs-search-states');
const textOf = (page: Page, selector: string) => page.evaluate((selector) => document.querySelector(selector)?.textContent?.trim() ?? null, selector);

beforeAll(async () => {
  si = await startStandIn({ port: 0 });
  firefox = await launchFirefox();
  firefox.serve(states);
});

afterAll(async () => {
  await firefox?.close();
  await si?.stop();
});

test('Connect with VerseDB: PKCE through Firefox\'s web-auth window, with its own redirect address', async () => {
  const store = await firefox.openStorePage(states.url);
  await settledBadges(store, 9);
  await clickPill(store, 'upc:76194138626300411');
  const options = await firefox.extensionTab('options.html');
  await options.locator('#address').fill(si.url);
  await options.locator('.connect button').click();

  // VerseDB's page, in the window launchWebAuthFlow opened.
  const auth = await until(
    "VerseDB's Connect page",
    async () => {
      for (const page of await firefox.browser.pages()) {
        const href = await addressOf(page);
        if (href.startsWith(`${si.url}/connect?`)) return { page, href };
      }
      return null;
    },
    (found) => found !== null,
  );
  if (!auth) throw new Error('unreachable');
  const url = new URL(auth.href);
  expect(url.searchParams.get('redirect_uri')).toMatch(/^https:\/\/[0-9a-f]{40}\.extensions\.allizom\.org\/$/);
  expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(await textOf(auth.page, '#member')).toBe('Sam Okafor');
  await auth.page.locator('#approve').click();

  await until('the signed-in member', () => textOf(options, '[data-testid=member-name]'), (name) => name === 'Sam Okafor');
  expect(await textOf(options, '[data-testid=member-card]')).toContain('With VerseDB Connect (read-only)');
  expect(si.requests().filter((request) => request.path === '/api/v1/connect/token').map((request) => request.status)).toEqual([200]);
  // The store page again: titles are matched against Sam's synced library; codes would need a lookup,
  // which a Connect token may not make, and the badge says so.
  await store.reload();
  const views = await settledBadges(store, 9);
  const byCode = views.filter((view) => /^(upc|isbn):/.test(view.code ?? ''));
  expect(byCode.length).toBeGreaterThan(0);
  for (const view of byCode) expect(view).toMatchObject({ state: 'error', tip: expect.stringContaining('lookup:barcode') });
  expect(views.filter((view) => view.state === 'owned' && view.tip.endsWith('. Matched by title.')).length).toBeGreaterThan(0);
  await store.close();
});
