// Is this text a comic's title: the title as the store meant it (whole, without a rank or a marketplace
// label glued on), read by the title parser, with a publication code vouching for a title the parser
// finds no comic marker in.

import type { Code } from './codes';
import { clean, NOT_CONTENT, textOf } from './dom';
import type { ComicSignal } from './signals';
import { categoryKind, isComic, namesGoods, parseTitle, type NotAComic, type ParsedTitle } from './titles';

const ELLIPSIS = /(?:\.{3,}|…)\s*$/;
/** A bestseller rank ("1. ", "12) ") or a marketplace label glued on ("New ListingAbsolute Batman #6",
 *  Amazon's "Sponsored Ad - Absolute Batman Vol. 1"). */
const TITLE_NOISE = /^(?:\d{1,3}[.)]\s+(?=\S)|new\s*listing\s*(?=\S)|(?:sponsored\s*)?ad\s+[-–—]\s+(?=\S)|sponsored\s*(?=[A-Z]))/i;
/** Words for screen readers that a link carries after its text. */
const HIDDEN_NOTE = /\s*\(?(?:opens|open)\s+(?:in\s+)?(?:a\s+)?new\s+(?:window|tab)(?:\s+or\s+(?:tab|window))?\)?\s*$/i;
/** Words on links and buttons that are never a product's name. */
const NOT_A_NAME = /^(?:view|details|more|buy|shop|quick|read|add|select|choose|see|learn|sold|in|out|pre-?order)(?:\s+[a-z]+){0,3}\W*$/i;
/** "Nets $450K", "sells for $2 million": a sum in a headline. */
const HEADLINE_SUM = /[$£€]\s?\d[\d.,]*\s?(?:[KkMm]\b|million|billion)/;
/** "4.8 out of 5 stars": a rating's link text. */
const RATING = /\b\d(?:\.\d)?\s+out\s+of\s+\d\b/i;
const TITLE_ELEMENTS = 'h1,h2,h3,h4,[itemprop="name"],[class*="title" i],[class*="name" i],a[href]';
/** A heading or declared name: a block with one that is not a comic is some other product's block. */
const STRONG_TITLE = 'h1,h2,h3,h4,[itemprop="name"],[class*="title" i]';

export interface Titled {
  readonly text: string;
  readonly element: Element;
}

/** The title as the store meant it: without a rank or a glued-on marketplace label. */
export function titleText(value: string): string {
  const text = undoubled(clean(value).replace(HIDDEN_NOTE, ''));
  const stripped = text.replace(TITLE_NOISE, '');
  return stripped.length >= 2 ? stripped : text;
}

/** A title written twice in one element, whole and cut ("Saga, Volume 1Saga, Volume 1", "...ChildrenUltimate
 *  Spider-Man by…"), as stores do for their desktop and mobile layouts: the first, whole one. */
function undoubled(text: string): string {
  if (text.length < 16) return text;
  const head = text.slice(0, 8);
  const again = text.indexOf(head, 8);
  if (again < 8) return text;
  const first = text.slice(0, again).trim();
  const second = text.slice(again).replace(ELLIPSIS, '').trim();
  return first.startsWith(second) ? first : text;
}

/** Text that could be a product's name (not "View details", not a price, not a lone word of 3 letters). */
export function mayBeName(value: string): boolean {
  return value.length >= 4 && /\p{L}/u.test(value) && !NOT_A_NAME.test(value) && !HEADLINE_SUM.test(value) && !RATING.test(value);
}

/** A store cuts long titles in the visible text ("Avengers Omnibus HC Vol 03 Busce...") and keeps
 *  them whole in a title attribute: take the whole one when it begins like the cut one. */
export function wholeTitle(value: string, el: Element): string {
  const cut = value.replace(ELLIPSIS, '').trim().toLowerCase();
  if (cut === value.toLowerCase() || cut.length < 4) return value;
  // The whole title and its cut copy side by side in one element (Amazon's a-truncate: a full text for
  // screen readers, then the cut one): the whole one.
  const body = value.replace(ELLIPSIS, '').trim();
  for (let i = 4; i < body.length - 3; i++) {
    if (body[i]?.toLowerCase() !== body[0]?.toLowerCase()) continue;
    const rest = body.slice(i).trim().toLowerCase();
    if (rest.length >= 4 && body.slice(0, i).trim().toLowerCase().startsWith(rest)) return body.slice(0, i).trim();
  }
  for (const source of [el, el.closest('[title]'), el.querySelector('[title]')]) {
    const whole = clean(source?.getAttribute('title') ?? '');
    if (whole.length > cut.length && whole.toLowerCase().startsWith(cut)) return whole;
  }
  return value;
}

/** Words before a quoted name in a link's title attribute that only point at it: "Product detail for
 *  'Oblivion Song #1'", "View 'Saga Vol. 1'", "More about “Blankets”". */
const POINTING = /^(.{0,40}?\b(?:for|of|about|on|to|view|buy|shop|see|details?|more|info(?:rmation)?))\s*['"‘“«]\s*(.+?)\s*['"’”»]\W{0,3}$/i;

/** A link's title attribute as its product's name, unwrapped from the store's words around it ("Product
 *  detail for 'Oblivion Song #1'" names "Oblivion Song #1"); null when it has none. */
export function linkTitle(a: Element): string | null {
  const value = clean(a.getAttribute('title') ?? '');
  if (value === '') return null;
  const quoted = POINTING.exec(value);
  return quoted !== null && mayBeName(quoted[2] ?? '') ? (quoted[2] ?? value) : value;
}

/** The title as the page shows it: a title attribute that only adds to a title shown whole beside it
 *  ("Absolute Batman Vol. 1: The Zoo (Graphic Novel)" beside "Absolute Batman Vol. 1: The Zoo") gives way
 *  to the shown one; where the shown one is cut ("… Busce..."), the attribute is the whole title. */
export function shownTitle(attribute: string, shown: readonly string[]): string {
  const whole = normalTitle(attribute);
  for (const text of shown) {
    if (ELLIPSIS.test(text)) continue;
    const visible = normalTitle(text);
    if (visible.length >= 4 && visible !== whole && (whole.startsWith(visible + ' ') || whole.endsWith(' ' + visible)) && mayBeName(text)) return text;
  }
  return attribute;
}

/** The title's reading when it names a comic, else null. A title with a mark only comics carry (an issue
 *  number, TP, GN) is one anywhere; a book-like one ("The Women (Hardcover)", "Chainsaw Man, Vol. 19") only
 *  where `signal` says the item is a comic (lib/detect/signals.ts). A title with no marker at all is one
 *  where `signal` says so and the item carries a publication code (an ISBN, a UPC with the periodical
 *  add-on) or the title is a name and a number ("Dampyr 216"). An item with codes and no title is kept
 *  unread (undefined), a book's ISBN alone only with a signal. */
export function judgeTitle(title: string | null, category: string | null, codes: readonly Code[], signal: () => boolean): ParsedTitle | null | undefined {
  if (title === null) return codes.length > 0 && (codes.some((code) => code.type !== 'isbn') || signal()) ? undefined : null;
  const first = readTitle(title, category);
  if (isComic(first)) return !first.bookLike || signal() ? first : null;
  if (first.reason !== 'no-comic-marker') return null;
  const vouched = readTitle(title, 'Comics');
  if (!isComic(vouched) || (vouched.number === null && !codes.some(isPublicationCode))) return null;
  return signal() ? vouched : null;
}

/** `signal` asked about one item, only when its title needs it (reading a card and its shelf costs). */
export function signalFor(signal: ComicSignal, where: Element | null, codes: readonly Code[], category: string | null = null): () => boolean {
  return () => signal(where, codes, category);
}

export function isPublicationCode({ type, value }: Code): boolean {
  return type === 'isbn' || (type === 'upc' && value.length === 17) || (type === 'ean' && value.startsWith('977'));
}

const readings = new Map<string, ParsedTitle | NotAComic>();

/** The title parser's reading, remembered: the same title is judged by several extractors, and a page
 *  repeats titles (carousels, desktop and phone blocks). */
export function readTitle(title: string, category: string | null = null): ParsedTitle | NotAComic {
  const key = category === null ? title : category + '\u0000' + title;
  let reading = readings.get(key);
  if (reading === undefined) {
    reading = parseTitle(title, category === null ? {} : { category });
    if (readings.size >= 4000) readings.clear();
    readings.set(key, reading);
  }
  return reading;
}

/** Two titles that name the same comic as stores write it: the same words, or one the other's start
 *  ("Transformers #1 – Cover A" and "Transformers #1 – Cover A - Cape & Cowl Comics"). A missing title
 *  agrees with any. */
export function sameComic(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return true;
  const x = normalTitle(a);
  const y = normalTitle(b);
  return x === y || (x.length > 0 && y.length > 0 && (x.startsWith(y) || y.startsWith(x)));
}

export function normalTitle(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, ' ').trim();
}

/** The nearest block around `el` (at most five levels up) that names a comic: its first heading, title
 *  or link whose text reads as one (with `self`, a link's own text or title first). A block whose
 *  heading names something else (a statue's own block in a list, an "Item specifics" section) ends the
 *  search, so its code never reaches the comic beside it. Only a link's text may be vouched for by a code:
 *  a section heading never becomes a comic because a barcode stands under it. */
export function titledCard(el: Element, codes: readonly Code[], signal: ComicSignal, self = false): (Titled & { card: Element }) | null {
  const own = self && el.matches('a[href]') ? titleText(linkTitle(el) ?? textOf(el)) : '';
  if (own !== '' && mayBeName(own) && judgeTitle(own, null, codes, signalFor(signal, el.parentElement ?? el, codes))) return { text: wholeTitle(own, el), element: el, card: el.parentElement ?? el };
  let card = el.parentElement;
  for (let depth = 0; card !== null && depth < 5 && card.tagName !== 'BODY'; depth++, card = card.parentElement) {
    const named = card.querySelectorAll(TITLE_ELEMENTS + (self ? ',img[alt]' : ''));
    let found: (Titled & { card: Element }) | null = null;
    for (let i = 0; i < named.length && i < 12; i++) {
      const candidate = named[i];
      if (candidate === undefined || candidate.closest(NOT_CONTENT) !== null) continue;
      const value = titleText(candidate.tagName === 'IMG' ? clean(candidate.getAttribute('alt') ?? '') : wholeTitle(textOf(candidate), candidate));
      if (!mayBeName(value)) continue;
      const vouching = candidate.tagName === 'A' ? codes : [];
      if (!judgeTitle(value, null, vouching, signalFor(signal, card, vouching))) {
        if (found === null && candidate.matches(STRONG_TITLE)) return null;
      } else if (found === null) {
        found = { text: value, element: candidate, card };
      } else if (normalTitle(value) !== normalTitle(found.text)) {
        return null; // two comics: a list of products, not the block of one
      }
    }
    if (found !== null) return found;
  }
  return null;
}

/** A line of a product's block that names its product type as something other than a comic: Shopify's
 *  "Apparel · T-Shirt", a "Vinyl Figure" caption, a "Trading Cards" category. */
export function namesOtherProduct(card: Element, title: string): boolean {
  // Most blocks name no goods at all: one look at their text settles it.
  if (!namesGoods((card.textContent ?? '').slice(0, 2000))) return false;
  const walker = card.ownerDocument.createTreeWalker(card, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < 40; node = walker.nextNode(), visited++) {
    const line = clean(node.nodeValue ?? '');
    if (line.length < 3 || line.length > 160 || title.includes(line) || !/\p{L}{3}/u.test(line)) continue;
    // Buttons and links say what to do ("Add to bag"), not what the product is.
    if (node.parentElement?.closest('button,a,label,select,option,[role="button"]') != null) continue;
    // "Apparel · Unisex tee · Item #: JUN242500": each part of a line of facts on its own.
    for (const part of line.split(/\s*[·•|]\s*/)) if (part.length <= 40 && categoryKind(part) === 'not-comic') return true;
  }
  return false;
}

