import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { launchWithExtension } from './fixtures';
import { api, badgeFor, dcbsListing, demoData, extensionWorker, idsIn, KAY, settledBadges, signIn, StoreServer } from './store';

// A comic a store page shows by its title only, not in the member's library: its badge menu offers the
// same one-click actions as a coded comic's, and the click finds the issue in VerseDB's catalog (the
// series search, then its issues). A title that fits several same-named series asks which; a title VerseDB
// lacks says so and writes nothing. The e2e build in Chromium, the stand-in over HTTP.

let si: StandIn;
let context: BrowserContext;
let worker: Worker;
let options: Page;
let close: () => Promise<void>;
const stores = new StoreServer();

const page = dcbsListing('titles', [
  { title: 'Lumberjanes #3', code: '', price: '$3.99' },
  { title: 'Batman #3', code: '', price: '$4.99' },
  { title: 'Cinder Wolf #5', code: '', price: '$3.99' },
]);

test.beforeAll(async () => {
  si = await startStandIn({ port: 0, data: demoData() });
  ({ context, close } = await launchWithExtension());
  worker = await extensionWorker(context);
  stores.add(page);
  await stores.attach(context);
  options = await context.newPage();
  await options.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
  await signIn(options, si, KAY.token);
});
test.afterAll(async () => {
  await close();
  await si.stop();
});

const reads = () => si.requests().filter((r) => r.method === 'GET' && (r.path === '/api/v1/series' || r.path === '/api/v1/issues'));
const issueOf = (name: string, number: string, startYear?: number) => {
  const series = [...si.catalog().series.values()].find((s) => s.name === name && s.publicationType !== 'collected_edition' && (startYear === undefined || s.startYear === startYear));
  const issue = series && si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === number);
  if (!issue) throw new Error(`no ${name} #${number}`);
  return issue;
};

test('a title-only comic’s badge menu wishlists the right issue, asks among same-named series, and names a title VerseDB lacks', async () => {
  const tab = await context.newPage();
  await tab.goto(page.url);
  await settledBadges(tab, 3);
  // No title left the browser for the badges on their own.
  expect(reads()).toEqual([]);

  const lumberjanes = badgeFor(tab, 'Lumberjanes #3');
  await expect(lumberjanes).toHaveAttribute('data-longbox-state', 'not-owned');
  await lumberjanes.locator('.pill').click();
  await lumberjanes.locator('.menu').getByRole('button', { name: 'Add to wishlist', exact: true }).click();
  await expect(lumberjanes).toHaveAttribute('data-longbox-state', 'wishlist');
  expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).toContain(issueOf('Lumberjanes', '3').id);
  expect(reads().length).toBeLessThanOrEqual(2);

  // Batman: several series by that name, and the title says nothing of which. The member picks.
  const batman = badgeFor(tab, 'Batman #3');
  await batman.locator('.pill').click();
  await batman.locator('.menu').getByRole('button', { name: 'Add to wishlist', exact: true }).click();
  const choices = batman.locator('.menu .match');
  await expect(choices.filter({ hasText: 'Batman (2016, DC Comics)' })).toHaveCount(1);
  await expect(choices.filter({ hasText: 'Batman (2025, DC Comics)' })).toHaveCount(1);
  expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).not.toContain(issueOf('Batman', '3', 2016).id);
  await choices.filter({ hasText: 'Batman (2016, DC Comics)' }).click();
  await expect(batman).toHaveAttribute('data-longbox-state', 'wishlist');
  expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).toContain(issueOf('Batman', '3', 2016).id);

  // A title VerseDB does not have: said in the menu, nothing written.
  const writes = () => si.requests().filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v1')).length;
  const before = writes();
  const cinder = badgeFor(tab, 'Cinder Wolf #5');
  await cinder.locator('.pill').click();
  await cinder.locator('.menu').getByRole('button', { name: 'Add to wishlist', exact: true }).click();
  await expect(cinder.locator('.menu .note')).toHaveText('Not on VerseDB: it has no series named “Cinder Wolf”.');
  // …and offers VerseDB's own search for the title, which may know it by other words.
  const search = cinder.locator('.menu').getByRole('link', { name: 'Search VerseDB for “Cinder Wolf #5”' });
  await expect(search).toHaveAttribute('href', `${si.url}/search?q=Cinder%20Wolf%20%235`);
  expect(writes()).toBe(before);
  await tab.close();
});

test('the popup finds a title-only comic’s issue on the member’s click, asking which same-named series, then wishlists it', async () => {
  // Two X-Men series (1991 and 2024) both have a #12: the title and its number do not say which.
  const listing = dcbsListing('x-men', [{ title: 'X-Men #12', code: '', price: '$3.99' }]);
  stores.add(listing);
  const store = await context.newPage();
  await store.goto(listing.url);
  await settledBadges(store, 1);
  await expect(badgeFor(store, 'X-Men #12')).toHaveAttribute('data-longbox-state', 'not-owned');

  // The popup in a window of its own over the store's tab, as the toolbar button opens it.
  const extension = await context.newPage();
  await extension.goto(`chrome-extension://${new URL(worker.url()).host}/options.html`);
  await store.bringToFront();
  const opened = context.waitForEvent('page');
  await extension.evaluate((url) => window.chrome.windows.create({ url, type: 'popup', width: 380, height: 600 }), `chrome-extension://${new URL(worker.url()).host}/popup.html`);
  const popup = await opened;
  await popup.waitForURL(/popup\.html$/);
  await expect(popup.getByRole('tab', { name: 'This page' })).toHaveAttribute('aria-selected', 'true');
  const row = popup.locator('.comic').filter({ has: popup.getByRole('button', { name: 'X-Men #12', exact: true }) });
  await row.locator('.comic-title').click();
  await row.getByRole('button', { name: 'Find it on VerseDB' }).click();
  const choices = row.getByRole('group', { name: 'Which series?' }).getByRole('button');
  await expect(choices).toHaveText([/^X-Men \(1991, Marvel/, /^X-Men \(2024, Marvel/]);
  await choices.filter({ hasText: '2024' }).click();
  await row.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(row.getByText('Added to your wishlist.')).toBeVisible();
  expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).toContain(issueOf('X-Men', '12', 2024).id);
  await popup.close();
  await extension.close();
  await store.close();
});
