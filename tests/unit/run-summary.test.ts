import { describe, expect, it } from 'vitest';
import type { PageItem } from '@/lib/items';
import { numberRanges, runSummary } from '@/lib/ui/run-summary';

const item = (series: string | null, number: string | null, state: PageItem['state'], fields: Partial<PageItem> = {}): PageItem => ({
  key: `${series} #${number}`, title: `${series} #${number}`, series, number, price: null, state,
  issueId: null, variantId: null, seriesId: null, copies: state === 'owned' ? 1 : 0, coverUrl: null, titleRef: null, ...fields,
});

describe('numberRanges', () => {
  it('collapses runs of whole numbers and keeps the others as they are', () => {
    expect(numberRanges(['61', '62', '64', '65', '66', '71', '1.MU', '3'])).toBe('#3, #61–62, #64–66, #71, #1.MU');
    expect(numberRanges([])).toBe('');
    expect(numberRanges(['5', '5', null])).toBe('#5');
  });
});

describe('runSummary', () => {
  it('counts a run: owned, wishlist, the missing as ranges and the keys among them', () => {
    const items = [
      ...['1', '2', '3'].map((n) => item('Invincible', n, 'owned', { seriesId: 51, issueId: Number(n) })),
      item('Invincible', '4', 'wishlist', { seriesId: 51 }),
      item('invincible', '5', 'not-owned'),
      item('Invincible', '6', 'not-owned', { keyIssueId: 606 }),
      item('Invincible', '8', 'pull-list', { seriesId: 51 }),
      item('Saga', '1', 'owned', { seriesId: 50 }),
    ];
    const [run, ...others] = runSummary(items);
    expect(others).toEqual([]);
    expect(run).toMatchObject({ seriesName: 'Invincible', seriesId: 51, total: 7, owned: 3, wishlist: 1, missingRanges: '#5–6, #8', missingKeys: ['6'] });
    expect(run?.missing.map((m) => m.number)).toEqual(['5', '6', '8']);
  });

  it('names no series where the answers name two, and sums up no run of fewer than three issues', () => {
    const items = [item('Batman', '1', 'owned', { seriesId: 4 }), item('Batman', '2', 'owned', { seriesId: 7 }), item('Batman', '3', 'not-owned'), item('Saga', '1', 'owned'), item('Saga', '2', 'owned')];
    const runs = runSummary(items);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.seriesId).toBeNull();
  });

  it('counts a number shown twice once, by its best answer, and leaves out comics with no series or number', () => {
    const items = [item('Monstress', '1', 'not-owned'), item('Monstress', '01', 'owned', { seriesId: 53 }), item('Monstress', '2', 'not-owned'), item('Monstress', '3', 'not-owned'), item(null, '4', 'not-owned'), item('Monstress', null, 'owned')];
    const [run] = runSummary(items);
    expect(run).toMatchObject({ total: 3, owned: 1, missingRanges: '#2–3' });
  });
});
