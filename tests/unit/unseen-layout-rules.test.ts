import { describe, expect, it } from 'vitest';
import { isActionLink, isListLink } from '@/lib/detect/links';
import { parseTitle } from '@/lib/detect/titles';

// The rules ten pages written by helpers who never saw the detection code asked for (issue 14's session:
// tests/fixtures/sites/layouts/, the pages from midtown-new-releases to woocommerce-storefront-hardcover).

const read = (title: string) => {
  const parsed = parseTitle(title);
  return parsed.kind === 'comic' ? { series: parsed.series, number: parsed.number, volume: parsed.volume, format: parsed.format } : parsed.reason;
};

describe('titles', () => {
  it('ends the series at a volume of two or three digits, as at one', () => {
    expect(read('Judge Dredd: The Complete Case Files Volume 45')).toEqual({ series: 'Judge Dredd: The Complete Case Files', number: null, volume: 45, format: 'tpb' });
    expect(read('Saga Vol 12')).toEqual({ series: 'Saga', number: null, volume: 12, format: 'tpb' });
    expect(read('Saga Vol. 4')).toEqual({ series: 'Saga', number: null, volume: 4, format: 'tpb' });
  });

  it('reads a book number as the volume only when nothing else names the format', () => {
    expect(read('Brink Book 6')).toEqual({ series: 'Brink', number: null, volume: 6, format: 'tpb' });
    expect(read('Saga Book One')).toEqual({ series: 'Saga', number: null, volume: 1, format: 'tpb' });
    // PREVIEWS names the book in the title and the volume after the format: unchanged.
    expect(read('THE BALLAD OF HALO JONES BOOK 1 TP VOL 01')).toEqual({ series: 'The Ballad of Halo Jones Book 1', number: null, volume: 1, format: 'tpb' });
    expect(read('Book of Shadows #1')).toEqual({ series: 'Book of Shadows', number: '1', volume: null, format: 'issue' });
    expect(read('Book 6')).toBe('no-comic-marker');
  });
});

describe('links', () => {
  it('a search address that names one item is a product link (MyComicShop issues)', () => {
    expect(isListLink('/search?TID=113050&IID=1009611')).toBe(false);
    expect(isListLink('https://www.mycomicshop.com/search?TID=113050')).toBe(true);
    expect(isListLink('/search?q=spawn')).toBe(true);
  });

  it('reserving a comic is an action, as adding it to a cart is', () => {
    expect(isActionLink('/pull-list/reserve?item=JUN240377')).toBe(true);
    expect(isActionLink('/products/absolute-batman-1')).toBe(false);
  });
});
