import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { dcbsListing } from './store';

// The popup, opened as a page (popup.html), against the local VerseDB stand-in over HTTP.

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
    /** The parts of the extension API this file drives from an extension page. */
    chrome: {
      tabs: { query(filter: { url: string }): Promise<{ id?: number }[]> };
      windows: { create(data: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown> };
    };
  }
}

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const SHOTS = 'test-results/screenshots';
const GRADE_MESSAGE = 'The grade score must be a number from 0.5 to 10.';

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}

function body(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * VerseDB in front of the stand-in, stricter about one field: the stand-in takes any grade score of
 * up to ten characters, so this answers a collection add whose grade score is not a number from 0.5
 * to 10 with a real 422, as VerseDB's validation does. Everything else passes through unchanged.
 */
async function startStrictGradeProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const payload = await body(request);
      const path = request.url ?? '/';
      if (request.method === 'POST' && /^\/api\/v1\/issues\/\d+\/collection$/.test(path)) {
        const fields: unknown = JSON.parse(payload.toString('utf8') || '{}');
        const score = typeof fields === 'object' && fields !== null && 'grade_score' in fields ? fields.grade_score : null;
        if (typeof score === 'string' && !(Number(score) >= 0.5 && Number(score) <= 10)) {
          response.writeHead(422, { 'Content-Type': 'application/json', 'X-RateLimit-Limit': '150', 'X-RateLimit-Remaining': '140' });
          response.end(JSON.stringify({ message: GRADE_MESSAGE, errors: { grade_score: [GRADE_MESSAGE] } }));
          return;
        }
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
      const answer = await fetch(`${target}${path}`, { method: request.method, headers, body: payload.length > 0 ? payload.toString('utf8') : undefined, redirect: 'manual' });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
      });
      response.writeHead(answer.status, out);
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('the proxy has no port');
  return { url: `http://127.0.0.1:${bound.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let si: StandIn;
test.beforeAll(async () => {
  si = await startStandIn({ port: 0 });
});
test.afterAll(async () => {
  await si.stop();
});
test.beforeEach(() => {
  si.reset();
});

/** Signs in through the background (the options page's own tests cover the form) and waits for the library. */
async function signIn(context: BrowserContext, extensionId: string, token: string, address = si.url): Promise<void> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const reply = await page.evaluate(({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }), { address, token });
  expect(reply).toMatchObject({ ok: true });
  await expect
    .poll(async () => JSON.stringify(await page.evaluate(() => chrome.runtime.sendMessage({ type: 'state' }))), { timeout: 15_000 })
    .toMatch(/"lastSyncedAt":\d+/);
  await page.close();
}

async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Longbox', exact: true })).toBeVisible();
  return popup;
}

type Reported = { title: string | null; price: string | null; state: string; issueId: number | null; copies: number; coverUrl: string | null };

/** What the store tab's content script last reported to the background, read from an extension page. */
async function pageReport(extension: Page, tabId: number): Promise<Reported[]> {
  const reply: unknown = await extension.evaluate((tabId) => chrome.runtime.sendMessage({ type: 'page-items', tabId }), tabId);
  const items = typeof reply === 'object' && reply !== null && 'page' in reply && typeof reply.page === 'object' && reply.page !== null && 'items' in reply.page ? reply.page.items : [];
  return Array.isArray(items) ? (items as Reported[]) : [];
}

/**
 * Waits until the store page has settled, as a shopper would see it: its report to the background names
 * `comics` comics and has stopped changing (the content script reports again 200 ms after any change, as
 * comics are read and their statuses come in). Opens an extension page to ask from; returns it and the report.
 */
async function settledReport(context: BrowserContext, extensionId: string, store: Page, comics: number): Promise<{ extension: Page; tabId: number; reported: Reported[] }> {
  await expect(store.locator('[data-longbox-badge][data-longbox-state]')).toHaveCount(comics, { timeout: 30_000 });
  const extension = await context.newPage();
  await extension.goto(`chrome-extension://${extensionId}/options.html`);
  const host = new URL(store.url()).host;
  const tabId = await extension.evaluate(async (host) => (await window.chrome.tabs.query({ url: `https://${host}/*` }))[0]?.id ?? -1, host);
  let reported: Reported[] = [];
  let previous = '';
  await expect
    .poll(async () => {
      reported = await pageReport(extension, tabId);
      const now = JSON.stringify(reported);
      const changing = now !== previous;
      previous = now;
      return reported.length === comics && !changing ? 'settled' : `${reported.length} of ${comics} comics reported${changing ? ', still changing' : ''}`;
    }, { timeout: 30_000, intervals: [500] })
    .toBe('settled');
  return { extension, tabId, reported };
}

/** The FOC dates the list shows, as day counts from today. */
async function countdowns(popup: Page): Promise<number[]> {
  const texts = await popup.locator('.countdown').allTextContents();
  return texts.map((text) => (text.startsWith('FOC today') ? 0 : text === 'FOC tomorrow' ? 1 : Number(/in (\d+) days/.exec(text)?.[1] ?? NaN)));
}

test('a store page in a layout its adapter was not written for: every comic found, and the popup says the layout may have changed', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const expected = JSON.parse(readFileSync('tests/fixtures/sites/layouts/midtown-product-redesign.expected.json', 'utf8')) as { url: string; items: unknown[] };
  const html = readFileSync('tests/fixtures/sites/layouts/midtown-product-redesign.html', 'utf8');
  await context.route('https://www.midtowncomics.com/**', (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  const store = await context.newPage();
  await store.goto(expected.url);
  // The general readers, loaded into the page as it is first read, find what the adapter's selectors miss;
  // the popup opens once the page has settled and reported them all.
  const { extension } = await settledReport(context, extensionId, store, expected.items.length);
  await store.bringToFront();
  const opened = context.waitForEvent('page');
  await extension.evaluate((url) => window.chrome.windows.create({ url, type: 'popup', width: 380, height: 600 }), `chrome-extension://${extensionId}/popup.html`);
  const popup = await opened;
  await popup.waitForURL(/popup\.html$/);
  await expect(popup.getByTestId('layout-changed')).toHaveText("Longbox read this page with its general reader: this store's layout may have changed.");
  await expect(popup.locator('.comic')).toHaveCount(expected.items.length);
});

test('signed out: a short start that leads to the options page', async ({ context, extensionId }) => {
  const popup = await openPopup(context, extensionId);
  await expect(popup.getByRole('heading', { name: 'Sign in to VerseDB to start' })).toBeVisible();
  await expect(popup.getByTestId('status')).toHaveCount(0);
  const options = context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Open the options to sign in' }).click();
  await expect(await options).toHaveURL(`chrome-extension://${extensionId}/options.html`);
});

test('This page: the comics the store page shows, with cover, title, number and status; the price prefilled', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const html = readFileSync('tests/fixtures/sites/midtown/product-absolute-batman-4.html', 'utf8');
  await context.route('https://www.midtowncomics.com/**', (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  const store = await context.newPage();
  await store.goto('https://www.midtowncomics.com/product/2291043/absolute-batman-4-cover-a-nick-dragotta');

  // The page has settled: every comic on it (its expected items) badged, and its report no longer changing.
  const comics = (JSON.parse(readFileSync('tests/fixtures/sites/midtown/product-absolute-batman-4.expected.json', 'utf8')) as { items: unknown[] }).items.length;
  const { extension, tabId, reported } = await settledReport(context, extensionId, store, comics);

  // The popup in a window of its own, over the store's tab (as the toolbar popup opens over it).
  await store.bringToFront();
  const opened = context.waitForEvent('page');
  await extension.evaluate((url) => window.chrome.windows.create({ url, type: 'popup', width: 380, height: 600 }), `chrome-extension://${extensionId}/popup.html`);
  const popup = await opened;
  await popup.waitForURL(/popup\.html$/);
  await expect(popup.getByRole('tab', { name: 'This page' })).toHaveAttribute('aria-selected', 'true');
  // The popup shows what the page reports as it opens: the settled report, still the same now.
  const owned = reported.filter((item) => item.state === 'owned').length;
  await expect(popup.locator('.summary')).toHaveText(`${reported.length} comics on this page${owned > 0 ? `, ${owned} owned` : ''}.`);
  const rows = popup.locator('.comic');
  await expect(rows).toHaveCount(reported.length);
  expect(JSON.stringify(await pageReport(extension, tabId))).toBe(JSON.stringify(reported));
  for (const [index, item] of reported.entries()) {
    const row = rows.nth(index);
    await expect(row.locator('.pill')).not.toHaveCount(0);
    if (item.coverUrl) await expect(row.locator('img.cover')).toHaveAttribute('src', item.coverUrl);
    if (item.title) await expect(row).toContainText(item.title);
  }

  // Adding a copy starts from the store's price.
  const index = reported.findIndex((item) => item.issueId !== null && item.price !== null && /\d/.test(item.price));
  expect(index).toBeGreaterThanOrEqual(0);
  const price = Number(/(\d+(?:\.\d+)?)/.exec(reported[index]?.price ?? '')?.[1]).toFixed(2);
  const row = rows.nth(index);
  await row.locator('.comic-title').click();
  await row.getByRole('button', { name: 'Add a copy…' }).click();
  await expect(row.getByLabel('Price paid')).toHaveValue(price);
  mkdirSync(SHOTS, { recursive: true });
  await popup.screenshot({ path: `${SHOTS}/popup-this-page.png` });
});

test("a comic known from its series' barcode: the popup finds its issue on the member's click, with one read, and wishlists it", async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  // Monstress #44 (Sam's) is looked up; #42 and #43 share its barcode's base and are answered from the series.
  const listing = dcbsListing('monstress', [
    { title: 'Monstress #44 Cvr A Sana Takeda', code: '70985330053304411', price: '$3.24' },
    { title: 'Monstress #42 Cvr A Sana Takeda', code: '70985330053304211', price: '$3.24' },
    { title: 'Monstress #43 Cvr A Sana Takeda', code: '70985330053304311', price: '$3.24' },
  ]);
  await context.route('https://www.dcbservice.com/**', (route) => route.fulfill({ body: listing.html, contentType: 'text/html' }));
  const store = await context.newPage();
  await store.goto(listing.url);
  const { extension, reported } = await settledReport(context, extensionId, store, 3);
  const index = reported.findIndex((item) => item.issueId === null && item.state === 'not-owned');
  expect(index, JSON.stringify(reported)).toBeGreaterThan(0);
  const before = si.requests().length;

  await store.bringToFront();
  const opened = context.waitForEvent('page');
  await extension.evaluate((url) => window.chrome.windows.create({ url, type: 'popup', width: 380, height: 600 }), `chrome-extension://${extensionId}/popup.html`);
  const popup = await opened;
  await popup.waitForURL(/popup\.html$/);
  const row = popup.locator('.comic').nth(index);
  await row.locator('.comic-title').click();
  await row.getByRole('button', { name: 'Find it on VerseDB' }).click();
  await row.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(row.getByText('Added to your wishlist.')).toBeVisible();
  const wishlist = (await (await fetch(`${si.url}/api/v1/user/wishlist`, { headers: { Authorization: `Bearer ${si.tokens.free}` } })).json()) as { data: Array<{ entity?: { id: number; issue_number?: string } }> };
  const number = index === 1 ? '42' : '43';
  expect(wishlist.data.some((entry) => entry.entity?.issue_number === number)).toBe(true);
  // Finding the issue spent one read at most: the series' catalog (or a lookup of the code), nothing else.
  const finding = si.requests().slice(before).filter((r) => r.method === 'GET' && (r.path === '/api/v1/issues' || r.path.startsWith('/api/v1/lookup/')));
  expect(finding.length, JSON.stringify(finding.map((r) => r.path))).toBeLessThanOrEqual(1);
});

test('signed in: member, reads left with their reset, sync, and FOC grouped by day with the pull list first', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const popup = await openPopup(context, extensionId);
  await expect(popup.getByTestId('member')).toHaveText('Sam Okafor Free');
  await expect(popup.getByTestId('reads')).toHaveText(/^\d+ of 300 reads left this hour, back to full (tomorrow )?at \d\d:\d\d/);
  await expect(popup.getByTestId('reads-today')).toHaveText(/^[\d,]+ of 4,000 today, back to full tomorrow \d\d:\d\d/);
  await expect(popup.getByTestId('sync')).toHaveText(/Library synced (just now|1 min ago)\./);

  // No page under the popup (it is a tab here), so it opens on FOC.
  await expect(popup.getByRole('tab', { name: 'FOC' })).toHaveAttribute('aria-selected', 'true');
  await expect(popup.getByText('FOC dates are estimates')).toBeVisible();
  const sections = popup.locator('.foc-section h2');
  await expect(sections).toHaveText(['Your pull list', 'Everything else']);
  const pulled = popup.getByRole('region', { name: 'Your pull list' });
  await expect(pulled.locator('.comic').first()).toBeVisible();
  // Every comic in that section is marked as on the pull list.
  await expect(pulled.locator('.comic').filter({ hasNot: popup.locator('.pill-pull-list') })).toHaveCount(0);
  await expect(popup.getByRole('region', { name: 'Everything else' }).locator('.pill-pull-list')).toHaveCount(0);
  // Each day once per section, in date order, each with its countdown.
  for (const section of await popup.locator('.foc-section').all()) {
    const days = await section.locator('.countdown').allTextContents();
    expect(days.length).toBeGreaterThan(0);
    const counted = days.map((text) => Number(/in (\d+) days/.exec(text)?.[1] ?? (text === 'FOC tomorrow' ? 1 : 0)));
    expect([...counted].sort((a, b) => a - b)).toEqual(counted);
    expect(new Set(counted).size).toBe(counted.length);
  }
  await expect(popup.getByTestId('background-status')).toHaveText(/^Longbox \d+\.\d+\.\d+$/);
});

test('the FOC window changes from 1 to 30 days', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const popup = await openPopup(context, extensionId);
  const window = popup.getByLabel(/Cutoffs in the next/);
  await expect(window).toHaveValue('14');
  await expect(popup.locator('.comic').first()).toBeVisible();
  expect(Math.max(...(await countdowns(popup)))).toBeGreaterThan(7);

  await window.fill('7');
  await window.press('Enter');
  await expect.poll(async () => Math.max(...(await countdowns(popup)))).toBeLessThanOrEqual(7);
  expect(si.requests().some((r) => r.path === '/api/v1/discovery/foc' && r.query.includes('days=7'))).toBe(true);

  // Out of range is brought back to the nearest end; the window is kept for the next popup.
  await window.fill('45');
  await window.press('Tab');
  await expect(window).toHaveValue('30');
  const again = await openPopup(context, extensionId);
  await expect(again.getByLabel(/Cutoffs in the next/)).toHaveValue('30');
});

test('add a copy: a 422 on the grade score is shown beside the field, then the copy is added and removed', async ({ context, extensionId }) => {
  const proxy = await startStrictGradeProxy(si.url);
  try {
    await signIn(context, extensionId, si.tokens.free, proxy.url);
    const popup = await openPopup(context, extensionId);
    const row = popup.getByRole('region', { name: 'Everything else' }).locator('.comic').first();
    const title = (await row.locator('.comic-title').textContent()) ?? '';
    await row.getByRole('button', { name: title }).click();
    await row.getByRole('button', { name: 'Add a copy…' }).click();
    const form = row.getByRole('form', { name: `Add a copy of ${title}` });
    await expect(form.getByLabel('Condition')).toHaveValue('NM');
    await expect(form.getByLabel('Condition').locator('option')).toHaveCount(21);
    await expect(form.getByLabel('Grade score')).toHaveAttribute('maxlength', '10');
    await form.getByLabel('Condition').selectOption('VF+');
    await form.getByLabel('Grade score').fill('nine-ish');
    await form.getByLabel('Grading company').selectOption('CGC');
    await form.getByLabel('Price paid').fill('4.99');
    await form.getByRole('button', { name: 'Add copy' }).click();

    const grade = form.getByLabel('Grade score');
    await expect(grade).toHaveAttribute('aria-invalid', 'true');
    await expect(grade).toHaveAccessibleDescription(GRADE_MESSAGE);
    await expect(grade.locator('xpath=following-sibling::p[1]')).toHaveText(GRADE_MESSAGE);
    await expect(form.getByLabel('Price paid')).not.toHaveAttribute('aria-invalid', 'true');
    mkdirSync(SHOTS, { recursive: true });
    await form.getByRole('button', { name: 'Add copy' }).scrollIntoViewIfNeeded();
    await popup.screenshot({ path: `${SHOTS}/popup-grade-422.png` });

    await grade.fill('8.5');
    await form.getByRole('button', { name: 'Add copy' }).click();
    await expect(row.getByRole('status')).toHaveText('Added a copy to your collection.');
    await expect(row.getByText('1 copy in your collection:')).toBeVisible();
    await expect(row.locator('.copies li')).toContainText('VF+ 8.5');
    const added = si.requests().filter((r) => r.method === 'POST' && /^\/api\/v1\/issues\/\d+\/collection$/.test(r.path));
    expect(added.map((r) => r.status)).toEqual([201]);

    await row.getByRole('button', { name: /^Remove the VF\+ 8\.5 copy/ }).click();
    await expect(row.getByRole('status')).toHaveText('Removed the copy.');
    await expect(row.getByText('No copy in your collection.')).toBeVisible();
  } finally {
    await proxy.close();
  }
});

test('wishlist and pull list from a row', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const popup = await openPopup(context, extensionId);
  const row = popup.getByRole('region', { name: 'Everything else' }).locator('.comic').first();
  await row.locator('.comic-title').click();
  await row.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(row.getByRole('status')).toHaveText('Added to your wishlist.');
  await expect(row.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await row.getByRole('button', { name: 'Pull this series' }).click();
  await expect(row.getByRole('status')).toHaveText(/is on your pull list\.$/);
  // The entry is marked at once (its place in the list follows on the next refresh).
  await expect(row.locator('.pill-pull-list')).toHaveText('Pull list');
  expect(si.requests().filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/api\/v1\/issues\/\d+\/wishlist 201$/), '/api/v1/pull-list/items 201']),
  );
});

test('New #1s and Following, with the reason each update appears', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const popup = await openPopup(context, extensionId);
  await popup.getByRole('tab', { name: 'New #1s' }).click();
  await expect(popup.getByLabel(/First issues out in the next/)).toHaveValue('60');
  await expect(popup.locator('.comic-title').first()).toHaveText(/#1$/);
  await expect(popup.locator('.comic-detail').first()).toHaveText(/^Out /);

  // Arrow keys move between tabs.
  await popup.getByRole('tab', { name: 'New #1s' }).press('ArrowRight');
  await expect(popup.getByRole('tab', { name: 'Following' })).toBeFocused();
  await expect(popup.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  await expect(popup.getByLabel(/Released in the last/)).toHaveValue('30');
  await expect(popup.locator('.comic').first()).toBeVisible();
  const reasons = await popup.locator('.comic-detail').allTextContents();
  expect(reasons.length).toBeGreaterThan(0);
  for (const reason of reasons) expect(reason.length).toBeGreaterThan(3);
});

test('problems in plain words with the way out: a missing scope, then a refused token', async ({ context, extensionId }) => {
  await signIn(context, extensionId, 'longbox-demo-no-lookup');
  const popup = await openPopup(context, extensionId);
  const scope = popup.locator('[data-problem="scopes"]');
  await expect(scope).toContainText('Your token lacks lookup:barcode, needed for recognising comics by barcode, ISBN or distributor code (badges).');
  await expect(scope.getByRole('link', { name: 'Add it on VerseDB' })).toHaveAttribute('href', `${si.url}/my/apps/custom`);

  // A revoked token stops everything and asks for a new sign-in.
  si.revoke('longbox-demo-no-lookup');
  await popup.getByRole('button', { name: 'Refresh' }).click();
  await expect(popup.locator('[data-problem="rejected"]')).toContainText('VerseDB refused your token');
  await expect(popup.locator('[data-problem="scopes"]')).toHaveCount(0);
  const options = context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Sign in again' }).click();
  await expect(await options).toHaveURL(`chrome-extension://${extensionId}/options.html`);
});

test('rate limited: the popup says until when, and that Longbox carries on by itself', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const popup = await openPopup(context, extensionId);
  await expect(popup.locator('.comic').first()).toBeVisible();
  si.limits.set({ free: { readsPerHour: 1 } });
  await popup.getByRole('button', { name: 'Refresh' }).click();
  const paused = popup.locator('[data-problem="paused"]');
  await expect(paused).toContainText(/VerseDB asked Longbox to slow down\. Nothing is sent before (tomorrow )?\d\d:\d\d( [AP]M)?\./);
  await expect(paused).toContainText(/Nothing to do: Longbox carries on by itself (tomorrow )?at /);
  // Said once: the FOC panel does not repeat it.
  await expect(popup.getByText('VerseDB asked Longbox to wait until')).toHaveCount(0);
  // The list it had stays in view.
  await expect(popup.locator('.comic').first()).toBeVisible();
});

test('opens at once from what it saw last, then refreshes', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const first = await openPopup(context, extensionId);
  await expect(first.locator('.comic').first()).toBeVisible();
  await first.close();
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  // The first render already holds the member and the FOC list, before any answer from the background.
  const firstRender = await popup.evaluate(() => performance.getEntriesByName('longbox:first-render')[0]?.startTime ?? null);
  expect(firstRender).not.toBeNull();
  await expect(popup.getByTestId('member')).toHaveText('Sam Okafor Free');
  await expect(popup.locator('.comic').first()).toBeVisible();
  console.log(`popup first render at ${firstRender?.toFixed(1)} ms after navigation start`);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no axe violations, signed out and signed in with a form open (${colorScheme})`, async ({ context, extensionId }) => {
    // Two full axe runs and a sign-in with its sync: about 5 s alone, far longer on a loaded machine.
    test.slow();
    const signedOut = await openPopup(context, extensionId);
    await signedOut.emulateMedia({ colorScheme });
    await expect(signedOut.getByRole('heading', { name: 'Sign in to VerseDB to start' })).toBeVisible();
    expect(await axeViolations(signedOut)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await signedOut.screenshot({ path: `${SHOTS}/popup-signed-out-${colorScheme}.png` });

    await signIn(context, extensionId, 'longbox-demo-no-lookup');
    const popup = await openPopup(context, extensionId);
    await popup.emulateMedia({ colorScheme });
    await expect(popup.locator('.comic').first()).toBeVisible();
    await popup.screenshot({ path: `${SHOTS}/popup-${colorScheme}.png` });
    const row = popup.getByRole('region', { name: 'Everything else' }).locator('.comic').first();
    await row.locator('.comic-title').click();
    await row.getByRole('button', { name: 'Add a copy…' }).click();
    await row.getByRole('button', { name: 'Add copy' }).scrollIntoViewIfNeeded();
    expect(await axeViolations(popup)).toEqual([]);
    await popup.screenshot({ path: `${SHOTS}/popup-add-copy-${colorScheme}.png` });
  });
}

test('keyboard only: from the tabs to a comic’s actions and the add form', async ({ context, extensionId }) => {
  await signIn(context, extensionId, si.tokens.free);
  const popup = await openPopup(context, extensionId);
  await expect(popup.locator('.comic').first()).toBeVisible();
  await popup.getByRole('tab', { name: 'FOC' }).focus();
  await popup.keyboard.press('Tab'); // into the panel
  await popup.keyboard.press('Tab'); // the window field
  await expect(popup.getByLabel(/Cutoffs in the next/)).toBeFocused();
  await popup.keyboard.press('Tab'); // Refresh
  await popup.keyboard.press('Tab'); // the first comic
  const first = popup.locator('.comic-title').first();
  await expect(first).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await popup.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Add a copy…' })).toBeFocused();
  await popup.keyboard.press('Enter');
  // The form opens on its first field; Escape closes it and goes back to its button.
  await expect(popup.getByLabel('Condition')).toBeFocused();
  await popup.keyboard.press('Tab');
  await expect(popup.getByLabel('Grade score')).toBeFocused();
  await popup.keyboard.press('Escape');
  await expect(popup.getByLabel('Grade score')).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Add a copy…' })).toBeFocused();
});
