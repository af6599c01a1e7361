import { describe as group, expect, it } from 'vitest';
import { describe } from '@/lib/content/badge';
import { badgeStatus } from '@/lib/content/replies';

// The badge's tooltip names the cover and printing of the code on the page, and the covers of the
// member's copies when Longbox knows them (issue 12); the content script reads them from the reply by hand.

const reply = (fields: Record<string, unknown>) => ({
  state: 'not-owned', resolvedFrom: 'upc:70985330050200722', issue: null, seriesId: 12, seriesName: 'Saga', copies: 0,
  bestCondition: null, matches: [], resumesAt: null, message: null, byTitle: false, number: '7',
  edition: 'Cover B, 2nd printing', ownedEditions: [], inferred: true, ...fields,
});

group('badge tooltips of barcodes answered by series', () => {
  it('reads the number, edition and inference from the reply', () => {
    const status = badgeStatus(reply({}));
    expect(status).toMatchObject({ number: '7', edition: 'Cover B, 2nd printing', inferred: true, issueId: null, seriesId: 12 });
  });

  it('names the cover and printing of the code on the page', () => {
    const status = badgeStatus(reply({}));
    if (!status) throw new Error('no status');
    expect(describe(status)).toEqual({ label: 'Not owned', tip: 'Not in your VerseDB collection. This one: Cover B, 2nd printing.' });
  });

  it('says which covers the member owns', () => {
    const status = badgeStatus(reply({ state: 'owned', copies: 2, bestCondition: 'NM', ownedEditions: ['Cover A, 1st printing', 'Cover C, 1st printing'] }));
    if (!status) throw new Error('no status');
    expect(describe(status).tip).toBe(
      'In your VerseDB collection: 2 copies (Cover A, 1st printing; Cover C, 1st printing), best NM. This one: Cover B, 2nd printing.',
    );
  });

  it('says nothing of editions where the reply has none, or the state is not about the library', () => {
    const plain = badgeStatus(reply({ edition: null }));
    const paused = badgeStatus(reply({ state: 'paused', message: 'Saving reads.' }));
    if (!plain || !paused) throw new Error('no status');
    expect(describe(plain).tip).toBe('Not in your VerseDB collection.');
    expect(describe(paused).tip).toBe('Saving reads.');
  });
});
