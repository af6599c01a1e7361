// The product-grid reader: comics in repeated blocks, whatever the store calls them. Shopify, WooCommerce
// and BigCommerce grids, table rows, lists of links and <article> cards all share one shape: a block with a
// link to the product, a title, and a price, a buy control or a product address. No class name is read.
//
// How a block is found: every product link marks the elements above it with its product's key; an element
// above links to two products is marked "many". A product's card is the highest element above its link
// that holds no other product: in a grid, the cell whose parent holds the others. A card counts when its
// title reads as a comic and it shows a commerce signal, and when it stands beside others like it (a grid)
// or is plainly a product on its own (a product address with a price or a buy control).

import { findCodesInText, parseCode, type Code } from '../codes';
import { CLONE, clean, CODE_LIKE, copyRank, hasBuyControl, isListHeading, MAX_BLOCK_ELEMENTS, NOT_CONTENT, textOf } from '../dom';
import { judgeTitle, linkTitle, mayBeName, namesOtherProduct, readTitle, shownTitle, signalFor, titleText, wholeTitle, type Titled } from '../judge';
import { addCode, codesFromAddress, linkTarget, OWN_CODE_IN_PATH, codesFromImageName, isActionLink, isEditorialAddress, isListLink, isProductAddress, strictCode } from '../links';
import { hasPrice, shownPrice, withoutPrice } from '../prices';
import type { ComicSignal } from '../signals';
import { categoryKind, type NotAComicReason } from '../titles';
import { YIELD_EVERY, type Extractor, type ReadContext } from './context';

const MANY = '\u0000many';
/** A barcode's label before digits: ISBN, UPC, EAN. */
const LABELLED_CODE = /\b(?:isbn(?:-1[03])?|upc|ean)\b\s*:?\s*\d/i;
const MAX_LINKS = 8000;
const MAX_ROWS = 2000;
/** Cards an adapter found with no code, read for a code in their lines before the rest are left alone. */
const LINES_TRIED = 24;
const NAMES = 'h1,h2,h3,h4,h5,h6,[itemprop="name"]';
/** A candidate title the parser calls one of these is some other product: the card is not a comic. */
const NOT_A_COMIC: ReadonlySet<NotAComicReason> = new Set<NotAComicReason>(['merchandise', 'category', 'lot', 'store-heading', 'editorial']);

interface Card {
  readonly card: Element;
  readonly key: string;
  readonly title: Titled;
  readonly codes: Code[];
  readonly price: string | null;
  /** A price or a buy control: for sale on its own, whatever stands around it. */
  readonly forSale: boolean;
  readonly productAddress: boolean;
  /** Some sign of sale: a price, a buy control, a product address or structured product data. */
  readonly signal: boolean;
  /** A line of the card naming its format ("Graphic Novel", "Hardcover"), where the title names none. */
  readonly category: string | null;
}

export const productGrid: Extractor = function* (context, root) {
  const { items, seen, linkKey, url } = context;
  const links = root.querySelectorAll('a[href]');
  const owner = new Map<Element, string>();
  let keyed: { a: Element; key: string }[] = [];
  const self = linkKey(url);
  const keyedByStore = context.adapter.productKey !== undefined;
  for (let i = 0; i < links.length && i < MAX_LINKS; i++) {
    if (i % 256 === 255) yield;
    const a = links[i];
    const href = a?.getAttribute('href') ?? '';
    if (a === undefined || isActionLink(href) || isEditorialAddress(href) || isListLink(href) || isFormatSwitch(a)) continue;
    const key = linkKey(href);
    if (key === null) continue;
    // Where the store says how its products are addressed (Amazon's /dp/, eBay's /itm/), a link to
    // anything else (an author's page, a brand store) is not a product and does not split a card.
    if (keyedByStore && !key.startsWith('p:')) continue;
    keyed.push({ a, key });
  }
  // A page every card links to ("zzgl. Versandkosten", a shipping-costs page under each German shop's
  // prices) is not a product, and must not split the cards: a key linked three times or more by links
  // none of which shows a cover, a title attribute, a code or a comic's name.
  const counts = new Map<string, Element[]>();
  for (const { a, key } of keyed) {
    const links = counts.get(key);
    if (links === undefined) counts.set(key, [a]);
    else if (links.length < 4) links.push(a);
  }
  const shared = new Set<string>();
  for (const [key, links] of counts) if (links.length >= 3 && !links.some(isProductLink)) shared.add(key);
  if (shared.size > 0) keyed = keyed.filter(({ key }) => !shared.has(key));
  for (const { a, key } of keyed) {
    for (let node: Element | null = a; node !== null; node = node.parentElement) {
      const was = owner.get(node);
      if (was === undefined) owner.set(node, key);
      else if (was === key || was === MANY) break;
      else owner.set(node, MANY);
    }
  }

  const cards: Card[] = [];
  const read = new Set<Element>();
  let linesTried = 0;
  const cloned = root.querySelector(CLONE) !== null;
  for (let i = 0; i < keyed.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const { a, key } = keyed[i] ?? { a: null, key: '' };
    // The page's own address (a breadcrumb, a "write a review" link) is the page's product, not a card.
    if (a === null || key === self) continue;
    let card: Element = a;
    for (let up = card.parentElement; up !== null && up.tagName !== 'BODY' && owner.get(up) === key; up = up.parentElement) card = up;
    if (read.has(card)) continue;
    read.add(card);
    // A product an earlier extractor found (the adapter's tile): the grid reader only confirms it, and
    // reads a code its rule found none of from a line of its own ("<small>0425DC0012</small>").
    const holder = items.containing(a);
    const existing = items.known([], key) ?? (holder !== null && (holder.container === card || card.contains(holder.container)) ? holder : null);
    if (existing !== null) {
      // A listing shows codes in its cards' lines on every card or on none: after LINES_TRIED cards with
      // none, the rest are not read for them.
      const tried = existing.codes.length === 0 && linesTried < LINES_TRIED;
      const codes = tried ? lineCodes(card) : [];
      if (tried) linesTried = codes.length > 0 ? 0 : linesTried + 1;
      // An item with no price (the adapter's rule names none of the theme's price elements): the card's.
      const price = existing.price === null && existing.container === card ? shownPrice(card, 40) : undefined;
      if (!seen.has(card) || codes.length > 0 || price != null) items.merge(existing, codes, 'grid', price, card);
      continue;
    }
    if (seen.has(card)) continue;
    try {
      const found = readCard(context, card, key);
      if (found !== null) cards.push(found);
    } catch {
      // One odd block does not stop the others.
    }
  }

  // Cards that stand beside others like them are a grid, where a card with no sign of sale (sold out)
  // counts when most of its neighbours show one; a card alone must be plainly a product.
  const siblings = new Map<Element | null, { cards: number; signals: number }>();
  for (const { card, signal } of cards) {
    const group = siblings.get(card.parentElement) ?? { cards: 0, signals: 0 };
    group.cards++;
    if (signal) group.signals++;
    siblings.set(card.parentElement, group);
  }
  const later: Card[] = [];
  for (let i = 0; i < cards.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const found = cards[i];
    if (found === undefined) continue;
    const group = siblings.get(found.card.parentElement) ?? { cards: 0, signals: 0 };
    const grid = group.cards >= 2 && (found.signal || group.signals * 2 >= group.cards);
    if (!grid && !(found.forSale && found.productAddress)) continue;
    // Slider copies come after the originals, so the original keeps the badge.
    if (cloned && found.card.closest(CLONE) !== null) later.push(found);
    else offer(context, found);
  }
  // Slides out of view before a slider's copies: the same comic keeps its badge on the original.
  for (const rank of [1, 2]) for (const found of later) if (copyRank(found.card) === rank) offer(context, found);
  yield* tableRows(context, root);
};

/** Rows of a table or a list with no link to their product (a cart, an order, a price list, a "Final
 *  Order Cutoff" list): a cell names the comic and a cell asks its price. Rows beside each other, as cards are. */
function* tableRows(context: ReadContext, root: Element): Generator<void, void, void> {
  const rows = root.querySelectorAll('tr, li');
  const found: { row: Element; title: Titled; price: string; codes: Code[] }[] = [];
  for (let i = 0; i < rows.length && i < MAX_ROWS; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const row = rows[i];
    if (row === undefined || context.seen.has(row) || row.querySelector('th,table') !== null || context.items.containing(row) !== null) continue;
    // A list row asks a price or is not read (menus are lists too).
    if (row.tagName === 'LI' && !hasPrice((row.textContent ?? '').slice(0, 600))) continue;
    // A row with products' own links is a grid laid out as a table: its cells are the cards.
    if ([...row.querySelectorAll('a[href]')].some((a) => isProductHref(a.getAttribute('href') ?? ''))) continue;
    try {
      const cells = row.children;
      let title: Titled | null = null;
      for (let c = 0; c < cells.length && c < 8 && title === null; c++) {
        const cell = cells[c];
        if (cell === undefined) continue;
        // The cell's first line (its link, before a subtitle under it), else its whole text.
        const first = cell.firstElementChild;
        for (const part of first !== null && first.tagName !== 'BR' ? [first, cell] : [cell]) {
          const text = titleText(textOf(part));
          if (title === null && mayBeName(text) && readTitle(text).kind === 'comic') title = { text, element: part };
        }
      }
      const price = title === null ? null : shownPrice(row);
      // An element that holds a code and nothing else (a price list's "Diamond code" column) gives the row's code.
      const codes: Code[] = [];
      const parts = title === null || price === null ? [] : row.querySelectorAll('*');
      for (let c = 0; c < parts.length && c < 40; c++) {
        const part = parts[c];
        if (part === undefined || part.firstElementChild !== null) continue;
        const text = textOf(part);
        if (text.length >= 9 && text.length <= 20 && CODE_LIKE.test(text)) addCode(codes, strictCode(text));
      }
      if (title !== null && price !== null) found.push({ row, title, price, codes });
    } catch {
      // One odd row does not stop the others.
    }
  }
  for (const { row, title, price, codes } of found) {
    if (found.filter((other) => other.row.parentElement === row.parentElement).length < 2) continue;
    context.seen.add(row);
    context.items.offer({ codes, title: title.text, price, anchor: title.element, container: row }, 'grid');
  }
}

function offer(context: ReadContext, { card, key, title, codes, price, category }: Card): void {
  context.seen.add(card);
  context.items.offer({ codes, title: title.text, price, anchor: title.element, container: card, link: key, category }, 'grid');
}

function readCard(context: ReadContext, card: Element, key: string): Card | null {
  if (card.getElementsByTagName('*').length > MAX_BLOCK_ELEMENTS || card.closest(NOT_CONTENT) !== null) return null;
  // The page's own product is read from its heading (./heading.ts), not as a card; a list whose every
  // product is titled with an h1 (Squarespace) is read as cards.
  const h1 = card.querySelector('h1');
  if (h1 !== null && !isListHeading(h1)) return null;
  const own: Element[] = [];
  const anchors = card.matches('a[href]') ? [card] : [...card.querySelectorAll('a[href]')];
  for (const a of anchors) if (context.linkKey(a.getAttribute('href') ?? '') === key) own.push(a);
  // A product's link shows its cover, its name or its code; "Why?" and "Our grading standards" link to
  // pages about the store.
  if (!own.some(isProductLink)) return null;
  const codes: Code[] = [];
  let productAddress = false;
  for (const a of own) {
    const href = linkTarget(a.getAttribute('href') ?? '', context.url);
    productAddress ||= isProductAddress(href);
    if (OWN_CODE_IN_PATH.test(href)) codesFromAddress(href, context.url, true, codes, true);
  }
  const images = card.querySelectorAll('img');
  for (let i = 0; i < images.length && i < 4; i++) {
    const img = images[i];
    const src = img?.getAttribute('src') ?? img?.getAttribute('data-src') ?? '';
    if (CODE_LIKE.test(src)) codesFromImageName(src, codes);
  }
  lineCodes(card, codes);
  let category: string | null = null;
  const reading = cardTitle(card, own, codes, context.signal);
  let title = reading.title;
  const unmarked = reading.unmarked;
  // "Batman: Year One" names no format; a line of its card may ("Graphic Novel").
  if (title === null && unmarked !== null) {
    category = formatLine(card);
    if (category !== null && judgeTitle(unmarked.text, category, codes, signalFor(context.signal, card, codes, category))) title = unmarked;
  }
  if (title === null || namesOtherProduct(card, title.text)) {
    context.items.reject(card);
    return null;
  }
  const price = shownPrice(card);
  const forSale = price !== null || hasBuyControl(card);
  const signal = forSale || productAddress || card.querySelector('[itemtype*="schema.org/Product" i]') !== null;
  return { card, key, title, codes, price, forSale, productAddress, signal, category };
}

/** A short line of a card that names a comic's format or kind as a store categorises it ("Graphic Novel",
 *  "Hardcover", "Comic"): a leaf of at most 30 characters. */
function formatLine(card: Element): string | null {
  const leaves = card.querySelectorAll('p,span,div,li,small,em');
  for (let i = 0; i < leaves.length && i < 40; i++) {
    const leaf = leaves[i];
    if (leaf === undefined || leaf.childElementCount > 0) continue;
    const text = textOf(leaf);
    if (text.length >= 4 && text.length <= 30 && categoryKind(text) === 'comic') return text;
  }
  return null;
}

/** Codes in a card's own lines: a cell or a line that holds nothing but a code ("<td>MAR180014</td>",
 *  "<small>0425DC0012</small>"), of a kind no store number is, or a labelled one in a line of facts. */
function lineCodes(card: Element, codes: Code[] = []): Code[] {
  const walker = card.ownerDocument.createTreeWalker(card, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < 60; node = walker.nextNode(), visited++) {
    const value = node.nodeValue ?? '';
    // Every code has six digits in a row or a Lunar code's 4 + 4 (CODE_LIKE), in 9 characters or more.
    if (value.length < 9 || !/\d{4}/.test(value) || node.parentElement?.closest(NOT_CONTENT) != null) continue;
    if (value.length <= 40 && CODE_LIKE.test(value)) addCode(codes, strictCode(clean(value)));
    // A labelled code inside a line of facts: "Image · Marjorie Liu · ISBN 978-1-63215-709-6".
    else if (value.length <= 200 && LABELLED_CODE.test(value)) for (const code of findCodesInText(value)) addCode(codes, code);
  }
  return codes;
}

/** A format switcher ("Kindle", "Paperback", "NOOK Book"): another edition of the card's comic, which
 *  must not split the card into one per edition. */
const FORMAT_NAME = /^(?:kindle(?:\s*(?:&|and)\s*comixology)?|comixology|paperback|trade\s+paperback|mass\s+market\s+paperback|hardcover|hardback|audiobook|audible(?:\s+audiobook)?|audio\s+cd|nook\s+book|e-?book|digital|board\s+book|library\s+binding)(?:\s+edition)?$/i;

function isFormatSwitch(a: Element): boolean {
  const text = (a.textContent ?? '').trim();
  return text.length <= 40 && FORMAT_NAME.test(text.replace(/\s+/g, ' '));
}

function holdsLink(name: Element, own: readonly Element[]): boolean {
  return own.some((a) => name.contains(a));
}

/** The word a cover's description ends with: "Dylan Dog 461 cover", "… copertina", "… portada". */
const COVER_WORD = /\s+(?:cover|copertina|portada|couverture|capa|titelbild)(?:\s+(?:image|art))?$/i;

/** A cover's description as a title. "<story> - <series> <number> cover" is the series and its number
 *  ("La stanza senza porte - Dylan Dog 461 cover" is "Dylan Dog 461"); a bare number ("462") is the issue
 *  the product's address names, written out from it ("/albo/dylan-dog-462-1003012/" is "Dylan Dog 462",
 *  the store's own id after it dropped). */
export function altTitle(alt: string, href: string): string {
  if (/^\d{1,4}$/.test(alt)) return slugTitle(href, alt) ?? alt;
  const text = alt.replace(COVER_WORD, '');
  if (text === alt) return alt;
  const parts = text.split(/\s+[-–—]\s+/);
  for (let i = 1; i < parts.length; i++) {
    const rest = parts.slice(i).join(' - ');
    const reading = readTitle(rest, 'Comics');
    if (reading.kind === 'comic' && reading.number !== null) return rest;
  }
  return text;
}

/** The name a product's address gives it, when its last folder ends in `number` (before a store id). */
function slugTitle(href: string, number: string): string | null {
  const path = href.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  const slug = path.split('/').filter((segment) => segment !== '').pop() ?? '';
  const name = slug.replace(/\.html?$/i, '').replace(/[-_]\d{5,}$/, '');
  if (!new RegExp(`\\p{L}[-_]0*${number}$`, 'u').test(name)) return null;
  return name
    .split(/[-_]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function isProductHref(href: string): boolean {
  return !isActionLink(href) && !isListLink(href) && !isEditorialAddress(href);
}

function isProductLink(a: Element): boolean {
  if (a.querySelector('img,picture') !== null || a.hasAttribute('title')) return true;
  const text = titleText(textOf(a));
  return parseCode(text) !== null || (mayBeName(text) && readTitle(text).kind === 'comic');
}

/** The card's title: the product link's title attribute (whole where the text is cut), a title the card
 *  declares in an attribute, a heading, the link's text; then, weaker, an image's description and the
 *  card's own lines of text. The first that reads as a comic wins; a strong one that reads as some other
 *  product (a T-shirt, a card game) means the card is that product. */
function cardTitle(card: Element, own: readonly Element[], codes: readonly Code[], signal: ComicSignal): { title: Titled | null; unmarked: Titled | null } {
  // What the card shows as its name, whole: its links' text without the price they hold, its headings.
  // Read only for a link with a title attribute, which gives way to it.
  const shown = (): string[] => [...own.map((a) => withoutPrice(textOf(a))), ...[...card.querySelectorAll(NAMES)].slice(0, 4).map(textOf)].filter((text) => text !== '');
  // Candidates in order of trust, each list read only when the ones before gave no comic.
  const sources: (() => (Titled & { strong: boolean })[])[] = [
    () =>
      own.map((a) => {
        const attribute = linkTitle(a);
        return { text: attribute === null ? '' : shownTitle(attribute, shown()), element: a, strong: true };
      }),
    () =>
      [...card.attributes]
        .filter((attribute) => attribute.name !== 'name' && /^(?:data-)?[\w-]*(?:title|name)$/i.test(attribute.name))
        .map((attribute) => ({ text: clean(attribute.value.slice(0, 300)), element: own[0] ?? card, strong: true })),
    // A heading that holds the product's link names it before one that heads the block ("Libri" over the
    // only book of a shelf, whose card is the whole shelf).
    () =>
      [...card.querySelectorAll(NAMES)]
        .slice(0, 4)
        .sort((a, b) => Number(holdsLink(b, own)) - Number(holdsLink(a, own)))
        .map((name) => ({ text: wholeTitle(textOf(name), name), element: name.querySelector('a[href]') ?? name, strong: true })),
    // A link that holds the price too ("Void Rivals #19 … — Regular price $3.99"): its parts first.
    () =>
      own.flatMap((a) => {
        const text = textOf(a);
        const whole = { text: wholeTitle(withoutPrice(text), a), element: a, strong: true };
        if (a.childElementCount === 0 || !hasPrice(text)) return [whole];
        const parts = [...a.querySelectorAll('*')].filter((part) => part.childElementCount === 0 && textOf(part) !== '').slice(0, 6);
        return [...parts.map((part) => ({ text: textOf(part), element: a, strong: false })), whole];
      }),
    () => {
      const image = card.querySelector('img[alt]');
      if (image === null) return [];
      const link = image.closest('a[href]');
      const alt = altTitle(clean(image.getAttribute('alt') ?? ''), link?.getAttribute('href') ?? '');
      return [{ text: alt, element: link ?? image, strong: false }];
    },
    // Lines of the card, only when its own link names nothing: a product named "Comic Mystery Box" is not
    // the comic a line under it mentions ("Could include Absolute Batman #1!").
    () =>
      named
        ? []
        : [...card.querySelectorAll('div,span,p,li,td,strong,b')]
            .slice(0, 40)
            .filter((leaf) => leaf.childElementCount === 0)
            .slice(0, 8)
            .map((leaf) => ({ text: textOf(leaf), element: leaf, strong: false })),
  ];
  let named = false;
  // The first strong candidate that names no format ("Batman: Year One"), for a format line to vouch for.
  let unmarked: Titled | null = null;
  // A name with no issue number or format ("Saga Compendium One") is a comic when the card carries a
  // publication code: the first such name, when no candidate reads as a comic by itself.
  let vouched: Titled | null = null;
  for (const source of sources) {
    for (const candidate of source()) {
      if (candidate.text === '') continue;
      const text = titleText(candidate.text);
      if (!mayBeName(text)) continue;
      named ||= candidate.strong && /\p{L}{3}/u.test(text);
      const parsed = readTitle(text);
      if (parsed.kind === 'comic') return { title: { text, element: candidate.element }, unmarked };
      if (candidate.strong && NOT_A_COMIC.has(parsed.reason)) return { title: null, unmarked: null };
      if (vouched === null && parsed.reason === 'no-comic-marker' && judgeTitle(text, null, codes, signalFor(signal, card, codes))) vouched = { text, element: candidate.element };
      if (unmarked === null && candidate.strong && parsed.reason === 'no-comic-marker') unmarked = { text, element: candidate.element };
    }
  }
  return { title: vouched, unmarked: vouched === null ? unmarked : null };
}
