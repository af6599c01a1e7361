// Benchmark: API reads per action on comics a store page shows by title only (no code). A listing of
// single issues from 12 series of the seeded catalog, titled as a store titles them ("Paper Girls #3",
// "Batman #7 (2016)" where series share a name), read by the real detection (happy-dom); then, as the
// free demo member whose library has synced, "Add to wishlist" on each comic in page order, as its badge
// menu sends it (lib/content/menu.ts messageFor, with the page's title). Reads are the GET /api/v1
// requests the stand-in served for each click, from its request log, less the write's own. Budget (PRODUCT.md): at most 2 reads for the first action on a series, 0 for the next.
// Correctness: every click must wishlist the issue the title names (checked against the catalog).
// Exit code 1 when one does not; read counts over the goal are printed, not failed.
import './lib/english';
import 'fake-indexeddb/auto';
import { Window } from 'happy-dom';
import { detect } from '../lib/detect/page';
import { itemQuery, titleRef } from '../lib/content/item-query';
import { badgeStatus } from '../lib/content/replies';
import { messageFor } from '../lib/content/menu';
import { startStandIn } from '../stand-in/index.ts';
import { backgroundFor } from '../tests/integration/harness';
import { plain, recordFigures } from './lib/figures';

const SERIES = ['Paper Girls', 'Lumberjanes', 'BRZRKR', 'Invincible', 'Once & Future', 'Immortal Thor', 'Captain America', 'Venom', 'Ultimate Spider-Man', 'Absolute Superman', 'Batman', 'Wonder Woman'];
const PER_SERIES = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const si = await startStandIn({ port: 0, realistic: { seed: 11 } });
  const catalog = si.catalog();
  const listed: Array<{ title: string; issueId: number; series: string; long: boolean }> = [];
  for (const name of SERIES) {
    const all = [...catalog.series.values()].filter((s) => s.name === name && s.publicationType !== 'collected_edition');
    const series = all.at(-1);
    if (!series) throw new Error(`no series ${name}`);
    const allIssues = catalog.issuesBySeries.get(series.id) ?? [];
    const issues = allIssues.filter((i) => /^\d+$/.test(i.number)).slice(2, 2 + PER_SERIES);
    // Longer than one read of a series' issues holds (100): each back issue is read by its number.
    const long = allIssues.length > 100;
    // Where series share a name, the store says which by its start year, as many stores do.
    for (const issue of issues) listed.push({ title: `${name} #${issue.number}${all.length > 1 ? ` (${series.startYear})` : ''}`, issueId: issue.id, series: name, long });
  }
  const url = 'https://www.dcbservice.com/search/titles';
  const html = `<!DOCTYPE html><html><head><title>Search - DCBS</title></head><body><ul class="thumblist">${listed
    .map((c, i) => `<li class="thumbitem"><div class="thumbtitle"><a href="/product/t${i}">${c.title}</a></div><div class="thumbprice"><span class="dcbsprice">$3.99</span></div></li>`)
    .join('\n')}</ul></body></html>`;

  const { service } = await backgroundFor(si);
  await service.signIn(si.url, si.tokens.free, 'personal');
  await service.runSync();
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const items = detect(document as unknown as Document, url).items;
  const own = { id: 'ext', origin: 'chrome-extension://ext/' };
  const fromPage = { id: 'ext', url, tab: { id: 1 } };

  const first: number[] = [];
  const next: number[] = [];
  const nextLong: number[] = [];
  const seen = new Set<string>();
  let wrong = 0;
  let badgeReads = 0;
  for (const item of items) {
    const before = si.requests().length;
    const [status] = await service.itemStatuses([itemQuery(item)], { lookUp: true });
    badgeReads += si.requests().slice(before).filter((r) => r.method === 'GET').length;
    const badge = badgeStatus(JSON.parse(JSON.stringify(status)));
    const title = titleRef(item);
    const comic = listed.find((c) => c.title === item.title);
    if (!badge || !title || !comic) throw new Error(`the listing's "${item.title}" was not read as a title-only comic`);
    const mark = si.requests().length;
    const reply = await service.handle(messageFor(badge, { kind: 'wishlist-add' }, item.title ?? '', title), fromPage, own);
    const reads = si.requests().slice(mark).filter((r) => r.method === 'GET' && !r.path.startsWith('/api/v1/user/wishlist')).length;
    (seen.has(comic.series) ? (comic.long ? nextLong : next) : first).push(reads);
    seen.add(comic.series);
    const wished = await service.library.db.countFromIndex('wishlist', 'byIssue', comic.issueId);
    if (!('ok' in reply) || reply.ok !== true || wished === 0) {
      wrong += 1;
      console.log(`  WRONG: "${comic.title}": ${JSON.stringify(reply).slice(0, 200)}`);
    }
  }
  await si.stop();

  const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);
  console.log(`Title-only actions: ${items.length} comics of ${SERIES.length} series on a listing with no codes, "Add to wishlist" on each (realistic answers)`);
  line('reads for the badges on their own', `${badgeReads} (goal 0: no title leaves the browser for a badge)`);
  line('first action on a series: reads', `median ${median(first)}, max ${Math.max(...first)} (goal at most 2)`);
  line('next actions, series of up to 100 issues', `median ${median(next)}, max ${Math.max(...next)} (goal 0)`);
  line('next actions, series of over 100 issues', `median ${median(nextLong)}, max ${Math.max(...nextLong)} (one read per back issue's number)`);
  line('actions that wishlisted the wrong issue or none', `${wrong} (must be 0)`);
  recordFigures([
    plain('title actions: reads, first on a series (max)', Math.max(...first), 'reads', '<= 2', Math.max(...first) <= 2),
    plain('title actions: reads, next on a series of up to 100 issues (max)', Math.max(...next), 'reads', '0', Math.max(...next) === 0),
    plain('title actions: reads, next on a longer series (max)', Math.max(...nextLong), 'reads', '<= 1', Math.max(...nextLong) <= 1, 'one read holds 100 issues: each back issue of a longer series is read by its number'),
  ]);
  if (wrong > 0) process.exitCode = 1;
}

await main();
