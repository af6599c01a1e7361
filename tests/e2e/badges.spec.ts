import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { readBadgeBoxes, readClippedLabels, STATES_PAGE_VIEWS } from '../shared/badges';
import { FULL_ACCESS, startStandIn, type StandIn } from '../../stand-in/index.ts';
import { placeholderPng } from './covers';
import { launchWithExtension } from './fixtures';
import {
  api, badgeFor, dcbsListing, demoData, extensionWorker, field, fixturePage, idsIn, KAY, settledBadges, signIn, StoreServer, type BadgeView,
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
  const worker = await extensionWorker(context);
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
    for (const [code, view] of Object.entries(STATES_PAGE_VIEWS)) expect(views.get(code), code).toMatchObject({ code, ...view });
    // Every state's badge takes the same box: a page that measures badges learns nothing of what is owned.
    const boxes = await page.evaluate(readBadgeBoxes);
    expect(boxes).toHaveLength(9);
    expect(new Set(boxes).size, boxes.join(', ')).toBe(1);
    // And every state's words fit in it: none is cut off.
    expect(await page.evaluate(readClippedLabels)).toEqual([]);
    // Title-only items (eBay's similar items) are matched against the library; their code is the title.
    const ebay = await open(setup, ravenwood.url);
    const similar = byCode(await settledBadges(ebay, 5));
    expect(similar.get('Absolute Batman #1 (2024) Cover A Nick Dragotta 1st Print NM')).toMatchObject({
      state: 'owned', label: 'Owned · NM-', tip: 'In your VerseDB collection: 1 copy, best NM-. Matched by title.',
    });
    expect(similar.get('Ravenwood #2 (1988) DC Newsstand Tomas Ferrante VF')).toMatchObject({ state: 'not-owned', tip: 'Not in your VerseDB collection. Matched by title.' });
    // The newsstand barcode both Ravenwood issues share, on a page whose title says #1: that one (issue 12).
    expect(similar.get('upc:761941309507')).toMatchObject({ state: 'owned', label: 'Owned · VF' });
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

  test("a page script's clicks and submits act for nobody: only the member's own click writes", async () => {
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const code = 'upc:76194130007800211'; // Absolute Batman #2, issue 921
    const writes = () => setup.si.requests().filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v1/')).length;
    const before = writes();
    // The e2e build keeps the badges' shadow roots open for tests: the worst case, a page that can reach in.
    const forge = (what: 'pill' | 'menu') =>
      page.evaluate(
        ({ code, what }) => {
          const root = document.querySelector(`[data-longbox-code="${code}"]`)?.shadowRoot;
          if (!root) return 'no badge';
          if (what === 'pill') {
            root.querySelector<HTMLElement>('.pill')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
            root.querySelector<HTMLElement>('.pill')?.click();
            return 'clicked';
          }
          for (const button of root.querySelectorAll<HTMLButtonElement>('.menu button')) button.click();
          for (const form of root.querySelectorAll<HTMLFormElement>('.menu form')) form.requestSubmit();
          return 'clicked';
        },
        { code, what },
      );
    expect(await forge('pill')).toBe('clicked');
    await expect(badgeFor(page, code).locator('.menu')).toBeHidden();
    // The member opens the menu; the page's script then clicks every button and submits the copy form.
    await badgeFor(page, code).locator('.pill').click();
    await expect(badgeFor(page, code).locator('.menu').getByRole('button', { name: 'Add to wishlist', exact: true })).toBeVisible();
    expect(await forge('menu')).toBe('clicked');
    // A click the menu acts on starts its change in the same task: it says "Working…" and disables every
    // control until VerseDB answers. Right after the forged clicks and submits, nothing of that shows.
    const menu = badgeFor(page, code).locator('.menu');
    await expect(menu.getByText('Working…')).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Add to wishlist', exact: true })).toBeEnabled();
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'not-owned');
    expect(writes()).toBe(before);
    // The member's own click is one write: once VerseDB has it (the badge says so), it is the only write
    // since the forged ones, which came first.
    await menu.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'wishlist');
    expect(writes()).toBe(before + 1);
    await choose(page, code, 'Remove from wishlist');
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'not-owned');
    await page.close();
  });

  test('add a copy: price from the page, one copy on VerseDB, every badge of the issue updates', async () => {
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const coverA = 'upc:76194130007800311';
    const coverB = 'upc:76194130007800321'; // the same issue, #3, another cover
    const before = await api(setup.si, KAY.token, '/issues/922/collection/check');
    expect(field(before, 'copies_count')).toBe(0);
    // #3's covers were answered from the series #2's lookup taught (issue 12): neither code was looked up,
    // so the click's issue comes from one catalog read of the series, in the background.
    expect(lookups(setup.si).map((r) => r.path)).not.toContain(`/api/v1/lookup/upc/${coverA.slice(4)}`);
    const catalogReads = () => setup.si.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/issues').length;
    const catalogBefore = catalogReads();
    await badgeFor(page, coverA).locator('.pill').click();
    const form = badgeFor(page, coverA).locator('form.copy');
    await expect(form.locator('input[name=price_paid]')).toHaveValue('3.24');
    await expect(form.locator('select[name=condition]')).toHaveValue('NM');
    await form.locator('select[name=condition]').selectOption('VF');
    await form.getByRole('button', { name: 'Add copy' }).click();
    await expect(badgeFor(page, coverA)).toHaveAttribute('data-longbox-state', 'owned');
    await expect(badgeFor(page, coverA).locator('.note')).toHaveText('Copy added to your collection.');
    await expect(badgeFor(page, coverB)).toHaveAttribute('data-longbox-state', 'owned');
    await expect(badgeFor(page, coverB).locator('.pill')).toHaveText('Owned · VF');
    const after = await api(setup.si, KAY.token, '/issues/922/collection/check');
    expect(field(after, 'copies_count')).toBe(1);
    expect(field(after, 'data')).toMatchObject({ condition: 'VF', price_paid: 3.24 });
    const posts = setup.si.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/issues/922/collection');
    expect(posts).toHaveLength(1);
    expect(catalogReads() - catalogBefore).toBeLessThanOrEqual(1);
    await page.close();
  });

  test('pull this series: the badge says so and VerseDB has the series', async () => {
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const code = 'upc:70985330056400111'; // Transformers #1 (series 56)
    await choose(page, code, 'Pull this series');
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'pull-list');
    await expect(badgeFor(page, code).locator('.pill')).toHaveAttribute('title', 'You pull Transformers; this issue is not in your collection yet. This one: Cover A, 1st printing.');
    expect(idsIn(await api(setup.si, KAY.token, '/user/pull-list'), 'series')).toContain(56);
    await page.close();
  });

  test("a badge over a cover inside the product's link: the member's clicks in its menu act, and never follow the link", async () => {
    // A card whose cover is its product's link, and whose title box is one clipped line: the badge can only be seen
    // over the cover, that is inside the link. A click on the menu must act, not open the product.
    const cover = `data:image/png;base64,${placeholderPng(150, 225).toString('base64')}`;
    const code = '76194130007800211'; // Absolute Batman #2, issue 921
    const href = `/product/${code}/absolute-batman-2-cvr-a-nick-dragotta`;
    const card = {
      url: 'https://www.dcbservice.com/search/absolute%20batman%20covers',
      html: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Search - DCBS</title>
<style>.thumbitem{list-style:none;width:160px}.thumbtitle{width:150px;height:1.2em;overflow:hidden;white-space:nowrap}</style></head>
<body><ul><li class="thumbitem"><a href="${href}"><img src="${cover}" width="150" height="225" alt="Absolute Batman #2 Cvr A Nick Dragotta"></a>
<div class="thumbtitle"><a href="${href}">Absolute Batman #2 Cvr A Nick Dragotta Regular Edition</a></div>
<div class="thumbprice"><span class="dcbsprice">$3.24</span></div><div class="thumbcode">${code}</div></li></ul></body></html>`,
    };
    const product = { url: `https://www.dcbservice.com${href}`, html: '<!DOCTYPE html><title>Absolute Batman #2 - DCBS</title><h1>Absolute Batman #2</h1>' };
    setup.stores.add(card, product);
    const page = await open(setup, card.url);
    await settledBadges(page, 1);
    const badge = badgeFor(page, `upc:${code}`);
    await expect(badge.locator('.pill')).toHaveClass(/\bover\b/);
    expect(await badge.evaluate((host) => host.closest('a')?.getAttribute('href'))).toBe(href);
    await badge.locator('.pill').click();
    const menu = badge.locator('.menu');
    // Clicks that act on nothing (the tip's words, a field's label, the fields) stay on the page.
    await menu.locator('.tip').click();
    await menu.getByText('Condition').click();
    await expect(menu.locator('select[name=condition]')).toBeFocused();
    await menu.locator('select[name=condition]').selectOption('VF');
    await menu.locator('input[name=price_paid]').click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(card.url);
    await menu.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await expect(badge).toHaveAttribute('data-longbox-state', 'wishlist');
    expect(idsIn(await api(setup.si, KAY.token, '/user/wishlist'), 'entity')).toContain(921);
    await menu.getByRole('button', { name: 'Remove from wishlist', exact: true }).click();
    await expect(badge).toHaveAttribute('data-longbox-state', 'not-owned');
    expect(page.url()).toBe(card.url);
    // The link itself still goes where the store meant, for a click beside the badge.
    await badge.locator('.pill').click();
    await expect(menu).toBeHidden();
    await page.locator('.thumbtitle a').click();
    await page.waitForURL(product.url);
    await page.close();
  });

  test('an ambiguous barcode the page’s title does not settle is resolved by picking the issue', async () => {
    // The states page lists the Ravenwood newsstand barcode with no issue number in its title.
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const code = 'upc:761941309507';
    await badgeFor(page, code).locator('.pill').click();
    const matches = badgeFor(page, code).locator('.match');
    await expect(matches).toHaveText(['Ravenwood (1988, DC Comics) #2', 'Ravenwood (1988, DC Comics) #1']);
    // Covers load with no referrer: VerseDB's image host does not learn which store page this is.
    const covers = matches.locator('img');
    await expect(covers).toHaveCount(2);
    for (const cover of await covers.all()) await expect(cover).toHaveAttribute('referrerpolicy', 'no-referrer');
    const looked = lookups(setup.si).length;
    await matches.filter({ hasText: '#1' }).click();
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'owned');
    await expect(badgeFor(page, code).locator('.pill')).toHaveText('Owned · VF');
    // The choice is remembered: the next visit answers at once, with no lookup.
    await page.reload();
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'owned');
    // Counted once the whole page has settled again, so a lookup still on its way would be in the log.
    await settledBadges(page, 9);
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

/** The count on the toolbar icon for the tab showing this address, as the background set it. */
function toolbarCount(worker: Worker, url: string): Promise<string> {
  return worker.evaluate(async (address) => {
    const [tab] = await chrome.tabs.query({ url: address });
    return tab?.id === undefined ? 'no such tab' : chrome.action.getBadgeText({ tabId: tab.id });
  }, url);
}

test.describe('pages that change, carts and hostile pages', () => {
  test.describe.configure({ mode: 'serial' });
  let setup: Setup;

  test.beforeAll(async () => {
    setup = await setUp();
    await signIn(setup.options, setup.si, KAY.token);
  });
  test.afterAll(async () => setup?.close());

  test('"Load more" adds items, and they get badges', async () => {
    const loadMore = fixturePage('e2e/dcbs-search-load-more');
    setup.stores.add(loadMore);
    const page = await open(setup, loadMore.url);
    expect((await settledBadges(page, 4)).map((view) => view.code)).toEqual([1, 2, 3, 4].map((n) => `upc:709853300502${String(n).padStart(3, '0')}11`));
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.locator('li.thumbitem').last().scrollIntoViewIfNeeded();
    const views = await settledBadges(page, 8);
    expect(views.map((view) => view.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `upc:709853300502${String(n).padStart(3, '0')}11`));
    expect(views.every((view) => view.state === 'not-owned')).toBe(true);
    await page.close();
  });

  test('client-side navigation: the new view is read with its own page rules', async () => {
    const spa = fixturePage('e2e/dcbs-search-spa');
    setup.stores.add(spa);
    const page = await open(setup, spa.url);
    // The results, and the "See also" link to #8, a product address with its barcode (the general readers).
    expect((await settledBadges(page, 3)).map((view) => [view.code, view.state])).toEqual([
      ['upc:76194130007800111', 'owned'],
      ['upc:76194130007800211', 'not-owned'],
      ['upc:76194130007800811', 'owned'],
    ]);
    await page.locator('#open-8').click();
    await expect(page).toHaveURL(/\/product\/76194130007800811\//);
    // The product view's title (only product pages have it) and its "you may also like" item; the
    // results' badges went with the results.
    const views = await settledBadges(page, 2);
    expect(views.map((view) => [view.code, view.state, view.label])).toEqual([
      ['upc:76194130007800811', 'owned', 'Owned · NM'],
      ['upc:76194130007801311', 'not-owned', 'Not owned'],
    ]);
    // Its badge marks the product's title: beside it, or, where it would push the page, over the line's end.
    const marked = await page.evaluate(() => {
      const title = document.querySelector('h1.producttitle');
      const host = document.querySelector('[data-longbox-key="upc:76194130007800811"]');
      return title !== null && host !== null && (title.contains(host) || title.parentElement === host.parentElement);
    });
    expect(marked).toBe(true);
    await page.close();
  });

  test('the general readers are asked for as the page starts loading: a page held up by a slow script is read in full at once', async () => {
    const spa = fixturePage('e2e/dcbs-search-spa');
    // The same results page, its HTML held up for 1.5 s by a script in its head (a slow tag manager).
    const slow = { url: `${spa.url}${spa.url.includes('?') ? '&' : '?'}held=1`, html: spa.html.replace(/<head>/i, '<head><script src="/held-up-tag-manager.js"></script>') };
    setup.stores.add(slow);
    await setup.context.route(/\/held-up-tag-manager\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ body: '// a store\'s slow script', contentType: 'text/javascript' });
    });
    const page = await open(setup, slow.url);
    // The "See also" link to #8 is found by the general readers only: they were there.
    expect((await settledBadges(page, 3)).map((view) => [view.code, view.state])).toEqual([
      ['upc:76194130007800111', 'owned'],
      ['upc:76194130007800211', 'not-owned'],
      ['upc:76194130007800811', 'owned'],
    ]);
    const marks = await page.evaluate(() => ({
      requested: performance.getEntriesByName('longbox:readers-requested').map((entry) => entry.startTime),
      start: performance.getEntriesByName('longbox:start').map((entry) => entry.startTime),
      again: performance.getEntriesByName('longbox:readers-asked-again').length,
      held: (performance.getEntriesByName(new URL('/held-up-tag-manager.js', location.href).href)[0] as PerformanceResourceTiming | undefined)?.responseEnd ?? null,
    }));
    // Asked for once, at document_start (before the held-up script had even arrived), and the store script,
    // which starts once the page is parsed, found them there and did not ask again.
    expect(marks.requested).toHaveLength(1);
    expect(marks.start).toHaveLength(1);
    expect(marks.held).not.toBeNull();
    expect(marks.requested[0]).toBeLessThan(marks.held ?? 0);
    expect(marks.start[0]).toBeGreaterThan(marks.held ?? Infinity);
    expect(marks.again).toBe(0);
    await page.close();
  });

  test('a carousel that clones its slides is badged once per comic; the toolbar counts what is owned', async () => {
    const carousel = fixturePage('e2e/dcbs-home-carousel');
    setup.stores.add(carousel);
    const page = await open(setup, carousel.url);
    const views = await settledBadges(page, 3);
    expect(views.map((view) => [view.code, view.state])).toEqual([
      ['upc:76194130007800111', 'owned'],
      ['upc:76194130007800811', 'owned'],
      ['upc:70985330056400111', 'not-owned'],
    ]);
    await expect.poll(() => toolbarCount(setup.worker, carousel.url)).toBe('2');
    // A rescan after the page settles must not badge the clones either: the carousel adds a slide (a change
    // of the page, so Longbox reads it again), and once the new slide has its badge, that reading is done.
    await page.evaluate(() => {
      const code = '70985330053300111';
      const title = 'Monstress #1 Cvr A Sana Takeda';
      const href = `/product/${code}/monstress-1-cvr-a-sana-takeda`;
      const slide = document.createElement('li');
      slide.className = 'featureditem slick-slide';
      slide.innerHTML = `<a href="${href}"><img src="https://media.dcbservice.com/small/${code}.jpg" alt="${title}" /></a>
        <div class="thumbtitle"><a href="${href}">${title}</a></div>
        <div class="thumbprice"><span class="retail">Retail: $3.99</span> <span class="dcbsprice">$2.59</span></div>
        <div class="thumbcode">${code}</div>
        <div class="thumbcart"><button class="btn btn-sm btn-primary addcart" data-code="${code}">Add</button></div>`;
      document.querySelector('.featuredlist')?.append(slide);
    });
    const after = await settledBadges(page, 4);
    expect(after.map((view) => view.code)).toContain('upc:70985330053300111');
    await expect(page.locator('.slick-cloned [data-longbox-badge]')).toHaveCount(0);
    await expect.poll(() => toolbarCount(setup.worker, carousel.url)).toBe('2');
    // Not a cart: no warning.
    await expect(page.locator('[data-longbox-cart-warning]')).toHaveCount(0);
    await page.close();
  });

  test('on a cart page a banner names the comics already owned', async () => {
    const cart = fixturePage('sites/midtown/cart');
    setup.stores.add(cart);
    const page = await open(setup, cart.url);
    const views = await settledBadges(page, 4);
    expect(views.map((view) => view.state)).toEqual(['owned', 'not-owned', 'not-owned', 'owned']);
    const banner = page.locator('[data-longbox-cart-warning]');
    await expect(banner).toHaveAttribute('data-longbox-cart-warning', '2');
    await expect(banner.getByRole('alert')).toHaveText(
      'Longbox: 2 comics are already in your collection: Absolute Batman #4 Cover A Nick Dragotta; Something Is Killing The Children Vol 1 TP',
    );
    await expect.poll(() => toolbarCount(setup.worker, cart.url)).toBe('2');
    const ownedBox = await banner.boundingBox();

    // A cart with nothing owned has its banner too, of the same size: the page learns nothing from it.
    const none = { ...dcbsListing('cart', [2, 3].map((n) => ({ title: `Monstress #${n} Cvr A Sana Takeda`, code: `709853300533${String(n).padStart(3, '0')}11`, price: '$2.59' }))), url: 'https://www.dcbservice.com/cart' };
    setup.stores.add(none);
    const other = await open(setup, none.url);
    await settledBadges(other, 2);
    const noneBanner = other.locator('[data-longbox-cart-warning]');
    await expect(noneBanner).toHaveAttribute('data-longbox-cart-warning', '0');
    await expect(noneBanner.getByRole('status')).toHaveText('Longbox: none of the comics in this cart is in your collection.');
    const noneBox = await noneBanner.boundingBox();
    expect(noneBox?.height).toBe(ownedBox?.height);
    expect(noneBox?.height).toBe(40);
    await other.close();
    await page.close();
  });

  test('markup in a page title is shown as text and never runs', async () => {
    const hostile = fixturePage('e2e/dcbs-cart-hostile');
    setup.stores.add(hostile);
    const page = await open(setup, hostile.url);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const views = await settledBadges(page, 3);
    expect(views.map((view) => [view.code, view.state])).toEqual([
      ['upc:76194138626300411', 'owned'],
      ['isbn:9781607066019', 'owned'],
      ['upc:76194130007800211', 'not-owned'],
    ]);
    const alert = page.locator('[data-longbox-cart-warning]').getByRole('alert');
    await expect(alert).toHaveText(
      'Longbox: 2 comics are already in your collection: Absolute Batman #4 <img src=x onerror="window.__longboxPwned=1"> Cvr A; Saga TP Vol 01 <script>window.__longboxPwned=2</script>',
    );
    // Words in place of markup: the banner and the badges hold no element the page's titles named (had one
    // been made, it would be there now, in the same task as the words), and nothing of theirs ran.
    const injected = await page.evaluate(() => {
      const roots: ParentNode[] = [document, ...[...document.querySelectorAll('[data-longbox-badge], [data-longbox-cart-warning]')].flatMap((host) => host.shadowRoot ?? [])];
      return {
        elements: roots.reduce((n, root) => n + root.querySelectorAll('img, script, svg').length, 0),
        pwned: (window as unknown as { __longboxPwned?: number }).__longboxPwned ?? null,
      };
    });
    expect(injected).toEqual({ elements: 0, pwned: null });
    expect(dialogs).toEqual([]);
    await page.close();
  });
});

test.describe('restarts, revoked tokens and an exhausted quota', () => {
  test.describe.configure({ mode: 'serial' });
  let setup: Setup;
  const known = [
    { title: 'Absolute Batman #4 Cvr A Nick Dragotta', code: '76194138626300411', price: '$3.24' },
    { title: 'Monstress #1 Cvr A Sana Takeda', code: '70985330053300111', price: '$2.59' },
  ];

  test.beforeAll(async () => {
    setup = await setUp();
    await signIn(setup.options, setup.si, KAY.token);
    // The popup page left open loads its FOC list once it sees the member signed in (it polls every 2 s):
    // wait for that, so the reads counted below are the badges' alone.
    await expect.poll(() => setup.si.requests().some((r) => r.path === '/api/v1/discovery/foc'), { timeout: 15_000 }).toBe(true);
  });
  test.afterAll(async () => setup?.close());

  test('a service worker stopped between two page loads: same badges, no new reads', async () => {
    const listing = dcbsListing('monstress', [
      ...known,
      ...[2, 3, 4].map((n) => ({ title: `Monstress #${n} Cvr A Sana Takeda`, code: `709853300533${String(n).padStart(3, '0')}11`, price: '$2.59' })),
    ]);
    setup.stores.add(listing);
    const first = await open(setup, listing.url);
    const before = await settledBadges(first, 5);
    expect(before.map((view) => view.state)).toEqual(['owned', 'not-owned', 'not-owned', 'not-owned', 'not-owned']);
    await first.close();

    await setup.worker.evaluate(() => {
      (globalThis as unknown as { longboxTestMark?: string }).longboxTestMark = 'before the stop';
    });
    const requests = setup.si.requests().length;
    const cdp = await setup.options.context().newCDPSession(setup.options);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();

    const second = await open(setup, listing.url);
    expect(await settledBadges(second, 5)).toEqual(before);
    // It is a new worker (the mark is gone), and it answered from what it had stored.
    expect(await setup.worker.evaluate(() => (globalThis as unknown as { longboxTestMark?: string }).longboxTestMark ?? 'restarted')).toBe('restarted');
    expect(setup.si.requests().slice(requests)).toEqual([]);
    await second.close();
  });

  test('a revoked token turns the badges to "sign in", and stops the calls', async () => {
    setup.si.revoke(KAY.token);
    const listing = dcbsListing('void rivals', [
      ...known,
      { title: 'Void Rivals #1 Cvr A Lorenzo De Felici', code: '70985330057100111', price: '$2.59' },
      { title: 'Void Rivals #2 Cvr A Lorenzo De Felici', code: '70985330057100211', price: '$2.59' },
    ]);
    setup.stores.add(listing);
    const page = await open(setup, listing.url);
    await expect(badgeFor(page, 'upc:70985330057100111')).toHaveAttribute('data-longbox-state', 'signed-out');
    await expect(badgeFor(page, 'upc:70985330057100211')).toHaveAttribute('data-longbox-state', 'signed-out');
    await page.reload();
    const views = await settledBadges(page, 4);
    for (const view of views) expect(view).toMatchObject({ state: 'signed-out', label: 'Sign in' });
    const refused = setup.si.requests().filter((r) => r.status === 401);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(2);
    await page.close();
  });

  test('an exhausted quota pauses what is not known yet; what is known stays right; one 429 at most', async () => {
    const token = setup.si.createToken(KAY.username, [...FULL_ACCESS], 'longbox-demo-kay-again')?.token ?? '';
    await signIn(setup.options, setup.si, token);
    const usage = setup.si.state().members.find((member) => member.username === KAY.username)?.usage['reads/hour'];
    expect(usage).toBeDefined();
    // One read left this hour: the next lookups meet the limit.
    setup.si.limits.set({ free: { readsPerHour: (usage?.used ?? 0) + 1 } });
    setup.si.clearRequests();
    // Seven comics of seven series Longbox has not learned, none in Kay's library: each needs a read of its
    // own (a second code of a series already learned is answered from the library, issue 12).
    const fresh7 = unlearnedComics(setup.si, known.map((comic) => comic.code.slice(0, 12)), 7);
    const listing = dcbsListing('walking dead', [...known, ...fresh7]);
    setup.stores.add(listing);
    const page = await open(setup, listing.url);
    const views = await settledBadges(page, 9);
    expect(views.slice(0, 2).map((view) => view.state)).toEqual(['owned', 'not-owned']);
    const fresh = views.slice(2);
    const paused = fresh.filter((view) => view.state === 'paused');
    expect(fresh.every((view) => view.state === 'paused' || view.state === 'not-owned')).toBe(true);
    expect(paused.length).toBeGreaterThanOrEqual(5);
    for (const view of paused) {
      expect(view.label).toBe('Paused');
      expect(view.tip).toMatch(/Badges resume at \d{1,2}:\d{2}/);
    }
    // Nothing is retried: another visit spends nothing and meets no 429 (counted from the first visit's
    // settled badges to the second's).
    const firstVisit = setup.si.requests().length;
    await page.reload();
    await settledBadges(page, 9);
    const log = setup.si.requests();
    expect(log.filter((r) => r.status === 429).length).toBeLessThanOrEqual(1);
    expect(log.filter((r) => r.path.startsWith('/api/v1/lookup/')).length).toBeLessThanOrEqual(2);
    const secondVisit = log.slice(firstVisit);
    expect(secondVisit.filter((r) => r.status === 429 || r.path.startsWith('/api/v1/lookup/'))).toEqual([]);
    await page.close();
  });
});

/** Series of Kay's copies, wishlist and pull list (tests/fixtures/demo-data.json). */
function kaysSeries(si: StandIn): Set<number> {
  type Member = { username?: string; collection?: Array<{ issue?: number }>; wishlist?: Array<number | { issue?: number }>; pull_list?: Array<number | string> };
  const kay = (demoData() as { members?: Member[] }).members?.find((member) => member.username === KAY.username);
  const catalog = si.catalog();
  const issues = [...(kay?.collection ?? []).map((copy) => copy.issue), ...(kay?.wishlist ?? []).map((entry) => (typeof entry === 'number' ? entry : entry.issue))];
  const series = new Set<number>(issues.flatMap((id) => (id === undefined ? [] : [catalog.issues.get(id)?.seriesId ?? -1])));
  for (const entry of kay?.pull_list ?? []) series.add(typeof entry === 'number' ? entry : ([...catalog.series.values()].find((s) => s.name === entry)?.id ?? -1));
  return series;
}

/** Comics with 17-digit codes, one of each series, none of Kay's series nor of these bases. */
function unlearnedComics(si: StandIn, bases: string[], count: number): Array<{ title: string; code: string; price: string }> {
  const catalog = si.catalog();
  const taken = kaysSeries(si);
  const comics: Array<{ title: string; code: string; price: string }> = [];
  for (const issue of catalog.issues.values()) {
    const series = catalog.series.get(issue.seriesId);
    if (!series || !issue.upc || issue.upc.length !== 17 || taken.has(series.id) || bases.includes(issue.upc.slice(0, 12))) continue;
    taken.add(series.id);
    comics.push({ title: `${series.name} #${issue.number}`, code: issue.upc, price: '$3.99' });
    if (comics.length === count) break;
  }
  return comics;
}

test.describe('a connection that drops after VerseDB saved the copy', () => {
  let setup: Setup;
  const states = fixturePage('e2e/dcbs-search-states');

  test.beforeAll(async () => {
    setup = await setUp();
    setup.stores.add(states);
    await signIn(setup.options, setup.si, KAY.token);
  });
  test.afterAll(async () => setup?.close());

  test('one click of "Add a copy" leaves exactly one copy, and the badge and VerseDB agree', async () => {
    const page = await open(setup, states.url);
    await settledBadges(page, 9);
    const code = 'upc:76194130007800311';
    expect(field(await api(setup.si, KAY.token, '/issues/922/collection/check'), 'copies_count')).toBe(0);
    // The stand-in saves the copy, then destroys the socket with no answer (the browser may send it again).
    setup.si.faults.set({ drop_next: 1, methods: ['POST'], paths: ['/api/v1/issues/*/collection'] });
    setup.si.clearRequests();
    await badgeFor(page, code).locator('.pill').click();
    await badgeFor(page, code).locator('form.copy').getByRole('button', { name: 'Add copy' }).click();
    await expect(badgeFor(page, code)).toHaveAttribute('data-longbox-state', 'owned');
    await expect(badgeFor(page, code).locator('.pill')).toHaveText('Owned · NM');
    const after = await api(setup.si, KAY.token, '/issues/922/collection/check');
    expect(field(after, 'copies_count')).toBe(1);
    const posts = setup.si.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/issues/922/collection');
    expect(posts.length).toBeGreaterThanOrEqual(1);
    // Every POST that saved a copy beyond the first was taken back, and the popup says so.
    const removed = setup.si.requests().filter((r) => r.method === 'DELETE' && r.path === '/api/v1/issues/922/collection');
    expect(removed).toHaveLength(posts.length - 1);
    if (removed.length > 0) {
      await setup.options.reload();
      await expect(setup.options.getByText(/Longbox removed it, so you have the one copy you added/)).toBeVisible();
    }
    // A visit later, the badge still says one copy.
    await page.reload();
    await expect(badgeFor(page, code).locator('.pill')).toHaveText('Owned · NM');
    await page.close();
  });
});
