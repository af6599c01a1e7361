import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { launchWithExtension } from './fixtures';
import { badgeFor, dcbsListing, extensionWorker, settledBadges, signIn, StoreServer } from './store';

// A free member's key issue: the badge is marked as for anyone, and its menu says VerseDB tells PRO members
// why, with no read. The e2e build in Chromium, the stand-in over HTTP.

let si: StandIn;
let context: BrowserContext;
let worker: Worker;
let popup: Page;
let close: () => Promise<void>;
const stores = new StoreServer();
const reasonReads = () => si.requests().filter((r) => /^\/api\/v1\/issues\/\d+\/key-reasons$/.test(r.path));

test.beforeAll(async () => {
  si = await startStandIn({ port: 0 });
  ({ context, close } = await launchWithExtension());
  worker = await extensionWorker(context);
  popup = await context.newPage();
  await popup.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
  await signIn(popup, si, si.tokens.free);
});
test.afterAll(async () => {
  await close();
  await si.stop();
});

test('a free member’s key badge says the reasons need PRO, and spends no read on them', async () => {
  const series = [...si.catalog().series.values()].find((s) => s.slug === 'saga-2012')!;
  const issues = (si.catalog().issuesBySeries.get(series.id) ?? []).slice(0, 30);
  const keys = issues.filter((issue) => si.catalog().isKeyIssue(issue) && issue.number !== '1');
  const page = dcbsListing('saga-run', issues.map((issue) => ({ title: `${series.name} #${issue.number}`, code: '', price: '$3.99' })));
  stores.add(page);
  await stores.attach(context);
  const tab = await context.newPage();
  await tab.goto(page.url);
  await settledBadges(tab, issues.length);
  const badge = badgeFor(tab, `${series.name} #${keys[0]!.number}`);
  await expect(badge).toHaveAttribute('data-longbox-key-issue', String(keys[0]!.id));
  si.clearRequests();
  await badge.locator('.pill').click();
  await expect(badge.locator('.menu .key-issue')).toContainText('VerseDB tells PRO members why an issue is a key.');
  expect(reasonReads()).toHaveLength(0);
  await tab.close();
});
