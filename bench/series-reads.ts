// Benchmark: API reads per series, not per comic (issue 12, "Numbers"). Three runs, each against a
// fresh in-process VerseDB stand-in and a fresh background service (tests/integration/harness.ts), as
// the free demo member (Sam) whose library has synced first:
//   1. a back-issue page of one series: 80 issues x 5 covers (400 comics, one 12-digit UPC base), a
//      series the bench adds through the stand-in's --data option, Sam owning a handful of its issues
//      (some as a variant cover) and wishlisting a few; the page viewed, then viewed again;
//   2. a new-releases listing of 200 comics across 60 series of the seeded catalog; viewed twice;
//   3. the scripted browsing session of bench/quota-session.ts: the fixture store pages, three rounds.
// Pages are HTML read by the real detection (happy-dom), each comic asked as a content script asks
// it (lib/content/item-query.ts): first everything with `lookUp: false` (what the cache and library
// answer for free), then the rest with lookups allowed, a screenful (24) at a time in page order, as
// the shopper scrolls. Reads are the GET /api/v1 requests the stand-in served, counted from its
// request log after the service has gone quiet (so reads started in the background count too).
// Correctness: every badge of every run is compared with what a per-code lookup says, asked of the
// stand-in by a separate client with the member's token (bench/series/truth.ts); those reads are
// made after the figures are taken and are cleared from the log. Exit code 1 only when a badge
// disagrees with the per-code answer; time and missed read goals never fail the run.
import './lib/english';
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { detect } from '../lib/detect/page';
import { itemQuery } from '../lib/content/item-query';
import type { ItemQuery } from '../lib/items';
import { codeKey, type ItemStatus } from '../lib/status';
import { keyMarks } from '../lib/library/keys';
import { parseComicUpc } from '../lib/library/series';
import type { LongboxService } from '../lib/background/service';
import { startStandIn, type DataFile, type StandIn } from '../stand-in/index.ts';
import { backgroundFor, readsServed } from '../tests/integration/harness';
import { fixturePages } from '../scripts/lib/fixtures';
import { backIssueData, backIssuePage, BACK_ISSUES, newReleasesPage, type StorePage } from './series/pages';
import { judge, Truth } from './series/truth';
import { plain, recordFigures } from './lib/figures';

const LOOKUP_TYPES = new Set(['upc', 'isbn', 'ean', 'lunar', 'prh']);
/** Comics that come on screen together as the shopper scrolls. */
const SCREEN = 24;

interface Badge {
  page: string;
  round: number;
  title: string | null;
  titleNumber: string | null;
  query: ItemQuery;
  status: ItemStatus | null;
}

interface Session {
  si: StandIn;
  service: LongboxService;
  syncReads: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the stand-in has had no request for 100 ms (at most 5 s): work the service left running counts. */
async function quiet(si: StandIn): Promise<void> {
  let last = -1;
  for (let i = 0; i < 50; i += 1) {
    const now = si.requests().length;
    if (now === last) return;
    last = now;
    await sleep(100);
  }
}

async function signedIn(data?: DataFile): Promise<Session> {
  const si = await startStandIn({ port: 0, data });
  const { service } = await backgroundFor(si);
  await service.signIn(si.url, si.tokens.free, 'personal');
  await service.runSync();
  await quiet(si);
  const syncReads = readsServed(si);
  si.clearRequests();
  return { si, service, syncReads };
}

/** One view of a page: detection, then the statuses as the content script asks for them. */
async function view(service: LongboxService, page: { name: string; url: string; html: string }, round: number): Promise<Badge[]> {
  const window = new Window({ url: page.url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  try {
    const document = new window.DOMParser().parseFromString(page.html, 'text/html');
    // happy-dom's Document implements the DOM's Document; the two declarations differ only in detail.
    const detection = detect(document as unknown as Document, page.url);
    const queries = detection.items.map(itemQuery);
    const statuses: Array<ItemStatus | null> = await service.itemStatuses(queries, { lookUp: false });
    const due = statuses.flatMap((status, i) => (status ? [] : [i]));
    for (let start = 0; start < due.length; start += SCREEN) {
      const screen = due.slice(start, start + SCREEN);
      const answers = await service.itemStatuses(screen.map((i) => queries[i] as ItemQuery), { lookUp: true });
      screen.forEach((i, k) => void (statuses[i] = answers[k] ?? null));
    }
    // Then the page's key marks, as the store script asks once its comics have answers.
    await keyMarks(statuses.map((status, i) => ({ seriesId: status?.seriesId ?? null, matchKey: queries[i]?.matchKey ?? null, number: status?.number ?? null })), service.keys);
    return detection.items.map((item, i) => ({
      page: page.name,
      round,
      title: item.title,
      titleNumber: item.parsed?.number ?? null,
      query: queries[i] as ItemQuery,
      status: statuses[i] ?? null,
    }));
  } finally {
    await window.happyDOM.close();
  }
}

function lookupCodes(badges: Badge[]): Set<string> {
  const codes = new Set<string>();
  for (const badge of badges) for (const code of badge.query.codes) if (LOOKUP_TYPES.has(code.type)) codes.add(codeKey(code));
  return codes;
}

/** The reads in the log by route ("GET /lookup/upc/{…} 400"), for seeing where they went. */
function readRoutes(si: StandIn): string {
  const routes = new Map<string, number>();
  for (const r of si.requests()) {
    if (r.method !== 'GET' || !r.path.startsWith('/api/v1')) continue;
    const path = r.path.slice('/api/v1'.length).replace(/\/[^/]*\d[^/]*(?=\/|$)/g, '/{…}');
    const query = r.query ? `?${[...new URLSearchParams(r.query).keys()].join('&')}` : '';
    const key = `${path}${query}${r.status === 200 ? '' : ` (${r.status})`}`;
    routes.set(key, (routes.get(key) ?? 0) + 1);
  }
  return [...routes].sort((a, b) => b[1] - a[1]).map(([route, n]) => `${route} ${n}`).join(', ') || 'none';
}

const stateCounts = (badges: Badge[]): string => {
  const counts = new Map<string, number>();
  for (const b of badges) counts.set(b.status?.state ?? 'none', (counts.get(b.status?.state ?? 'none') ?? 0) + 1);
  return [...counts].map(([state, n]) => `${state} ${n}`).join(', ');
};

const unanswered = (badges: Badge[]): number =>
  badges.filter((b) => !b.status || b.status.state === 'paused' || b.status.state === 'error' || b.status.state === 'signed-out').length;

interface Check {
  badges: number;
  matched: number;
  mismatches: string[];
  unanswered: number;
  titleOnly: number;
  titleAfterNotFound: string[];
  verificationReads: number;
}

/** Every badge against the stand-in's own per-code answer. Runs after the figures; its reads are cleared from the log. */
async function verify(si: StandIn, badges: Badge[]): Promise<Check> {
  // The check's own reads must not be refused by the hourly cap the measured run has used.
  si.limits.set({ free: { readsPerHour: 1_000_000_000, readsPerDay: 1_000_000_000 } });
  const truth = new Truth(si, si.tokens.free);
  await truth.load();
  const check: Check = { badges: badges.length, matched: 0, mismatches: [], unanswered: 0, titleOnly: 0, titleAfterNotFound: [], verificationReads: 0 };
  for (const badge of badges) {
    const verdict = judge(badge.status, await truth.expected(badge.query, badge.titleNumber));
    const where = `${badge.page} (round ${badge.round}) “${badge.title ?? badge.query.label ?? '?'}”`;
    if (verdict.kind === 'match') check.matched += 1;
    else if (verdict.kind === 'mismatch') check.mismatches.push(`${where}: ${verdict.detail}`);
    else if (verdict.kind === 'unanswered') check.unanswered += 1;
    else if (verdict.kind === 'title-only') check.titleOnly += 1;
    else check.titleAfterNotFound.push(`${where}: ${verdict.detail}`);
  }
  check.verificationReads = truth.reads;
  si.clearRequests();
  return check;
}

function printCheck(check: Check): void {
  const extra = [
    check.unanswered ? `${check.unanswered} unanswered (paused or error)` : '',
    check.titleOnly ? `${check.titleOnly} with no code to look up (title matches, not checked)` : '',
    check.titleAfterNotFound.length ? `${check.titleAfterNotFound.length} whose codes VerseDB does not know, answered from the title` : '',
  ].filter(Boolean);
  console.log(`  correctness: ${check.badges} badges, ${check.matched} equal to the per-code lookup, ${check.mismatches.length} mismatches${extra.length ? `; ${extra.join('; ')}` : ''}`);
  console.log(`    (checked with ${check.verificationReads} reads of the bench's own, not counted above)`);
  for (const line of check.mismatches.slice(0, 25)) console.log(`    MISMATCH ${line}`);
  if (check.mismatches.length > 25) console.log(`    … and ${check.mismatches.length - 25} more`);
  for (const line of check.titleAfterNotFound.slice(0, 5)) console.log(`    note: ${line}`);
}

/** The reads of the page's key issues (`key_issues_only`), counted apart from the badges' own. */
const keyReadsServed = (si: StandIn): number => si.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/issues' && /key_issues_only=true/.test(r.query)).length;

/** Views a generated page twice (first visit, revisit) and checks every badge. `reads` leaves out the
 *  reads for key issues, which `keyReads` counts. */
async function listingRun(session: Session, page: StorePage): Promise<{ first: Badge[]; again: Badge[]; reads: number; revisitReads: number; keyReads: number; revisitKeyReads: number; routes: string; check: Check }> {
  const { si, service } = session;
  const first = await view(service, page, 1);
  await quiet(si);
  const keyReads = keyReadsServed(si);
  const reads = readsServed(si) - keyReads;
  const routes = readRoutes(si);
  si.clearRequests();
  const again = await view(service, page, 2);
  await quiet(si);
  const revisitKeyReads = keyReadsServed(si);
  const revisitReads = readsServed(si) - revisitKeyReads;
  si.clearRequests();
  const check = await verify(si, [...first, ...again]);
  return { first, again, reads, revisitReads, keyReads, revisitKeyReads, routes, check };
}

/** The two rows of a page's key-issue reads: its first view, its revisit. */
function keyRows(rows: Row[], what: string, run: { keyReads: number; revisitKeyReads: number }): void {
  console.log(`  reads for key issues            ${run.keyReads} first view, ${run.revisitKeyReads} revisit  (goal at most 1, then 0)`);
  rows.push({ what: `${what}: reads for key issues`, goal: '≤ 1', measured: String(run.keyReads), met: run.keyReads <= 1 });
  rows.push({ what: `${what}: reads for key issues on revisit`, goal: '0', measured: String(run.revisitKeyReads), met: run.revisitKeyReads === 0 });
}

/** "0", or "0 (138 still paused)" when the revisit found badges the budget left unanswered. */
const revisit = (reads: number, again: Badge[]): string => `${reads}${unanswered(again) ? ` (${unanswered(again)} still paused)` : ''}`;

interface Row {
  what: string;
  goal: string;
  measured: string;
  met: boolean;
}

const ratio = (a: number, b: number): string => (a / Math.max(1, b)).toFixed(2);

async function backIssueRun(rows: Row[]): Promise<Check> {
  const session = await signedIn(backIssueData());
  const page = backIssuePage(session.si);
  const run = await listingRun(session, page);
  await session.si.stop();
  const paused = unanswered(run.first);
  console.log(`1. Back-issue page of one series: ${BACK_ISSUES} issues x 5 covers, one UPC base (${page.url})`);
  console.log(`  comics listed / detected        ${page.comics.length} / ${run.first.length}`);
  console.log(`  distinct codes                  ${lookupCodes(run.first).size}`);
  console.log(`  library sync (once, before)     ${session.syncReads} reads`);
  console.log(`  Longbox reads, first view       ${run.reads}  (goal at most 2)`);
  console.log(`    by route                      ${run.routes}`);
  if (paused > 0) console.log(`    badges left unanswered        ${paused} (paused: the free hourly read budget ran out; at one read a code the page needs ≈ ${run.reads + paused})`);
  console.log(`  Longbox reads, revisit          ${revisit(run.revisitReads, run.again)}  (goal 0)`);
  console.log(`  badges, first view              ${stateCounts(run.first)}`);
  keyRows(rows, 'back-issue page', run);
  printCheck(run.check);
  console.log('');
  rows.push({ what: `back-issue page (${page.comics.length} comics, 1 series): reads`, goal: '≤ 2', measured: `${run.reads}${paused ? ` (+${paused} paused)` : ''}`, met: run.reads <= 2 && paused === 0 });
  // Nothing spent on a revisit proves little while the budget is spent and badges still wait.
  rows.push({ what: 'back-issue page: reads on revisit', goal: '0', measured: revisit(run.revisitReads, run.again), met: run.revisitReads === 0 && unanswered(run.again) === 0 });
  return run.check;
}

async function newReleasesRun(rows: Row[]): Promise<Check> {
  const session = await signedIn();
  const page = newReleasesPage(session.si);
  const run = await listingRun(session, page);
  await session.si.stop();
  const codes = lookupCodes(run.first).size;
  const series = new Set(page.comics.map((c) => c.seriesId)).size;
  const bases = new Set(page.comics.map((c) => c.code.slice(0, 12))).size;
  const paused = unanswered(run.first);
  console.log(`2. New-releases listing: ${page.comics.length} comics across ${series} series (${page.url})`);
  console.log(`  comics listed / detected        ${page.comics.length} / ${run.first.length}`);
  console.log(`  distinct codes                  ${codes}`);
  console.log(`  distinct series (UPC bases)     ${series} (${bases})`);
  console.log(`  library sync (once, before)     ${session.syncReads} reads`);
  console.log(`  Longbox reads, first view       ${run.reads}  (${ratio(run.reads, codes)} x the distinct codes; goal at most ${series}, the distinct series)`);
  console.log(`    by route                      ${run.routes}`);
  if (paused > 0) console.log(`    badges left unanswered        ${paused} (paused: the free hourly read budget ran out)`);
  console.log(`  Longbox reads, revisit          ${revisit(run.revisitReads, run.again)}  (goal 0)`);
  console.log(`  badges, first view              ${stateCounts(run.first)}`);
  keyRows(rows, 'new releases', run);
  printCheck(run.check);
  console.log('');
  rows.push({ what: `new releases (${page.comics.length} comics, ${series} series): reads`, goal: `≤ ${series}`, measured: `${run.reads}${paused ? ` (+${paused} paused)` : ''}`, met: run.reads <= series && paused === 0 });
  rows.push({ what: 'new releases: reads ÷ distinct codes', goal: `≤ ${ratio(series, codes)} (${series}/${codes})`, measured: ratio(run.reads, codes), met: run.reads <= series });
  rows.push({ what: 'new releases: reads on revisit', goal: '0', measured: revisit(run.revisitReads, run.again), met: run.revisitReads === 0 && unanswered(run.again) === 0 });
  return run.check;
}

/**
 * The fewest first-visit reads a client that learns series from barcodes could spend on these codes,
 * even were every one of them in the catalog: one per 12-digit base among the 17-digit UPCs (the rest of
 * that base answered from what the first taught), one per other code (ISBN, EAN, Lunar/Universal and
 * 12-digit UPCs carry no issue number a series could answer from).
 */
function perSeriesFloor(codes: readonly string[]): { reads: number; detail: string } {
  const bases = new Set<string>();
  const others = new Map<string, number>();
  for (const key of codes) {
    const [type = '', value = ''] = key.split(':');
    const upc = type === 'upc' ? parseComicUpc(value) : null;
    if (upc) bases.add(upc.base);
    else others.set(type, (others.get(type) ?? 0) + 1);
  }
  const rest = [...others].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${n} ${type}`).join(', ');
  const reads = bases.size + [...others.values()].reduce((sum, n) => sum + n, 0);
  return { reads, detail: `${bases.size} UPC bases, then one per code: ${rest || 'none'}` };
}

/** The scripted session of bench/quota-session.ts: the same pages, member and rounds. */
async function browsingRun(rows: Row[]): Promise<Check> {
  const pages = fixturePages().filter((page) => !/cart|basket/.test(page.name));
  const session = await signedIn();
  const { si, service } = session;
  const seen = new Set<string>();
  const firstRoundCodes: string[] = [];
  const badges: Badge[] = [];
  const rounds: Array<{ reads: number; keyReads: number; notFound: number; newCodes: number; naive: number; routes: string }> = [];
  for (const round of [1, 2, 3]) {
    let newCodes = 0;
    let naive = 0;
    for (const page of pages) {
      const viewed = await view(service, { name: `${page.folder}/${page.name}`, url: page.url, html: readFileSync(page.htmlPath, 'utf8') }, round);
      for (const code of lookupCodes(viewed)) {
        if (!seen.has(code)) {
          newCodes += 1;
          if (round === 1) firstRoundCodes.push(code);
        }
        seen.add(code);
      }
      naive += 2 * viewed.length;
      badges.push(...viewed);
    }
    await quiet(si);
    const notFound = si.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1') && r.status === 404).length;
    const keyReads = keyReadsServed(si);
    rounds.push({ reads: readsServed(si) - keyReads, keyReads, notFound, newCodes, naive, routes: readRoutes(si) });
    si.clearRequests();
  }
  const check = await verify(si, badges);
  await si.stop();
  const first = rounds[0] ?? { reads: 0, keyReads: 0, notFound: 0, newCodes: 0, naive: 0, routes: '' };
  const revisits = rounds.slice(1).reduce((sum, r) => sum + r.reads, 0);
  const perCode = first.reads / Math.max(1, first.newCodes);
  console.log('3. Scripted browsing session (bench/quota-session.ts): the fixture product, listing and search pages, three rounds');
  console.log(`  pages per round                 ${pages.length}`);
  console.log(`  comics per round                ${badges.filter((b) => b.round === 1).length}`);
  console.log(`  library sync (once, before)     ${session.syncReads} reads`);
  console.log(`  distinct codes never seen       ${first.newCodes}`);
  console.log(`  Longbox reads, first round      ${first.reads}  (${perCode.toFixed(2)}x the new codes; goal at most 0.5x)`);
  console.log(`    by route                      ${first.routes}`);
  if (first.notFound > 0) {
    console.log(`    answered 404                  ${first.notFound} of ${first.reads} (codes the seeded catalog does not have; a 404 teaches no series)`);
  }
  const floor = perSeriesFloor(firstRoundCodes);
  console.log(`  least any client reading per series could spend, were every code in VerseDB's catalog`);
  console.log(`                                  ${floor.reads}  (${(floor.reads / Math.max(1, first.newCodes)).toFixed(2)}x: ${floor.detail})`);
  console.log(`  Longbox reads, revisits         ${revisits}  (goal 0)`);
  const revisitKeyReads = rounds.slice(1).reduce((sum, r) => sum + r.keyReads, 0);
  console.log(`  reads for key issues            ${first.keyReads} first round (${pages.length} pages), ${revisitKeyReads} revisits  (goal at most 1 a page, then 0)`);
  rows.push({ what: `browsing session: reads for key issues (${pages.length} pages)`, goal: `≤ ${pages.length}`, measured: String(first.keyReads), met: first.keyReads <= pages.length });
  rows.push({ what: 'browsing session: reads for key issues on revisits', goal: '0', measured: String(revisitKeyReads), met: revisitKeyReads === 0 });
  console.log('  after round   Longbox   naive   naive/Longbox');
  let longbox = 0;
  let naive = 0;
  const after: number[] = [];
  rounds.forEach((r, i) => {
    longbox += r.reads;
    naive += r.naive;
    after.push(naive / Math.max(1, longbox));
    console.log(`  ${String(i + 1).padStart(11)} ${String(longbox).padStart(9)} ${String(naive).padStart(7)}   ${(naive / Math.max(1, longbox)).toFixed(1)}x`);
  });
  printCheck(check);
  console.log('');
  const firstRatio = after[0] ?? 0;
  rows.push({ what: 'browsing session: reads ÷ distinct new codes', goal: '≤ 0.50x', measured: `${perCode.toFixed(2)}x`, met: perCode <= 0.5 });
  rows.push({ what: 'browsing session: reads on revisits', goal: '0', measured: String(revisits), met: revisits === 0 });
  rows.push({ what: 'browsing session: naive ÷ Longbox after round 1', goal: '≥ 18x', measured: `${firstRatio.toFixed(1)}x`, met: firstRatio >= 18 });
  return check;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const checks = [await backIssueRun(rows), await newReleasesRun(rows), await browsingRun(rows)];
  const mismatches = checks.reduce((sum, c) => sum + c.mismatches.length, 0);
  const open = checks.reduce((sum, c) => sum + c.unanswered, 0);
  const badges = checks.reduce((sum, c) => sum + c.badges, 0);
  rows.push({ what: `correctness: badges unlike the per-code lookup (of ${badges})`, goal: '0', measured: String(mismatches), met: mismatches === 0 });
  rows.push({ what: 'badges left unanswered (paused/error), all views', goal: '0', measured: String(open), met: open === 0 });

  const width = Math.max(...rows.map((r) => r.what.length));
  const goalWidth = Math.max(4, ...rows.map((r) => r.goal.length));
  const measuredWidth = Math.max(8, ...rows.map((r) => r.measured.length));
  console.log('Issue 12 numbers: goal vs measured');
  console.log(`  ${'number'.padEnd(width)}  ${'goal'.padEnd(goalWidth)}  ${'measured'.padEnd(measuredWidth)}  met`);
  for (const r of rows) console.log(`  ${r.what.padEnd(width)}  ${r.goal.padEnd(goalWidth)}  ${r.measured.padEnd(measuredWidth)}  ${r.met ? 'yes' : 'no'}`);
  // The quota figures in bench-results.json beside the others (issue 14): reads have no baseline but the
  // goal, and travel between machines as they are.
  recordFigures(rows.map((r) => plain(`quota: ${r.what}`, Number.parseFloat(r.measured), r.measured.endsWith('x') ? 'x' : 'reads', r.goal, r.met)));
  if (mismatches > 0) {
    console.log(`\n${mismatches} badges differ from what a per-code lookup says (details above).`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
