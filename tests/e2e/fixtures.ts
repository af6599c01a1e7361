import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, chromium, type BrowserContext, type Worker } from '@playwright/test';
import { chromiumPath } from '../../scripts/chromium-path.mjs';

/** The e2e build; LONGBOX_OUT names another output folder (a run of its own), as for `wxt build`. */
export const EXTENSION_DIR = resolve(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3-e2e');

// Flags for this closed network: no background calls to Google's services, which are refused here.
export const CHROMIUM_ARGS = [
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-gpu',
];

export async function launchWithExtension(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'longbox-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
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
