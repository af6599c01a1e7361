// What says a book is a comic, beside its title. A general bookstore shows hundreds of priced books with
// ISBNs, and most are prose: a title that names nothing only comics carry ("The Women (Hardcover)",
// "Magnolia Table, Volume 3", "Blankets") is a comic only where something else says so:
//   - the store sells comics above all (a comic shop's own adapter);
//   - its codes: a periodical's barcode, or an ISBN a comics publisher registered;
//   - the category the store gives it ("Graphic Novels", "Manga");
//   - its card: a comics publisher or imprint named on it ("Viz Media", "Drawn & Quarterly"), a comics
//     department ("Graphic Novels & Comics / Superheroes"), a link whose title names a comic's format
//     ("… (Graphic Novel)"), its own address filed under comics ("/fumetti/albo/…");
//   - the shelf it stands on: a heading above it naming comics; one naming books or goods ("Libri",
//     "Merchandising") says the page's other signs are not for it;
//   - the page: its address, its site name, its heading or breadcrumb naming comics ("/category/graphic-
//     novels", "Bocadillo Cómics", "Best Sellers in Comics & Graphic Novels");
//   - for a book (an ISBN), its neighbours: most products of the list it stands in are comics by what
//     their own cards say (a search whose results are comics from publishers no list here names).
// Each is read only when a title needs it, and what the page says is read once.

import type { Code } from './codes';
import { clean, NOT_CONTENT, textOf } from './dom';
import { readTitle } from './judge';
import { codesFromAddress, isProductAddress } from './links';
import type { SiteAdapter } from '../sites/types';

/** Whether something beside its title says the item at `where` (its card, else its title's element) is a
 *  comic, given the codes and the category the store gives it. */
export type ComicSignal = (where: Element | null, codes: readonly Code[], category: string | null) => boolean;

/** Comic publishers and imprints as their names stand on a card, whole: "DC Comics", "Viz Media LLC",
 *  "Drawn & Quarterly". Titan Comics, not Titan Books: the same house publishes novels under that name. */
const COMICS_PUBLISHER = new RegExp(
  '^(?:publisher\\s*:?\\s*|published\\s+by\\s+|[ée]diteur\\s*:?\\s*|editore\\s*:?\\s*|editorial\\s*:?\\s*|verlag\\s*:?\\s*)?(?:' +
    [
      'dc(?:\\s+comics|\\s+black\\s+label)?',
      'vertigo(?:\\s+comics)?',
      'marvel(?:\\s+comics|\\s+worldwide)?',
      'image(?:\\s+comics)?',
      'dark\\s+horse(?:\\s+comics|\\s+books|\\s+manga)?',
      'idw(?:\\s+publishing)?',
      'boom!?(?:\\s+studios|\\s+box)?',
      'viz(?:\\s+media)?',
      'kodansha(?:\\s+comics|\\s+usa)?',
      'yen\\s+press',
      'seven\\s+seas(?:\\s+entertainment)?',
      'fantagraphics(?:\\s+books)?',
      'drawn\\s+(?:&|and)\\s+quarterly',
      'first\\s+second(?:\\s+books)?',
      'titan\\s+comics',
      '2000\\s*ad',
      'rebellion(?:\\s+publishing)?',
      'dynamite(?:\\s+entertainment)?',
      'oni(?:\\s+press)?(?:\\s*[/&]\\s*lion\\s+forge)?',
      'archie(?:\\s+comics)?',
      '(?:scholastic\\s+)?graphix',
      'random\\s+house\\s+graphic',
      'little,?\\s+brown\\s+ink',
      'harper\\s?alley',
      'abrams\\s+comicarts',
      'top\\s+shelf(?:\\s+productions)?',
      'aftershock(?:\\s+comics)?',
      'mad\\s+cave(?:\\s+studios)?',
      'vault(?:\\s+comics)?',
      'ablaze(?:\\s+publishing)?',
      'humanoids',
      'tokyopop',
      'valiant(?:\\s+entertainment)?',
      'zenescope(?:\\s+entertainment)?',
      'avatar\\s+press',
      '(?:sergio\\s+)?bonelli(?:\\s+editore)?',
      'panini(?:\\s+(?:comics|c[óo]mics|comics\\s+italia|manga))?',
      'star\\s+comics',
      'j-?pop(?:\\s+manga)?',
      'bao\\s+publishing',
      'dargaud',
      'dupuis',
      'gl[ée]nat(?:\\s+manga)?',
      'casterman',
      '(?:le\\s+)?lombard',
      'delcourt(?:\\s*/\\s*tonkam)?',
      'soleil(?:\\s+manga)?',
      'futuropolis',
      'kana',
      'ki-?oon',
      'planeta\\s+c[óo]mic',
      'ecc(?:\\s+ediciones)?',
      'norma\\s+editorial',
      'astiberri(?:\\s+ediciones)?',
      'carlsen(?:\\s+comics|\\s+manga)?',
      'egmont\\s+(?:comic\\s+collection|manga)',
      'splitter(?:\\s+verlag)?',
    ].join('|') +
    ')(?:\\s+(?:publishing|press|books|comics|media|entertainment|studios|usa|editions?))*(?:\\s*,?\\s*(?:llc|inc\\.?|ltd\\.?|s\\.?p\\.?a\\.?|s\\.?a\\.?|gmbh))?$',
  'i',
);

/** A store's department of comics, named whole: "Graphic Novels & Comics", "Manga", "Fumetti", "Cómics",
 *  "Bandes dessinées", "Romans graphiques", "Comics & Graphic Novels". */
const COMICS_DEPARTMENT =
  /^(?:(?:comics?|comic\s+books?|c[óo]mics?|graphic\s+novels?|manga|mangas|manhwa|manhua|fumetti|bd|bandes?\s+dessin[ée]es?|romans?\s+graphiques?|tebeos|historietas|comic\s+strips?|trade\s+paperbacks?|single\s+issues?|back\s+issues?)(?:\s*(?:&|and|y|et|e|und|,)\s*|$))+$/i;

/** A shelf of other goods: books, novels, cookbooks, gifts, merchandise, in the languages stores write. */
const OTHER_DEPARTMENT =
  /\b(?:books?|libri|livres?|libros?|b[üu]cher|novels?|romanzi|fiction|non-?fiction|saggi(?:stica)?|essays?|cookbooks?|cooking|memoirs?|biograph(?:y|ies)|merchandis(?:e|ing)|gadgets?|toys?|gifts?|apparel|abbonamenti|subscriptions?)\b/i;

/** An address's folder that names comics whole: "/graphic-novels-manga", "/shop/fumetti/albo/", "/nouveautes-bd". */
const COMICS_WORD = '(?:comics?|comicbooks?|comic[-_]books?|graphic[-_]novels?|manga|manhwa|fumetti|albo|albi|bd|bandes?[-_]dessinees?|romans?[-_]graphiques|tebeos|historietas|new|nouveautes|novita|novedades|neuheiten|category|categoria|rayon)';
const COMICS_FOLDER = new RegExp(`^(?:${COMICS_WORD}[-_](?:(?:and|y|e|et|und)[-_])?)*(?:comics?|comicbooks?|comic[-_]books?|graphic[-_]novels?|manga|manhwa|fumetti|albo|albi|bd|bandes?[-_]dessinees?|romans?[-_]graphiques|tebeos|historietas)(?:[-_](?:(?:and|y|e|et|und)[-_])?${COMICS_WORD})*$`, 'i');
/** A line naming a publishing house by the word such names end with ("Margaret K. McElderry Books",
 *  "Titan Books", "Random House"): on a card, the publisher of a book that is not a comics house's. */
const PUBLISHING_HOUSE = /^\p{Lu}[\p{L}.,'& -]*\s(?:Books|Press|Publishing|Publishers|House|Editions|Ediciones|Edizioni|Verlag)$/u;
/** A link to a person's page (an author, a contributor): the names in it are people's, not publishers'. */
const PERSON_LINK = /[/?&=_](?:contributors?|authors?|creators?|artists?|writers?|illustrators?)\b/i;

/** ISBN prefixes (the registrant's part) of comics publishers: DC (1-4012, 1-56389, 1-77950..2, 1-79950),
 *  Marvel (0-7851, 1-302), Image (1-58240, 1-60706, 1-63215, 1-5343), Dark Horse (1-56971, 1-59307,
 *  1-59582, 1-61655, 1-5067), IDW (1-60010, 1-61377, 1-63140, 1-68405), BOOM! (1-60886, 1-68415), Viz
 *  (1-4215, 1-59116, 1-9747), Kodansha (1-61262, 1-63236, 1-64651), Yen Press (1-9753), Seven Seas
 *  (1-62692, 1-64275, 1-63858), Fantagraphics (1-56097, 1-60699, 1-68396), Drawn & Quarterly (1-896597,
 *  1-897299, 1-77046), Titan Comics (1-78276, 1-78586, 1-78773), Rebellion (1-78108, 1-78618), Dynamite
 *  (1-60690, 1-5241), Oni (1-62010), Dargaud (2-205), Casterman (2-203), Dupuis (2-8001), Le Lombard
 *  (2-8036), Glénat (2-7234, 2-344), Delcourt (2-7560, 2-84789). */
const COMICS_ISBN_PREFIX = new RegExp(
  '^97(?:8(?:' +
    [
      '14012', '156389', '17795[012]', '179950',
      '07851', '1302',
      '158240', '160706', '163215', '15343',
      '156971', '159307', '159582', '161655', '15067',
      '160010', '161377', '163140', '168405',
      '160886', '168415',
      '14215', '159116', '19747',
      '161262', '163236', '164651',
      '19753',
      '162692', '164275', '163858',
      '156097', '160699', '168396',
      '1896597', '1897299', '177046',
      '178276', '178586', '178773',
      '178108', '178618',
      '160690', '15241',
      '162010',
      '2205', '2203', '28001', '28036', '27234', '2344', '27560', '284789',
    ].join('|') +
    '))',
);

/** Whether a code says its item is a comic: a periodical's barcode (a UPC with its issue add-on, a 977
 *  ISSN EAN), or an ISBN a comics publisher registered. */
export function isComicCode({ type, value }: Code): boolean {
  if (type === 'upc') return value.length === 17;
  if (type === 'ean') return value.startsWith('977');
  if (type === 'isbn') return COMICS_ISBN_PREFIX.test(value);
  return type === 'diamond' || type === 'lunar' || type === 'prh';
}

/** Whether a short line names a comics publisher or imprint, whole ("Viz Media LLC", not "Titan Books"). */
export function namesComicsPublisher(line: string): boolean {
  const text = clean(line).replace(/^by\s+/i, '');
  return text.length <= 60 && COMICS_PUBLISHER.test(text);
}

/** Whether a line names a store's comics department whole, or among the parts of a breadcrumb or a line
 *  of facts ("Graphic Novels & Comics / Superheroes", "Manga · Viz Media"). */
export function namesComics(line: string): boolean {
  return parts(line).some((part) => COMICS_DEPARTMENT.test(part));
}

function parts(line: string): string[] {
  return clean(line.slice(0, 300))
    .split(/\s*(?:[>/|»›·•:–—]|\s-\s|\s+in\s+)\s*/i)
    .map((part) => part.replace(/\s*\(\d+\)$/, '').trim())
    .filter((part) => part !== '');
}

/** What a shelf's heading says of what stands under it. */
export function shelfKind(heading: string): 'comic' | 'other' | null {
  if (parts(heading).some((part) => COMICS_DEPARTMENT.test(part) || /\b(?:comics?|c[óo]mics?|graphic\s+novels?|manga|fumetti|bd)\b/i.test(part))) return 'comic';
  return OTHER_DEPARTMENT.test(heading) ? 'other' : null;
}

/** An address whose folders name comics: "/category/graphic-novels", "/shop/fumetti/albo/dylan-dog-462-…". */
export function comicsAddress(href: string): boolean {
  const path = href.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '').slice(0, 300);
  return path.split('/').some((segment) => segment !== '' && !/\d/.test(segment) && COMICS_FOLDER.test(segment));
}

const CARD_ELEMENTS = 80;
const SHELF_LEVELS = 8;
const SHELF_SIBLINGS = 40;
const HEADINGS = 'h1,h2,h3,h4,h5,h6,[role="heading"]';

/** What the item's card says it is: a comic where it names a comics publisher or department, a link title
 *  naming a comic's format, or its own address filed under comics; another book where it names only some
 *  other publishing house; null where it says neither. The card's own title (its product links' text) and
 *  the people it credits are not read for this. */
export function cardKind(card: Element): 'comic' | 'other' | null {
  const elements = [card, ...card.querySelectorAll('*')].slice(0, CARD_ELEMENTS);
  let other = false;
  for (const el of elements) {
    if (el.closest(NOT_CONTENT) !== null) continue;
    const link = el.closest('a[href]');
    const href = link?.getAttribute('href') ?? '';
    const product = link !== null && isProductAddress(href);
    if (el === link && product && comicsAddress(href)) return 'comic';
    const named = el.getAttribute('title');
    if (named !== null && named.length <= 200) {
      const reading = readTitle(clean(named));
      if (reading.kind === 'comic' && !reading.bookLike) return 'comic';
    }
    if (product || (link !== null && PERSON_LINK.test(href))) continue;
    for (const node of el.childNodes) {
      if (node.nodeType !== 3 /* Node.TEXT_NODE */) continue;
      const line = clean(node.nodeValue ?? '');
      if (line.length < 2 || line.length > 160) continue;
      for (const part of line.split(/\s*[·•|/>›»]\s*/)) {
        if (namesComicsPublisher(part) || COMICS_DEPARTMENT.test(part)) return 'comic';
        other ||= PUBLISHING_HOUSE.test(part);
      }
    }
  }
  return other ? 'other' : null;
}

/** The heading of the shelf `el` stands on: the nearest heading before it, among the blocks around it that
 *  hold no card of their own (a heading with a "See all" link beside it counts; a neighbouring card does
 *  not). A card that is a whole shelf (its only product) holds its shelf's heading: one with no product link. */
export function shelfHeading(el: Element): Element | null {
  const products = [...el.querySelectorAll('a[href]')].slice(0, 8).filter((a) => isProductAddress(a.getAttribute('href') ?? ''));
  // Inside the card: a heading before all its product links, which name the product themselves.
  if (products.some((a) => textOf(a) !== '')) {
    for (const heading of [...el.querySelectorAll(HEADINGS)].slice(0, 4)) {
      if (products.every((a) => !heading.contains(a) && (heading.compareDocumentPosition(a) & 4) /* DOCUMENT_POSITION_FOLLOWING */ !== 0)) return heading;
    }
  }
  let looked = 0;
  for (let node: Element | null = el, depth = 0; node !== null && node.tagName !== 'BODY' && depth < SHELF_LEVELS; node = node.parentElement, depth++) {
    for (let sibling = node.previousElementSibling; sibling !== null && looked < SHELF_SIBLINGS; sibling = sibling.previousElementSibling, looked++) {
      if (sibling.matches(HEADINGS)) return sibling;
      // A block like this one with a product of its own (the card before it in a grid) is a neighbour,
      // not the shelf's header.
      if (sibling.tagName === node.tagName && sibling.getAttribute('class') === node.getAttribute('class') && holdsProduct(sibling)) continue;
      if (sibling.querySelector('img') !== null) continue;
      const heading = sibling.querySelector(HEADINGS);
      if (heading !== null && sibling.querySelectorAll('a[href]').length <= 3) return heading;
    }
  }
  return null;
}

function holdsProduct(block: Element): boolean {
  return [...block.querySelectorAll('a[href]')].slice(0, 8).some((a) => isProductAddress(a.getAttribute('href') ?? ''));
}

/** Whether the page as a whole sells comics: its address, its site name, its heading or its breadcrumb. */
export function pageSaysComic(document: Document, url: string): boolean {
  let address: URL | null = null;
  try {
    address = new URL(url);
  } catch {
    // no address to read
  }
  if (address !== null && (/comic|fumett/i.test(address.hostname) || comicsAddress(address.pathname))) return true;
  const h1 = document.querySelector('h1');
  const heading = h1 === null ? '' : textOf(h1);
  // The page's own heading, unless it names a product (a comic's product page is read by its title).
  if (heading !== '' && readTitle(heading).kind !== 'comic' && namesComics(heading)) return true;
  const site = document.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ?? '';
  // The site's name in the document's title: its parts that are not the page's heading.
  const titled = (document.title || '').split(/\s+[|–—·-]\s+/).filter((part) => heading === '' || (!part.includes(heading) && !heading.includes(part)));
  if ([site, ...titled].some((part) => /(?:^|[^\p{L}])(?:comics?|c[óo]mics?|comic\s+books?|graphic\s+novels?|manga|fumetti|bd|bandes?\s+dessin[ée]es?)(?![\p{L}])/iu.test(part))) return true;
  const crumbs = document.querySelector('[aria-label*="breadcrumb" i],[itemtype*="BreadcrumbList"],[class*="breadcrumb" i]');
  return crumbs !== null && [...crumbs.querySelectorAll('a,span,li')].slice(0, 12).some((crumb) => namesComics(textOf(crumb)));
}

/** Whether most products of the list `card` stands in are comics by what their own cards say: their
 *  publisher or department, a code of theirs, or a title with a mark only comics carry. */
export function amongComics(card: Element, base: string): boolean {
  const list = card.parentElement;
  if (list === null) return false;
  let products = 0;
  let comics = 0;
  for (const sibling of [...list.children].slice(0, NEIGHBOURS)) {
    const links = (sibling.matches('a[href]') ? [sibling] : [...sibling.querySelectorAll('a[href]')].slice(0, 8)).filter((a) => isProductAddress(a.getAttribute('href') ?? ''));
    if (links.length === 0) continue;
    products++;
    const says =
      cardKind(sibling) === 'comic' ||
      links.some((a) => codesFromAddress(a.getAttribute('href') ?? '', base, false).some(isComicCode)) ||
      links.some((a) => {
        const reading = readTitle(clean(a.getAttribute('title') ?? '') || textOf(a));
        return reading.kind === 'comic' && !reading.bookLike;
      });
    if (says) comics++;
  }
  return products >= 3 && comics * 2 > products;
}

const NEIGHBOURS = 48;

/** The signals of one page read with one adapter: what the page says is read once, the rest per item. */
export function comicSignals(document: Document, url: string, adapter: SiteAdapter): ComicSignal {
  if (adapter.comicShop === true) return () => true;
  let page: boolean | undefined;
  const lists = new WeakMap<Element, boolean>();
  return (where, codes, category) => {
    if (category !== null && namesComics(category)) return true;
    // What the card shows comes before what its code says: a card naming its publisher is read as it says.
    const card = where === null ? null : cardKind(where);
    if (card !== null) return card === 'comic';
    if (codes.some(isComicCode)) return true;
    if (where !== null) {
      const heading = shelfHeading(where);
      const shelf = heading === null ? null : shelfKind(textOf(heading));
      if (shelf !== null) return shelf === 'comic';
    }
    page ??= pageSaysComic(document, url);
    // Neighbours vouch only for a book (an ISBN): a toy among comics is still a toy.
    if (page || where === null || where.parentElement === null || !codes.some((code) => code.type === 'isbn')) return page;
    let neighbours = lists.get(where.parentElement);
    if (neighbours === undefined) {
      neighbours = amongComics(where, url);
      lists.set(where.parentElement, neighbours);
    }
    return neighbours;
  };
}
