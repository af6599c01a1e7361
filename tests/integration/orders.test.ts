import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detect } from '@/lib/detect/page';
import { readOrders } from '@/lib/orders/order-page';
import type { OrderReport } from '@/lib/orders/order';
import { parsePage } from '@/scripts/lib/fixtures';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { backgroundFor, type Harness } from './harness';
import { memberCopies } from '../shared/collection';

// An order page's comics added to the collection, over HTTP against the stand-in: the sample order
// confirmation (12 comics, 3 of them Sam's already) is read as a content script reads it, the review
// list matches every line, the 9 checked lines become 9 copies in VerseDB with the price paid, the
// order's date and the store, and adding the same order again (the button pressed twice, the page read
// again, the worker restarted) adds nothing more.

const PAGE = 'tests/fixtures/e2e/midtown-order-confirmation';
const TAB = 7;

interface Expected {
  url: string;
  order: { number: string; date: string; lines: Array<{ title: string; code: string; unitPrice: number; owned: boolean }> };
}

const expected = JSON.parse(readFileSync(`${PAGE}.expected.json`, 'utf8')) as Expected;

async function readPage(): Promise<OrderReport> {
  const { document, close } = parsePage(readFileSync(`${PAGE}.html`, 'utf8'), expected.url);
  try {
    const report = readOrders(document, expected.url, detect(document, expected.url).items);
    if (!report) throw new Error('the sample order page was not read as an order');
    return report;
  } finally {
    await close();
  }
}

const copiesOnServer = (si: StandIn) => memberCopies(si, si.tokens.free);

describe('adding an order page to the collection', () => {
  let si: StandIn;
  let harness: Harness;

  beforeEach(async () => {
    si = await startStandIn({ port: 0, realistic: true, clockStart: '2026-11-24T12:00:00Z' });
    harness = await backgroundFor(si);
    await harness.service.signIn(si.url, si.tokens.free, 'personal');
    await harness.service.runSync();
  });

  afterEach(async () => {
    await si.stop();
  });

  it('reads the sample order: its number, date and 12 comics with the price paid for each', async () => {
    const report = await readPage();
    expect(report.orders).toHaveLength(1);
    const [order] = report.orders;
    expect(order?.number).toBe(expected.order.number);
    expect(order?.date).toBe(expected.order.date);
    expect(order?.store).toBe('midtowncomics.com');
    expect(order?.lines.map((line) => line.query.codes.map((c) => c.value))).toEqual(expected.order.lines.map((line) => [line.code]));
    expect(order?.lines.map((line) => line.unitPrice)).toEqual(expected.order.lines.map((line) => line.unitPrice));
  });

  it('adds the 9 comics Sam does not own, once, with price, date and store; the 3 owned stay unchecked', async () => {
    const service = harness.service;
    const before = await copiesOnServer(si);
    expect(await service.orders.pageShowed(TAB, await readPage())).toEqual({ comics: 12, added: false });

    const [review] = await service.orders.review(TAB);
    expect(review?.lines.map((line) => line.state)).toEqual(expected.order.lines.map((line) => (line.owned ? 'owned' : 'ready')));
    expect(review?.lines.filter((line) => line.checked)).toHaveLength(9);
    expect(review?.purchasedAt).toBe('2026-11-20');
    expect(review?.storeField).toBe('notes');

    const checked = review!.lines.filter((line) => line.checked).map((line) => line.lineId);
    const result = await service.orders.add({ tabId: TAB, key: review!.key, lineIds: checked });
    expect(result).toEqual({ queued: 9, skipped: [] });
    expect(await service.writer.flushQueue()).toBe(0);

    const after = await copiesOnServer(si);
    const added = after.filter((copy) => !before.some((b) => b.id === copy.id));
    expect(added).toHaveLength(9);
    const issueOf = new Map(review!.lines.map((line) => [line.lineId, line.match?.issueId]));
    for (const [i, line] of expected.order.lines.entries()) {
      if (line.owned) continue;
      const issueId = issueOf.get(review!.lines[i]!.lineId);
      const copy = added.find((c) => c.issueId === issueId);
      expect(copy, line.title).toBeDefined();
      expect(copy?.pricePaid, line.title).toBe(line.unitPrice);
      expect(copy?.purchasedAt?.slice(0, 10), line.title).toBe('2026-11-20');
      expect(copy?.notes, line.title).toBe('Bought at midtowncomics.com, order MC-900412 (added by Longbox).');
      expect(copy?.condition, line.title).toBe('NM');
    }

    // The review now says so, and the button pressed again, the page read again, a restarted worker: nothing more.
    const [again] = await service.orders.review(TAB);
    expect(again?.lines.filter((line) => line.state === 'added')).toHaveLength(9);
    expect(again?.lines.every((line) => line.state !== 'added' || line.progress?.done === 1)).toBe(true);
    expect(await service.orders.add({ tabId: TAB, key: review!.key, lineIds: checked })).toEqual({
      queued: 0,
      skipped: checked.map((lineId) => ({ lineId, reason: 'Added from this order before.' })),
    });
    const restarted = await harness.restart();
    // The page read again: its banner says the order is in the collection (9 added, the other 3 owned).
    expect(await restarted.orders.pageShowed(TAB + 1, await readPage())).toEqual({ comics: 12, added: true });
    const [reloaded] = await restarted.orders.review(TAB + 1);
    expect(reloaded?.lines.filter((line) => line.checked)).toHaveLength(0);
    expect((await restarted.orders.add({ tabId: TAB + 1, key: reloaded!.key, lineIds: checked })).queued).toBe(0);
    await restarted.writer.flushQueue();
    expect((await copiesOnServer(si)).length).toBe(before.length + 9);
  });

  it('finds lines the page gives no code for in VerseDB’s catalog when the review opens, never the wrong issue', async () => {
    const service = harness.service;
    // The sample order with every code taken off its lines: titles and prices only, as many order pages show.
    const report = await readPage();
    // One line bought as an incentive cover: VerseDB's catalog answer names no variant, so its notes will.
    const incentive = 'Wonder Woman #35 Cover D 1:25 Incentive';
    const titleOnly: OrderReport = {
      orders: report.orders.map((order) => ({
        ...order,
        lines: order.lines.map((line) => ({ ...line, title: line.title?.startsWith('Wonder Woman #35') ? incentive : line.title, query: { ...line.query, codes: [] } })),
      })),
    };
    await service.orders.pageShowed(TAB, titleOnly);
    si.clearRequests();
    const [review] = await service.orders.review(TAB);
    const searches = si.requests().filter((r) => r.path === '/api/v1/series').length;
    const reads = si.requests().filter((r) => r.method === 'GET').length;
    // Each line's right issue, from the code the page no longer shows.
    const catalog = si.catalog();
    const truth = expected.order.lines.map((line) => (/^\d+$/.test(line.code) ? catalog.lookupUpc(line.code) : catalog.lookupDistributorCode(line.code))[0]?.issue.id ?? null);
    const states: string[] = [];
    for (const [i, line] of (review?.lines ?? []).entries()) {
      states.push(line.state);
      if (line.state === 'ready' || line.state === 'owned') expect(line.match?.issueId ?? truth[i], line.title ?? '').toBe(truth[i]);
      else expect(line.reason, line.title ?? '').toMatch(/^(Not on VerseDB|VerseDB has \d+ series named)/);
      // Could not tell which: the review asks, with each same-named series named by its start year and publisher.
      if (line.reason?.startsWith('VerseDB has')) {
        expect(line.choose?.choices.length, line.title ?? '').toBeGreaterThanOrEqual(2);
        expect(new Set(line.choose?.choices.map((c) => c.seriesId)).size).toBe(line.choose?.choices.length);
      } else expect(line.choose).toBeNull();
      expect(line.variant).toBe(line.title === incentive ? 'Cover D 1:25' : null);
    }
    expect(states.filter((state) => state === 'ready' || state === 'owned').length).toBeGreaterThanOrEqual(9);
    console.log(`title-only order: ${states.filter((s) => s === 'ready').length} ready, ${states.filter((s) => s === 'owned').length} owned, ${states.filter((s) => s === 'unmatched').length} unmatched; ${searches} series searches, ${reads} reads`);

    // The member answers each question in the review: the series the comic's issue belongs to.
    const asked = review!.lines.flatMap((line, i) => (line.choose ? [{ line, truth: truth[i]! }] : []));
    const page = { id: 'ext', url: 'chrome-extension://ext/order.html' };
    const own = { id: 'ext', origin: 'chrome-extension://ext/' };
    for (const { line, truth: issueId } of asked) {
      const seriesId = catalog.issues.get(issueId)!.seriesId;
      expect(line.choose!.choices.map((c) => c.seriesId)).toContain(seriesId);
      expect(await service.handle({ type: 'issue-for-title', title: { ...line.choose!.title, seriesId } }, page, own)).toEqual({ ok: true, issueId });
    }
    const [answered] = await service.orders.review(TAB);
    for (const { line, truth: issueId } of asked) {
      const now = answered!.lines.find((l) => l.lineId === line.lineId)!;
      expect([now.state, now.match?.issueId]).toEqual([expect.stringMatching(/^(ready|owned)$/), issueId]);
    }
    console.log(`title-only order: ${asked.length} answered by the member's pick`);

    const checked = answered!.lines.filter((line) => line.checked).map((line) => line.lineId);
    const before = await copiesOnServer(si);
    expect((await service.orders.add({ tabId: TAB, key: answered!.key, lineIds: checked })).skipped).toEqual([]);
    await service.writer.flushQueue();
    const added = (await copiesOnServer(si)).filter((copy) => !before.some((b) => b.id === copy.id));
    expect(added.map((copy) => copy.issueId).sort()).toEqual(answered!.lines.filter((line) => line.checked).map((line) => line.match?.issueId).sort());
    const incentiveIssue = answered!.lines.find((line) => line.title === incentive)!.match!.issueId;
    expect(added.find((copy) => copy.issueId === incentiveIssue)?.notes).toContain('Cover D 1:25');
    expect(added.filter((copy) => copy.issueId !== incentiveIssue).every((copy) => !copy.notes?.includes('Cover as the store'))).toBe(true);
  });

  it('queues what the write quota cannot take this hour and says when the rest goes', async () => {
    si.limits.set({ free: { writesPerHour: 4 } });
    const service = harness.service;
    await service.orders.pageShowed(TAB, await readPage());
    const [review] = await service.orders.review(TAB);
    const checked = review!.lines.filter((line) => line.checked).map((line) => line.lineId);
    await service.orders.add({ tabId: TAB, key: review!.key, lineIds: checked });
    await service.writer.flushQueue();
    const [waiting] = await service.orders.review(TAB);
    const copies = waiting!.lines.reduce((sum, line) => sum + (line.progress?.done ?? 0), 0);
    expect(copies).toBeLessThan(9);
    expect(waiting!.waiting).toBe(9 - copies);
    expect(waiting!.sendsAfter).not.toBeNull();
    // Each hour after, the next four go (9 copies: three hours in all), still once each.
    for (let hour = 1; hour <= 2; hour += 1) {
      si.clock.advance(3_600_000 + 1000);
      await service.writer.flushQueue();
    }
    const [done] = await service.orders.review(TAB);
    expect(done!.waiting).toBe(0);
    expect(done!.lines.reduce((sum, line) => sum + (line.progress?.done ?? 0), 0)).toBe(9);
    const posts = si.requests().filter((r) => r.method === 'POST' && /\/collection$/.test(r.path) && r.status === 201);
    expect(posts).toHaveLength(9);
  });
});
