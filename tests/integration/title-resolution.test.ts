import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { ItemQuery, TitleRef } from '@/lib/items';
import { matchKey } from '@/lib/library/match';
import type { WriteAction } from '@/lib/library/write-action';
import { VerseDbClient } from '@/lib/versedb/client';
import { backgroundFor, readsServed } from './harness';

// A comic the page shows by its title only, acted on: its issue found in VerseDB's catalog (the series
// search, then the series' issues), at most 2 reads the first time for a series and none after; the
// member asked when the title fits several same-named series; nothing written for a title VerseDB lacks.
// Through the background service, against the stand-in over HTTP. Its answers here are whole: realistic
// mode drops series start years and publishers at random, and a series whose years VerseDB does not give
// fits any year (the member is then asked), which would make these answers depend on the seed.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0 });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const fromPage = { id: 'ext', url: 'https://www.midtowncomics.com/', tab: { id: 3 } };

function title(series: string, number: string, years: { startYear?: number; year?: number } = {}, seriesId?: number): TitleRef {
  const when = years.startYear ?? years.year;
  return {
    label: years.startYear ? `${series} (${years.startYear}) #${number}` : `${series} #${number}${when ? ` (${when})` : ''}`,
    series,
    matchKey: matchKey(series, number) ?? '',
    startYear: years.startYear ?? null,
    year: years.year ?? null,
    ...(seriesId ? { seriesId } : {}),
  };
}

const query = (ref: TitleRef): ItemQuery => ({ codes: [], matchKey: ref.matchKey, label: ref.label, startYear: ref.startYear, year: ref.year });

function issueOf(name: string, number: string, startYear?: number) {
  const series = [...si.catalog().series.values()].find((s) => s.name === name && s.publicationType !== 'collected_edition' && (startYear === undefined || s.startYear === startYear));
  const issue = series && si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === number);
  if (!series || !issue) throw new Error(`no ${name} #${number}`);
  return { series, issue };
}

async function member() {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, si.tokens.free, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness.service;
}

const wishlisted = async () => new Set((await new VerseDbClient({ baseUrl: si.url, token: si.tokens.free }).wishlistPage(1, 100)).entries.map((e) => e.issueId));

describe('a title-only comic, acted on', () => {
  it('is wishlisted in one click with 2 reads (series search, its issues); the next issue of the series with none', async () => {
    const service = await member();
    const three = title('Paper Girls', '3');
    expect((await service.itemStatuses([query(three)]))[0]).toMatchObject({ state: 'not-owned', byTitle: true, issue: null });
    expect(readsServed(si)).toBe(0); // a badge on its own sends no title

    const write: WriteAction = { action: 'wishlist-add', issueId: 0 };
    expect(await service.handle({ type: 'write', write, title: three }, fromPage, own)).toMatchObject({ ok: true, result: { kind: 'done' } });
    const { issue } = issueOf('Paper Girls', '3');
    expect(await wishlisted()).toContain(issue.id);
    const reads = si.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1') && !r.path.startsWith('/api/v1/user/wishlist'));
    expect(reads.map((r) => r.path)).toEqual(['/api/v1/series', '/api/v1/issues']);
    // The badge now says what the library says of that issue.
    expect((await service.itemStatuses([query(three)]))[0]).toMatchObject({ state: 'wishlist', byTitle: true });

    si.clearRequests();
    const four = title('Paper Girls', '4');
    expect(await service.handle({ type: 'write', write, title: four }, fromPage, own)).toMatchObject({ ok: true });
    expect(readsServed(si)).toBe(0);
    expect(await wishlisted()).toContain(issueOf('Paper Girls', '4').issue.id);
  });

  it('finds a back issue of a series longer than one read holds with 2 reads (the search, that number’s issues)', async () => {
    const service = await member();
    expect(si.catalog().issuesBySeries.get(issueOf('Invincible', '3').series.id)?.length).toBeGreaterThan(100);
    expect(await service.handle({ type: 'write', write: { action: 'wishlist-add', issueId: 0 }, title: title('Invincible', '3') }, fromPage, own)).toMatchObject({ ok: true });
    expect(await wishlisted()).toContain(issueOf('Invincible', '3').issue.id);
    const reads = si.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1') && !r.path.startsWith('/api/v1/user/wishlist'));
    expect(reads.map((r) => r.path)).toEqual(['/api/v1/series', '/api/v1/issues']);
  });

  it('tells same-named series apart by the year the title gives', async () => {
    const service = await member();
    const write: WriteAction = { action: 'wishlist-add', issueId: 0 };
    expect(await service.handle({ type: 'write', write, title: title('Batman', '7', { year: 2025 }) }, fromPage, own)).toMatchObject({ ok: true });
    expect(await service.handle({ type: 'write', write, title: title('Batman', '7', { startYear: 2011 }) }, fromPage, own)).toMatchObject({ ok: true });
    const wished = await wishlisted();
    expect(wished).toContain(issueOf('Batman', '7', 2025).issue.id);
    expect(wished).toContain(issueOf('Batman', '7', 2011).issue.id);
    expect(wished).not.toContain(issueOf('Batman', '7', 2016).issue.id);
  });

  it('asks when the title fits several same-named series, and keeps the member’s pick for that name', async () => {
    const service = await member();
    const write: WriteAction = { action: 'wishlist-add', issueId: 0 };
    const bare = title('Batman', '3');
    const asked = await service.handle({ type: 'write', write, title: bare }, fromPage, own);
    expect(asked).toMatchObject({ ok: false, error: { kind: 'choose-series' } });
    const choices = (asked as unknown as { error: { choices: Array<{ seriesId: number; startYear: number | null; publisher: string | null }> } }).error.choices;
    const years = choices.map((c) => c.startYear);
    expect(years).toEqual(expect.arrayContaining([2011, 2016, 2025]));
    expect(choices.every((c) => c.publisher)).toBe(true);
    const before = await wishlisted();
    expect(before).not.toContain(issueOf('Batman', '3', 2016).issue.id); // nothing written on a question

    const pick = issueOf('Batman', '3', 2016).series.id;
    expect(await service.handle({ type: 'write', write, title: { ...bare, seriesId: pick } }, fromPage, own)).toMatchObject({ ok: true });
    expect(await wishlisted()).toContain(issueOf('Batman', '3', 2016).issue.id);
    // The pick is kept for the name: the next bare Batman title asks nothing and reads nothing.
    si.clearRequests();
    expect(await service.handle({ type: 'write', write, title: title('Batman', '4') }, fromPage, own)).toMatchObject({ ok: true });
    expect(await wishlisted()).toContain(issueOf('Batman', '4', 2016).issue.id);
    expect(si.requests().filter((r) => r.method === 'GET' && r.path !== '/api/v1/user/wishlist')).toEqual([]);
  });

  it('writes nothing for a title VerseDB lacks, and says so', async () => {
    const service = await member();
    const before = si.requests().length;
    const reply = await service.handle({ type: 'write', write: { action: 'wishlist-add', issueId: 0 }, title: title('Cinder Wolf', '5') }, fromPage, own);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'not-found', message: 'Not on VerseDB: it has no series named “Cinder Wolf”.' } });
    const missing = await service.handle({ type: 'write', write: { action: 'wishlist-add', issueId: 0 }, title: title('Invincible', '900') }, fromPage, own);
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect((missing as { error: { message: string } }).error.message).toMatch(/^Not on VerseDB: Invincible \(2003, Image.*\) has no issue #900\.$/);
    expect(si.requests().slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('pulls a title-only comic’s series with one read', async () => {
    const service = await member();
    const reply = await service.handle({ type: 'write', write: { action: 'pull-list-add', seriesId: 0, seriesName: '' }, title: title('Invincible', '9') }, fromPage, own);
    expect(reply).toMatchObject({ ok: true });
    expect(readsServed(si)).toBeLessThanOrEqual(1 + 1); // the search, and the pull list read that settles the write
    const pulls = await new VerseDbClient({ baseUrl: si.url, token: si.tokens.free }).pullListPage(1);
    expect(pulls.entries.map((e) => e.seriesId)).toContain(issueOf('Invincible', '9').series.id);
  });
});
