import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { ItemQuery } from '@/lib/items';
import { matchKey } from '@/lib/library/match';
import { VerseDbClient } from '@/lib/versedb/client';
import { backgroundFor, readsServed } from './harness';

// A title's years against the library: "Batman #1 (2025)" is never the Batman #1 of 2016 the member owns,
// and a bare "Batman #1", when the library holds both, asks rather than says "Owned". Through the
// background service, against the stand-in over HTTP. Its answers here are whole: realistic mode drops
// series start years at random, and a year the library does not know rules nothing out (unit tests of
// yearsFit), which would make these answers depend on the seed.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0 });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const fromPage = { id: 'ext', url: 'https://www.midtowncomics.com/', tab: { id: 3 } };

function titled(label: string, number: string, years: { startYear?: number; year?: number; volume?: number } = {}): ItemQuery {
  return { codes: [], matchKey: matchKey('Batman', number), label, startYear: years.startYear ?? null, year: years.year ?? null, volume: years.volume ?? null };
}

function batman(startYear: number, number: string) {
  const series = [...si.catalog().series.values()].find((s) => s.name === 'Batman' && s.startYear === startYear && s.publicationType !== 'collected_edition');
  const issue = series && si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === number);
  if (!issue) throw new Error(`no Batman (${startYear}) #${number}`);
  return issue;
}

async function member() {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, si.tokens.free, 'personal');
  return harness;
}

describe('titles with years', () => {
  it('never answers a title naming one year with an issue of the same-named series of another', async () => {
    const web = new VerseDbClient({ baseUrl: si.url, token: si.tokens.free });
    await web.addCopy(batman(2016, '1').id, { condition: 'NM' });
    // The member owns Batman (2016) #1 but not its #2.
    await web.addToWishlist(batman(2025, '2').id);
    const { service } = await member();
    await service.runSync();
    si.clearRequests();
    const [wrongYear, rightYear, startYear, coverYear, wishedWrongYear, wished] = await service.itemStatuses([
      titled('Batman #1 (2025)', '1', { year: 2025 }),
      titled('Batman #1 (2016)', '1', { year: 2016 }),
      titled('Batman (2016) #1', '1', { startYear: 2016 }),
      titled('Batman #1 (2017)', '1', { year: 2017 }), // the 2016 series' cover year can run a year ahead
      titled('Batman #2 (2016)', '2', { year: 2016 }),
      titled('Batman #2 (2025)', '2', { year: 2025 }),
    ]);
    expect(wrongYear?.state).toBe('not-owned');
    expect(rightYear).toMatchObject({ state: 'owned', byTitle: true });
    expect(startYear?.state).toBe('owned');
    expect(coverYear?.state).toBe('owned');
    expect(wishedWrongYear?.state).toBe('not-owned');
    expect(wished?.state).toBe('wishlist');
    // A volume: the 2016 series is Batman's third volume, the 2025 one its fourth.
    const [otherVolume, sameVolume] = await service.itemStatuses([
      titled('Batman Vol 4 #1', '1', { volume: 4 }),
      titled('Batman Vol 3 #1', '1', { volume: 3 }),
    ]);
    // VerseDB's lists give no series volume, so the library cannot check one: never "Owned" on a guess.
    for (const named of [otherVolume, sameVolume]) {
      expect(named).toMatchObject({ state: 'ambiguous', byTitle: true });
      expect(named?.message).toMatch(/^You own Batman #1 \(2016\); this page says Vol [34], and Longbox cannot tell if that is the same Batman\. Pick it if it is\.$/);
    }
    expect(readsServed(si)).toBe(0);
  });

  it('asks which series a bare title means when the library holds two by that name, and keeps the answer', async () => {
    const web = new VerseDbClient({ baseUrl: si.url, token: si.tokens.free });
    const old = batman(2016, '1');
    const recent = batman(2025, '1');
    await web.addCopy(old.id, { condition: 'NM' });
    await web.addToWishlist(recent.id);
    const { service } = await member();
    await service.runSync();
    si.clearRequests();
    const bare = titled('Batman #1', '1');
    const [asked] = await service.itemStatuses([bare]);
    expect(asked).toMatchObject({ state: 'ambiguous', byTitle: true, resolvedFrom: 'Batman #1' });
    expect(asked?.message).toBe('You own Batman #1 (2016); this page does not say which Batman. Pick the right one.');
    expect(asked?.matches.map((m) => m.issueId).sort()).toEqual([old.id, recent.id].sort());

    // The member picks the 2025 one: the badge says what the library says of it, and keeps saying it.
    expect(await service.handle({ type: 'choose-match', code: 'Batman #1', issueId: recent.id }, fromPage, own)).toEqual({ ok: true });
    expect((await service.itemStatuses([bare]))[0]).toMatchObject({ state: 'wishlist', byTitle: true });
    // Among a page's other titles, read in one go, the pick still answers for its own title alone.
    const [picked, another] = await service.itemStatuses([bare, titled('Batman #2', '2')]);
    expect(picked).toMatchObject({ state: 'wishlist', byTitle: true });
    expect(another).toMatchObject({ state: 'not-owned', byTitle: true });
    expect(await service.handle({ type: 'choose-match', code: 'Batman #1', issueId: 999_999 }, fromPage, own)).toMatchObject({ ok: false });
    expect(readsServed(si)).toBe(0);
  });
});
