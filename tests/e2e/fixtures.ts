import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, chromium, type BrowserContext, type Worker } from '@playwright/test';
import { chromiumPath } from '../../scripts/chromium-path.mjs';

/** The e2e build; LONGBOX_OUT names another output folder (a run of its own), as for `wxt build`. */
export const EXTENSION_DIR = resolve(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3-e2e');
/** The store build (`wxt build`): closed shadow roots, no data-longbox attributes, no loopback host permission. */
export const STORE_EXTENSION_DIR = resolve(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3');

// Flags for this closed network: no background calls to Google's services, which are refused here.
export const CHROMIUM_ARGS = [
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-gpu',
];

/**
 * Chromium with a build of the extension loaded: the e2e build unless `dir` names another (STORE_EXTENSION_DIR).
 * `language` is the browser's own (what the extension's i18n speaks): English unless a test says otherwise.
 */
export async function launchWithExtension(dir: string = EXTENSION_DIR, options: { language?: string } = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`No build of the extension in ${dir}: run wxt build first.`);
  const userDataDir = mkdtempSync(join(tmpdir(), 'longbox-e2e-'));
  // On Linux, Chromium takes its language from LANGUAGE (Debian's chromium-l10n has the other languages).
  const language = options.language ?? 'en-US';
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    locale: language,
    env: { ...process.env, LANGUAGE: language },
    args: [...CHROMIUM_ARGS, `--lang=${language}`, `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function backgroundWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

export const test = base.extend<{ context: BrowserContext; serviceWorker: Worker; extensionId: string }>({
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const { context, close } = await launchWithExtension();
    await use(context);
    await close();
  },
  serviceWorker: async ({ context }, use) => {
    await use(await backgroundWorker(context));
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
});

export const expect = test.expect;
