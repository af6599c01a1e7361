// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Code } from '@/lib/detect/codes';
import { judgeTitle, linkTitle, shownTitle } from '@/lib/detect/judge';
import {
  amongComics,
  cardKind,
  comicSignals,
  comicsAddress,
  isComicCode,
  namesComics,
  namesComicsPublisher,
  pageSaysComic,
  shelfHeading,
  shelfKind,
} from '@/lib/detect/signals';
import { generic } from '@/lib/sites/generic';
import { midtown } from '@/lib/sites/midtown';

// What says a book is a comic beside its title (lib/detect/signals.ts), and how a title is judged with it.

const isbn = (value: string): Code => ({ type: 'isbn', value });

function page(body: string, title = 'Shop'): Document {
  const document = new DOMParser().parseFromString(`<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`, 'text/html');
  return document;
}

function element(html: string): Element {
  const found = page(html).body.firstElementChild;
  if (found === null) throw new Error('no element');
  return found;
}

describe('codes', () => {
  it("an ISBN a comics publisher registered, a periodical's barcode and a distributor's code say comic", () => {
    expect(isComicCode(isbn('9781401207526'))).toBe(true); // DC, 1-4012
    expect(isComicCode(isbn('9781974752089'))).toBe(true); // Viz, 1-9747
    expect(isComicCode(isbn('9781607066019'))).toBe(true); // Image, 1-60706
    expect(isComicCode(isbn('9780593161340'))).toBe(false); // Penguin Random House
    expect(isComicCode({ type: 'upc', value: '76194134182812511' })).toBe(true);
    expect(isComicCode({ type: 'upc', value: '883929539697' })).toBe(false);
    expect(isComicCode({ type: 'ean', value: '9772053004002' })).toBe(true);
  });
});

describe('words', () => {
  it('names a comics publisher or imprint only whole: Titan Comics, not Titan Books', () => {
    for (const name of ['DC Comics', 'Viz Media LLC', 'Viz Media', 'Drawn & Quarterly', 'Titan Comics', 'BOOM! Studios', 'Kodansha USA Publishing', 'Dargaud', 'Planeta Cómic', 'ECC Ediciones', 'Publisher: Dark Horse Books']) {
      expect([name, namesComicsPublisher(name)]).toEqual([name, true]);
    }
    for (const name of ['Titan Books', 'Margaret K. McElderry Books', 'Random House Worlds', 'Insight Editions', 'Washington, DC', 'Marvel Legends Black Panther 6-Inch Figure']) {
      expect([name, namesComicsPublisher(name)]).toEqual([name, false]);
    }
  });

  it("names a store's comics department whole, or among a breadcrumb's parts", () => {
    expect(namesComics('Graphic Novels & Comics / Superheroes')).toBe(true);
    expect(namesComics('Manga · Viz Media')).toBe(true);
    expect(namesComics('Best Sellers in Comics & Graphic Novels')).toBe(true);
    expect(namesComics('Fumetti · Ultime uscite')).toBe(true);
    expect(namesComics('Batman: The Definitive History of the Dark Knight in Comics, Film, and Beyond')).toBe(false);
    expect(namesComics('Fiction / Thrillers')).toBe(false);
  });

  it('reads a shelf heading as comics, other goods, or neither', () => {
    expect(shelfKind('Graphic Novels & Manga')).toBe('comic');
    expect(shelfKind('New Comics This Week')).toBe('comic');
    expect(shelfKind('Libri')).toBe('other');
    expect(shelfKind('Cookbooks We Love')).toBe('other');
    expect(shelfKind('Bestsellers in Fiction')).toBe('other');
    expect(shelfKind('New & Noteworthy')).toBe(null);
  });

  it('reads an address whose folders name comics whole', () => {
    expect(comicsAddress('/shop/fumetti/albo/dylan-dog-462-1003012/')).toBe(true);
    expect(comicsAddress('https://www.example.com/category/graphic-novels-manga')).toBe(true);
    expect(comicsAddress('/bd/franco-belge/nouveautes')).toBe(true);
    expect(comicsAddress('/book/my-first-batman-book/dc-comics-contributor/9781941048825')).toBe(false);
    expect(comicsAddress('/news/action-comics-1000-launch-night/')).toBe(false);
  });
});

describe('a card', () => {
  it('says comic by a publisher line, a department line or a link title naming a comic format', () => {
    expect(cardKind(element('<dl><dt><a href="/p/x/9781974558360"><img alt=""></a></dt><dd>Tatsuki Fujimoto</dd><dd>Viz Media LLC</dd><dd>$11.99</dd></dl>'))).toBe('comic');
    expect(cardKind(element('<table><tr><td><a href="/book/9780394747231/maus">Maus I</a><br><small>Graphic Novels &middot; Pantheon</small></td></tr></table>'))).toBe('comic');
    expect(cardKind(element('<div><a href="/p/a/9781799501886" title="Absolute Batman Vol. 1: The Zoo (Graphic Novel)"><img alt=""></a></div>'))).toBe('comic');
    expect(cardKind(element('<li><a href="/shop/fumetti/albo/dylan-dog-462-1003012/"><img alt="462"></a></li>'))).toBe('comic');
  });

  it('says another book by a publishing house that is not a comics one; its title and the people it credits are not read', () => {
    expect(cardKind(element('<dl><dd><a href="/p/Legendborn/9781534390546">Legendborn</a></dd><dd>Tracy Deonn</dd><dd>Margaret K. McElderry Books</dd></dl>'))).toBe('other');
    expect(cardKind(element('<li><h3><a href="/book/batman-the-definitive-history/9781683077312">Batman: The Definitive History of the Dark Knight in Comics, Film, and Beyond</a></h3></li>'))).toBe(null);
    expect(cardKind(element('<li><h3><a href="/book/my-first-batman-book/9781941048825">My First Batman Book</a></h3><p>by <a href="/contributor/dc-comics">DC Comics</a> (Contributor)</p></li>'))).toBe(null);
  });

  it('stands on the shelf of the heading before its list; a card that is a whole shelf holds it', () => {
    const document = page('<section><div><h2>Staff Picks</h2><a href="/c/staff">See all</a></div><div><div class="c"><a href="/p/a/1"><img alt=""></a></div><div class="c" id="b"><a href="/p/b/2"><img alt=""></a></div></div></section><section><h2>Libri</h2><div><div id="only"><h3><a href="/libri/saggi-900207/">Saggi</a></h3></div></div></section>');
    expect(textOfHeading(shelfHeading(document.getElementById('b') as Element))).toBe('Staff Picks');
    expect(textOfHeading(shelfHeading(document.getElementById('only') as Element))).toBe('Libri');
    const whole = element('<section><h2>Libri</h2><div><h3><a href="/libri/saggi-900207/">Saggi</a></h3></div></section>');
    expect(textOfHeading(shelfHeading(whole))).toBe('Libri');
  });
});

function textOfHeading(heading: Element | null): string | null {
  return heading === null ? null : (heading.textContent ?? '').trim();
}

describe('a page', () => {
  it('sells comics by its address, its site name, its heading or its breadcrumb', () => {
    expect(pageSaysComic(page(''), 'https://www.inkwellcomicsdepot.com/category/new')).toBe(true);
    expect(pageSaysComic(page(''), 'https://shop.example.it/shop/fumetti/')).toBe(true);
    expect(pageSaysComic(page('', 'Planche & Phylactère - Librairie BD, comics et manga à Lyon'), 'https://www.example.fr/')).toBe(true);
    expect(pageSaysComic(page('<h1>Best Sellers in Comics &amp; Graphic Novels</h1>'), 'https://www.example.com/gp/bestsellers/books/4366')).toBe(true);
    expect(pageSaysComic(page('<nav aria-label="Breadcrumb"><a href="/">Home</a> / <span>Graphic Novels</span></nav>'), 'https://www.example.com/c/42')).toBe(true);
  });

  it('does not, for a bookstore, nor for a product page whose title names comics', () => {
    expect(pageSaysComic(page('<h1>Fall Reading Is Here</h1>', 'Lanternhouse Books | Independent Bookstore'), 'https://www.lanternhousebooks.com/')).toBe(false);
    const title = 'Batman: The Definitive History of the Dark Knight in Comics, Film, and Beyond';
    expect(pageSaysComic(page(`<h1>${title}</h1>`, `${title} | Half Moon Booksellers`), 'https://www.example.com/book/batman-the-definitive-history/9781683077312')).toBe(false);
  });
});

describe('neighbours', () => {
  const tile = (id: string, ean: string, title: string) => `<div class="t" id="${id}"><a href="/w/${id}/1?ean=${ean}" title="${title}"><img alt=""></a><a href="/w/${id}/1?ean=${ean}">${title}</a></div>`;

  it('a book stands among comics when most products of its list are comics by their own cards', () => {
    const comics = page(`<div>${tile('a', '9781401207526', 'Batman: Year One')}${tile('b', '9781607066019', 'Saga, Volume 1')}${tile('c', '9781779523341', 'Batman by Tom King Omnibus')}${tile('d', '9798892151313', 'Something is Killing the Children Vol. 8')}</div>`);
    expect(amongComics(comics.getElementById('d') as Element, 'https://www.example.com/s/batman')).toBe(true);
    const prose = page(`<div>${tile('a', '9780593161340', 'The Anxious Generation')}${tile('b', '9780385405737', 'James')}${tile('c', '9781401207526', 'Batman: Year One')}${tile('d', '9798892151313', 'Something is Killing the Children Vol. 8')}</div>`);
    expect(amongComics(prose.getElementById('d') as Element, 'https://www.example.com/s/batman')).toBe(false);
  });
});

describe('judging a title with the signals', () => {
  const yes = () => true;
  const no = () => false;

  it('a title with a comic’s own mark needs no signal; a book-like one does', () => {
    expect(judgeTitle('Saga Vol. 8 TP', null, [], no)).toMatchObject({ series: 'Saga', volume: 8 });
    expect(judgeTitle('The Women (Hardcover)', null, [isbn('9781250649058')], no)).toBe(null);
    expect(judgeTitle('Chainsaw Man, Vol. 19', null, [isbn('9781974558360')], yes)).toMatchObject({ series: 'Chainsaw Man', volume: 19 });
  });

  it('a title with no mark is a comic only with a signal and a publication code, or as a name and a number', () => {
    expect(judgeTitle('Blankets', null, [isbn('9781770460591')], no)).toBe(null);
    expect(judgeTitle('Blankets', null, [isbn('9781770460591')], yes)).toMatchObject({ series: 'Blankets', number: null });
    expect(judgeTitle('Blankets', null, [], yes)).toBe(null);
    expect(judgeTitle('Dampyr 216', null, [], yes)).toMatchObject({ series: 'Dampyr', number: '216' });
    expect(judgeTitle('Dampyr 216', null, [], no)).toBe(null);
  });

  it('an ISBN with no title is kept only with a signal; another code always', () => {
    expect(judgeTitle(null, null, [isbn('9780593161340')], no)).toBe(null);
    expect(judgeTitle(null, null, [isbn('9781401207526')], yes)).toBe(undefined);
    expect(judgeTitle(null, null, [{ type: 'diamond', value: 'MAR180454' }], no)).toBe(undefined);
  });

  it("a comic shop's own pages are the signal; a bookstore's are not", () => {
    const document = page('<div id="card"><a href="/p/blankets/9781770460591">Blankets</a></div>');
    const card = document.getElementById('card');
    expect(comicSignals(document, 'https://www.midtowncomics.com/', midtown)(card, [], null)).toBe(true);
    expect(comicSignals(document, 'https://www.lanternhousebooks.com/', generic)(card, [isbn('9780593161340')], null)).toBe(false);
    expect(comicSignals(document, 'https://www.lanternhousebooks.com/', generic)(card, [], 'Graphic Novels')).toBe(true);
  });
});

describe("a link's title attribute", () => {
  it("gives the name it quotes, not the store's words around it", () => {
    expect(linkTitle(element(`<a href="/239837-oblivion-song-1/" title="Product detail for 'Oblivion Song #1'">x</a>`))).toBe('Oblivion Song #1');
    expect(linkTitle(element(`<a href="/p/1" title="Batman: 'The Killing Joke'">x</a>`))).toBe("Batman: 'The Killing Joke'");
    expect(linkTitle(element('<a href="/p/1">x</a>'))).toBe(null);
  });

  it('gives way to the title shown whole beside it, not to one cut short', () => {
    expect(shownTitle('Absolute Batman Vol. 1: The Zoo (Graphic Novel)', ['Absolute Batman Vol. 1: The Zoo'])).toBe('Absolute Batman Vol. 1: The Zoo');
    expect(shownTitle('Avengers Omnibus HC Vol 03 Buscema DM Var', ['Avengers Omnibus HC Vol 03 Busce...'])).toBe('Avengers Omnibus HC Vol 03 Buscema DM Var');
    expect(shownTitle('Oblivion Song #1', ['Oblivion Song #1'])).toBe('Oblivion Song #1');
  });
});
