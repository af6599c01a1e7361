import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { FULL_ACCESS, startStandIn, type StandIn } from '../../stand-in/index.ts';
import { backgroundWorker, launchWithExtension } from './fixtures';
import {
  api, badgeFor, badgeViews, dcbsListing, demoData, field, fixturePage, idsIn, KAY, settledBadges, signIn, StoreServer, type BadgeView,
} from './store';

// Badges on store pages, end to end: the e2e build of Longbox in Chromium, the VerseDB stand-in over
// HTTP with the demo data (tests/fixtures/demo-data.json: Kay owns Absolute Batman #4 twice, Saga
// Vol. 1, Ravenwood #1..., wishlists Saga Vol. 2 and pulls the Saga trades), and store pages served at
// the stores' real addresses. Each describe block shares one stand-in and one browser.

interface Setup {
  si: StandIn;
  context: BrowserContext;
  worker: Worker;
  /** An extension page (the popup, in a tab), to talk to the background as the options page does. */
  options: Page;
  stores: StoreServer;
  close: () => Promise<void>;
}

async function setUp(): Promise<Setup> {
  const si = await startStandIn({ port: 0, data: demoData() });
  const { context, close } = await launchWithExtension();
  const worker = await backgroundWorker(context);
  const stores = new StoreServer();
  await stores.attach(context);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
  return {
    si, context, worker, options, stores,
    close: async () => {
      await close();
      await si.stop();
    },
  };
}

/** Opens a store page in a fresh tab. */
async function open(setup: Setup, url: string): Promise<Page> {
  const page = await setup.context.newPage();
  await page.goto(url);
  return page;
}

const byCode = (views: BadgeView[]): Map<string, BadgeView> => new Map(views.map((view) => [view.code ?? '', view]));

/** Opens a badge's menu and clicks one of its buttons. */
async function choose(page: Page, code: string, button: string): Promise<void> {
  const badge = badgeFor(page, code);
  if (!(await badge.locator('.menu').isVisible())) await badge.locator('.pill').click();
  await badge.locator('.menu').getByRole('button', { name: button, exact: true }).click();
}

const lookups = (si: StandIn) => si.requests().filter((r) => r.path.startsWith('/api/v1/lookup/'));

test.describe('badges and their one-click actions', () => {
  test.describe.configure({ mode: 'serial' });
  let setup: Setup;
  const states = fixturePage('e2e/dcbs-search-states');
  const ravenwood = fixturePage('e2e/ebay-item-ravenwood-1');

  test.beforeAll(async () => {
    setup = await setUp();
    setup.stores.add(states, ravenwood);
  });
  test.afterAll(async () => setup?.close());

  test('before sign-in every badge says so, and opens the options', async () => {
    const page = await open(setup, states.url);
    const views = await settledBadges(page, 9);
    for (const view of views) {
      expect(view).toMatchObject({ state: 'signed-out', label: 'Sign in' });
      expect(view.tip).toContain('not signed in to VerseDB');
    }
    expect(views[0]?.code).toBe('upc:76194138626300411');
    const optionsTab = setup.context.waitForEvent('page');
    await badgeFor(page, 'upc:76194138626300411').locator('.pill').click();
    expect((await optionsTab).url()).toMatch(/^chrome-extension:\/\/[a-z]+\/options\.html/);
    expect(lookups(setup.si)).toHaveLength(0);
  });

  test('every state in words, with a tooltip and the code it was resolved from', async () => {
    await signIn(setup.options, setup.si, KAY.token);
    const page = await open(setup, states.url);
    const views = byCode(await settledBadges(page, 9));
    expect(views.get('upc:76194138626300411')).toEqual({
      state: 'owned', code: 'upc:76194138626300411', label: 'Owned ×2 · NM', tip: 'In your VerseDB collection: 2 copies, best NM.',
    });
    expect(views.get('isbn:9781607066927')).toMatchObject({ state: 'wishlist', label: 'On wishlist', tip: 'On your VerseDB wishlist, not in your collection.' });
    expect(views.get('isbn:9781607069317')).toMatchObject({ state: 'pull-list', label: 'Pull list', tip: 'You pull Saga; this issue is not in your collection yet.' });
    expect(views.get('upc:76194130007800211')).toMatchObject({ state: 'not-owned', label: 'Not owned', tip: 'Not in your VerseDB collection.' });
    expect(views.get('upc:761941309507')).toMatchObject({ state: 'ambiguous', label: 'Pick issue', tip: '2 issues share this barcode: pick the right one.' });
    expect(views.get('isbn:9781534325982')).toMatchObject({ state: 'not-found', label: 'Not in VerseDB', tip: 'VerseDB has no comic with this code.' });
    // Title-only items (eBay's similar items) are matched against the library; their code is the title.
    const ebay = await open(setup, ravenwood.url);
    const similar = byCode(await settledBadges(ebay, 5));
    expect(similar.get('Absolute Batman #1 (2024) Cover A Nick Dragotta 1st Print NM')).toMatchObject({
      state: 'owned', label: 'Owned · NM-', tip: 'In your VerseDB collection: 1 copy, best NM- (matched by title).',
    });
    expect(similar.get('Ravenwood #2 (1988) DC Newsstand Tomas Ferrante VF')).toMatchObject({ state: 'not-owned', tip: 'Not in your VerseDB collection (matched by title).' });
    await Promise.all([page.close(), ebay.close()]);
  });

  test('one click puts an issue on the wishlist, and undo takes it off', async () => {
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const code = 'upc:76194130007800211'; // Absolute Batman #2, issue 921
    await choose(page, code, 'Add to wishlist');
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'wishlist');
    await expect(badgeFor(page, code).locator('.pill')).toHaveText('On wishlist');
    expect(idsIn(await api(setup.si, KAY.token, '/user/wishlist'), 'entity')).toContain(921);
    await choose(page, code, 'Remove from wishlist');
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'not-owned');
    expect(idsIn(await api(setup.si, KAY.token, '/user/wishlist'), 'entity')).not.toContain(921);
    await page.close();
  });

  test('add a copy: price from the page, one copy on VerseDB, every badge of the issue updates', async () => {
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const coverA = 'upc:76194130007800311';
    const coverB = 'upc:76194130007800321'; // the same issue, #3, another cover
    const before = await api(setup.si, KAY.token, '/issues/922/collection/check');
    expect(field(before, 'copies_count')).toBe(0);
    await badgeFor(page, coverA).locator('.pill').click();
    const form = badgeFor(page, coverA).locator('form.copy');
    await expect(form.locator('input[name=price_paid]')).toHaveValue('3.24');
    await expect(form.locator('select[name=condition]')).toHaveValue('NM');
    await form.locator('select[name=condition]').selectOption('VF');
    await form.getByRole('button', { name: 'Add a copy' }).click();
    await expect(badgeFor(page, coverA)).toHaveAttribute('data-longbox-state', 'owned');
    await expect(badgeFor(page, coverA).locator('.note')).toHaveText('Copy added to your collection.');
    await expect(badgeFor(page, coverB)).toHaveAttribute('data-longbox-state', 'owned');
    await expect(badgeFor(page, coverB).locator('.pill')).toHaveText('Owned · VF');
    const after = await api(setup.si, KAY.token, '/issues/922/collection/check');
    expect(field(after, 'copies_count')).toBe(1);
    expect(field(after, 'data')).toMatchObject({ condition: 'VF', price_paid: 3.24 });
    const posts = setup.si.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/issues/922/collection');
    expect(posts).toHaveLength(1);
    await page.close();
  });

  test('pull this series: the badge says so and VerseDB has the series', async () => {
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const code = 'upc:70985330056400111'; // Transformers #1 (series 56)
    await choose(page, code, 'Pull this series');
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'pull-list');
    await expect(badgeFor(page, code).locator('.pill')).toHaveAttribute('title', 'You pull Transformers; this issue is not in your collection yet.');
    expect(idsIn(await api(setup.si, KAY.token, '/user/pull-list'), 'series')).toContain(56);
    await page.close();
  });

  test('an ambiguous barcode is resolved by picking the issue', async () => {
    const page = await open(setup, ravenwood.url);
    await settledBadges(page, 5);
    const code = 'upc:761941309507';
    await badgeFor(page, code).locator('.pill').click();
    const matches = badgeFor(page, code).locator('.match');
    await expect(matches).toHaveText(['Ravenwood (1988) #2', 'Ravenwood (1988) #1']);
    const looked = lookups(setup.si).length;
    await matches.filter({ hasText: '#1' }).click();
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'owned');
    await expect(badgeFor(page, code).locator('.pill')).toHaveText('Owned · VF');
    // The choice is remembered: the next visit answers at once, with no lookup.
    await page.reload();
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'owned');
    expect(lookups(setup.si).length).toBe(looked);
    await page.close();
  });

  test('a token that cannot look barcodes up gives an error that says why', async () => {
    await signIn(setup.options, setup.si, KAY.noLookupToken);
    const fresh = dcbsListing('paper girls', [
      { title: 'Paper Girls #1 Cvr A Cliff Chiang', code: '70985330054000111', price: '$2.59' },
      { title: 'Absolute Batman #4 Cvr A Nick Dragotta', code: '76194138626300411', price: '$3.24' },
    ]);
    setup.stores.add(fresh);
    const page = await open(setup, fresh.url);
    const views = byCode(await settledBadges(page, 2));
    expect(views.get('upc:70985330054000111')).toMatchObject({ state: 'error', label: 'Error' });
    expect(views.get('upc:70985330054000111')?.tip).toContain('lookup:barcode');
    // What is already known still answers.
    expect(views.get('upc:76194138626300411')).toMatchObject({ state: 'owned' });
    await page.close();
  });
});
