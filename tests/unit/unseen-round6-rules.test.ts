import { describe, expect, it } from 'vitest';
import { shownPrice, withoutPrice } from '@/lib/detect/prices';
import { parsePage } from '@/scripts/lib/fixtures';

// The rules the eighth round of pages written by helpers who never saw the detection code asked for:
// general bookstores, an Italian publisher's shop, a bestseller link list, feature tiles in Spanish and
// French, a comic shop's graphic-novel shelf (tests/fixtures/sites/layouts/, bookstore-home-mixed to
// graphic-novel-shelf).

describe('prices', () => {
  it('a price at either end of a link text is not part of the title', () => {
    expect(withoutPrice('Oblivion Song #1 - £2.65')).toBe('Oblivion Song #1');
    expect(withoutPrice('$3.99 Batman #1')).toBe('Batman #1');
    expect(withoutPrice('Batman $5 Edition #1')).toBe('Batman $5 Edition #1');
  });

  it('an amount and its currency sign in two elements side by side are one price', async () => {
    const { document, close } = parsePage('<!DOCTYPE html><html><body><div id="a"><span>3,50</span><span>&euro;</span></div><div id="b"><span>$</span><span>19</span><span>.49</span> <span>current price $19.49</span></div></body></html>', 'https://x.example/');
    try {
      expect(shownPrice(document.getElementById('a') as Element)).toBe('3,50 €');
      expect(shownPrice(document.getElementById('b') as Element)).toBe('$19.49');
    } finally {
      await close();
    }
  });
});
