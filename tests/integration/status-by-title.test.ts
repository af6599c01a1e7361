import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { ItemQuery } from '@/lib/items';
import { matchKey } from '@/lib/library/match';
import { VerseDbClient } from '@/lib/versedb/client';
import { backgroundFor, readsServed } from './harness';

// A comic the page shows with no code, matched by its title: to an issue the member owns or
// wishlists, else to a series on the member's pull list by name, as a code match would say; never
// guessing between two series of the same name. Through the background service, against the stand-in.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const titled = (series: string, number: string, collected = false): ItemQuery => ({
  codes: [],
  matchKey: matchKey(series, number, collected),
  label: `${series} #${number}`,
});

async function signedIn(token: string = si.tokens.free) {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, token, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness;
}

function seriesBySlug(slug: string) {
  const series = [...si.catalog().series.values()].find((s) => s.slug === slug);
  if (!series) throw new Error(`no series ${slug}`);
  return { series, issues: si.catalog().issuesBySeries.get(series.id) ?? [] };
}

/** A member's owned and wishlisted issue ids, as VerseDB has them. */
async function libraryOf(token: string = si.tokens.free) {
  const web = new VerseDbClient({ baseUrl: si.url, token });
  const owned = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await web.collectionPage(page);
    for (const copy of result.copies) owned.add(copy.issueId);
    if (!result.meta || page >= result.meta.lastPage) break;
  }
  const wished = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await web.wishlistPage(page);
    for (const entry of result.entries) wished.add(entry.issueId);
    if (!result.meta || page >= result.meta.lastPage || result.entries.length === 0) break;
  }
  si.clearRequests();
  return { owned, wished };
}

describe('statuses by title and the pull list', () => {
  it('says pull-list for an issue of a pulled series the member neither owns nor wishlists, as its code does', async () => {
    // The PRO member pulls Absolute Batman and, in the seed, misses a few of its issues.
    const { service } = await signedIn(si.tokens.pro);
    const { owned, wished } = await libraryOf(si.tokens.pro);
    const { series, issues } = seriesBySlug('absolute-batman-2024');
    expect(await service.library.pullListSeriesIds()).toContain(series.id);
    const issue = issues.find((i) => !owned.has(i.id) && !wished.has(i.id));
    if (!issue) throw new Error('the PRO member owns or wishlists every Absolute Batman issue');

    const [status] = await service.itemStatuses([titled('Absolute Batman', issue.number)]);
    expect(status).toMatchObject({
      state: 'pull-list',
      byTitle: true,
      resolvedFrom: `Absolute Batman #${issue.number}`,
      seriesId: series.id,
      seriesName: 'Absolute Batman',
      issue: null,
      copies: 0,
      message: null,
    });
    expect(readsServed(si)).toBe(0);

    // The store's own spelling of the series (case, punctuation, a leading zero) does not matter.
    const [spelled] = await service.itemStatuses([{ codes: [], matchKey: matchKey('ABSOLUTE BATMAN:', `#0${issue.number}`), label: null }]);
    expect(spelled).toMatchObject({ state: 'pull-list', seriesId: series.id });

    // The same comic found by its code says the same.
    if (!issue.upc) throw new Error('no UPC on the issue');
    const [byCode] = await service.itemStatuses([{ codes: [{ type: 'upc', value: issue.upc }], matchKey: null, label: null }]);
    expect(byCode).toMatchObject({ state: 'pull-list', byTitle: false, seriesId: series.id, seriesName: 'Absolute Batman' });
  });

  it('says owned for an owned issue of a pulled series, and that issue only', async () => {
    const { service } = await signedIn();
    const { owned } = await libraryOf();
    const { series, issues } = seriesBySlug('absolute-batman-2024');
    const mine = issues.find((i) => i.number === '4' && owned.has(i.id)) ?? issues.find((i) => owned.has(i.id));
    if (!mine) throw new Error('the free member owns no Absolute Batman issue');
    const [status] = await service.itemStatuses([titled('Absolute Batman', mine.number)]);
    expect(status).toMatchObject({ state: 'owned', byTitle: true, seriesId: series.id, seriesName: 'Absolute Batman' });
    expect(status?.issue?.id).toBe(mine.id);
    expect(status?.issue?.number).toBe(mine.number);
    expect(status?.copies).toBeGreaterThan(0);
    expect(readsServed(si)).toBe(0);
  });

  it('says wishlist for a wishlisted issue of a pulled series, and pull-list once it leaves the wishlist', async () => {
    // The free member owns Absolute Batman up to the issues not out yet, which are on the wishlist.
    const { service } = await signedIn();
    const { owned, wished } = await libraryOf();
    const { series, issues } = seriesBySlug('absolute-batman-2024');
    const issue = issues.find((i) => wished.has(i.id) && !owned.has(i.id));
    if (!issue) throw new Error('no wishlisted Absolute Batman issue');
    const [status] = await service.itemStatuses([titled('Absolute Batman', issue.number)]);
    expect(status).toMatchObject({ state: 'wishlist', byTitle: true, seriesId: series.id });
    expect(status?.issue?.id).toBe(issue.id);

    await service.writer.perform({ action: 'wishlist-remove', issueId: issue.id });
    const [after] = await service.itemStatuses([titled('Absolute Batman', issue.number)]);
    expect(after).toMatchObject({ state: 'pull-list', byTitle: true, seriesId: series.id, seriesName: 'Absolute Batman' });
  });

  it('says not owned for a series not on the pull list', async () => {
    const { service } = await signedIn();
    const { owned, wished } = await libraryOf();
    const { series, issues } = seriesBySlug('absolute-superman-2024');
    expect(await service.library.pullListSeriesIds()).not.toContain(series.id);
    const issue = issues.find((i) => !owned.has(i.id) && !wished.has(i.id));
    if (!issue) throw new Error('no unowned Absolute Superman issue');
    const [status] = await service.itemStatuses([titled('Absolute Superman', issue.number)]);
    expect(status).toMatchObject({ state: 'not-owned', byTitle: true, seriesId: null, message: null });
  });

  it('does not match a collected edition to a pulled series by name', async () => {
    const { service } = await signedIn();
    const [status] = await service.itemStatuses([titled('Absolute Batman', '99', true)]);
    expect(status?.state).toBe('not-owned');
  });

  it('does not guess between series of the same name: a pulled one and another in the library, or two pulled', async () => {
    const { service } = await signedIn();
    const { owned, wished } = await libraryOf();
    const current = seriesBySlug('batman-2025');
    const older = seriesBySlug('batman-2016');
    const pulled = await service.library.pullListSeriesIds();
    expect(pulled).toContain(current.series.id);
    expect(pulled).not.toContain(older.series.id);
    expect(current.series.name).toBe('Batman');
    expect(older.series.name).toBe('Batman');
    // The library knows Batman (2016) through the member's copies of it.
    expect(older.issues.some((i) => owned.has(i.id))).toBe(true);

    // A number no Batman issue in the library has, so nothing but the series name could match.
    const free: string[] = [];
    for (const issue of older.issues) {
      if (owned.has(issue.id) || wished.has(issue.id)) continue;
      if ((await service.library.issuesByMatchKey(matchKey('Batman', issue.number) ?? '')).length === 0) free.push(issue.number);
    }
    const number = free[0];
    if (!number) throw new Error('every Batman number is known to the library');

    const [one] = await service.itemStatuses([titled('Batman', number)]);
    expect(one?.state).toBe('not-owned');
    expect(one?.byTitle).toBe(true);
    expect(one?.message).toMatch(/does not say which one/);

    await service.writer.perform({ action: 'pull-list-add', seriesId: older.series.id, seriesName: older.series.name });
    expect(await service.library.pullListSeriesIds()).toContain(older.series.id);
    const [two] = await service.itemStatuses([titled('Batman', number)]);
    expect(two?.state).toBe('not-owned');
    expect(two?.message).toMatch(/2 series on your pull list are named “Batman”/);
  });
});
