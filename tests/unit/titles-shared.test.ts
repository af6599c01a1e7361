import { afterEach, describe, expect, it } from 'vitest';
import * as titles from '@/lib/detect/titles';
import * as shared from '@/lib/detect/titles-shared';

// The content scripts' builds read titles through lib/detect/titles-shared.ts, with the rules the early
// script brings (wxt.config.ts). It must offer what lib/detect/titles.ts offers and answer as it does.

const SAMPLES = ['Batman #125', 'AMAZING SPIDER-MAN #1 (2022) CVR B', 'Saga Vol. 1 TP', 'Dampyr 216', 'Funko Pop! Batman', '', 'The Sandman: Overture HC'];

afterEach(() => {
  globalThis.longboxTitles = undefined;
});

describe('the title rules shared by the content scripts', () => {
  it('offers every value lib/detect/titles.ts exports', () => {
    expect(Object.keys(shared).sort()).toEqual(Object.keys(titles).sort());
  });

  it('answers as lib/detect/titles.ts does once the early script has brought the rules', () => {
    globalThis.longboxTitles = titles;
    for (const raw of SAMPLES) {
      expect(shared.parseTitle(raw)).toEqual(titles.parseTitle(raw));
      expect(shared.parseTitle(raw, { category: 'Toys > Statues' })).toEqual(titles.parseTitle(raw, { category: 'Toys > Statues' }));
      expect(shared.seriesKey(raw)).toBe(titles.seriesKey(raw));
      expect(shared.categoryKind(raw)).toBe(titles.categoryKind(raw));
      expect(shared.namesGoods(raw)).toBe(titles.namesGoods(raw));
      const parsed = titles.parseTitle(raw);
      expect(shared.isComic(parsed)).toBe(titles.isComic(parsed));
      if (titles.isComic(parsed)) expect(shared.titleKey(parsed)).toBe(titles.titleKey(parsed));
    }
    expect(shared.MAX_TITLE_CHARS).toBe(titles.MAX_TITLE_CHARS);
  });

  it('without the rules, reads every title as no comic and throws nothing', () => {
    for (const raw of SAMPLES) {
      expect(shared.parseTitle(raw)).toMatchObject({ kind: 'not-a-comic' });
      expect(shared.categoryKind(raw)).toBeNull();
      expect(shared.namesGoods(raw)).toBe(false);
    }
  });
});
