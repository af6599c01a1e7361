// Fault soak (issue 10, "Proof"): a member's scripted session, seeded and on the stand-in's moved
// clock, against a VerseDB stand-in that fails a fifth of its answers, drops the connection after doing
// the work on one request in twenty, and answers 300 ms late. Printed, not asserted in time.
//
// The member: a free account (300 reads, 150 writes an hour) with a 3,000-copy collection, a wishlist
// and a pull list, made with the stand-in's --data format. The session, one step after another:
//   - 202 page views: a fixture store page read by the real detection, its comics asked of the service
//     (`itemStatuses(queries, {lookUp: true})`), as bench/quota-session.ts does;
//   - 100 writes sent as a content script sends them (`handle({type: 'write', ...})`): add a copy,
//     remove a copy (one the extension shows the member), wishlist add / remove, pull list add / remove;
//   - 3 sync rounds (full, incremental, full), each gone on with after a wait as the alarm would;
//   - one sign-out and sign-in in the middle (two page views signed out);
//   - the clock moved between steps (a minute or two mostly, now and then half an hour or more; with the
//     syncs' waits the session spans some 15 hours, so many quota windows pass), the wake-up alarm and the 30-minute refresh alarm fired when their time comes (their
//     work runs beside the next steps, as an alarm's does), and the service worker stopped every 20
//     steps: the stopped worker's pending work is abandoned, not allowed to finish (bench/soak-worker.ts),
//     and a new worker starts over the same storage and is woken, as the browser does.
// Steps are awaited one after another: a write's message keeps a real worker alive until it answers,
// so workers are stopped between steps, with whatever the alarms started still under way.
// At the end: faults off, the queue flushed (onWake until nothing waits), a final full sync; then the
// extension's library is compared with what VerseDB holds, read over the API (the member's token), and
// every write the member made is checked against its intended effect:
//   - copy adds: N clicks of "add a copy" on an issue = N new copies of it on VerseDB (more: doubled;
//     fewer: lost); a removed copy must be gone; the member's other copies must all still be there;
//   - wishlist and pull list: each touched issue / series ends as the member's last click left it.
// VerseDB data the member never touched must not change either ("unasked changes"). When something
// fails, the timeline of each issue or series concerned is printed: the member's clicks, the requests
// about it in the stand-in's log (with the faults injected), worker stops and the sign-out.
// Exit code 1 when a correctness figure fails: writes lost, copies doubled, library differences,
// unasked changes. Time figures are printed only.
//
// The session is seeded (the member, the steps, the pauses, the stand-in's faults), but background work
// (alarms) runs beside the steps in real time, with 300 ms answers, so two runs of one seed interleave
// differently and their figures can differ. Run it several times, or with other seeds:
//
//   npm run bench:soak                      (SOAK_SEED=7 npm run bench:soak for another session)

import './lib/english';
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { detect } from '../lib/detect/page';
import type { DetectedItem } from '../lib/detect/types';
import type { ItemQuery } from '../lib/items';
import { itemQuery } from '../lib/content/item-query';
import { isCollectedFormat, matchKey } from '../lib/library/match';
import type { SyncOutcome } from '../lib/library/sync';
import type { WriteAction } from '../lib/library/writes';
import type { MessageSender } from '../lib/protocol';
import { createPrng, type Prng } from '../stand-in/prng.ts';
import { startStandIn, type RequestLogEntry, type StandIn } from '../stand-in/index.ts';
import { fixturePages, type FixturePage } from '../scripts/lib/fixtures';
import { isStoppedWorkerFailure, workerFor, type Worker } from './soak-worker';

const SEED = Number(process.env.SOAK_SEED ?? 20_260_510);
const CLOCK_START = '2026-05-11T14:00:00.000Z';
const TOKEN = 'longbox-soak-member';
const FAULTS = { error_rate: 0.2, drop_rate: 0.05, latency_ms: 300 } as const;
const COPIES = 3_000;
const PAGE_VIEWS = 200;
const RESTART_EVERY = 20;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The entry point's periodic refresh alarm (entrypoints/background.ts). */
const REFRESH_EVERY = 30 * MINUTE;
const WRITE_MIX: Record<WriteAction['action'], number> = {
  'copy-add': 30,
  'copy-remove': 16,
  'wishlist-add': 16,
  'wishlist-remove': 12,
  'pull-list-add': 14,
  'pull-list-remove': 12,
};
const EXT = 'longbox-soak';
const OWN = { id: EXT, origin: `chrome-extension://${EXT}/` };
const POPUP: MessageSender = { id: EXT, url: `chrome-extension://${EXT}/popup.html` };
const pageSender = (tabId: number, url: string): MessageSender => ({ id: EXT, tab: { id: tabId }, frameId: 0, url });

type Step =
  | { kind: 'view' }
  | { kind: 'write'; action: WriteAction['action'] }
  | { kind: 'sync'; mode: 'full' | 'incremental' }
  | { kind: 'sign-out' }
  | { kind: 'sign-in' };

interface Holdings {
  copies: Map<number, { issueId: number; variantId: number | null }>;
  wishlist: Set<string>;
  pullList: Set<number>;
  /** The pull list's row ids by series (VerseDB's DELETE takes a series id, or else a row id). */
  pullRows: Map<number, number>;
}

/** A field of a reply, whichever way the protocol types its replies. */
const field = (reply: object, name: string): unknown => (reply as Record<string, unknown>)[name];

const wishKey = (issueId: number, variantId: number | null) => `${issueId}:${variantId ?? ''}`;

function shuffle<T>(prng: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function pageQueries(page: FixturePage): ItemQuery[] {
  const window = new Window({ url: page.url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  try {
    const document = new window.DOMParser().parseFromString(readFileSync(page.htmlPath, 'utf8'), 'text/html');
    // happy-dom's Document implements the DOM's Document; the two declarations differ only in detail.
    return detect(document as unknown as Document, page.url).items.map(itemQuery);
  } finally {
    void window.happyDOM.close();
  }
}

// --- the member ---------------------------------------------------------------------------------

interface MemberPlan {
  data: unknown;
  /** Issues a copy is added to: half owned already, half not (none on the wishlist). */
  addPool: number[];
  /** Owned issues whose copies the member may remove (besides the add pool's). */
  removePool: number[];
  /** Issues wishlisted and un-wishlisted: half on the wishlist at the start. */
  wishPool: number[];
  /** Series put on and taken off the pull list: half on it at the start. */
  pullPool: number[];
}

async function planMember(prng: Prng): Promise<MemberPlan> {
  const probe = await startStandIn({ port: 0, clockStart: CLOCK_START });
  const catalog = probe.catalog();
  await probe.stop();
  const issues = shuffle(prng, [...catalog.issues.values()]);
  const distinct = issues.slice(0, 2_750);
  const collection: Array<{ issue: number; condition: string; variant_id?: number }> = [];
  const conditions = ['NM', 'NM-', 'VF/NM', 'VF', 'F', 'VG', 'NM+'];
  for (const issue of distinct) {
    const variant = issue.variants.length > 1 && prng.chance(0.1) ? prng.pick(issue.variants.slice(1)) : undefined;
    collection.push({ issue: issue.id, condition: prng.pick(conditions), ...(variant ? { variant_id: variant.id } : {}) });
  }
  while (collection.length < COPIES) collection.push({ issue: prng.pick(distinct).id, condition: prng.pick(conditions) });
  const notOwned = issues.slice(2_750);
  const wishlist = notOwned.slice(0, 40).map((i) => i.id);
  const series = shuffle(prng, [...catalog.series.keys()]);
  const pullList = series.slice(0, 10);
  const ownedIssues = shuffle(prng, distinct.map((i) => i.id));
  return {
    data: {
      members: [
        {
          username: 'soak-collector',
          name: 'Soak Collector',
          tier: 'free',
          tokens: [{ token: TOKEN }],
          collection: shuffle(prng, collection),
          wishlist,
          pull_list: pullList,
        },
      ],
    },
    addPool: [...ownedIssues.slice(0, 6), ...notOwned.slice(100, 106).map((i) => i.id)],
    removePool: ownedIssues.slice(6, 30),
    wishPool: [...wishlist.slice(0, 5), ...notOwned.slice(200, 205).map((i) => i.id)],
    pullPool: [...pullList.slice(0, 4), ...series.slice(10, 14)],
  };
}

/** What VerseDB holds for the member, read over its API (marked `soak_verify` in the request log). */
async function verseDbHolds(si: StandIn): Promise<Holdings> {
  const pages = async (path: string, each: (row: Record<string, unknown>) => void) => {
    for (let page = 1, last = 1; page <= last; page++) {
      const url = `${si.url}/api/v1${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=100&soak_verify=1`;
      const response = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' } });
      if (response.status === 429) {
        si.clock.advance(HOUR); // the verification's own reads ran out: wait the hour out
        page -= 1;
        continue;
      }
      if (!response.ok) throw new Error(`verification read ${path} answered ${response.status}`);
      const body = (await response.json()) as { data: Array<Record<string, unknown>>; meta: { last_page: number } };
      body.data.forEach(each);
      last = body.meta.last_page;
    }
  };
  const held: Holdings = { copies: new Map(), wishlist: new Set(), pullList: new Set(), pullRows: new Map() };
  await pages('/user/collections?status=all', (row) =>
    held.copies.set(Number(row.id), { issueId: Number(row.collectable_id), variantId: row.variant_id == null ? null : Number(row.variant_id) }),
  );
  // Realistic answers add rows whose catalog record was deleted: nothing the member can hold.
  await pages('/user/wishlist', (row) => {
    if (row.entity) held.wishlist.add(wishKey(Number((row.entity as { id: number }).id), row.variant_id == null ? null : Number(row.variant_id)));
  });
  await pages('/user/pull-list', (row) => {
    if (!row.series) return;
    const seriesId = Number((row.series as { id: number }).id);
    held.pullList.add(seriesId);
    held.pullRows.set(seriesId, Number(row.id));
  });
  return held;
}

/** The extension's library as its IndexedDB holds it. */
async function extensionHolds(worker: Worker): Promise<Holdings> {
  const db = worker.service.library.db;
  const [copies, wishlist, pullList] = await Promise.all([db.getAll('copies'), db.getAll('wishlist'), db.getAll('pullList')]);
  return {
    copies: new Map(copies.map((c) => [c.copyId, { issueId: c.issueId, variantId: c.variantId }])),
    wishlist: new Set(wishlist.map((w) => wishKey(w.issueId, w.variantId))),
    pullList: new Set(pullList.map((p) => p.seriesId)),
    pullRows: new Map(),
  };
}

interface Differences {
  copiesOnlyHere: number;
  copiesOnlyThere: number;
  copiesDiffering: number;
  wishlistOnlyHere: number;
  wishlistOnlyThere: number;
  pullOnlyHere: number;
  pullOnlyThere: number;
  total: number;
  examples: string[];
}

function compare(here: Holdings, there: Holdings): Differences {
  const d: Differences = { copiesOnlyHere: 0, copiesOnlyThere: 0, copiesDiffering: 0, wishlistOnlyHere: 0, wishlistOnlyThere: 0, pullOnlyHere: 0, pullOnlyThere: 0, total: 0, examples: [] };
  const note = (text: string) => void (d.examples.length < 8 && d.examples.push(text));
  for (const [id, copy] of here.copies) {
    const theirs = there.copies.get(id);
    if (!theirs) {
      d.copiesOnlyHere++;
      note(`copy ${id} (issue ${copy.issueId}) only in the extension`);
    } else if (theirs.issueId !== copy.issueId || theirs.variantId !== copy.variantId) {
      d.copiesDiffering++;
      note(`copy ${id}: extension issue ${copy.issueId}/variant ${copy.variantId}, VerseDB ${theirs.issueId}/${theirs.variantId}`);
    }
  }
  for (const [id, copy] of there.copies) {
    if (!here.copies.has(id)) {
      d.copiesOnlyThere++;
      note(`copy ${id} (issue ${copy.issueId}) only on VerseDB`);
    }
  }
  for (const key of here.wishlist) if (!there.wishlist.has(key)) (d.wishlistOnlyHere++, note(`wishlist ${key} only in the extension`));
  for (const key of there.wishlist) if (!here.wishlist.has(key)) (d.wishlistOnlyThere++, note(`wishlist ${key} only on VerseDB`));
  for (const id of here.pullList) if (!there.pullList.has(id)) (d.pullOnlyHere++, note(`pull list series ${id} only in the extension`));
  for (const id of there.pullList) if (!here.pullList.has(id)) (d.pullOnlyThere++, note(`pull list series ${id} only on VerseDB`));
  d.total = d.copiesOnlyHere + d.copiesOnlyThere + d.copiesDiffering + d.wishlistOnlyHere + d.wishlistOnlyThere + d.pullOnlyHere + d.pullOnlyThere;
  return d;
}

/** How many writes wait in the running worker's queue, as its state says (either shape of it). */
async function queued(worker: Worker): Promise<number> {
  const state = (await worker.service.state()) as unknown as { queuedWrites?: unknown };
  const value = state.queuedWrites;
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'waiting' in value) return Number((value as { waiting: unknown }).waiting);
  return Number.NaN;
}

// --- the session --------------------------------------------------------------------------------

function planSteps(prng: Prng): Step[] {
  const writes: Step[] = Object.entries(WRITE_MIX).flatMap(([action, count]) =>
    Array.from({ length: count }, () => ({ kind: 'write' as const, action: action as WriteAction['action'] })),
  );
  const body = shuffle(prng, [...writes, ...Array.from({ length: PAGE_VIEWS }, (): Step => ({ kind: 'view' }))]);
  return [
    ...body.slice(0, 75),
    { kind: 'sync', mode: 'full' },
    ...body.slice(75, 150),
    { kind: 'sign-out' },
    { kind: 'view' },
    { kind: 'view' },
    { kind: 'sign-in' },
    ...body.slice(150, 225),
    { kind: 'sync', mode: 'incremental' },
    ...body.slice(225, 290),
    { kind: 'sync', mode: 'full' },
    ...body.slice(290),
  ];
}

/** Time between two steps: mostly a minute or two, sometimes longer, now and then a break. */
function pause(prng: Prng): number {
  const roll = prng.next();
  if (roll < 0.8) return prng.int(5, 120) * 1000;
  if (roll < 0.98) return prng.int(2, 8) * MINUTE;
  return prng.int(30, 60) * MINUTE;
}

interface WriteRecord {
  n: number;
  action: WriteAction['action'];
  asked: WriteAction['action'];
  reply: 'done' | 'queued' | 'refused';
  error: string | null;
  /** The issue (or series, for the pull list) it was about, when it was made, and what came back. */
  target: number;
  at: number;
  said: string;
}

async function main(): Promise<void> {
  const started = Date.now();
  const prng = createPrng(SEED);
  const plan = await planMember(prng);
  // Realistic mode: answers as the real service may send them (loose fields missing, string ids, deleted records).
  const si = await startStandIn({ port: 0, clockStart: CLOCK_START, data: plan.data, faultSeed: SEED, realistic: { seed: SEED } });
  const catalog = si.catalog();
  const pages = fixturePages().filter((page) => !/cart|basket/.test(page.name));

  // What the member holds before the session (read before any fault; its reads are not counted).
  const initial = await verseDbHolds(si);
  si.clock.advance(2 * HOUR);
  si.clearRequests();
  const initialOfIssue = new Map<number, number[]>();
  for (const [id, copy] of initial.copies) initialOfIssue.set(copy.issueId, [...(initialOfIssue.get(copy.issueId) ?? []), id]);
  const sessionStart = si.clock.nowMs();

  // The member's intent: every click, as the member meant it.
  const addClicks = new Map<number, number>();
  const removedCopies = new Map<number, number>(); // copy id -> issue id
  const wishWanted = new Map<number, boolean>();
  const pullWanted = new Map<number, boolean>();
  const writes: WriteRecord[] = [];

  // Unhandled rejections: a stopped worker's IndexedDB calls fail (its connection is closed); others are real.
  let stoppedWorkerFailures = 0;
  const otherRejections: string[] = [];
  process.on('unhandledRejection', (error) => {
    if (isStoppedWorkerFailure(error)) stoppedWorkerFailures++;
    else otherRejections.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  });

  // The browser's alarms: one wake-up alarm (the last request wins, at least a second ahead) and the
  // 30-minute refresh; both outlive the worker.
  let wakeAt: number | null = null;
  let nextRefresh = si.clock.nowMs() + REFRESH_EVERY;
  const worker = await workerFor(si, {
    onScheduleWake: (at) => {
      wakeAt = Math.max(at, si.clock.nowMs() + 1_000);
    },
  });
  let alarmsFired = 0;
  const fireAlarms = () => {
    const now = si.clock.nowMs();
    let fire = false;
    if (wakeAt !== null && wakeAt <= now) {
      wakeAt = null;
      fire = true;
    }
    if (nextRefresh <= now) {
      while (nextRefresh <= now) nextRefresh += REFRESH_EVERY;
      fire = true;
    }
    if (fire) {
      alarmsFired++;
      worker.background('alarm', () => worker.service.onWake());
    }
  };
  const moveClock = (ms: number) => {
    si.clock.advance(ms);
    fireAlarms();
  };

  si.faults.set(FAULTS);
  let signInAttempts = 0;
  const signIn = async () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      signInAttempts++;
      const reply = await worker.service.handle({ type: 'sign-in', address: si.url, token: TOKEN, tokenKind: 'personal' }, POPUP, OWN);
      if (reply.ok) return;
      moveClock(MINUTE); // the member tries again a minute later
    }
    throw new Error('could not sign in in 20 attempts');
  };
  await signIn();

  const steps = planSteps(prng);
  // Separate streams, so the pages viewed and the pauses between steps are the same run after run,
  // whatever the choices that depend on what the extension shows took.
  const pagePicks = createPrng(SEED + 1);
  const pauses = createPrng(SEED + 2);
  const choices = createPrng(SEED + 3);
  let views = 0;
  let tabId = 100;
  const badgeStates = new Map<string, number>();
  const badgeWhy = new Map<string, number>();
  const syncRounds: Array<{ mode: string; outcome: string; waits: number; minutes: number }> = [];
  let queuedAtSignOut = 0;
  const restarts: number[] = [];
  const signOuts: number[] = [];

  const seriesFirstIssue = (seriesId: number) => catalog.issuesBySeries.get(seriesId)?.[0]?.id ?? 1;
  const libraryStatus = async (issueId: number, seriesId: number | null) => {
    const reply = await worker.service.handle({ type: 'library-status', issueId, seriesId }, POPUP, OWN);
    if (!reply.ok) return null;
    return field(reply, 'status') as { copies: Array<{ copyId: number }>; wishlisted: boolean; onPullList: boolean };
  };

  const chooseWrite = async (asked: WriteAction['action']): Promise<WriteAction> => {
    switch (asked) {
      case 'copy-remove': {
        // A copy the extension shows the member, from an issue the session adds to or one of the others.
        for (const issueId of shuffle(choices, [...plan.addPool, ...plan.removePool])) {
          const status = await libraryStatus(issueId, null);
          const copies = (status?.copies ?? []).filter((c) => !removedCopies.has(c.copyId));
          if (copies.length > 0) return { action: 'copy-remove', issueId, copyId: choices.pick(copies).copyId };
        }
        return chooseWrite('copy-add'); // nothing to remove is shown: the member adds one instead
      }
      case 'copy-add':
        return { action: 'copy-add', issueId: choices.pick(plan.addPool), fields: { condition: choices.pick(['NM', 'VF', 'F']), price_paid: choices.int(3, 12) } };
      // The member clicks what the extension offers: "add" where it shows the comic (series) off the
      // list, "remove" where it shows it on. When it shows none that way, the member does the other.
      case 'wishlist-add':
      case 'wishlist-remove': {
        const shown = new Map<number, boolean>();
        for (const issueId of plan.wishPool) shown.set(issueId, (await libraryStatus(issueId, null))?.wishlisted ?? false);
        let action: 'wishlist-add' | 'wishlist-remove' = asked;
        let fits = plan.wishPool.filter((issueId) => shown.get(issueId) !== (action === 'wishlist-add'));
        if (fits.length === 0) {
          action = action === 'wishlist-add' ? 'wishlist-remove' : 'wishlist-add';
          fits = plan.wishPool.filter((issueId) => shown.get(issueId) !== (action === 'wishlist-add'));
        }
        return { action, issueId: choices.pick(fits) };
      }
      case 'pull-list-add':
      case 'pull-list-remove': {
        const shown = new Map<number, boolean>();
        for (const seriesId of plan.pullPool) shown.set(seriesId, (await libraryStatus(seriesFirstIssue(seriesId), seriesId))?.onPullList ?? false);
        let add = asked === 'pull-list-add';
        let fits = plan.pullPool.filter((seriesId) => shown.get(seriesId) !== add);
        if (fits.length === 0) {
          add = !add;
          fits = plan.pullPool.filter((seriesId) => shown.get(seriesId) !== add);
        }
        const seriesId = choices.pick(fits);
        return add
          ? { action: 'pull-list-add', seriesId, seriesName: catalog.series.get(seriesId)?.name ?? `Series ${seriesId}` }
          : { action: 'pull-list-remove', seriesId };
      }
    }
  };

  const runSyncRound = async (mode: 'full' | 'incremental') => {
    const from = si.clock.nowMs();
    let waits = 0;
    let outcome: SyncOutcome | null = await worker.service.runSync(mode);
    while (outcome?.kind === 'waiting' && waits < 40) {
      waits++;
      si.clock.advance(Math.max(0, outcome.until - si.clock.nowMs()) + 1_000);
      wakeAt = null; // this wake-up is the one the alarm would make
      outcome = await worker.service.onWake();
    }
    const said = outcome === null ? 'done (nothing left to resume)' : outcome.kind === 'stopped' ? `stopped: ${outcome.problem}` : outcome.kind;
    syncRounds.push({ mode, outcome: said, waits, minutes: Math.round((si.clock.nowMs() - from) / MINUTE) });
  };

  for (const [index, step] of steps.entries()) {
    switch (step.kind) {
      case 'view': {
        const page = pagePicks.pick(pages);
        const queries = pageQueries(page);
        views++;
        const statuses = await worker.service.itemStatuses(queries, { tabId: tabId++, lookUp: true });
        for (const status of statuses) {
          badgeStates.set(status?.state ?? 'none', (badgeStates.get(status?.state ?? 'none') ?? 0) + 1);
          if (status?.state === 'paused' || status?.state === 'error') {
            const why = `${status.state}: ${status.message ?? '(no message)'}`;
            badgeWhy.set(why, (badgeWhy.get(why) ?? 0) + 1);
          }
        }
        break;
      }
      case 'write': {
        const write = await chooseWrite(step.action);
        const n = writes.length + 1;
        // The intent is the click's, whatever the answer.
        if (write.action === 'copy-add') addClicks.set(write.issueId, (addClicks.get(write.issueId) ?? 0) + 1);
        if (write.action === 'copy-remove') removedCopies.set(write.copyId, write.issueId);
        if (write.action === 'wishlist-add' || write.action === 'wishlist-remove') wishWanted.set(write.issueId, write.action === 'wishlist-add');
        if (write.action === 'pull-list-add' || write.action === 'pull-list-remove') pullWanted.set(write.seriesId, write.action === 'pull-list-add');
        const clickedAt = si.clock.nowMs();
        const reply = await worker.service.handle({ type: 'write', id: `soak-write-${String(n).padStart(4, '0')}`, write }, pageSender(tabId, pagePicks.pick(pages).url), OWN);
        const result = reply.ok ? (field(reply, 'result') as { kind: string } | undefined) ?? null : null;
        writes.push({
          n,
          action: write.action,
          asked: step.action,
          reply: result?.kind === 'done' ? 'done' : result?.kind === 'queued' ? 'queued' : 'refused',
          error: reply.ok ? null : `${reply.error.kind}: ${reply.error.message}`,
          target: 'issueId' in write ? write.issueId : write.seriesId,
          at: clickedAt,
          said: JSON.stringify(reply.ok ? field(reply, 'result') : reply.error),
        });
        break;
      }
      case 'sync':
        await runSyncRound(step.mode);
        break;
      case 'sign-out': {
        queuedAtSignOut = await queued(worker);
        signOuts.push(si.clock.nowMs());
        const reply = await worker.service.handle({ type: 'sign-out' }, POPUP, OWN);
        if (!reply.ok) throw new Error(`sign-out failed: ${reply.error.message}`);
        break;
      }
      case 'sign-in':
        await signIn();
        break;
    }
    if ((index + 1) % RESTART_EVERY === 0) {
      restarts.push(si.clock.nowMs());
      await worker.restart();
      worker.background('worker start', () => worker.service.onWake());
    }
    moveClock(pause(pauses));
  }

  // --- the end: faults off, the queue flushed, a final full sync ---
  const sessionEnd = si.clock.nowMs();
  si.faults.clear();
  await worker.settle();
  let flushes = 0;
  let left = await queued(worker);
  while (left !== 0 && flushes < 40) {
    flushes++;
    si.clock.advance(10 * MINUTE);
    wakeAt = null;
    await worker.service.onWake();
    await worker.settle();
    left = await queued(worker);
  }
  const beforeFinalSync = compare(await extensionHolds(worker), await verseDbHolds(si));
  await runSyncRound('full');
  await worker.settle();
  const unreadable = (await worker.service.sync.progress()).unreadable;
  const here = await extensionHolds(worker);
  const logBeforeVerify = si.requests().length;
  const there = await verseDbHolds(si);
  const differences = compare(here, there);

  // --- the member's writes against what VerseDB holds ---
  let lost = 0;
  let doubled = 0;
  let unasked = 0;
  const problems: string[] = [];
  const problem = (text: string) => void (problems.length < 12 && problems.push(text));
  /** What went wrong where, for the timelines printed at the end. */
  const suspects: Array<{ kind: 'issue' | 'series'; id: number }> = [];
  const suspect = (kind: 'issue' | 'series', id: number) => void (suspects.some((x) => x.kind === kind && x.id === id) || suspects.push({ kind, id }));
  const copiesOfIssue = new Map<number, number[]>();
  for (const [id, copy] of there.copies) copiesOfIssue.set(copy.issueId, [...(copiesOfIssue.get(copy.issueId) ?? []), id]);
  const touchedIssues = new Set([...addClicks.keys(), ...removedCopies.values()]);
  const allIssues = new Set([...initialOfIssue.keys(), ...copiesOfIssue.keys()]);
  const copyAddRows: string[] = [];
  for (const issueId of allIssues) {
    const before = initialOfIssue.get(issueId) ?? [];
    const now = new Set(copiesOfIssue.get(issueId) ?? []);
    const beforeSet = new Set(before);
    const removedHere = [...removedCopies].filter(([, issue]) => issue === issueId).map(([id]) => id);
    const removedSet = new Set(removedHere);
    const keptGone = before.filter((id) => !removedSet.has(id) && !now.has(id));
    const removedStill = removedHere.filter((id) => now.has(id));
    const newNow = [...now].filter((id) => !beforeSet.has(id) && !removedSet.has(id)).length;
    const expectedNew = (addClicks.get(issueId) ?? 0) - removedHere.filter((id) => !beforeSet.has(id)).length;
    if (!touchedIssues.has(issueId)) {
      if (keptGone.length > 0 || newNow > 0) {
        unasked += keptGone.length + newNow;
        problem(`issue ${issueId} (never touched): ${keptGone.length} copies gone, ${newNow} copies appeared`);
        suspect('issue', issueId);
      }
      continue;
    }
    const extra = Math.max(0, newNow - expectedNew);
    const missing = Math.max(0, expectedNew - newNow);
    doubled += extra;
    lost += missing + removedStill.length;
    unasked += keptGone.length;
    if (extra + missing + removedStill.length + keptGone.length > 0) {
      suspect('issue', issueId);
      problem(`issue ${issueId}: ${addClicks.get(issueId) ?? 0} adds, ${removedHere.length} removals; ${newNow} new copies on VerseDB (expected ${expectedNew}), ${removedStill.length} removed copies still there, ${keptGone.length} other copies gone`);
    }
    if (addClicks.has(issueId)) copyAddRows.push(`    issue ${String(issueId).padStart(5)}   adds ${String(addClicks.get(issueId)).padStart(2)}   removed ${String(removedHere.length).padStart(2)}   new copies expected ${String(expectedNew).padStart(2)}   on VerseDB ${String(newNow).padStart(2)}`);
  }
  let wishLost = 0;
  for (const [issueId, wanted] of wishWanted) {
    if (there.wishlist.has(wishKey(issueId, null)) !== wanted) {
      wishLost++;
      suspect('issue', issueId);
      problem(`wishlist issue ${issueId}: the member's last click ${wanted ? 'added' : 'removed'} it; VerseDB ${wanted ? 'lacks' : 'has'} it`);
    }
  }
  let pullLost = 0;
  for (const [seriesId, wanted] of pullWanted) {
    if (there.pullList.has(seriesId) !== wanted) {
      pullLost++;
      suspect('series', seriesId);
      problem(`pull list series ${seriesId}: the member's last click ${wanted ? 'added' : 'removed'} it; VerseDB ${wanted ? 'lacks' : 'has'} it`);
    }
  }
  lost += wishLost + pullLost;
  for (const key of initial.wishlist) {
    const issueId = Number(key.split(':')[0]);
    if (!wishWanted.has(issueId) && !there.wishlist.has(key)) (unasked++, suspect('issue', issueId), problem(`wishlist ${key}: never touched, gone from VerseDB`));
  }
  for (const key of there.wishlist) {
    const issueId = Number(key.split(':')[0]);
    if (!wishWanted.has(issueId) && !initial.wishlist.has(key)) (unasked++, suspect('issue', issueId), problem(`wishlist ${key}: never asked for, on VerseDB`));
  }
  for (const id of initial.pullList) if (!pullWanted.has(id) && !there.pullList.has(id)) (unasked++, suspect('series', id), problem(`pull list series ${id}: never touched, gone from VerseDB`));
  for (const id of there.pullList) if (!pullWanted.has(id) && !initial.pullList.has(id)) (unasked++, suspect('series', id), problem(`pull list series ${id}: never asked for, on VerseDB`));

  // --- the request log (the session, the final flush and sync; not the verification reads) ---
  const log: RequestLogEntry[] = si.requests().slice(0, logBeforeVerify).filter((r) => !r.query.includes('soak_verify'));
  const member = log.filter((r) => r.member_id !== null);
  const reads = member.filter((r) => r.method === 'GET');
  const errorsInjected = log.filter((r) => r.fault === 'error').length;
  const dropsInjected = log.filter((r) => r.fault === 'drop').length;
  const readKinds = {
    lookups: reads.filter((r) => r.path.includes('/lookup/')).length,
    checks: reads.filter((r) => r.path.endsWith('/collection/check')).length,
    sync: reads.filter((r) => /\/user\/(collections|wishlist|pull-list)$/.test(r.path)).length,
  };
  const windows = (kind: 'read' | 'write') => {
    const entries = member.filter((r) => (r.method === 'GET') === (kind === 'read'));
    const list: Array<{ start: number; limited: number }> = [];
    for (const entry of entries) {
      const at = Date.parse(entry.at);
      const current = list[list.length - 1];
      if (!current || at >= current.start + HOUR) list.push({ start: at, limited: 0 });
      if (entry.status === 429) (list[list.length - 1] as { limited: number }).limited++;
    }
    return { count: list.length, limited: list.reduce((s, w) => s + w.limited, 0), over: list.filter((w) => w.limited > 1).length };
  };
  const readWindows = windows('read');
  const writeWindows = windows('write');
  await si.stop();

  // --- print ---
  const count = (action: string, reply?: string) => writes.filter((w) => w.action === action && (reply === undefined || w.reply === reply)).length;
  const line = (label: string, value: string | number) => console.log(`  ${label.padEnd(34)} ${value}`);
  const verdict = (n: number) => (n === 0 ? '0' : `${n}   FAIL (must be 0)`);
  console.log(`Fault soak: seed ${SEED}; stand-in errors ${FAULTS.error_rate}, drops ${FAULTS.drop_rate}, latency ${FAULTS.latency_ms} ms; a free member with ${initial.copies.size.toLocaleString('en')} copies, ${initial.wishlist.size} wishlist entries, ${initial.pullList.size} pull-list series`);
  line('page views', `${views} (${pages.length} fixture pages; badges: ${[...badgeStates].map(([s, n]) => `${s} ${n}`).join(', ')})`);
  line('paused and error badges, why', [...badgeWhy].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([why, n]) => `${n} ${why}`).join('; ') || 'none');
  line('writes', `${writes.length} (done at once ${writes.filter((w) => w.reply === 'done').length}, queued ${writes.filter((w) => w.reply === 'queued').length}, refused ${writes.filter((w) => w.reply === 'refused').length})`);
  const rounds = (list: typeof syncRounds) => list.map((r) => `${r.mode} ${r.outcome} after ${r.waits} waits, ${r.minutes} min`).join('; ');
  line('sync rounds', `${syncRounds.length - 1} in the session: ${rounds(syncRounds.slice(0, -1))}; final: ${rounds(syncRounds.slice(-1))}`);
  line('rows skipped (realistic answers)', unreadable.map((u) => `${u.list} ${u.count} (${u.reason})`).join('; ') || 'none');
  line('faults injected', `${errorsInjected + dropsInjected} (${errorsInjected} answered 5xx, ${dropsInjected} dropped after the work) of ${log.length} API requests`);
  line('worker restarts', `${worker.generation - 1} (background work abandoned: ${worker.abandoned}; its failed IndexedDB calls: ${stoppedWorkerFailures})`);
  line('sign-out / sign-in', `1 (${queuedAtSignOut} writes waiting at sign-out; ${signInAttempts} sign-in attempts in all)`);
  line('alarms fired', `${alarmsFired}; queue flushes at the end: ${flushes}, writes still waiting: ${left}`);
  line('writes lost', verdict(lost));
  line('copies doubled', verdict(doubled));
  line('library differences', verdict(differences.total));
  line('unasked changes on VerseDB', verdict(unasked));
  line('  (differences before final sync)', `${beforeFinalSync.total} (not asserted: the library as the writes and syncs left it)`);
  line('reads spent', `${reads.length} (lookups ${readKinds.lookups}, collection checks ${readKinds.checks}, library sync ${readKinds.sync}, other ${reads.length - readKinds.lookups - readKinds.checks - readKinds.sync})`);
  line('writes sent', member.length - reads.length);
  line('429s seen', `${readWindows.limited} on reads, ${writeWindows.limited} on writes`);
  line('quota windows elapsed', `${readWindows.count} read hours, ${writeWindows.count} write hours; windows with more than one 429: ${readWindows.over + writeWindows.over}${readWindows.over + writeWindows.over > 0 ? '  (budget: at most one per window)' : ''}`);
  line('session on the stand-in clock', `${((sessionEnd - sessionStart) / HOUR).toFixed(1)} h (to the end of the final sync ${((si.clock.nowMs() - sessionStart) / HOUR).toFixed(1)} h)`);
  line('wall time', `${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log('');
  console.log('  write              made   done  queued  refused  lost');
  const lostOf: Record<string, number> = { 'wishlist-add': 0, 'wishlist-remove': 0, 'pull-list-add': 0, 'pull-list-remove': 0 };
  for (const [issueId, wanted] of wishWanted) if (there.wishlist.has(wishKey(issueId, null)) !== wanted) lostOf[wanted ? 'wishlist-add' : 'wishlist-remove'] = (lostOf[wanted ? 'wishlist-add' : 'wishlist-remove'] ?? 0) + 1;
  for (const [seriesId, wanted] of pullWanted) if (there.pullList.has(seriesId) !== wanted) lostOf[wanted ? 'pull-list-add' : 'pull-list-remove'] = (lostOf[wanted ? 'pull-list-add' : 'pull-list-remove'] ?? 0) + 1;
  for (const action of Object.keys(WRITE_MIX)) {
    const lostHere = action === 'copy-add' ? `${lost - wishLost - pullLost} (copies; doubled ${doubled})` : action === 'copy-remove' ? '(with copies)' : String(lostOf[action] ?? 0);
    console.log(`  ${action.padEnd(18)} ${String(count(action)).padStart(4)} ${String(count(action, 'done')).padStart(6)} ${String(count(action, 'queued')).padStart(7)} ${String(count(action, 'refused')).padStart(8)}  ${lostHere}`);
  }
  const substituted = writes.filter((w) => w.asked !== w.action).length;
  if (substituted > 0) console.log(`  (${substituted} clicks became the other kind: the extension showed nothing to remove, or nothing to add)`);
  console.log('');
  console.log('  copy adds by issue:');
  for (const row of copyAddRows) console.log(row);
  if (differences.total > 0) {
    console.log('');
    console.log(`  library differences: copies only in the extension ${differences.copiesOnlyHere}, only on VerseDB ${differences.copiesOnlyThere}, differing ${differences.copiesDiffering}; wishlist ${differences.wishlistOnlyHere} / ${differences.wishlistOnlyThere}; pull list ${differences.pullOnlyHere} / ${differences.pullOnlyThere}`);
    for (const example of differences.examples) console.log(`    ${example}`);
  }
  if (problems.length > 0) {
    console.log('');
    console.log('  what went wrong (first ones):');
    for (const text of problems) console.log(`    ${text}`);
  }
  const refusals = writes.filter((w) => w.reply === 'refused');
  if (refusals.length > 0) {
    console.log('');
    console.log('  refused writes (the member was told):');
    for (const w of refusals.slice(0, 8)) console.log(`    #${w.n} ${w.action}: ${w.error}`);
  }
  if (worker.backgroundErrors.length > 0 || otherRejections.length > 0) {
    console.log('');
    console.log('  errors in background work of a running worker:');
    for (const text of [...worker.backgroundErrors, ...otherRejections].slice(0, 8)) console.log(`    ${text}`);
  }
  // Timelines of what went wrong: the member's clicks, the API requests about the same thing (the
  // stand-in's log, with the faults it injected), worker restarts and the sign-out.
  const clock = (ms: number) => {
    const minutes = Math.floor((ms - sessionStart) / MINUTE);
    return `+${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}:${String(Math.floor(((ms - sessionStart) % MINUTE) / 1000)).padStart(2, '0')}`;
  };
  for (const { kind, id } of suspects.slice(0, 4)) {
    const events: Array<{ at: number; text: string }> = [];
    // A series: its clicks, the DELETEs that name it by its id or by its entry's row id (VerseDB's
    // DELETE takes either), and, when the member touched it, every pull-list POST (their bodies, which
    // name the series, are not logged).
    const rowOwner = new Map([...initial.pullRows].map(([series, row]) => [row, `series ${series}'s entry`]));
    // Entries made in the session take the next row ids, one per POST that made one (201; a dropped
    // answer still made it).
    let nextRow = Math.max(0, ...initial.pullRows.values()) + 1;
    for (const r of log) {
      if (r.method === 'POST' && r.path === '/api/v1/pull-list/items' && r.status === 201) rowOwner.set(nextRow++, `the entry made by the POST at ${clock(Date.parse(r.at))}`);
    }
    const row = kind === 'series' ? initial.pullRows.get(id) : undefined;
    const clicked = writes.some((w) => w.target === id && w.action.startsWith('pull-list'));
    const mine = (w: WriteRecord) =>
      kind === 'series' ? w.action.startsWith('pull-list') && (w.target === id || w.target === row) : w.target === id && !w.action.startsWith('pull-list');
    for (const w of writes.filter(mine)) events.push({ at: w.at, text: `click #${w.n} ${w.action}${kind === 'series' ? ` series ${w.target}` : ''} -> ${w.said}` });
    const about = (r: RequestLogEntry) => {
      if (kind === 'issue') return r.path.startsWith(`/api/v1/issues/${id}/`);
      if (r.method === 'POST') return clicked && r.path === '/api/v1/pull-list/items';
      return r.method === 'DELETE' && (r.path === `/api/v1/pull-list/items/${id}` || (row !== undefined && r.path === `/api/v1/pull-list/items/${row}`));
    };
    for (const r of log.filter(about)) {
      const target = Number(/\/pull-list\/items\/(\d+)$/.exec(r.path)?.[1] ?? Number.NaN);
      const note = kind === 'series' && rowOwner.has(target) ? ` (${target} is also the row id of ${rowOwner.get(target)})` : '';
      events.push({ at: Date.parse(r.at), text: `  ${r.method} ${r.path.replace('/api/v1', '')}${r.query} -> ${r.status}${r.fault ? ` (fault: ${r.fault})` : ''}${note}` });
    }
    for (const at of restarts) events.push({ at, text: 'worker stopped and restarted' });
    for (const at of signOuts) events.push({ at, text: 'signed out' });
    events.sort((a, b) => a.at - b.at);
    const first = events.findIndex((e) => !e.text.startsWith('worker') && !e.text.startsWith('signed'));
    const last = events.length - 1 - [...events].reverse().findIndex((e) => !e.text.startsWith('worker') && !e.text.startsWith('signed'));
    console.log('');
    console.log(`  timeline of ${kind} ${id}${kind === 'series' ? ` (pull list at the start, series:row ${[...initial.pullRows].map(([series, row]) => `${series}:${row}`).join(' ')}; the session's series ${plan.pullPool.join(' ')})` : ''}:`);
    for (const e of events.slice(Math.max(0, first), last + 1).slice(0, 60)) console.log(`    ${clock(e.at)}  ${e.text}`);
  }
  const failed = lost > 0 || doubled > 0 || differences.total > 0 || unasked > 0;
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
