import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { launchWithExtension } from './fixtures';
import { api, demoData, extensionWorker, idsIn, KAY, signIn } from './store';

// "Look up in VerseDB" on selected text, on any page: the extension's context-menu entry, and the panel
// it opens (lookup.html#q=…) with the comic's status and the popup row's actions. The e2e build in
// Chromium, the stand-in over HTTP. A test cannot click the browser's own context menu; the entry is
// checked to exist, and its click (open the panel with the selection) is covered in tests/unit/lookup.test.ts.

let si: StandIn;
let context: BrowserContext;
let worker: Worker;
let close: () => Promise<void>;
let host: string;

test.beforeAll(async () => {
  si = await startStandIn({ port: 0, data: demoData() });
  ({ context, close } = await launchWithExtension());
  worker = await extensionWorker(context);
  host = new URL(worker.url()).host;
  const options = await context.newPage();
  await options.goto(`chrome-extension://${host}/popup.html`);
  await signIn(options, si, KAY.token);
  await options.close();
});
test.afterAll(async () => {
  await close();
  await si.stop();
});

const panel = async (text: string): Promise<Page> => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${host}/lookup.html#${new URLSearchParams({ q: text }).toString()}`);
  return page;
};

const issueOf = (name: string, number: string, startYear?: number) => {
  const series = [...si.catalog().series.values()].find((s) => s.name === name && s.publicationType !== 'collected_edition' && (startYear === undefined || s.startYear === startYear));
  const issue = series && si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === number);
  if (!issue) throw new Error(`no ${name} #${number}`);
  return issue;
};

test('the context menu has its entry on selected text', async () => {
  // update() refuses an id the menu does not have.
  const found = await worker.evaluate(() => chrome.contextMenus.update('longbox-look-up', {}).then(() => true, (error: Error) => error.message));
  expect(found).toBe(true);
  const missing = await worker.evaluate(() => chrome.contextMenus.update('no-such-entry', {}).then(() => true, () => false));
  expect(missing).toBe(false);
});

test('a selected title the library does not know: found in VerseDB, wishlisted from the panel', async () => {
  const page = await panel('Lumberjanes #3');
  await expect(page.getByTestId('lookup-text')).toHaveText('“Lumberjanes #3”');
  const row = page.getByTestId('lookup-result').locator('.comic');
  await expect(row.locator('.pill')).toHaveText('Not owned');
  await row.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(row.getByText('Added to your wishlist.')).toBeVisible();
  // The row's state is read again once the action went through.
  await expect(row.locator('.pill')).toHaveText('On wishlist');
  expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).toContain(issueOf('Lumberjanes', '3').id);
  await page.close();
});

test('a selected title of several same-named series asks which, then acts on the one picked', async () => {
  const page = await panel('X-Men #12');
  const row = page.getByTestId('lookup-result').locator('.comic');
  await row.getByRole('button', { name: 'Find it on VerseDB' }).click();
  const choices = row.getByRole('group', { name: 'Which series?' }).getByRole('button');
  await expect(choices).toHaveText([/^X-Men \(1991, Marvel/, /^X-Men \(2024, Marvel/]);
  await choices.filter({ hasText: '1991' }).click();
  await row.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(row.getByText('Added to your wishlist.')).toBeVisible();
  expect(idsIn(await api(si, KAY.token, '/user/wishlist?per_page=100'), 'entity')).toContain(issueOf('X-Men', '12', 1991).id);
  await page.close();
});

test('a selected title VerseDB lacks says so and links to VerseDB’s own search; text with no comic says that', async () => {
  const writes = () => si.requests().filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v1')).length;
  const before = writes();
  const page = await panel('Cinder Wolf #5');
  await expect(page.getByTestId('lookup-result').locator('.pill')).toHaveText('No match');
  await expect(page.getByTestId('lookup-note')).toHaveText('Not on VerseDB: it has no series named “Cinder Wolf”.');
  await expect(page.getByRole('link', { name: 'Search VerseDB for “Cinder Wolf #5”' })).toHaveAttribute('href', `${si.url}/search?q=Cinder%20Wolf%20%235`);
  expect(writes()).toBe(before);
  await page.goto(`chrome-extension://${host}/lookup.html#q=${encodeURIComponent('free shipping over $50')}`);
  await page.reload();
  await expect(page.getByText(/found no comic’s code, or title with an issue number/)).toBeVisible();
  await page.close();
});
