// The label extractor: codes written after their label (lib/detect/labelled.ts) join the item around
// them; outside every item they join the page's own product, or the nearest block that names a comic.

import type { Code } from '../codes';
import { textOf } from '../dom';
import type { Found } from '../found';
import { readTitle, titledCard, type Titled } from '../judge';
import { readNode, type LabelledCode } from '../labelled';
import { addCode } from '../links';
import { shownPrice } from '../prices';
import { YIELD_EVERY, type Extractor, type ReadContext } from './context';
import { mainHeading, pageProduct } from './heading';

const MAX_TEXT_NODES = 40_000;

export const labels: Extractor = function* (context, root) {
  const { items } = context;
  const cards = new Map<Element, { codes: Code[]; title: Titled }>();
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const found: LabelledCode[] = [];
  for (let node = walker.nextNode(), visited = 0; node !== null && visited < MAX_TEXT_NODES; node = walker.nextNode(), visited++) {
    if (visited % 512 === 511) yield;
    readNode(node, found);
  }
  let page: Found | null | undefined;
  for (let i = 0; i < found.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const { code, element } = found[i] ?? { code: null, element: null };
    if (code === null || element === null) continue;
    const owner = items.containing(element);
    if (owner !== null) {
      items.merge(owner, [code], 'label');
      continue;
    }
    // A code another item has, or one inside a block read as some other product (a figurine's EAN).
    if (items.known([code], null) !== null || items.isRejected(element)) continue;
    // A labelled code outside any item: the nearest block around it that names a comic (a related
    // product's row), else the page's own product, whose details list may stand far below its heading.
    // A labelled code is itself a sign of a product: no price is asked for.
    const card = titledCard(element, [code], context.signal);
    page ??= pageProduct(context);
    // A block whose title is a comic only because this code vouches for it ("DC Comics" beside the
    // barcode) is not a product of its own on a page that has one.
    if (page !== null && (card === null || readTitle(card.text).kind !== 'comic' || card.card.contains(page.anchor))) {
      items.merge(page, [code], 'label');
      continue;
    }
    const heading = card ?? pageTitle(context);
    if (heading === null) continue;
    const block = card?.card ?? context.document.documentElement;
    const entry = cards.get(block) ?? { codes: [], title: heading };
    addCode(entry.codes, code);
    cards.set(block, entry);
  }
  for (const [card, { codes, title }] of cards) {
    const whole = card === context.document.documentElement;
    items.offer({ codes, title: title.text, price: shownPrice(whole ? (title.element.parentElement ?? card) : card), anchor: title.element, container: whole ? title.element : card }, 'label');
  }
};

/** The page's main heading as a title, for codes that belong to no block of their own. */
function pageTitle(context: ReadContext): Titled | null {
  const h1 = context.whole ? mainHeading(context.document) : null;
  return h1 === null ? null : { text: textOf(h1), element: h1 };
}

