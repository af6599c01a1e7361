// Benchmark: the background's memory (issue 14). Real Chromium with the e2e build loaded; the service
// worker's JS heap read over the DevTools protocol (Runtime.getHeapUsage, after a garbage collection):
// just started and signed out, then signed in with a 60,000-copy library synced from the stand-in (the
// hourly caps lifted so the sync runs straight through). Beside it, in the same browser, the worker of a
// minimal extension (the baseline: a service worker that answers one message). Printed and kept in
// bench-results.json. The library lives in IndexedDB, outside the heap: the heap should not grow with it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { startStandIn } from '../stand-in/index.ts';
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { unpackedExtensionId } from '../scripts/lib/extension-id';
import { figure, printFigures, recordFigures } from './lib/figures';

const EXTENSION_DIR = resolve(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3-e2e');
const COPIES = 60_000;
const TOKEN = 'longbox-bench-collector';
const SAMPLES = 5;


function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

function bareExtension(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'Bare worker (benchmark baseline)', version: '1.0', background: { service_worker: 'background.js' } }));
  writeFileSync(join(dir, 'background.js'), 'chrome.runtime.onMessage.addListener((message, _sender, reply) => { reply({ ok: true }); });');
  return dir;
}

/** Talks to one target (a service worker) through the browser's session, with flatten off. */
class TargetSession {
  private id = 0;
  private readonly waiting = new Map<number, (result: unknown) => void>();

  private constructor(private readonly browser: CDPSession, private readonly sessionId: string) {
    browser.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== this.sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message.result);
    });
  }

  static async attach(browser: CDPSession, url: (u: string) => boolean): Promise<TargetSession> {
    for (let i = 0; i < 100; i++) {
      const { targetInfos } = (await browser.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string; url: string }> };
      const target = targetInfos.find((t) => t.type === 'service_worker' && url(t.url));
      if (target) {
        const { sessionId } = (await browser.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
        return new TargetSession(browser, sessionId);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('service worker not found');
  }

  send(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.id;
    const answered = new Promise<unknown>((done) => this.waiting.set(id, done));
    void this.browser.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method, params }) });
    return answered;
  }

  /** MB of JS heap in use after a garbage collection. */
  async heapMb(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    const usage = (await this.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize / 1_048_576;
  }
}

async function samples(session: TargetSession): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) out.push(await session.heapMb());
  return out;
}

async function main(): Promise<void> {
  const probe = await startStandIn({ port: 0 });
  const issueIds = [...probe.catalog().issues.keys()];
  await probe.stop();
  const collection = Array.from({ length: COPIES }, (_, i) => ({ issue: issueIds[i % issueIds.length] ?? 1, condition: 'NM' }));
  const si = await startStandIn({
    port: 0,
    data: { members: [{ username: 'collector', name: 'Big Collector', tier: 'pro', tokens: [{ token: TOKEN }], collection }] },
    limits: { pro: { readsPerHour: 1_000_000, readsPerDay: 1_000_000 } },
  });
  const userDataDir = mkdtempSync(join(tmpdir(), 'longbox-heap-'));
  const bareDir = bareExtension(join(userDataDir, 'bare-extension'));
  const port = await freePort();
  const proc = spawn(chromiumPath(), [
    '--headless=new', '--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu',
    `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`,
    `--disable-extensions-except=${EXTENSION_DIR},${bareDir}`, `--load-extension=${EXTENSION_DIR},${bareDir}`, 'about:blank',
  ], { stdio: 'ignore' });
  try {
    let browser = null;
    for (let i = 0; i < 300 && !browser; i++) {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => null);
      if (!browser) await new Promise((r) => setTimeout(r, 100));
    }
    if (!browser) throw new Error('Chromium did not open its DevTools port');
    const cdp = await browser.newBrowserCDPSession();
    const extensionId = unpackedExtensionId(EXTENSION_DIR);
    const longbox = await TargetSession.attach(cdp, (u) => u.startsWith(`chrome-extension://${extensionId}/`));
    const bareWorker = await TargetSession.attach(cdp, (u) => u.startsWith(`chrome-extension://${unpackedExtensionId(bareDir)}/`));
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context');
    const started = await samples(longbox);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    const signIn = (await page.evaluate(({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }), { address: si.url, token: TOKEN })) as { ok?: boolean };
    if (!signIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signIn)}`);
    const from = Date.now();
    let synced = 0;
    for (let i = 0; i < 3000; i++) {
      const reply = (await page.evaluate(() => chrome.runtime.sendMessage({ type: 'state' }))) as { state?: { sync?: { lastSyncedAt: number | null; total: number | null } } };
      if (reply.state?.sync?.lastSyncedAt) {
        synced = reply.state.sync.total ?? 0;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const syncSeconds = (Date.now() - from) / 1000;
    const full = await samples(longbox);
    const bare = await samples(bareWorker);
    const figures = [
      figure({ name: 'background heap: just started, signed out', unit: 'MB', measured: started, baseline: bare, note: 'baseline: the service worker of a minimal extension that answers one message' }),
      figure({
        name: `background heap: ${COPIES.toLocaleString('en')}-copy library synced`,
        unit: 'MB',
        measured: full,
        baseline: bare,
        note: `${synced.toLocaleString('en')} copies synced in ${syncSeconds.toFixed(0)} s (hourly caps lifted); the library is in IndexedDB, outside the heap`,
      }),
    ];
    printFigures('The background service worker’s JS heap (after a garbage collection, real Chromium)', figures);
    recordFigures(figures);
    await browser.close();
  } finally {
    proc.kill();
    await si.stop();
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
