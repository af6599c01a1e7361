// A CPU profile of the badge bench's page (bench/badges.ts): the 100-item Midtown listing loaded in real
// Chromium with the build in LONGBOX_OUT (make it with LONGBOX_PROFILE=1 to keep the names), profiled from
// navigation to the badges shown; prints each load's step marks and the functions with the most self time
// over all loads. Not a budget: a tool for finding where the time goes. `npx tsx bench/profile-badges.ts`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startStandIn } from '../stand-in/index.ts';
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { listingPage, listingTitles } from './lib/listing';

const EXTENSION_DIR = resolve(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3-e2e');
const RUNS = Number(process.env.LONGBOX_BENCH_RUNS ?? 5);
const HOSTS = ['www.midtowncomics.com', 'www.midtowncomics.com', 'other.longbox.test'];

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

async function main(): Promise<void> {
  const si = await startStandIn({ port: 0 });
  const html = listingPage(listingTitles(si));
  const userDataDir = mkdtempSync(join(tmpdir(), 'longbox-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(), headless: true,
    args: ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-gpu',
      `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  try {
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/background.js')) ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;
    await context.route(/^https:\/\/[^/]+\/search/, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
    await context.route(/^https:\/\/[^/]+\/i\//, (route) => route.fulfill({ status: 404, body: '' }));
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.evaluate(({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }), { address: si.url, token: si.tokens.free });
    for (let i = 0; i < 200; i++) {
      if (/"lastSyncedAt":\d/.test(JSON.stringify(await options.evaluate(() => chrome.runtime.sendMessage({ type: 'state' }))))) break;
      await options.waitForTimeout(100);
    }
    const page = await context.newPage();
    // As bench/badges.ts does: the end is told on the console, so nothing of the bench runs in the page meanwhile.
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'longbox:badges-shown') console.log('bench:shown');
      }).observe({ type: 'mark' });
    });
    const self = new Map<string, number>();
    for (let run = 0; run <= RUNS; run++) {
      for (const host of HOSTS) await page.goto(`https://${host}/search?q=warm`).catch(() => undefined);
      const tracing = process.env.LONGBOX_TRACE === '1' && run === RUNS;
      const cdp = await context.newCDPSession(page);
      if (tracing) await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'disabled-by-default-v8.compile', 'blink', 'loading'] } });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      const told = page.waitForEvent('console', { predicate: (message) => message.text() === 'bench:shown', timeout: 15_000 });
      await page.goto(`https://www.midtowncomics.com/search?q=longbox-bench&run=${run}`, { waitUntil: 'commit' });
      await told;
      await page.waitForTimeout(300);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      if (tracing) {
        const done = new Promise<{ stream: string }>((resolve) => cdp.once('Tracing.tracingComplete', (event) => resolve(event as { stream: string })));
        await cdp.send('Tracing.end');
        const { stream } = await done;
        let text = '';
        for (;;) {
          const chunk = (await cdp.send('IO.read', { handle: stream })) as { data: string; eof: boolean };
          text += chunk.data;
          if (chunk.eof) break;
        }
        writeFileSync('/tmp/prof/trace.json', text);
      }
      await cdp.detach();
      const marks = await page.evaluate(() => {
        const from = performance.getEntriesByName('longbox:start')[0]?.startTime ?? 0;
        return performance.getEntriesByType('mark').filter((m) => m.name.startsWith('longbox:')).map((m) => `${m.name.slice(8)} ${(m.startTime - from).toFixed(1)}`).join(', ') + ` | start at ${from.toFixed(1)}`;
      });
      console.log(`load ${run}: ${marks}`);
      if (run === 0) continue;
      writeFileSync(`/tmp/prof/run-${run}.cpuprofile`, JSON.stringify(profile));
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const node = byId.get(id);
        if (!node) return;
        const f = node.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-1)[0]}:${f.lineNumber}:${f.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 45));
    for (const [key, ms] of top) console.log(`${(ms / RUNS).toFixed(2).padStart(8)} ms  ${key}`);
  } finally {
    await context.close();
    await si.stop();
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

main().catch((error: unknown) => { console.error(error); process.exit(1); });
