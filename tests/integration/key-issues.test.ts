import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { ItemQuery } from '@/lib/items';
import { matchKey } from '@/lib/library/match';
import { backgroundFor } from './harness';

// Key issues on a page: one read of the page's series' keys (`key_issues_only` with `series_ids`), kept a
// week, so a page seen again spends nothing; the reasons of one key when its menu opens, for PRO members
// only. Through the background service's own protocol, as a store page's script asks, against the stand-in.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, clockStart: '2026-11-22T12:00:00Z' });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const page = { id: 'ext', url: 'https://www.mycomicshop.com/search?TID=1', tab: { id: 9 } };
const titled = (series: string, number: string): ItemQuery => ({ codes: [], matchKey: matchKey(series, number), label: `${series} #${number}` });

function run(slug: string) {
  const series = [...si.catalog().series.values()].find((s) => s.slug === slug);
  if (!series) throw new Error(`no series ${slug}`);
  return { series, issues: si.catalog().issuesBySeries.get(series.id) ?? [] };
}

async function signedIn(token: string) {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, token, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness;
}

const keyReads = () => si.requests().filter((r) => r.path === '/api/v1/issues' && /key_issues_only=true/.test(r.query)).length;
const apiReads = () => si.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1')).length;

/** A back-issue page of a run, read as its store script does: the statuses, then the key marks. */
async function keysOnPage(harness: Awaited<ReturnType<typeof signedIn>>, queries: ItemQuery[]) {
  const statuses = await harness.service.handle({ type: 'statuses', items: queries, visible: false }, page, own);
  if (!statuses.ok) throw new Error(statuses.error.message);
  const comics = statuses.statuses.map((status, i) => ({ seriesId: status?.seriesId ?? null, matchKey: queries[i]?.matchKey ?? null, number: status?.number ?? null }));
  const reply = await harness.service.handle({ type: 'key-issues', comics }, page, own);
  if (!reply.ok) throw new Error(reply.error.message);
  return { statuses: statuses.statuses, keys: reply.keys };
}

describe('key marks on a back-issue page', () => {
  it('marks exactly the keys of a 60-issue run in one read, and none is read again on a revisit', async () => {
    const harness = await signedIn(si.tokens.pro);
    const { series, issues } = run('invincible-2003');
    const shown = issues.slice(0, 60);
    const queries = shown.map((issue) => titled(series.name, issue.number));
    const first = await keysOnPage(harness, queries);
    // Most of the run is the member's, so the page's comics name the series; the rest take it from them.
    expect(first.statuses.filter((s) => s?.seriesId === series.id).length).toBeGreaterThan(30);
    const expected = shown.map((issue) => (si.catalog().isKeyIssue(issue) ? { issueId: issue.id } : null));
    expect(expected.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(first.keys).toEqual(expected);
    expect(keyReads()).toBe(1);

    si.clearRequests();
    const again = await keysOnPage(harness, queries);
    expect(again.keys).toEqual(expected);
    expect(apiReads()).toBe(0);

    // Kept across a stopped service worker too, and for a week.
    await harness.restart();
    si.clearRequests();
    expect((await keysOnPage(harness, queries)).keys).toEqual(expected);
    expect(apiReads()).toBe(0);
    si.clock.advance(8 * 86_400_000);
    await keysOnPage(harness, queries);
    expect(keyReads()).toBe(1);
  });

  it('reads nothing for keys on a page whose series the library does not know', async () => {
    const harness = await signedIn(si.tokens.free);
    const { series, issues } = run('invincible-2003');
    const queries = issues.slice(60, 80).map((issue) => titled(series.name, issue.number));
    const { statuses, keys } = await keysOnPage(harness, queries);
    // The free member has none of this stretch of the run: no comic names a series.
    expect(statuses.every((s) => s?.seriesId == null)).toBe(true);
    expect(keys.every((k) => k === null)).toBe(true);
    expect(keyReads()).toBe(0);
  });

  it('costs one row, not the page, when VerseDB sends a key without its number or series', async () => {
    const { series, issues } = run('invincible-2003');
    const queries = issues.slice(0, 30).map((issue) => titled(series.name, issue.number));
    const real = globalThis.fetch;
    const damaged: typeof fetch = async (input, init) => {
      const answer = await real(input, init);
      if (!String(input).includes('key_issues_only=true')) return answer;
      const body = (await answer.json()) as { data: Array<Record<string, unknown>> };
      body.data[0] = { ...body.data[0], issue_number: null, series_id: null };
      body.data.push({ name: 'no id' } as Record<string, unknown>);
      return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
    };
    const damagedHarness = await backgroundFor(si, { fetch: damaged });
    await damagedHarness.service.signIn(si.url, si.tokens.pro, 'personal');
    await damagedHarness.service.runSync();
    si.clearRequests();
    const { keys } = await keysOnPage(damagedHarness, queries);
    const expected = issues.slice(0, 30).map((issue) => (si.catalog().isKeyIssue(issue) ? { issueId: issue.id } : null));
    // The first key (#1) came without its number: only it goes unmarked.
    const firstKey = expected.findIndex(Boolean);
    expect(keys[firstKey]).toBeNull();
    expect(keys.filter((k, i) => i !== firstKey)).toEqual(expected.filter((k, i) => i !== firstKey));
  });
});

describe('why an issue is a key', () => {
  it('reads the reasons once for a PRO member, and keeps them', async () => {
    const harness = await signedIn(si.tokens.pro);
    const key = run('invincible-2003').issues.find((issue) => si.catalog().isKeyIssue(issue) && issue.number !== '1')!;
    const reply = await harness.service.handle({ type: 'key-reasons', issueId: key.id }, page, own);
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.reasons.kind).toBe('reasons');
    const words = si.catalog().keyReasons.get(key.id)!.map((r) => r.notes);
    expect(reply.reasons.kind === 'reasons' && reply.reasons.reasons.map((r) => r.notes)).toEqual(words);
    expect(apiReads()).toBe(1);
    si.clearRequests();
    await harness.service.handle({ type: 'key-reasons', issueId: key.id }, page, own);
    expect(apiReads()).toBe(0);
  });

  it('tells a free member the reasons need PRO, without a read', async () => {
    const harness = await signedIn(si.tokens.free);
    const key = run('invincible-2003').issues.find((issue) => si.catalog().isKeyIssue(issue))!;
    const reply = await harness.service.handle({ type: 'key-reasons', issueId: key.id }, page, own);
    expect(reply).toEqual({ ok: true, reasons: { kind: 'needs-pro' } });
    expect(apiReads()).toBe(0);
  });

  it('takes a 402 (PRO ended since sign-in) as "needs PRO"', async () => {
    const real = globalThis.fetch;
    const ended: typeof fetch = async (input, init) =>
      String(input).includes('/key-reasons')
        ? new Response(JSON.stringify({ message: 'This feature requires a VerseDB PRO membership.', error: 'pro_required', upgrade_url: 'https://versedb.com/pro' }), { status: 402, headers: { 'Content-Type': 'application/json' } })
        : real(input, init);
    const harness = await backgroundFor(si, { fetch: ended });
    await harness.service.signIn(si.url, si.tokens.pro, 'personal');
    const key = run('invincible-2003').issues.find((issue) => si.catalog().isKeyIssue(issue))!;
    const reply = await harness.service.handle({ type: 'key-reasons', issueId: key.id }, page, own);
    expect(reply).toEqual({ ok: true, reasons: { kind: 'needs-pro' } });
  });
});

describe('wishlisting the missing issues of a run', () => {
  const wishlistOnServer = async (token: string) => {
    const answer = await fetch(`${si.url}/api/v1/user/wishlist?per_page=100`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    const body = (await answer.json()) as { data: Array<{ entity: { id: number } }> };
    return new Set(body.data.map((row) => row.entity.id));
  };

  it('puts exactly the missing issues on the wishlist, title-only ones found by number in a whole read of the series', async () => {
    const harness = await signedIn(si.tokens.pro);
    const { series, issues } = run('invincible-2003');
    const shown = issues.slice(0, 60);
    const queries = shown.map((issue) => titled(series.name, issue.number));
    const { statuses } = await keysOnPage(harness, queries);
    const missing = shown.filter((_, i) => statuses[i]?.state === 'not-owned' || statuses[i]?.state === 'pull-list');
    expect(missing.length).toBeGreaterThan(0);
    const before = await wishlistOnServer(si.tokens.pro);
    si.clearRequests();
    const reply = await harness.service.handle(
      { type: 'wishlist-missing', seriesId: series.id, comics: missing.map((issue) => ({ issueId: null, number: issue.number })) },
      { id: 'ext', url: 'chrome-extension://ext/popup.html' },
      own,
    );
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.result).toEqual({ queued: missing.length, now: missing.length, laterAt: null, unresolved: [] });
    // The series (144 issues) read whole in two reads, not one read a comic.
    expect(si.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/issues')).toHaveLength(2);
    expect(await harness.service.writer.flushQueue()).toBe(0);
    const after = await wishlistOnServer(si.tokens.pro);
    const added = [...after].filter((id) => !before.has(id)).sort((a, b) => a - b);
    expect(added).toEqual(missing.map((issue) => issue.id).filter((id) => !before.has(id)).sort((a, b) => a - b));

    // Asked again (a second click): nothing is written twice.
    const again = await harness.service.handle({ type: 'wishlist-missing', seriesId: series.id, comics: missing.map((issue) => ({ issueId: issue.id, number: issue.number })) }, { id: 'ext', url: 'chrome-extension://ext/popup.html' }, own);
    expect(again.ok && again.result.queued).toBe(0);
  });

  it('sends what the hour allows and says when the rest goes', async () => {
    // Six writes an hour, three of them taken by sign-in's check of the token's scopes.
    si.limits.set({ pro: { writesPerHour: 6 } });
    const harness = await signedIn(si.tokens.pro);
    expect(harness.service.quota.snapshot().writes.remaining).toBe(3);
    const { series, issues } = run('invincible-2003');
    const chosen = issues.slice(100, 108);
    const reply = await harness.service.handle({ type: 'wishlist-missing', seriesId: series.id, comics: chosen.map((issue) => ({ issueId: issue.id, number: issue.number })) }, { id: 'ext', url: 'chrome-extension://ext/popup.html' }, own);
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.result.queued).toBe(8);
    expect(reply.result.now).toBe(3);
    expect(reply.result.laterAt).toBeGreaterThan(si.clock.nowMs());
    for (let hour = 0; hour < 3; hour++) {
      await harness.service.writer.flushQueue();
      si.clock.advance(3_600_000 + 1000);
    }
    const after = await wishlistOnServer(si.tokens.pro);
    for (const issue of chosen) expect(after.has(issue.id)).toBe(true);
    expect(si.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/wishlist') && r.status < 300)).toHaveLength(8);
  });

  it('names the numbers VerseDB has no issue of, and writes nothing for them', async () => {
    const harness = await signedIn(si.tokens.pro);
    const { series } = run('invincible-2003');
    const reply = await harness.service.handle({ type: 'wishlist-missing', seriesId: series.id, comics: [{ issueId: null, number: '9999' }] }, { id: 'ext', url: 'chrome-extension://ext/popup.html' }, own);
    expect(reply.ok && reply.result).toEqual({ queued: 0, now: 0, laterAt: null, unresolved: ['9999'] });
  });
});

describe('clear cache', () => {
  it('forgets the keys read, so the next page reads them again', async () => {
    const harness = await signedIn(si.tokens.pro);
    const { series, issues } = run('invincible-2003');
    const queries = issues.slice(0, 30).map((issue) => titled(series.name, issue.number));
    await keysOnPage(harness, queries);
    expect(keyReads()).toBe(1);
    await harness.service.handle({ type: 'clear-cache' }, { id: 'ext', url: 'chrome-extension://ext/options.html' }, own);
    si.clearRequests();
    await keysOnPage(harness, queries);
    expect(keyReads()).toBe(1);
    // The library itself stays: sync progress and the member's copies are not catalog reads.
    expect((await harness.service.sync.progress()).lastSyncedAt).not.toBeNull();
  });
});
