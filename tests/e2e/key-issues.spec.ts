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
