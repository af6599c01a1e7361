import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { launchWithExtension } from './fixtures';
import { badgeFor, dcbsListing, extensionWorker, settledBadges, signIn, StoreServer } from './store';

// Key issues on a back-issue page: the badges of the run's keys carry a key mark (the pill keeps its size),
// their tooltip and menu say "Key issue", and the menu tells why (a PRO member's one read when it opens).
// The page's keys cost one read, and none when the page is seen again. The e2e build in Chromium, the
// stand-in over HTTP.

let si: StandIn;
let context: BrowserContext;
let worker: Worker;
let popup: Page;
let close: () => Promise<void>;
const stores = new StoreServer();
const RUN = 24;

const keyReads = () => si.requests().filter((r) => r.path === '/api/v1/issues' && r.query.includes('key_issues_only=true'));
const reasonReads = () => si.requests().filter((r) => /^\/api\/v1\/issues\/\d+\/key-reasons$/.test(r.path));

test.beforeAll(async () => {
  si = await startStandIn({ port: 0 });
  ({ context, close } = await launchWithExtension());
  worker = await extensionWorker(context);
  popup = await context.newPage();
  await popup.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
  await signIn(popup, si, si.tokens.pro);
});
test.afterAll(async () => {
  await close();
  await si.stop();
});

function run() {
  const series = [...si.catalog().series.values()].find((s) => s.slug === 'invincible-2003');
  if (!series) throw new Error('no Invincible');
  return { series, issues: (si.catalog().issuesBySeries.get(series.id) ?? []).slice(0, RUN) };
}

test('a back-issue page marks its key issues, and the menu says why', async () => {
  const { series, issues } = run();
  const page = dcbsListing('invincible', issues.map((issue) => ({ title: `${series.name} #${issue.number}`, code: '', price: '$3.99' })));
  stores.add(page);
  await stores.attach(context);
  const keys = issues.filter((issue) => si.catalog().isKeyIssue(issue));
  expect(keys.length).toBeGreaterThanOrEqual(2);
  si.clearRequests();

  const tab = await context.newPage();
  await tab.goto(page.url);
  await settledBadges(tab, RUN);
  await expect(tab.locator('[data-longbox-key-issue]')).toHaveCount(keys.length);
  for (const key of keys) await expect(badgeFor(tab, `${series.name} #${key.number}`)).toHaveAttribute('data-longbox-key-issue', String(key.id));
  expect(keyReads()).toHaveLength(1);

  // The key mark is inside the pill: a key's badge is the size of any other (the page learns nothing from it).
  const keyBadge = badgeFor(tab, `${series.name} #${keys[1]!.number}`);
  const plain = badgeFor(tab, `${series.name} #${issues.find((issue) => !si.catalog().isKeyIssue(issue))!.number}`);
  const [keyBox, plainBox] = [await keyBadge.locator('.pill').boundingBox(), await plain.locator('.pill').boundingBox()];
  expect(keyBox && plainBox && [keyBox.width, keyBox.height]).toEqual(plainBox && [plainBox.width, plainBox.height]);
  await expect(keyBadge.locator('.pill')).toHaveAttribute('title', /^Key issue\. /);

  await keyBadge.locator('.pill').click();
  const section = keyBadge.locator('.menu .key-issue');
  await expect(section).toContainText('Key issue');
  const words = si.catalog().keyReasons.get(keys[1]!.id)!.map((reason) => reason.notes);
  for (const said of words) await expect(section).toContainText(said);
  expect(reasonReads()).toHaveLength(1);

  // Seen again: the marks come from what was kept, with no read.
  si.clearRequests();
  await tab.reload();
  await settledBadges(tab, RUN);
  await expect(tab.locator('[data-longbox-key-issue]')).toHaveCount(keys.length);
  expect(keyReads()).toHaveLength(0);
  await tab.close();
});

test('the popup sums up a back-issue run: counts, gaps, keys, and "Wishlist the missing" puts exactly those on the wishlist', async () => {
  const { series } = run();
  const all = si.catalog().issuesBySeries.get(series.id) ?? [];
  const shown = all.slice(0, 60);
  const page = dcbsListing('invincible-run', shown.map((issue) => ({ title: `${series.name} #${issue.number}`, code: '', price: '$3.99' })));
  stores.add(page);
  await stores.attach(context);
  const store = await context.newPage();
  await store.goto(page.url);
  const views = await settledBadges(store, shown.length);
  const keys = shown.filter((issue) => si.catalog().isKeyIssue(issue));
  await expect(store.locator('[data-longbox-key-issue]')).toHaveCount(keys.length);
  const stateOf = new Map(views.map((view) => [view.code, view.state]));
  const missing = shown.filter((issue) => ['not-owned', 'pull-list'].includes(stateOf.get(`${series.name} #${issue.number}`) ?? ''));
  const owned = shown.filter((issue) => stateOf.get(`${series.name} #${issue.number}`) === 'owned');
  expect(missing.length).toBeGreaterThan(0);
  const wishlistBefore = await wishlistIds();

  // The popup over the store's tab, once the page's report (with its key marks) has gone in.
  await store.waitForTimeout(600);
  await store.bringToFront();
  const opened = context.waitForEvent('page');
  await popup.evaluate((url) => chrome.windows.create({ url, type: 'popup', width: 380, height: 600 }), `chrome-extension://${new URL(worker.url()).host}/popup.html`);
  const panel = await opened;
  await panel.waitForURL(/popup\.html$/);
  const summary = panel.getByTestId('run-summary');
  await expect(summary).toHaveCount(1);
  await expect(summary.getByTestId('run-counts')).toContainText(`You own ${owned.length} of the ${shown.length} issues on this page`);
  await expect(summary.getByTestId('run-counts')).toContainText(`#${missing[0]!.number}`);
  const missingKeys = missing.filter((issue) => si.catalog().isKeyIssue(issue));
  if (missingKeys.length > 0) await expect(summary.getByTestId('run-keys')).toContainText(missingKeys.map((issue) => `#${issue.number}`).join(', '));

  si.clearRequests();
  await summary.getByRole('button', { name: `Wishlist the ${missing.length} missing` }).click();
  await expect(summary.getByTestId('run-result')).toContainText(`${missing.length === 1 ? '1 issue goes' : `${missing.length} issues go`} to your wishlist now.`);
  // Exactly the missing issues end on the wishlist, one write each.
  await expect.poll(async () => [...(await wishlistIds())].filter((id) => !wishlistBefore.has(id)).sort((a, b) => a - b), { timeout: 15_000 })
    .toEqual(missing.map((issue) => issue.id).filter((id) => !wishlistBefore.has(id)).sort((a, b) => a - b));
  expect(si.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/wishlist'))).toHaveLength(missing.length);
  await panel.close();
  await store.close();
});

async function wishlistIds(): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; page < 20; page++) {
    const answer = await fetch(`${si.url}/api/v1/user/wishlist?per_page=100&page=${page}`, { headers: { Authorization: `Bearer ${si.tokens.pro}`, Accept: 'application/json' } });
    const body = (await answer.json()) as { data: Array<{ entity: { id: number } }>; meta?: { last_page?: number } };
    for (const row of body.data) ids.add(row.entity.id);
    if (!body.meta?.last_page || page >= body.meta.last_page) break;
  }
  return ids;
}
