import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';

// The options page, driven as a member would, against the local VerseDB stand-in over HTTP.

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
  }
}

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const SHOTS = 'test-results/screenshots';

/** axe-core in the page (evaluated, since the extension's CSP allows no inline script); the violations, readable. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
  return violations;
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

async function openOptions(page: Page, extensionId: string): Promise<void> {
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { name: 'Longbox options' })).toBeVisible();
}

async function saveToken(page: Page, token: string): Promise<void> {
  await page.getByLabel('VerseDB address').fill(si.url);
  await page.getByLabel('Personal access token').fill(token);
  await page.getByRole('button', { name: 'Save' }).click();
}

test('a personal token is checked at once: the member’s name and tier are shown', async ({ page, extensionId }) => {
  await openOptions(page, extensionId);
  await saveToken(page, si.tokens.free);
  await expect(page.getByTestId('member-name')).toHaveText('Sam Okafor');
  await expect(page.getByTestId('member-tier')).toHaveText('Free');
  await expect(page.getByTestId('account-status')).toHaveText('Signed in as Sam Okafor.');
  await expect(page.getByTestId('missing-scopes')).toHaveCount(0);
  await expect(page.getByLabel('Personal access token')).toHaveValue('');
  // The address is kept for next time.
  await expect.poll(() => page.evaluate(async () => (await chrome.storage.local.get('preferences')).preferences)).toMatchObject({ address: si.url });

  // Another token replaces it: a PRO member.
  await saveToken(page, si.tokens.pro);
  await expect(page.getByTestId('member-name')).toHaveText('Dana Whitfield');
  await expect(page.getByTestId('member-tier')).toHaveText('PRO');
});

test('a token VerseDB refuses is named as such, and nothing is signed in', async ({ page, extensionId }) => {
  await openOptions(page, extensionId);
  await saveToken(page, 'longbox-demo-revoked');
  await expect(page.getByText('VerseDB did not accept this token.')).toBeVisible();
  await expect(page.getByTestId('member-card')).toHaveCount(0);
  // An empty token and a plain-http address off this machine are refused before anything is sent.
  await page.getByLabel('Personal access token').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Paste your personal access token first.')).toBeVisible();
  await page.getByLabel('VerseDB address').fill('http://versedb.example.com');
  await page.getByLabel('Personal access token').fill('x');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The address must start with https://')).toBeVisible();
  await expect(page.getByLabel('VerseDB address')).toHaveAttribute('aria-invalid', 'true');
});

test('a token lacking a scope names the scope and what it is for', async ({ page, extensionId }) => {
  await openOptions(page, extensionId);
  await saveToken(page, 'longbox-demo-no-lookup');
  await expect(page.getByTestId('member-name')).toHaveText('Sam Okafor');
  const scopes = page.getByTestId('missing-scopes');
  await expect(scopes).toContainText('This token lacks these scopes:');
  await expect(scopes.getByRole('listitem')).toHaveText(['lookup:barcode: needed for recognising comics by barcode, ISBN or distributor code (badges)']);
  await expect(scopes.getByRole('link', { name: 'VerseDB’s token page' })).toHaveAttribute('href', `${si.url}/my/apps/custom`);
});

test('Connect with VerseDB: PKCE through the browser’s web-auth window, the code exchanged by the background', async ({ context, page, extensionId }) => {
  await openOptions(page, extensionId);
  await page.getByLabel('VerseDB address').fill(si.url);
  const authWindow = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Connect with VerseDB' }).click();
  const auth = await authWindow;
  await auth.waitForLoadState();

  // The authorize request as contract §11 has it.
  const url = new URL(auth.url());
  expect(url.origin + url.pathname).toBe(`${si.url}/connect`);
  expect(url.searchParams.get('redirect_uri')).toBe(`https://${extensionId}.chromiumapp.org/`);
  expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('client_name')).toBe('Longbox');
  expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await expect(auth.locator('#member')).toHaveText('Sam Okafor');
  await expect(page.getByRole('button', { name: 'Waiting for VerseDB…' })).toBeDisabled();

  await auth.locator('#approve').click();
  await expect(page.getByTestId('member-name')).toHaveText('Sam Okafor');
  await expect(page.getByTestId('member-card')).toContainText('With VerseDB Connect (read-only)');
  await expect(page.getByTestId('missing-scopes')).toContainText('A Connect sign-in cannot do these; a personal token can:');
  await expect(page.getByTestId('missing-scopes')).toContainText('lookup:barcode: needed for recognising comics by barcode');

  // The code went to /connect/token once and was accepted; the token it gave now signs the calls.
  const exchanges = si.requests().filter((r) => r.path === '/api/v1/connect/token');
  expect(exchanges.map((r) => r.status)).toEqual([200]);
  const sam = si.state().members.find((m) => m.username === 'samreads');
  const connectToken = sam?.tokens.find((t) => t.kind === 'connect' && !t.revoked)?.token;
  expect(connectToken).toBeTruthy();
  const state = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'state' }));
  expect(state).toMatchObject({ ok: true, state: { session: { signedIn: true, tokenKind: 'connect' } } });
  // The token never reached the page: not in any answer, nor in what the page keeps.
  expect(JSON.stringify(state)).not.toContain(connectToken);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(connectToken);
  await expect
    .poll(() => si.requests().filter((r) => r.path === '/api/v1/user' && r.status === 200 && r.member_id === sam?.id).length)
    .toBeGreaterThan(0);

  // The popup says what a Connect sign-in can and cannot do, and offers no changes.
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.locator('[data-problem="read-only"]')).toContainText('Signed in with VerseDB Connect, which is read-only');
  const row = popup.locator('.comic').first();
  await row.locator('.comic-title').click();
  await expect(row.getByText('Your Connect sign-in is read-only')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Add a copy…' })).toHaveCount(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/options-connected.png` });
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.screenshot({ path: `${SHOTS}/popup-connected.png` });
});

test('Connect declined on VerseDB says so and signs nobody in', async ({ context, page, extensionId }) => {
  await openOptions(page, extensionId);
  await page.getByLabel('VerseDB address').fill(si.url);
  const authWindow = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Connect with VerseDB' }).click();
  const auth = await authWindow;
  await auth.locator('#decline').click();
  await expect(page.getByText('You declined the connection on VerseDB.')).toBeVisible();
  await expect(page.getByTestId('member-card')).toHaveCount(0);
  expect(si.requests().filter((r) => r.path === '/api/v1/connect/token')).toHaveLength(0);
});

test('sign out removes the token and the library', async ({ context, page, extensionId }) => {
  await openOptions(page, extensionId);
  await saveToken(page, si.tokens.free);
  await expect(page.getByTestId('member-name')).toHaveText('Sam Okafor');
  await expect(page.getByTestId('sync-status')).toHaveText(/Library synced/, { timeout: 15_000 });
  // Signed in, the token is nowhere a content script can read: storage.local and storage.sync are open to
  // every content script; the token lives in the extension's own IndexedDB.
  const readable = await page.evaluate(async () => JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.sync.get(null)]));
  expect(readable).not.toContain(si.tokens.free);
  const kept = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('longbox-secrets');
        open.onsuccess = () => {
          const get = open.result.transaction('session').objectStore('session').get('current');
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? null));
          get.onerror = () => resolve('unreadable');
        };
        open.onerror = () => resolve('unreadable');
      }),
  );
  expect(kept).toContain(si.tokens.free);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('member-card')).toHaveCount(0);
  await expect(page.getByText('Sign in to sync your library.')).toBeVisible();
  const stored = await page.evaluate(() => chrome.storage.local.get('session'));
  expect(stored.session ?? null).toBeNull();
  const left = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('longbox-secrets');
        open.onsuccess = () => {
          const get = open.result.transaction('session').objectStore('session').get('current');
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? null));
        };
      }),
  );
  expect(left).toBe('null');
  const state = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'state' }));
  expect(state).toMatchObject({ ok: true, state: { session: { signedIn: false }, sync: { lastSyncedAt: null } } });

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Sign in to VerseDB to start' })).toBeVisible();
});

test('stores, default condition and badge placement are saved as they change', async ({ page, extensionId }) => {
  await openOptions(page, extensionId);
  const stored = () => page.evaluate(async () => (await chrome.storage.local.get('preferences')).preferences);
  await page.getByRole('checkbox', { name: 'Amazon' }).uncheck();
  await expect.poll(stored).toMatchObject({ disabledSites: ['amazon'] });
  await page.getByLabel('Default condition for new copies').selectOption('VF/NM');
  await page.getByRole('radio', { name: 'Before the comic’s title' }).check();
  await expect.poll(stored).toMatchObject({ defaultCondition: 'VF/NM', badgePlacement: 'before', disabledSites: ['amazon'] });
  await expect(page.getByLabel('Default condition for new copies').locator('option')).toHaveCount(21);

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Amazon' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'eBay' })).toBeChecked();
  await expect(page.getByLabel('Default condition for new copies')).toHaveValue('VF/NM');
  await expect(page.getByText('Only comic codes and titles, never page addresses.')).toBeVisible();

  // "Any other store" asks the browser for the optional host permission, and stays off until it is given.
  const anyStore = page.getByRole('checkbox', { name: 'Any other store' });
  await expect(anyStore).not.toBeChecked();
  await anyStore.click();
  await expect(page.getByText('Waiting for your answer to the browser’s permission request…')).toBeVisible();
  await expect(anyStore).not.toBeChecked();
});

test('library sync: Sync now, progress, last synced; Clear cache', async ({ page, extensionId }) => {
  await openOptions(page, extensionId);
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await saveToken(page, si.tokens.free);
  await expect(page.getByTestId('sync-status')).toHaveText(/Library synced (just now|\d+ min ago)\./, { timeout: 15_000 });
  const syncedAt = () => page.evaluate(async () => {
    const reply: unknown = await chrome.runtime.sendMessage({ type: 'state' });
    const sync = typeof reply === 'object' && reply !== null && 'state' in reply ? (reply.state as { sync?: { lastSyncedAt?: number | null } }).sync : undefined;
    return sync?.lastSyncedAt ?? null;
  });
  const first = await syncedAt();
  expect(first).not.toBeNull();
  const before = si.requests().filter((r) => r.path === '/api/v1/user/collections').length;
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Sync started.')).toBeVisible();
  // This sync, not the first, has finished: it read the collection again and has a later end.
  await expect.poll(() => si.requests().filter((r) => r.path === '/api/v1/user/collections').length).toBeGreaterThan(before);
  await expect.poll(syncedAt, { timeout: 15_000 }).toBeGreaterThan(first ?? 0);
  await expect(page.getByTestId('sync-status')).toHaveText(/Library synced/);
  await page.getByRole('button', { name: 'Clear cache' }).click();
  await expect(page.getByText('Cache cleared.')).toBeVisible();
});

test('a sync held back by the hourly cap says when the next page comes', async ({ page, extensionId }) => {
  // Dana has about 3,270 copies (33 pages); three reads an hour stop the sync early.
  si.limits.set({ pro: { readsPerHour: 12 } });
  await openOptions(page, extensionId);
  await saveToken(page, si.tokens.pro);
  await expect(page.getByTestId('sync-status')).toHaveText(/Syncing your collection: \d+ of \d+ pages done \([\d,]+ copies\)\. The hourly cap allows the next page (tomorrow )?at /, {
    timeout: 15_000,
  });
});

test('each sync phase shows its own pages: the wishlist’s two, the pull list’s, never the collection’s 33', async ({ page, extensionId }) => {
  test.slow();
  // Dana: about 3,270 copies (33 pages); her wishlist made two pages long; the wishlist and pull list
  // answered slowly, so each of their steps stays on screen past the page's 2 s refresh.
  const issues = [...si.catalog().issues.keys()];
  const wishlisted = () => si.state().members.find((m) => m.username === 'longboxdana')?.wishlist ?? 0;
  for (const id of issues) {
    if (wishlisted() > 100) break;
    await fetch(`${si.url}/api/v1/issues/${id}/wishlist`, { method: 'POST', headers: { Authorization: `Bearer ${si.tokens.pro}`, Accept: 'application/json' } });
  }
  expect(wishlisted()).toBeGreaterThan(100);
  expect(wishlisted()).toBeLessThanOrEqual(200);
  si.faults.set({ latency_ms: 4_000, paths: ['/api/v1/user/wishlist', '/api/v1/user/pull-list'], methods: ['GET'] });
  await openOptions(page, extensionId);
  await saveToken(page, si.tokens.pro);
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveText('Syncing your wishlist: 1 of 2 pages done.', { timeout: 60_000 });
  await expect(status).toHaveText('Syncing your pull list: 0 pages done.', { timeout: 20_000 });
  await expect(status).toHaveText(/^Library synced /, { timeout: 20_000 });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no axe violations, signed out and signed in (${colorScheme})`, async ({ page, extensionId }) => {
    // Two full axe runs and a sign-in with its sync: a few seconds alone, far longer on a loaded machine.
    test.slow();
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 900, height: 1400 });
    await openOptions(page, extensionId);
    expect(await axeViolations(page)).toEqual([]);
    await saveToken(page, 'longbox-demo-no-lookup');
    await expect(page.getByTestId('missing-scopes')).toBeVisible();
    await expect(page.getByTestId('sync-status')).toHaveText(/Library synced/, { timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/options-${colorScheme}.png`, fullPage: true });
  });
}

test('keyboard only: the address and token are typed and saved with Tab and Enter', async ({ page, extensionId }) => {
  await openOptions(page, extensionId);
  await page.getByLabel('VerseDB address').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(si.url);
  await page.keyboard.press('Tab'); // the token page link in the hint
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Personal access token')).toBeFocused();
  await page.keyboard.type(si.tokens.free);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('member-name')).toHaveText('Sam Okafor');
});

test('a sync whose wishlist and pull list hold a record VerseDB deleted completes, and says which rows it could not read', async ({ page, extensionId }) => {
  // Realistic mode: the first page of each list carries a row whose issue (wishlist) or series (pull list) is gone.
  const real = await startStandIn({ port: 0, realistic: { seed: 3 } });
  try {
    await openOptions(page, extensionId);
    await page.getByLabel('VerseDB address').fill(real.url);
    await page.getByLabel('Personal access token').fill(real.tokens.free);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('member-name')).toHaveText('Sam Okafor');
    await expect(page.getByTestId('sync-status')).toHaveText(/^Library synced/, { timeout: 30_000 });
    await expect(page.getByTestId('sync-unreadable')).toHaveText([
      '1 wishlist entry could not be read; VerseDB sent it without an issue.',
      '1 pull-list entry could not be read; VerseDB sent it without a series.',
    ]);
    // Every other row arrived: the wishlist and the pull list VerseDB holds, less the deleted records.
    const member = real.state().members.find((m) => m.username === 'samreads');
    const stored = await page.evaluate(async () => {
      const open = indexedDB.open('longbox');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const count = (store: string) =>
        new Promise<number>((resolve) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
        });
      return { wishlist: await count('wishlist'), pullList: await count('pullList') };
    });
    expect(stored).toEqual({ wishlist: member?.wishlist, pullList: member?.pull_list });
  } finally {
    await real.stop();
  }
});
