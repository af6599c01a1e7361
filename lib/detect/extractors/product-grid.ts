// The product-grid reader: comics in repeated blocks, whatever the store calls them. Shopify, WooCommerce
// and BigCommerce grids, table rows, lists of links and <article> cards all share one shape: a block with a
// link to the product, a title, and a price, a buy control or a product address. No class name is read.
//
// How a block is found: every product link marks the elements above it with its product's key; an element
// above links to two products is marked "many". A product's card is the highest element above its link
// that holds no other product: in a grid, the cell whose parent holds the others. A card counts when its
// title reads as a comic and it shows a commerce signal, and when it stands beside others like it (a grid)
// or is plainly a product on its own (a product address with a price or a buy control).

import type { Code } from '../codes';
import { CLONE, clean, hasBuyControl, NOT_CONTENT, textOf } from '../dom';
import { judgeTitle, mayBeName, titleText, wholeTitle, type Titled } from '../judge';
import { addCode, codesFromAddress, codesFromImageName, isActionLink, isEditorialAddress, isProductAddress, strictCode } from '../links';
import { shownPrice } from '../prices';
import { parseTitle, type NotAComicReason } from '../titles';
import { YIELD_EVERY, type Extractor, type ReadContext } from './context';

const MANY = '\u0000many';
const MAX_LINKS = 8000;
/** A block with more than this many elements is a page section, not one product's card. */
const MAX_CARD_ELEMENTS = 120;
const NAMES = 'h1,h2,h3,h4,h5,h6,[itemprop="name"]';
/** A candidate title the parser calls one of these is some other product: the card is not a comic. */
const NOT_A_COMIC: ReadonlySet<NotAComicReason> = new Set<NotAComicReason>(['merchandise', 'category', 'lot', 'store-heading']);

interface Card {
  readonly card: Element;
  readonly key: string;
  readonly title: Titled;
  readonly codes: Code[];
  readonly price: string | null;
  /** A price or a buy control: for sale on its own, whatever stands around it. */
  readonly forSale: boolean;
  readonly productAddress: boolean;
}

export const productGrid: Extractor = function* (context, root) {
  const { items, seen, linkKey, url } = context;
  const links = root.querySelectorAll('a[href]');
  const owner = new Map<Element, string>();
  const keyed: { a: Element; key: string }[] = [];
  const self = linkKey(url);
  for (let i = 0; i < links.length && i < MAX_LINKS; i++) {
    if (i % 256 === 255) yield;
    const a = links[i];
    const href = a?.getAttribute('href') ?? '';
    if (a === undefined || isActionLink(href) || isEditorialAddress(href)) continue;
    const key = linkKey(href);
    if (key === null) continue;
    keyed.push({ a, key });
    for (let node: Element | null = a; node !== null; node = node.parentElement) {
      const was = owner.get(node);
      if (was === undefined) owner.set(node, key);
      else if (was === key || was === MANY) break;
      else owner.set(node, MANY);
    }
  }

  const cards: Card[] = [];
  const read = new Set<Element>();
  const cloned = root.querySelector(CLONE) !== null;
  for (let i = 0; i < keyed.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const { a, key } = keyed[i] ?? { a: null, key: '' };
    // The page's own address (a breadcrumb, a "write a review" link) is the page's product, not a card.
    if (a === null || key === self) continue;
    let card: Element = a;
    for (let up = card.parentElement; up !== null && up.tagName !== 'BODY' && owner.get(up) === key; up = up.parentElement) card = up;
    if (read.has(card) || seen.has(card)) continue;
    read.add(card);
    // A product an earlier extractor found (the adapter's tile): the grid reader only confirms it.
    const existing = items.known([], key) ?? items.containing(a);
    if (existing !== null) {
      items.merge(existing, [], 'grid');
      continue;
    }
    try {
      const found = readCard(context, card, key);
      if (found !== null) cards.push(found);
    } catch {
      // One odd block does not stop the others.
    }
  }

  // Cards that stand beside others like them are a grid; a card alone must be plainly a product.
  const siblings = new Map<Element | null, number>();
  for (const { card } of cards) siblings.set(card.parentElement, (siblings.get(card.parentElement) ?? 0) + 1);
  const later: Card[] = [];
  for (let i = 0; i < cards.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const found = cards[i];
    if (found === undefined) continue;
    const grid = (siblings.get(found.card.parentElement) ?? 0) >= 2;
    if (!grid && !(found.forSale && found.productAddress)) continue;
    // Slider copies come after the originals, so the original keeps the badge.
    if (cloned && found.card.closest(CLONE) !== null) later.push(found);
    else offer(context, found);
  }
  for (const found of later) offer(context, found);
};

function offer(context: ReadContext, { card, key, title, codes, price }: Card): void {
  context.seen.add(card);
  context.items.offer({ codes, title: title.text, price, anchor: title.element, container: card, link: key }, 'grid');
}

function readCard(context: ReadContext, card: Element, key: string): Card | null {
  if (card.getElementsByTagName('*').length > MAX_CARD_ELEMENTS || card.closest(NOT_CONTENT) !== null) return null;
  const own: Element[] = [];
  const anchors = card.matches('a[href]') ? [card] : [...card.querySelectorAll('a[href]')];
  for (const a of anchors) if (context.linkKey(a.getAttribute('href') ?? '') === key) own.push(a);
  const codes: Code[] = [];
  let productAddress = false;
  for (const a of own) {
    const href = a.getAttribute('href') ?? '';
    productAddress ||= isProductAddress(href);
    codesFromAddress(href, context.url, true, codes);
  }
  const images = card.querySelectorAll('img');
  for (let i = 0; i < images.length && i < 4; i++) {
    const img = images[i];
    codesFromImageName(img?.getAttribute('src') ?? img?.getAttribute('data-src') ?? '', codes);
  }
  // A cell or a line that holds nothing but a code ("<td>MAR180014</td>"), of a kind no store number is.
  const walker = card.ownerDocument.createTreeWalker(card, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < 60; node = walker.nextNode(), visited++) {
    const value = node.nodeValue ?? '';
    if (value.length >= 9 && value.length <= 40 && /\d{6}/.test(value) && node.parentElement?.closest(NOT_CONTENT) == null) addCode(codes, strictCode(clean(value)));
  }
  const title = cardTitle(card, own, codes);
  if (title === null) return null;
  const price = shownPrice(card);
  const forSale = price !== null || hasBuyControl(card);
  if (!forSale && !productAddress && card.querySelector('[itemtype*="schema.org/Product" i]') === null) return null;
  return { card, key, title, codes, price, forSale, productAddress };
}

/** The card's title: the product link's title attribute (whole where the text is cut), a heading, the
 *  link's text, an image's description; the first that reads as a comic. A name that reads as some other
 *  product (a T-shirt, a card game) means the card is that product. */
function cardTitle(card: Element, own: readonly Element[], codes: readonly Code[]): Titled | null {
  const candidates: Titled[] = [];
  for (const a of own) {
    const whole = clean(a.getAttribute('title') ?? '');
    if (whole !== '') candidates.push({ text: whole, element: a });
  }
  const names = card.querySelectorAll(NAMES);
  for (let i = 0; i < names.length && i < 4; i++) {
    const name = names[i];
    if (name !== undefined) candidates.push({ text: wholeTitle(textOf(name), name), element: name.querySelector('a[href]') ?? name });
  }
  for (const a of own) candidates.push({ text: wholeTitle(textOf(a), a), element: a });
  const image = card.querySelector('img[alt]');
  if (image !== null) candidates.push({ text: clean(image.getAttribute('alt') ?? ''), element: image.closest('a[href]') ?? image });
  for (const candidate of candidates) {
    const text = titleText(candidate.text);
    if (!mayBeName(text)) continue;
    const parsed = parseTitle(text);
    if (parsed.kind === 'comic') return { text, element: candidate.element };
    if (NOT_A_COMIC.has(parsed.reason)) return null;
    // A name with no issue number or format is a comic when the card carries a publication code.
    if (parsed.reason === 'no-comic-marker' && judgeTitle(text, null, codes)) return { text, element: candidate.element };
  }
  return null;
}
