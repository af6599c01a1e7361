import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { TitleRef } from '@/lib/items';
import { matchKey } from '@/lib/library/match';
import { backgroundFor } from './harness';
import { memberCopies } from '../shared/collection';

// The cover a title-only comic's title names ("Cover D 1:25 Incentive", "Virgin Variant") goes in with
// the member's action: as VerseDB's variant, where VerseDB lists the issue's variants (PRO members, one
// read, kept a day) and one fits; else in words, in the copy's notes. Through the background service,
// against the stand-in over HTTP.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0 });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const fromPage = { id: 'ext', url: 'https://www.midtowncomics.com/', tab: { id: 3 } };

/** A #1 with a 1:25 ratio cover and a virgin one, of a series whose name no other series has. */
function firstIssueWithCovers() {
  const all = [...si.catalog().series.values()];
  for (const series of all) {
    if (series.publicationType === 'collected_edition' || all.filter((s) => s.name === series.name).length > 1 || !/^[A-Za-z ]+$/.test(series.name)) continue;
    const issue = si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === '1');
    const ratio = issue?.variants.find((v) => v.ratio === '1:25');
    const virgin = issue?.variants.find((v) => v.type === 'virgin_variant');
    if (issue && ratio && virgin) return { series, issue, ratio, virgin };
  }
  throw new Error('no #1 with covers');
}

function title(label: string, series: string): TitleRef {
  return { label, series, matchKey: matchKey(series, '1') ?? '', startYear: null, year: null };
}

async function member(token: string) {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, token, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness.service;
}

/** The variants an issue is on the member's wishlist as (null: the issue with no variant named). */
async function wishlistVariants(token: string, issueId: number): Promise<Array<number | null>> {
  const response = await fetch(`${si.url}/api/v1/user/wishlist?per_page=100`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  const body = (await response.json()) as { data: Array<{ variant_id: number | null; entity: { id: number } }> };
  return body.data.filter((row) => row.entity.id === issueId).map((row) => row.variant_id);
}

describe('the cover a title names', () => {
  it('a PRO member’s wishlist entry goes in as VerseDB’s variant: one read of the issue’s variants, none the next time', async () => {
    const { series, issue, ratio, virgin } = firstIssueWithCovers();
    const service = await member(si.tokens.pro);
    const incentive = title(`${series.name} #1 Cover D 1:25 Incentive`, series.name);
    expect(await service.handle({ type: 'write', write: { action: 'wishlist-add', issueId: 0 }, title: incentive }, fromPage, own)).toMatchObject({ ok: true });
    expect(await wishlistVariants(si.tokens.pro, issue.id)).toContain(ratio.id);
    const variantReads = () => si.requests().filter((r) => r.path === `/api/v1/issues/${issue.id}/variants`).length;
    expect(variantReads()).toBe(1);
    // A copy of its virgin cover: the variants are kept, so no read.
    const before = await memberCopies(si, si.tokens.pro);
    const copy = { action: 'copy-add' as const, issueId: 0, fields: { condition: 'NM', price_paid: 14.99 } };
    expect(await service.handle({ type: 'write', write: copy, title: title(`${series.name} #1 Virgin Variant`, series.name) }, fromPage, own)).toMatchObject({ ok: true });
    expect(variantReads()).toBe(1);
    const response = await fetch(`${si.url}/api/v1/issues/${issue.id}/collection/check`, { headers: { Authorization: `Bearer ${si.tokens.pro}`, Accept: 'application/json' } });
    const check = (await response.json()) as { copies: Array<{ id: number; variant_id: number | null }> };
    const added = check.copies.filter((c) => !before.some((b) => b.id === c.id));
    expect(added.map((c) => c.variant_id)).toEqual([virgin.id]);
  });

  it('a free member’s copy keeps the cover in its notes; VerseDB’s variants are not asked for', async () => {
    const { series, issue } = firstIssueWithCovers();
    const service = await member(si.tokens.free);
    const copy = { action: 'copy-add' as const, issueId: 0, fields: { condition: 'NM', price_paid: 14.99 } };
    const added = async (write: () => Promise<unknown>) => {
      const before = await memberCopies(si, si.tokens.free);
      await write();
      return (await memberCopies(si, si.tokens.free)).filter((c) => c.issueId === issue.id && !before.some((b) => b.id === c.id));
    };
    const incentive = await added(async () => {
      const reply = await service.handle({ type: 'write', write: copy, title: title(`${series.name} #1 Cover D 1:25 Incentive`, series.name) }, fromPage, own);
      expect(reply).toMatchObject({ ok: true });
    });
    expect(incentive.map((c) => c.notes)).toEqual(['Cover as the store named it: Cover D 1:25.']);
    expect(si.requests().some((r) => r.path.endsWith('/variants'))).toBe(false);
    // The plain cover: no notes of a cover.
    const plain = await added(() => service.handle({ type: 'write', write: copy, title: title(`${series.name} #1`, series.name) }, fromPage, own));
    expect(plain.map((c) => c.notes)).toEqual([null]);
  });
});
