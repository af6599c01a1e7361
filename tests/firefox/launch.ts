import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { z } from 'zod';

// Firefox with the e2e build of Longbox loaded, for the Firefox browser tests and `npm run demo --
// --browser firefox`. Playwright cannot drive Debian's firefox-esr (it needs its own patched Firefox),
// so puppeteer-core drives it over WebDriver BiDi.
//
// What BiDi in Firefox allows, and how this works with it:
// - It may not navigate a tab to a moz-extension:// address, so extension pages are opened by the
//   extension itself (a badge's "Sign in" opens the options; an extension page opens the popup with
//   tabs.create). Puppeteer does not see those tabs' addresses either (it reports about:blank), so
//   they are found by asking each tab where it is.
// - Request interception works: store pages are answered at their real https addresses, so the
//   content scripts match them as they would on the web (the machine has no internet).

/** The e2e build for Firefox; LONGBOX_OUT names another output folder, as for `wxt build`. */
export const FIREFOX_EXTENSION_DIR = resolve(process.env.LONGBOX_OUT ?? '.output', 'firefox-mv2-e2e');

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

/** LONGBOX_FIREFOX, else Debian's firefox-esr (scripts/ensure-firefox.sh installs it when missing). */
export function firefoxPath(): string {
  const named = process.env.LONGBOX_FIREFOX;
  if (named) {
    if (!existsSync(named)) throw new Error(`LONGBOX_FIREFOX=${named} does not exist.`);
    return named;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new Error('No Firefox found: run `bash scripts/ensure-firefox.sh` or set LONGBOX_FIREFOX.');
  return found;
}

const Manifest = z.object({ browser_specific_settings: z.object({ gecko: z.object({ id: z.string() }) }) });

/** A page served at a store's real address. */
export interface StorePage {
  url: string;
  html: string;
}

/** What a store page's other requests get: its own images and scripts are not part of a test. */
export type OtherRequest = (request: HTTPRequest) => { status?: number; contentType?: string; body: string | Buffer };

// Every store host Longbox knows ends so; anything else (the stand-in on 127.0.0.1, data: URLs) goes through.
const STORE_ADDRESS = /^https:\/\/[^/]*\.(com|co\.uk|ca)\//;

export interface FirefoxWithExtension {
  browser: Browser;
  /** moz-extension://<uuid>/ : the extension's origin in this profile. */
  origin: string;
  /** Serves these pages at their addresses in every store tab opened from now on (and ones open already). */
  serve(...pages: StorePage[]): void;
  /** A new tab showing a store page (served at its address). */
  openStorePage(url: string): Promise<Page>;
  /** The tab showing this extension page (`options.html`, `popup.html`), once it is open. */
  extensionTab(path: string, timeout?: number): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  dir?: string;
  headless?: boolean;
  width?: number;
  height?: number;
  /** Grants what the extension asks for at run time (permissions.request) with no prompt, as a member clicking Allow. */
  grantOptionalPermissions?: boolean;
  /** Firefox's own language (what the extension's i18n speaks): its language pack must be installed
   *  (Debian's firefox-esr-l10n-<lang>, which scripts/ensure-firefox.sh installs for German). */
  language?: string;
  /** Answers a store page's requests for anything but a served page; a 404 unless given. */
  otherRequest?: OtherRequest;
}

/** Where a tab is, asked of the tab itself; '' while it cannot answer (closing, or between two documents). */
export async function addressOf(page: Page): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<string>((done) => (timer = setTimeout(() => done(''), 2_000)));
  try {
    return await Promise.race([page.evaluate(() => location.href).catch(() => ''), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

export async function launchFirefox(options: LaunchOptions = {}): Promise<FirefoxWithExtension> {
  const dir = options.dir ?? FIREFOX_EXTENSION_DIR;
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`No Firefox build of the extension in ${dir}: run wxt build -b firefox --mode e2e first.`);
  const geckoId = Manifest.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).browser_specific_settings.gecko.id;
  // Firefox gives each add-on a random internal UUID per profile; the profile is told which to use, so
  // the extension's pages have an address known before it starts.
  const uuid = randomUUID();
  const width = options.width ?? 1280;
  const height = options.height ?? 900;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: options.headless ?? true,
    defaultViewport: { width, height },
    args: [`--width=${width}`, `--height=${height}`],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
      // A closed network: no update checks, telemetry or captive-portal probes.
      'app.update.enabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      // Firefox's own test switch: the permission prompt answers Allow (a headless window shows no prompt to click).
      ...(options.grantOptionalPermissions ? { 'extensions.webextOptionalPermissionPrompts': false } : {}),
      ...(options.language ? { 'intl.locale.requested': options.language, 'extensions.autoDisableScopes': 0 } : {}),
    },
  });
  try {
    await browser.installExtension(dir);
  } catch (error) {
    await browser.close();
    throw error;
  }
  const origin = `moz-extension://${uuid}/`;
  const pages = new Map<string, string>();
  const otherRequest: OtherRequest = options.otherRequest ?? (() => ({ status: 404, body: '' }));

  async function openStorePage(url: string): Promise<Page> {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (!STORE_ADDRESS.test(request.url())) return void request.continue();
      const html = pages.get(request.url());
      if (html !== undefined) return void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      const answer = otherRequest(request);
      return void request.respond({ status: answer.status ?? 200, contentType: answer.contentType ?? 'text/plain', body: answer.body });
    });
    await page.goto(url);
    return page;
  }

  async function extensionTab(path: string, timeout = 10_000): Promise<Page> {
    const address = origin + path.replace(/^\//, '');
    const until = Date.now() + timeout;
    while (Date.now() < until) {
      for (const page of await browser.pages()) {
        const href = await addressOf(page);
        if (href === address || href.startsWith(`${address}?`) || href.startsWith(`${address}#`)) return page;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`no tab shows ${address}`);
  }

  return {
    browser,
    origin,
    serve: (...served) => {
      for (const page of served) pages.set(page.url, page.html);
    },
    openStorePage,
    extensionTab,
    close: () => browser.close(),
  };
}
