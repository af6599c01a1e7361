import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { backgroundFor, readsServed } from './harness';

// "Look up in VerseDB" on text selected on any page: the background names the comic the text gives (a
// code, else a title) with its status and what the popup row needs to act on it. Selecting it is the
// member's ask, so a title the library does not know is looked for in VerseDB's catalog at once. Through
// the background service, against the stand-in over HTTP (plain answers: the same-named series must
// keep their years, as in the title-resolution tests).

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0 });
});
afterAll(() => si.stop());
beforeEach(() => si.reset());

const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const panel = { id: 'ext', url: 'chrome-extension://ext/lookup.html#q=x' };
const fromPage = { id: 'ext', url: 'https://www.midtowncomics.com/', tab: { id: 3 } };

async function member() {
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, si.tokens.free, 'personal');
  await harness.service.runSync();
  si.clearRequests();
  return harness.service;
}

function issueOf(name: string, number: string, startYear?: number) {
  const series = [...si.catalog().series.values()].find((s) => s.name === name && s.publicationType !== 'collected_edition' && (startYear === undefined || s.startYear === startYear));
  const issue = series && si.catalog().issuesBySeries.get(series.id)?.find((i) => i.number === number);
  if (!series || !issue) throw new Error(`no ${name} #${number}`);
  return issue;
}

describe('looking up selected text', () => {
  it('a barcode in the text: its issue, with one lookup', async () => {
    const service = await member();
    const issue = [...si.catalog().issues.values()].find((i) => i.upc?.length === 17)!;
    const reply = await service.handle({ type: 'look-up-text', text: `UPC: ${issue.upc}` }, panel, own);
    expect(reply).toMatchObject({ ok: true, item: { issueId: issue.id, titleRef: null }, note: null });
    expect(readsServed(si)).toBeLessThanOrEqual(1);
  });

  it('a title the library does not know: found in the catalog (2 reads), ready to act on; the next with none', async () => {
    const service = await member();
    const reply = await service.handle({ type: 'look-up-text', text: 'Paper Girls #3' }, panel, own);
    expect(reply).toMatchObject({ ok: true, item: { issueId: issueOf('Paper Girls', '3').id, state: 'not-owned', titleRef: null }, note: null });
    expect(si.requests().filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(['/api/v1/series', '/api/v1/issues']);
    si.clearRequests();
    expect(await service.handle({ type: 'look-up-text', text: 'Paper Girls #4' }, panel, own)).toMatchObject({ ok: true, item: { issueId: issueOf('Paper Girls', '4').id } });
    expect(readsServed(si)).toBe(0);
  });

  it('a title that fits several same-named series: the row asks which (its title goes with it); the year, when given, says', async () => {
    const service = await member();
    const open = await service.handle({ type: 'look-up-text', text: 'X-Men #12' }, panel, own);
    expect(open).toMatchObject({ ok: true, item: { issueId: null, titleRef: { series: 'X-Men', label: 'X-Men #12' } }, note: null });
    const dated = await service.handle({ type: 'look-up-text', text: 'X-Men (2024) #12' }, panel, own);
    expect(dated).toMatchObject({ ok: true, item: { issueId: issueOf('X-Men', '12', 2024).id } });
  });

  it('a title VerseDB lacks: said, nothing written; text with no comic in it: said', async () => {
    const service = await member();
    const lacking = await service.handle({ type: 'look-up-text', text: 'Cinder Wolf #5' }, panel, own);
    expect(lacking).toMatchObject({ ok: true, item: { state: 'not-found', issueId: null }, note: 'Not on VerseDB: it has no series named “Cinder Wolf”.' });
    expect(si.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    const none = await service.handle({ type: 'look-up-text', text: 'free shipping over $50' }, panel, own);
    expect(none).toMatchObject({ ok: false, error: { kind: 'not-found', message: expect.stringContaining('free shipping over $50') } });
  });

  it('is not a store page’s to ask', async () => {
    const service = await member();
    expect(await service.handle({ type: 'look-up-text', text: 'Paper Girls #3' }, fromPage, own)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(readsServed(si)).toBe(0);
  });
});
