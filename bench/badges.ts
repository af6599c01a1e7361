// Benchmark: badges on a 100-item listing whose comics are already resolved (PRODUCT.md budgets).
// Real Chromium with the e2e build loaded, signed in to the local stand-in, on a generated Midtown
// search page of 100 tiles (comics from the member's library and the catalog, by title). Printed:
// time from the content script's start to all badges shown (budget 50 ms), the page's long tasks
// while badges mount, and the content scripts' size gzipped (budget 20 kB each). Run `npm run bench`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStandIn } from '../stand-in/index.ts';
import { chromiumPath } from '../scripts/chromium-path.mjs';

const EXTENSION_DIR = resolve('.output/chrome-mv3-e2e');
const PAGE_URL = 'https://www.midtowncomics.com/search?q=longbox-bench';
const RUNS = 9;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function tile(title: string, i: number): string {
  return `<div class="product-tile"><a href="/product/${1000 + i}"><img src="/i/${i}.jpg" alt="${title}"></a>
  <a class="tile-title" href="/product/${1000 + i}">${title}</a><div class="tile-price"><span class="price">$4.99</span></div></div>`;
}

async function main(): Promise<void> {
  const si = await startStandIn({ port: 0 });
  // Titles the member owns and titles from the catalog, as Midtown writes them.
  const catalog = si.catalog();
  const titles: string[] = [];
  for (const issue of catalog.issues.values()) {
    if (titles.length >= 100) break;
    const series = catalog.series.get(issue.seriesId);
    if (!series || issue.format !== 'single') continue;
    titles.push(`${series.name} #${issue.number} Cover A`);
  }
  const html = `<!doctype html><html><head><title>Search | Midtown Comics</title></head><body>
  <section class="search-results">${titles.map(tile).join('\n')}</section></body></html>`;

  const userDataDir = mkdtempSync(join(tmpdir(), 'longbox-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-gpu',
      `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;
    await context.route('https://www.midtowncomics.com/**', (route) =>
      route.request().url() === PAGE_URL ? route.fulfill({ body: html, contentType: 'text/html' }) : route.fulfill({ status: 404, body: '' }),
    );
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.evaluate(({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }), { address: si.url, token: si.tokens.free });
    for (let i = 0; i < 200; i++) {
      const state = JSON.stringify(await options.evaluate(() => chrome.runtime.sendMessage({ type: 'state' })));
      if (/"lastSyncedAt":\d/.test(state)) break;
      await options.waitForTimeout(100);
    }

    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: number[] = [];
      Object.assign(window, { __longTasks: tasks });
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask', buffered: true });
    });
    const times: number[] = [];
    const longest: number[] = [];
    let badges = 0;
    let states = '';
    for (let run = 0; run <= RUNS; run++) {
      await page.goto(PAGE_URL);
      await page.waitForFunction(() => performance.getEntriesByName('longbox:badges-shown').length > 0, undefined, { timeout: 15_000 });
      const result = await page.evaluate(() => {
        const start = performance.getEntriesByName('longbox:start')[0]?.startTime ?? Number.NaN;
        const shown = performance.getEntriesByName('longbox:badges-shown')[0]?.startTime ?? Number.NaN;
        const hosts = [...document.querySelectorAll('[data-longbox-state]')];
        const counts: Record<string, number> = {};
        for (const host of hosts) counts[host.getAttribute('data-longbox-state') ?? '?'] = (counts[host.getAttribute('data-longbox-state') ?? '?'] ?? 0) + 1;
        const tasks = (window as unknown as { __longTasks: number[] }).__longTasks;
        return { ms: shown - start, badges: hosts.length, counts, longest: Math.max(0, ...tasks) };
      });
      if (run === 0) continue; // the first visit warms the cache; the budget is for resolved comics
      times.push(result.ms);
      longest.push(result.longest);
      badges = result.badges;
      states = Object.entries(result.counts).map(([state, n]) => `${n} ${state}`).join(', ');
    }
    const scripts = readdirSync(resolve(EXTENSION_DIR, 'content-scripts')).filter((name) => name.endsWith('.js'));
    const sizes = scripts.map((name) => ({ name, gz: gzipSync(readFileSync(resolve(EXTENSION_DIR, 'content-scripts', name))).length }));
    const largest = sizes.reduce((a, b) => (b.gz > a.gz ? b : a));
    const extras = gzipSync(readFileSync(resolve(EXTENSION_DIR, 'page-extras.js'))).length;
    console.log(`Badges on a 100-item listing, comics already resolved (${RUNS} loads, real Chromium)`);
    console.log(`  badges shown                   ${badges} (${states})`);
    console.log(`  content script start -> badges median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms  (budget 50 ms)`);
    console.log(`  longest task during the load   median ${median(longest).toFixed(1)} ms, max ${Math.max(...longest).toFixed(1)} ms  (long tasks are > 50 ms; 0 = none)`);
    console.log(`  content scripts (one a store)  largest ${largest.name} ${largest.gz} bytes gzipped, smallest ${Math.min(...sizes.map((s) => s.gz))}  (budget 20000)`);
    console.log(`  menu and cart banner           ${extras} bytes gzipped, loaded only when first needed`);
  } finally {
    await context.close();
    await si.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
