import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { dcbsListing } from '../e2e/store';
import { clickPill, inBadge, settledBadges, until } from './badges';
import { launchFirefox, type FirefoxWithExtension } from './launch';

// Key issues in Firefox's MV2 build: a back-issue page's keys marked in their pills (one read for the page),
// the pill the size of any other, and the menu saying why for a PRO member.

let firefox: FirefoxWithExtension;
let si: StandIn;
let options: Page;
const RUN = 24;

const textOf = (page: Page, selector: string) => page.evaluate((selector) => document.querySelector(selector)?.textContent?.trim() ?? null, selector);

beforeAll(async () => {
  si = await startStandIn({ port: 0 });
  firefox = await launchFirefox();
});

afterAll(async () => {
  await firefox?.close();
  await si?.stop();
});

test('Firefox: a back-issue page marks its key issues, and a key’s menu says why', async () => {
  const series = [...si.catalog().series.values()].find((s) => s.slug === 'invincible-2003')!;
  const issues = (si.catalog().issuesBySeries.get(series.id) ?? []).slice(0, RUN);
  const keys = issues.filter((issue) => si.catalog().isKeyIssue(issue));
  const page = dcbsListing('invincible', issues.map((issue) => ({ title: `${series.name} #${issue.number}`, code: '', price: '$3.99' })));
  firefox.serve(page);

  // Signed in as the PRO member from the options page the first badge's "Sign in" opens.
  const first = await firefox.openStorePage(page.url);
  await settledBadges(first, RUN);
  await clickPill(first, `${series.name} #1`);
  options = await firefox.extensionTab('options.html');
  await options.locator('#address').fill(si.url);
  await options.locator('#token').fill(si.tokens.pro);
  await options.locator('form.token-form button[type=submit]').click();
  await until('the library sync', () => textOf(options, '[data-testid=sync-status]'), (text) => text?.startsWith('Library synced') ?? false);
  await first.close();

  si.clearRequests();
  const store = await firefox.openStorePage(page.url);
  await settledBadges(store, RUN);
  const marked = await until(
    'the key marks',
    () => store.evaluate(() => [...document.querySelectorAll('[data-longbox-key-issue]')].map((host) => host.getAttribute('data-longbox-code'))),
    (codes) => codes.length === keys.length,
  );
  expect(marked.sort()).toEqual(keys.map((issue) => `${series.name} #${issue.number}`).sort());
  expect(si.requests().filter((r) => r.path === '/api/v1/issues' && r.query.includes('key_issues_only=true'))).toHaveLength(1);

  // The same size as a pill that marks no key.
  const key = keys.find((issue) => issue.number !== '1') ?? keys[0]!;
  const plain = issues.find((issue) => !si.catalog().isKeyIssue(issue))!;
  const size = async (code: string) => (await (await inBadge(store, code, '.pill')).boundingBox())!;
  const [a, b] = [await size(`${series.name} #${key.number}`), await size(`${series.name} #${plain.number}`)];
  expect([a.width, a.height]).toEqual([b.width, b.height]);

  await clickPill(store, `${series.name} #${key.number}`);
  const words = si.catalog().keyReasons.get(key.id)!.map((reason) => reason.notes);
  const section = await until(
    'the reasons in the menu',
    async () => (await inBadge(store, `${series.name} #${key.number}`, '.menu .key-issue')).evaluate((node) => node.textContent ?? ''),
    (text) => words.every((said) => text.includes(said)),
  );
  expect(section).toContain('Key issue');
  await store.close();
});
