import { describe, expect, it } from 'vitest';
import { isActionLink, isListLink, isProductAddress, linkTarget } from '@/lib/detect/links';
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

  it('leaves out what a collection collects', () => {
    expect(read('Monstress Compendium Volume 1: Collecting Monstress #1-30 and the Talk-Stories One-Shot')).toEqual({ series: 'Monstress Compendium', number: null, volume: 1, format: 'tpb' });
    expect(read('Saga Vol 1 TP (Collects #1-6)')).toEqual({ series: 'Saga', number: null, volume: 1, format: 'tpb' });
  });

  it('reads a book number as the volume also where a store category vouches for the comic', () => {
    const parsed = parseTitle('The Sandman Book One', { category: 'Graphic Novels' });
    expect(parsed.kind === 'comic' ? [parsed.series, parsed.volume] : parsed.reason).toEqual(['The Sandman', 1]);
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

  it('a click-tracking link is read where it leads on the same site (Amazon sponsored results)', () => {
    const base = 'https://www.amazon.com/s?k=monstress';
    expect(linkTarget('/sspa/click?ie=UTF8&url=%2FSomething-Killing-Children-Vol-1%2Fdp%2F1684155509%2Fref%3Dsr_1_1_sspa', base)).toBe('/Something-Killing-Children-Vol-1/dp/1684155509/ref=sr_1_1_sspa');
    expect(linkTarget('/out?url=https%3A%2F%2Fevil.example%2Fdp%2F1684155509', base)).toBe('/out?url=https%3A%2F%2Fevil.example%2Fdp%2F1684155509');
    expect(linkTarget('/dp/1684155509', base)).toBe('/dp/1684155509');
  });

  it('reserving a comic is an action, as adding it to a cart is', () => {
    expect(isActionLink('/pull-list/reserve?item=JUN240377')).toBe(true);
    expect(isActionLink('/products/absolute-batman-1')).toBe(false);
  });
});

describe('product addresses in other languages', () => {
  it('reads /produkt/, /produit/, /producto/, /prodotto/, /produto/ and /artikel/ as product pages, not their categories', () => {
    for (const href of ['/produkt/saga-band-2/', '/produit/asterix-tome-41', '/producto/batman-1', '/prodotto/dylan-dog-450', '/produto/turma-da-monica-1', '/artikel/saga-band-3'])
      expect(isProductAddress(href), href).toBe(true);
    for (const href of ['/produkt-kategorie/comics/neuheiten/', '/produits/', '/artikelen']) expect(isProductAddress(href), href).toBe(false);
  });
});
