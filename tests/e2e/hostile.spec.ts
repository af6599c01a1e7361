import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { startStandIn, type RequestLogEntry, type StandIn } from '../../stand-in/index.ts';
import { EXTENSION_DIR, launchWithExtension, STORE_EXTENSION_DIR } from './fixtures';
import { demoData, fixturePage, KAY, signIn, StoreServer, unpackedExtensionId } from './store';

// A hostile store page against the STORE build (`wxt build`, .output/chrome-mv3 or LONGBOX_OUT's): closed
// shadow roots, no data-longbox attributes, what the member installs. The page's scripts are the test's:
// some are installed before anything else runs on the page (page.addInitScript), the rest run once the
// badges show (page.evaluate), always in the page's own world. The member is Kay (tests/fixtures/demo-data.json)
// and the page lists one comic she owns, one on her wishlist, one of a series she pulls, one she does not own,
// and a barcode two issues share.
//
// How the store build reaches the stand-in: it has no host permission for loopback addresses (only the e2e
// build adds them, wxt.config.ts), but the background's fetch needs none here, because the stand-in answers
// every origin with CORS headers (stand-in/server.ts). Signing in to the stand-in's address is what the options
// page does for a self-hosted VerseDB; the options page would also ask for the host permission, which this
// test does not need. Everything the page meets is the store build's own code.
//
// The test reads the badges the way the member sees them, through Chromium's DevTools protocol, which sees
// into closed shadow roots; a page's script cannot.

interface Setup {
  si: StandIn;
  context: BrowserContext;
  extensionId: string;
  close: () => Promise<void>;
}

const hostile = fixturePage('e2e/dcbs-search-hostile');
const cart = fixturePage('sites/midtown/cart');

/** What the badges say once every comic on the hostile page is resolved, in page order. */
const SETTLED = [
  { state: 'owned', label: 'Owned ×2' },
  { state: 'wishlist', label: 'On wishlist' },
  { state: 'pull-list', label: 'Pull list' },
  { state: 'not-owned', label: 'Not owned' },
  { state: 'ambiguous', label: 'Pick issue' },
];
const NOT_OWNED = 3;
const AMBIGUOUS = 4;

async function setUp(dir: string): Promise<Setup> {
  const si = await startStandIn({ port: 0, data: demoData() });
  const { context, close } = await launchWithExtension(dir);
  const extensionId = unpackedExtensionId(dir);
  const stores = new StoreServer();
  stores.add(hostile, cart);
  await stores.attach(context);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await signIn(popup, si, KAY.token);
  // The popup loads its FOC list once it sees the member signed in: wait for that read and close it, so
  // what the log holds from here on is the store pages' doing alone.
  await expect.poll(() => si.requests().some((r) => r.path === '/api/v1/discovery/foc'), { timeout: 15_000 }).toBe(true);
  await popup.close();
  return {
    si, context, extensionId,
    close: async () => {
      await close();
      await si.stop();
    },
  };
}

// ---- What the page's own scripts do ----

/** What the page's init script keeps; it is installed before the page (and so before Longbox) runs. */
interface Watch {
  /** `message` events the page received, as text. */
  messages: string[];
  /** The page's own postMessage calls (so they can be told from anyone else's). */
  sent: string[];
  /** Shadow roots caught by the page's replacement of Element.prototype.attachShadow. */
  roots: number;
  /** DOM events named like WXT's (with the extension's id) on window or document. */
  wxtEvents: string[];
  /** Console lines (the page's console) naming Longbox or WXT. */
  consoleLines: string[];
  /** Globals before anything ran, the text and elements of the page before Longbox ran. */
  globals: string[];
  textBefore: string | null;
  storageBefore: string[];
}

/** Installed with page.addInitScript: runs in the page's world before its first script. */
function installWatch({ extensionId, script }: { extensionId: string; script: string }): void {
  const watch: Watch = { messages: [], sent: [], roots: 0, wxtEvents: [], consoleLines: [], globals: [], textBefore: null, storageBefore: [] };
  Object.defineProperty(window, '__watch', { value: watch });
  const before = new WeakSet<Element>();
  Object.defineProperty(window, '__before', { value: before });
  watch.globals = Object.getOwnPropertyNames(window);
  const asText = (value: unknown): string => {
    try {
      return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  window.addEventListener('message', (event) => watch.messages.push(asText(event.data)), true);
  const post = window.postMessage.bind(window);
  window.postMessage = ((message: unknown, ...rest: [string]) => {
    watch.sent.push(asText(message));
    post(message, ...rest);
  }) as typeof window.postMessage;
  // A page that replaces attachShadow before Longbox runs, to keep every root made after it.
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attach.call(this, init);
    watch.roots += 1;
    return root;
  };
  for (const name of ['wxt:content-script-started', 'wxt:locationchange']) {
    const type = `${extensionId}:${script}:${name}`;
    for (const target of [window, document]) target.addEventListener(type, () => watch.wxtEvents.push(type), true);
  }
  for (const method of ['log', 'debug', 'info', 'warn', 'error'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const line = args.map(asText).join(' ');
      if (/longbox|wxt/i.test(line)) watch.consoleLines.push(line);
      original(...args);
    };
  }
  // Before Longbox runs (document_idle comes after DOMContentLoaded): the page's text and elements.
  document.addEventListener('DOMContentLoaded', () => {
    watch.textBefore = document.body.innerText;
    for (const element of document.querySelectorAll('*')) before.add(element);
    watch.storageBefore = [...Object.keys(localStorage), ...Object.keys(sessionStorage), document.cookie];
  });
}

/** Opens the hostile page with the page's watch installed first. */
async function openWatched(setup: Setup, url: string, script = 'dcbs'): Promise<Page> {
  const page = await setup.context.newPage();
  await page.addInitScript(installWatch, { extensionId: setup.extensionId, script });
  await page.goto(url);
  return page;
}

// ---- What the member sees (DevTools' view, into closed shadow roots) ----

interface Inside {
  backendNodeId: number;
  nodeName: string;
  className: string;
  /** The element's own text (its text children). */
  text: string;
}

interface CdpNode {
  nodeType: number;
  nodeName: string;
  backendNodeId: number;
  nodeValue?: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: Array<CdpNode & { shadowRootType?: string }>;
}

/** The elements inside every shadow root the page's own tree holds, and the kinds of those roots. */
async function insideShadowRoots(cdp: CDPSession): Promise<{ rootTypes: string[]; elements: Inside[] }> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
  const rootTypes: string[] = [];
  const elements: Inside[] = [];
  const walk = (node: CdpNode, inShadow: boolean): void => {
    if (inShadow && node.nodeType === 1) {
      const attributes = node.attributes ?? [];
      const classAt = attributes.indexOf('class');
      elements.push({
        backendNodeId: node.backendNodeId,
        nodeName: node.nodeName,
        className: classAt >= 0 && classAt % 2 === 0 ? attributes[classAt + 1] ?? '' : '',
        text: (node.children ?? []).filter((child) => child.nodeType === 3).map((child) => child.nodeValue ?? '').join(''),
      });
    }
    for (const child of node.children ?? []) walk(child, inShadow);
    for (const shadow of node.shadowRoots ?? []) {
      // Chromium's own roots (an <img>'s alt text, form controls) are "user-agent"; the page's and ours are not.
      if (shadow.shadowRootType !== 'user-agent') rootTypes.push(shadow.shadowRootType ?? '?');
      walk(shadow, shadow.shadowRootType !== 'user-agent');
    }
  };
  walk(root, false);
  return { rootTypes, elements };
}

/** The badges' pills as the member reads them: state (the pill's class) and words. */
async function badges(cdp: CDPSession): Promise<Array<{ state: string; label: string; node: Inside }>> {
  const { elements } = await insideShadowRoots(cdp);
  return elements
    .filter((element) => element.nodeName === 'BUTTON' && element.className.startsWith('pill '))
    .map((node) => ({ state: node.className.split(' ')[1] ?? '', label: node.text, node }));
}

async function settled(cdp: CDPSession, expected = SETTLED): Promise<Array<{ state: string; label: string; node: Inside }>> {
  await expect.poll(async () => (await badges(cdp)).map(({ state, label }) => ({ state, label })), { timeout: 15_000 }).toEqual(expected);
  return badges(cdp);
}

/** The member's own click (a real mouse click, at the element's place on screen). */
async function memberClicks(page: Page, cdp: CDPSession, node: Inside): Promise<void> {
  await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: node.backendNodeId });
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: node.backendNodeId })) as { model: { content: number[] } };
  const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
  await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
}

/** The first element inside the closed roots that fits, once it shows (a menu the member opened, say). */
async function shownInside(cdp: CDPSession, fits: (element: Inside) => boolean, what: string): Promise<Inside> {
  await expect.poll(async () => (await insideShadowRoots(cdp)).elements.some(fits), { message: what, timeout: 10_000 }).toBe(true);
  const found = (await insideShadowRoots(cdp)).elements.find(fits);
  if (!found) throw new Error(`${what}: gone`);
  return found;
}

/** A button in an open badge menu, by its words. */
const menuButton = (cdp: CDPSession, words: string): Promise<Inside> =>
  shownInside(cdp, (e) => e.nodeName === 'BUTTON' && e.text === words, `the menu's "${words}" button`);

/** The reads for a page's key marks follow its answers on their own clock: counted apart (keyReads). */
const isKeyRead = (r: RequestLogEntry) => r.method === 'GET' && r.path === '/api/v1/issues' && r.query.includes('key_issues_only=true');
const calls = (log: readonly RequestLogEntry[]): string[] => log.filter((r) => !isKeyRead(r)).map((r) => `${r.method} ${r.path}`);
const keyReads = (log: readonly RequestLogEntry[]): number => log.filter(isKeyRead).length;
const library = (si: StandIn) => {
  const kay = si.state().members.find((member) => member.username === KAY.username);
  return { copies: kay?.copies, wishlist: kay?.wishlist, pullList: kay?.pull_list };
};

// ---- The page's reads ----

/** Everything a page's script can try to read of the badges and of Longbox, once the badges show. */
function pageReads(extensionId: string) {
  const watch = (window as unknown as { __watch: Watch }).__watch;
  const before = (window as unknown as { __before: WeakSet<Element> }).__before;
  const added = [...document.querySelectorAll('*')].filter((element) => !before.has(element));
  const box = (element: Element): string => {
    const rect = element.getBoundingClientRect();
    return `${rect.width}x${rect.height}`;
  };
  const attributesNamingUs = [...document.querySelectorAll('*')].flatMap((element) =>
    element.getAttributeNames().filter((name) => /longbox/i.test(name) || /longbox/i.test(element.getAttribute(name) ?? '')),
  );
  // Text in light DOM, the way a page would scrape it: innerText, a select-all, and the caret at each badge.
  document.getSelection()?.selectAllChildren(document.body);
  const selected = document.getSelection()?.toString() ?? '';
  document.getSelection()?.removeAllRanges();
  const caretTexts = added.map((host) => {
    const rect = host.getBoundingClientRect();
    const caret = document.caretRangeFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return caret?.startContainer.textContent ?? '';
  });
  return {
    added: added.map((element) => ({
      tag: element.tagName,
      attributes: element.getAttributeNames(),
      shadowRoot: element.shadowRoot === null ? null : 'readable',
      children: element.childNodes.length,
      text: element.textContent,
      innerText: (element as HTMLElement).innerText,
      aria: element.ariaLabel ?? element.getAttribute('role'),
      style: element.getAttribute('style'),
      box: box(element),
      computedWidth: getComputedStyle(element).width,
    })),
    attributesNamingUs,
    textUnchanged: document.body.innerText === watch.textBefore,
    textNamesState: /owned|wishlist|pull list|longbox|NM\b/i.test(document.body.innerText.replace(watch.textBefore ?? '', '')),
    selectionNamesState: /owned|wishlist|pick issue|longbox/i.test(selected),
    caretTexts,
    globalsAdded: Object.getOwnPropertyNames(window).filter((name) => !watch.globals.includes(name)),
    longboxGlobals: ['longboxExtras', 'longboxGeneralReaders'].filter((name) => name in window),
    marks: performance.getEntriesByType('mark').map((entry) => entry.name).concat(performance.getEntriesByType('measure').map((entry) => entry.name)),
    resources: performance.getEntriesByType('resource').map((entry) => entry.name),
    storage: [...Object.keys(localStorage), ...Object.keys(sessionStorage), document.cookie],
    storageBefore: watch.storageBefore,
    chrome: typeof (window as unknown as { chrome?: { runtime?: unknown } }).chrome?.runtime,
    // The page knows (or guesses) the extension's id: can it fetch any file of it?
    probes: ['manifest.json', 'popup.html', 'general-readers.js', 'page-extras.js', 'content-scripts/dcbs.js', 'icon/16.png'].map((file) => `chrome-extension://${extensionId}/${file}`),
  };
}

/** Fetches each address from the page; what came back (nothing, for every file of the extension). */
function pageFetches(addresses: string[]): Promise<string[]> {
  return Promise.all(
    addresses.map((address) =>
      fetch(address).then(
        (response) => `${address}: ${response.status}`,
        () => 'refused',
      ),
    ),
  );
}

/** What the page's databases hold on its own origin (IndexedDB names). */
function pageDatabases(): Promise<string[]> {
  return indexedDB.databases().then((list) => list.map((db) => db.name ?? ''));
}

// ---- The page's actions ----

/**
 * Everything a page's script can do to act through a badge: made-up pointer, mouse, keyboard, focus and
 * submit events on every element it can reach (badge hosts included, and inside any shadow root that is
 * open to it) and on document and window, .click() and requestSubmit(); protocol-looking window messages;
 * WXT's own startup event for our script (which would stop WXT's content-script context); and a message to
 * the extension's id.
 */
async function pageActs({ extensionId, script }: { extensionId: string; script: string }): Promise<string> {
  // The page keeps itself from navigating away while it clicks links and submits forms.
  const stay = (event: Event): void => event.preventDefault();
  window.addEventListener('click', stay, true);
  window.addEventListener('submit', stay, true);
  const reachable = (root: Document | ShadowRoot): Element[] =>
    [...root.querySelectorAll('*')].flatMap((element) => [element, ...(element.shadowRoot ? reachable(element.shadowRoot) : [])]);
  const elements = reachable(document);
  const targets: EventTarget[] = [window, document, ...elements];
  for (const target of targets) {
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu']) {
      target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, composed: true }));
    }
    for (const key of ['Enter', ' ', 'Escape']) {
      for (const type of ['keydown', 'keypress', 'keyup']) target.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true, composed: true }));
    }
    target.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    target.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, composed: true }));
    if (target instanceof HTMLElement) {
      target.focus();
      target.click();
    }
  }
  for (const form of elements) if (form instanceof HTMLFormElement) form.requestSubmit();
  window.removeEventListener('click', stay, true);
  window.removeEventListener('submit', stay, true);

  const protocol = [
    { type: 'write', write: { action: 'wishlist-add', issueId: 921 } },
    { type: 'write', write: { action: 'copy-add', issueId: 921, fields: { condition: 'NM', price_paid: 1 } } },
    { type: 'write', write: { action: 'pull-list-add', seriesId: 1, seriesName: 'Absolute Batman' } },
    { type: 'choose-match', code: 'upc:761941309507', issueId: 5005 },
    { type: 'sign-in', address: 'https://attacker.example', token: 'stolen' },
    { type: 'sign-out' },
    { type: 'statuses', items: [{ codes: [{ type: 'upc', value: '76194130007800211' }], matchKey: null, label: null }], visible: true },
    { type: 'load-extras', part: 'menu' },
  ];
  for (const message of protocol) {
    window.postMessage(message, '*');
    window.postMessage(JSON.stringify(message), '*');
  }
  // WXT's context stops itself when a newer copy of the script announces itself: a page that knew the
  // name could have switched Longbox off with it. Ours listens for nothing of the kind.
  const started = `${extensionId}:${script}:wxt:content-script-started`;
  document.dispatchEvent(new CustomEvent(started, { detail: { contentScriptName: script, messageId: 'page' } }));
  window.postMessage({ type: started, contentScriptName: script, messageId: 'page' }, '*');

  // Straight to the extension, by its id: only pages an extension lists as externally_connectable may
  // (Chromium gives other pages no chrome.runtime at all, so the call throws).
  const page = window as unknown as { chrome: { runtime: { sendMessage: (id: string, message: unknown) => Promise<unknown> } } };
  try {
    const reply = await Promise.race([page.chrome.runtime.sendMessage(extensionId, protocol[0]), new Promise((resolve) => setTimeout(() => resolve('no answer'), 2_000))]);
    return `answered: ${JSON.stringify(reply)}`;
  } catch (error) {
    return `refused: ${error instanceof Error ? error.name : String(error)}`;
  }
}

/**
 * The page's script does everything it can (pageActs) with every badge closed and again with a menu the member
 * opened; then the member's own click on "Add to wishlist" makes one write, after everything the page sent:
 * had any of the page's events or messages made a write or a read, the stand-in's log would hold it too.
 */
async function pageActsForNobody(setup: Setup): Promise<void> {
  const page = await openWatched(setup, hostile.url);
  const cdp = await setup.context.newCDPSession(page);
  const shown = await settled(cdp);
  const logged = setup.si.requests().length;
  const held = library(setup.si);

  // Everything the page can do, with every badge closed: nothing the member sees changes, nothing has gone
  // to VerseDB (so far: the member's click below settles it)…
  expect(await page.evaluate(pageActs, { extensionId: setup.extensionId, script: 'dcbs' })).toBe('refused: TypeError');
  const after = await badges(cdp);
  expect(after.map(({ state, label }) => ({ state, label }))).toEqual(shown.map(({ state, label }) => ({ state, label })));
  expect(calls(setup.si.requests().slice(logged))).toEqual([]);
  // …and again with a menu open: the member opens the not-owned comic's menu by their own click.
  await memberClicks(page, cdp, after[NOT_OWNED]!.node);
  const add = await menuButton(cdp, 'Add to wishlist');
  expect(await page.evaluate(pageActs, { extensionId: setup.extensionId, script: 'dcbs' })).toBe('refused: TypeError');
  // Nothing changed what the member sees.
  expect((await badges(cdp)).map(({ state, label }) => ({ state, label }))).toEqual(SETTLED);

  // The member's own click on "Add to wishlist": one write, and the badge says so.
  await memberClicks(page, cdp, add);
  await settled(cdp, SETTLED.map((badge, i) => (i === NOT_OWNED ? { state: 'wishlist', label: 'On wishlist' } : badge)));
  expect(calls(setup.si.requests().slice(logged))).toEqual(['POST /api/v1/issues/921/wishlist']);
  expect(library(setup.si)).toEqual({ ...held, wishlist: (held.wishlist ?? 0) + 1 });

  // The page saw only its own messages: none from Longbox, none naming it or WXT.
  const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
  expect([...watch.messages].sort()).toEqual([...watch.sent].sort());
  expect(watch.roots).toBe(0);

  // The member takes it off again (the next tests start from the demo library).
  await memberClicks(page, cdp, await menuButton(cdp, 'Remove from wishlist'));
  await settled(cdp);
  expect(library(setup.si)).toEqual(held);
  await page.close();
}

test.describe('a hostile store page, against the store build', () => {
  test.describe.configure({ mode: 'serial' });
  let setup: Setup;

  test.beforeAll(async () => {
    setup = await setUp(STORE_EXTENSION_DIR);
  });
  test.afterAll(async () => setup?.close());

  test('the page reads nothing of the member: not state, text, attributes, sizes, storage or a startup signal', async () => {
    const logged = setup.si.requests().length;
    const consoleLines: string[] = [];
    const page = await openWatched(setup, hostile.url);
    page.on('console', (message) => {
      if (/longbox|wxt/i.test(message.text())) consoleLines.push(message.text());
    });
    const cdp = await setup.context.newCDPSession(page);
    await settled(cdp);
    // The badges' roots are closed; no other root is in the page.
    expect((await insideShadowRoots(cdp)).rootTypes).toEqual(['closed', 'closed', 'closed', 'closed', 'closed']);

    const reads = await page.evaluate(pageReads, setup.extensionId);
    // The page sees that five badges are there, each an empty <span> with the same inline style and the
    // same box: nothing says which is owned.
    expect(reads.added).toHaveLength(5);
    for (const host of reads.added) {
      expect(host).toMatchObject({ tag: 'SPAN', attributes: ['style'], shadowRoot: null, children: 0, text: '', innerText: '', aria: null });
    }
    expect(new Set(reads.added.map((host) => `${host.style} ${host.box} ${host.computedWidth}`)).size).toBe(1);
    expect(reads.attributesNamingUs).toEqual([]);
    expect(reads.textUnchanged).toBe(true);
    expect(reads.textNamesState).toBe(false);
    expect(reads.selectionNamesState).toBe(false);
    // The caret at a badge lands in the page's own text beside it (or nowhere), never in the badge.
    for (const text of reads.caretTexts) expect(text).not.toMatch(/owned|wishlist|pull list|pick issue|longbox/i);

    // No signal that Longbox is installed: no message, no event with its id, no mark on the page's timeline,
    // no global, nothing in the page's console.
    const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
    expect(watch.messages).toEqual([]);
    expect(watch.wxtEvents).toEqual([]);
    expect(watch.consoleLines).toEqual([]);
    expect(consoleLines).toEqual([]);
    expect(reads.marks).toEqual([]);
    expect(reads.globalsAdded).toEqual([]);
    expect(reads.longboxGlobals).toEqual([]);
    // The page's attachShadow, replaced before Longbox ran, caught nothing: content scripts build their
    // badges in their own world, with their own prototypes.
    expect(watch.roots).toBe(0);

    // Extension storage and files: the page has no chrome.runtime, no file of the extension answers its
    // fetch, and its own storage holds only what it had.
    expect(reads.chrome).toBe('undefined');
    expect(await page.evaluate(pageFetches, reads.probes)).toEqual(reads.probes.map(() => 'refused'));
    expect(reads.storage).toEqual(reads.storageBefore);
    expect(await page.evaluate(pageDatabases)).toEqual([]);
    expect(reads.resources.filter((address) => !address.startsWith('https://www.dcbservice.com/') && !address.startsWith('https://media.dcbservice.com/'))).toEqual([]);

    // VerseDB was asked what badging needed: one lookup per code the library could not answer, and at most
    // one read of the key issues of the page's series; no write.
    expect(calls(setup.si.requests().slice(logged))).toEqual([
      'GET /api/v1/lookup/upc/76194138626300411',
      'GET /api/v1/lookup/isbn/9781607066927',
      'GET /api/v1/lookup/isbn/9781607069317',
      'GET /api/v1/lookup/upc/76194130007800211',
      'GET /api/v1/lookup/upc/761941309507',
    ]);
    expect(keyReads(setup.si.requests().slice(logged))).toBeLessThanOrEqual(1);
    await page.close();
  });

  test('a menu the member opens stays out of reach: its words, issue ids and covers', async () => {
    const covers: string[] = [];
    await setup.context.route(/\/covers\//, (route) => {
      covers.push(route.request().url());
      return route.fallback();
    });
    const page = await openWatched(setup, hostile.url);
    const cdp = await setup.context.newCDPSession(page);
    const shown = await settled(cdp);
    const textBefore = await page.evaluate(() => ({ text: document.body.innerText, height: document.documentElement.scrollHeight }));
    // The member opens the menu of the barcode two issues share: the issues to pick from, with covers.
    await memberClicks(page, cdp, shown[AMBIGUOUS]!.node);
    await shownInside(cdp, (e) => e.nodeName === 'BUTTON' && e.className === 'match', 'the issues to pick from');
    await expect.poll(() => covers.length).toBeGreaterThan(0);
    const reads = await page.evaluate(pageReads, setup.extensionId);
    expect(reads.added.map((host) => host.shadowRoot)).toEqual([null, null, null, null, null]);
    expect(reads.attributesNamingUs).toEqual([]);
    expect(await page.evaluate(() => ({ text: document.body.innerText, height: document.documentElement.scrollHeight }))).toEqual(textBefore);
    // The covers (their addresses carry VerseDB issue ids) are not on the page's resource timeline.
    expect(reads.resources.filter((address) => /\/covers\//.test(address))).toEqual([]);
    expect(reads.marks).toEqual([]);
    await setup.context.unroute(/\/covers\//);
    await page.close();
  });

  test("the page's made-up clicks, keys, submits and messages act for nobody and call nothing; the member's own click writes once", async () => {
    await pageActsForNobody(setup);
  });

  test('on a cart page the banner that names owned comics is closed to the page too', async () => {
    const page = await openWatched(setup, cart.url, 'midtown');
    const cdp = await setup.context.newCDPSession(page);
    // The banner is a closed root of its own beside the badges'.
    await expect
      .poll(async () => (await insideShadowRoots(cdp)).elements.some((e) => e.nodeName === 'STRONG' && /already in your collection/.test(e.text)), { timeout: 15_000 })
      .toBe(true);
    const reads = await page.evaluate(pageReads, setup.extensionId);
    expect(reads.added.length).toBeGreaterThan(1);
    for (const element of reads.added) expect(element).toMatchObject({ attributes: ['style'], shadowRoot: null, children: 0, text: '', innerText: '' });
    expect(reads.attributesNamingUs).toEqual([]);
    expect(reads.textUnchanged).toBe(true);
    expect(reads.selectionNamesState).toBe(false);
    const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
    expect({ messages: watch.messages, events: watch.wxtEvents, roots: watch.roots }).toEqual({ messages: [], events: [], roots: 0 });
    // The banner is on every cart page where comics were found, owned or not, always 40 px high: its
    // presence and its box say nothing (badges.spec.ts compares an owned cart's with a cart of none).
    const heights = await page.evaluate(() => [...document.body.children].filter((e) => e.getAttribute('style')?.includes('sticky')).map((e) => e.getBoundingClientRect().height));
    expect(heights).toEqual([40]);
    await page.close();
  });
});

// The e2e build keeps its shadow roots open for the tests: the worst case, a page that reaches into the
// badges and their menus. Every handler still ignores what the page's script makes up (event.isTrusted).
test.describe('a hostile store page, against the e2e build with its open shadow roots', () => {
  test.describe.configure({ mode: 'serial' });
  let setup: Setup;

  test.beforeAll(async () => {
    setup = await setUp(EXTENSION_DIR);
  });
  test.afterAll(async () => setup?.close());

  test("the page's made-up clicks, keys and submits, inside the badges and their menus too, act for nobody", async () => {
    await pageActsForNobody(setup);
  });
});
