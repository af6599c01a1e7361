import { clean, hasBuyControl, NOT_CONTENT } from '../detect/dom';
import { extractPrice } from '../detect/prices';
import type { DetectedItem } from '../detect/types';
import type { ItemQuery } from '../items';
import { itemQuery } from '../content/item-query';
import type { OrderLine, OrderReport } from './order';
import { ORDER_ADDRESS, PLACED } from './order-hint';

// An order page read as the member reads it: a placed order's number and date, and each comic bought,
// with how many and what was paid for one. Read from the page's words (no store's class names), so a
// store's order confirmation, its order history and any other shop's receipt are read alike. A cart or a
// checkout before payment is not an order: nothing was bought yet.

/** Words that say nothing was bought yet: a cart or a checkout asking for payment. */
const NOT_PLACED = /^\W*(?:place\s+(?:your\s+)?order|complete\s+(?:order|purchase)|pay\s+now|proceed\s+to\s+(?:checkout|payment)|continue\s+to\s+(?:payment|shipping)|checkout|check\s+out|review\s+order)\W*$/i;
/** "Order #MC-104233", "Order No. 55123", "Order number: 100004567", "Order ID 7781". */
const ORDER_NUMBER = /\border\s*(?:#|no\.?|num(?:ber)?\.?|id|ref(?:erence)?)\s*[:.]?\s*#?\s*([A-Z]{0,5}[-‐]?\d[\dA-Z-]{1,24})\b|(?:^|\s)order\s+#?([A-Z]{0,5}-?\d{3,}[\dA-Z-]*)\b/i;
/** A quantity written beside a line: "Qty: 2", "Quantity 3", "× 2", "x 2". */
const QUANTITY = /\b(?:qty|quantity|quant\.?)\s*[:.]?\s*(\d{1,3})\b|(?:^|\s)[×xX]\s?(\d{1,3})(?!\S)|(?:^|\s)(\d{1,3})\s?[×xX](?=\s|$)/;
const ORDER_DISCOUNT = /\b(?:discount|coupon|promo(?:tion)?|savings?|voucher|reward|gift\s+card\s+applied)\b/i;
const SUBTOTAL = /\bsub-?\s?total\b/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATES: readonly RegExp[] = [
  new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'),
  new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})\\b`, 'i'),
  /\b(\d{4})-(\d{2})-(\d{2})\b/,
  /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/,
];
const DATE_WORDS = /\b(?:placed|ordered|order\s+date|date\s+(?:placed|ordered)|purchase\s+date|date)\b/i;
const MAX_TEXT_NODES = 20_000;

export interface OrderPageOptions {
  /** The address says this is an order page of a supported store (its adapter's `order` pages). */
  orderAddress?: boolean;
  /** Day-first dates ("20/11/2026"): a UK or European shop. */
  dayFirst?: boolean;
}

interface Marker {
  node: Element;
  number: string;
}

/** Whether the page shows a placed order: its words (or the adapter's address) say so, and no control asks to pay. */
export function isOrderPage(document: Document, url: string, options: OrderPageOptions = {}): boolean {
  let path = '';
  try {
    const address = new URL(url);
    path = address.pathname + address.search;
  } catch {
    return false;
  }
  const words = [document.title, ...[...document.querySelectorAll('h1,h2,h3,[role="heading"]')].slice(0, 40).map((h) => h.textContent ?? '')];
  const placedWords = words.some((text) => PLACED.test(clean(text).slice(0, 200)));
  const byAddress = options.orderAddress === true || ORDER_ADDRESS.test(path);
  if (!placedWords && !(byAddress && orderMarkers(document).length > 0)) return false;
  // A page that still asks the shopper to pay has not had an order placed yet.
  for (const control of document.querySelectorAll('button,input[type="submit"],a[role="button"],a.button,a.btn')) {
    const label = control instanceof HTMLInputElement ? control.value : (control.textContent ?? '');
    if (NOT_PLACED.test(clean(label).slice(0, 60)) && !control.closest('header,nav,footer,[hidden]')) return false;
  }
  return orderMarkers(document).length > 0 || placedWords;
}

/** Every "Order #…" the page writes, in document order, each with the element that says it. */
function orderMarkers(document: Document): Marker[] {
  const markers: Marker[] = [];
  const body = document.body;
  if (!body) return markers;
  const walker = document.createTreeWalker(body, 4 /* SHOW_TEXT */);
  let visited = 0;
  for (let node = walker.nextNode(); node !== null && visited < MAX_TEXT_NODES; node = walker.nextNode(), visited++) {
    const raw = node.nodeValue ?? '';
    if (!/\d/.test(raw) && !/order/i.test(raw)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest(NOT_CONTENT) || parent.closest('nav,footer,form[action*="track" i]')) continue;
    // The number may stand in an element of its own: "<dt>Order number</dt><dd>100004567</dd>".
    const line = clean(`${parent.textContent ?? ''}`).slice(0, 200);
    let match = ORDER_NUMBER.exec(line);
    if (!match && /^\W*order\s*(?:#|no\.?|number|id)?\W*$/i.test(line)) {
      const next = parent.nextElementSibling ?? parent.parentElement?.nextElementSibling ?? null;
      const value = clean(next?.textContent ?? '').slice(0, 40);
      if (/^#?[A-Z]{0,5}-?\d[\dA-Z-]{1,24}$/i.test(value)) match = ORDER_NUMBER.exec(`Order # ${value}`);
    }
    const number = match ? (match[1] ?? match[2] ?? '').replace(/^#/, '') : '';
    if (!number || !/\d/.test(number)) continue;
    if (markers.some((m) => m.node === parent || m.node.contains(parent))) continue;
    // The same number said again (a heading and a summary line) is the same order.
    if (markers.some((m) => m.number.toUpperCase() === number.toUpperCase())) continue;
    markers.push({ node: parent, number });
  }
  return markers;
}

/** A date as the page writes it, in ISO form; day-first for slashed dates when the shop writes them so. */
export function parseOrderDate(text: string, dayFirst = false): string | null {
  for (const [i, pattern] of DATES.entries()) {
    const m = pattern.exec(text);
    if (!m) continue;
    let year: number;
    let month: number;
    let day: number;
    if (i === 0) [month, day, year] = [monthIndex(m[1]), Number(m[2]), Number(m[3])];
    else if (i === 1) [day, month, year] = [Number(m[1]), monthIndex(m[2]), Number(m[3])];
    else if (i === 2) [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    else {
      const a = Number(m[1]);
      const b = Number(m[2]);
      const first = dayFirst || a > 12;
      [day, month, year] = first ? [a, b, Number(m[3])] : [b, a, Number(m[3])];
    }
    if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) continue;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return null;
}

function monthIndex(name: string | undefined): number {
  return MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase()) + 1;
}

/** The date an order was placed: a dated line near its number, preferring one that says "placed" or "date". */
function orderDate(scope: Element, dayFirst: boolean): string | null {
  const walker = scope.ownerDocument.createTreeWalker(scope, 4);
  let fallback: string | null = null;
  let visited = 0;
  for (let node = walker.nextNode(); node !== null && visited < 4000; node = walker.nextNode(), visited++) {
    const parent = node.parentElement;
    if (!parent || parent.closest(NOT_CONTENT)) continue;
    const own = clean(node.nodeValue ?? '');
    if (!/\d{4}/.test(own)) continue;
    const date = parseOrderDate(own, dayFirst);
    if (!date) continue;
    const context = `${clean(parent.parentElement?.textContent ?? '').slice(0, 160)}`;
    if (DATE_WORDS.test(context) || DATE_WORDS.test(clean(parent.previousElementSibling?.textContent ?? ''))) return date;
    fallback ??= date;
  }
  return fallback;
}

/** Headings of the shelves a store shows beside an order: recommendations, not lines of it. */
const OFFERED = /\b(?:you\s+(?:may|might)\s+(?:also\s+)?(?:like|enjoy)|also\s+(?:bought|viewed|like)|recommend|related|similar|more\s+from|trending|bestsellers?|new\s+(?:this\s+week|releases|arrivals)|recently\s+viewed|featured|don['’]t\s+miss|complete\s+your)\b/i;

/** A comic the page offers rather than one the order holds: it can be put in a cart, or sits under a shelf's heading. */
function offered(anchor: Element, row: Element): boolean {
  if (hasBuyControl(row)) return true;
  if (anchor.closest('aside,[class*="recommend" i],[class*="carousel" i],[class*="upsell" i],[class*="cross-sell" i],[class*="crosssell" i],[class*="related" i],[id*="recommend" i]')) return true;
  // The nearest heading before the line, within its section: a shelf's heading says it is not the order.
  for (let up: Element | null = row; up && up !== anchor.ownerDocument.body; up = up.parentElement) {
    const heading = up.querySelector(':scope > h2, :scope > h3, :scope > h4, :scope > header h2, :scope > header h3, :scope > div > h2, :scope > div > h3');
    if (heading && !heading.contains(anchor) && heading.compareDocumentPosition(anchor) & 4) {
      return OFFERED.test(clean(heading.textContent ?? '').slice(0, 120));
    }
  }
  return false;
}

/** The element holding one line of the order: the widest ancestor of its title that holds no other line. */
function lineRow(anchor: Element, others: readonly Element[]): Element {
  let row: Element = anchor;
  for (let up = anchor.parentElement; up && up !== anchor.ownerDocument.body; up = up.parentElement) {
    if (others.some((other) => other !== anchor && up.contains(other))) break;
    row = up;
    if (up.tagName === 'TR' || up.tagName === 'LI') break;
  }
  return row;
}

/** Prices a row shows, in order, with whether each is struck through or named as the old one. */
function rowPrices(row: Element): Array<{ amount: number; text: string; struck: boolean; cell: Element }> {
  const found: Array<{ amount: number; text: string; struck: boolean; cell: Element }> = [];
  const walker = row.ownerDocument.createTreeWalker(row, 4);
  let visited = 0;
  for (let node = walker.nextNode(); node !== null && visited < 400; node = walker.nextNode(), visited++) {
    const parent = node.parentElement;
    if (!parent || parent.closest(NOT_CONTENT)) continue;
    const raw = node.nodeValue ?? '';
    if (!/\d/.test(raw)) continue;
    const text = /[$£€¥]/.test(raw) ? raw : (parent.textContent ?? '').length <= 40 ? (parent.textContent ?? '') : raw;
    const price = extractPrice(clean(text));
    if (!price || found.some((f) => f.cell === parent)) continue;
    const before = clean(text).slice(0, clean(text).indexOf(price));
    const struck = parent.closest('del,s,strike,[class*="compare" i],[class*="strike" i],[class*="old" i],[class*="was" i],[class*="msrp" i],[class*="list-price" i],[class*="original" i],[class*="regular" i]') !== null
      || /\b(?:was|msrp|rrp|srp|list(?:\s+price)?|regular|retail|orig(?:inal)?|cover\s+price|you\s+save|save|discount)\s*:?\s*-?$/i.test(before)
      || /^\s*[-−–]/.test(clean(text));
    found.push({ amount: amountOf(price), text: price, struck, cell: parent });
  }
  return found.filter((f) => Number.isFinite(f.amount));
}

export function amountOf(price: string): number {
  const digits = price.replace(/[^\d.,]/g, '');
  // "4,50" (a decimal comma) and "1,299.00" (a thousands comma).
  const normal = /,\d{2}$/.test(digits) && !/\.\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return Number(normal);
}

export function currencyOf(price: string | null): string | null {
  if (!price) return null;
  if (price.includes('£')) return 'GBP';
  if (price.includes('€')) return 'EUR';
  if (price.includes('¥')) return 'JPY';
  if (/\bCA?\$|CA\$/.test(price)) return 'CAD';
  if (/\bA\$|AU\s?\$/.test(price)) return 'AUD';
  return price.includes('$') ? 'USD' : null;
}

/** How many the row says were bought: a "Qty" column, "Qty: 2", "× 2"; one when it does not say. */
function rowQuantity(row: Element): number {
  const text = clean(row.textContent ?? '').slice(0, 600);
  const m = QUANTITY.exec(text);
  const written = m ? Number(m[1] ?? m[2] ?? m[3]) : NaN;
  if (Number.isInteger(written) && written >= 1 && written <= 999) return written;
  // A table's "Qty" column: the cell under that header.
  if (row.tagName === 'TR') {
    const table = row.closest('table');
    const header = table?.querySelector('thead tr') ?? table?.querySelector('tr');
    const headers = [...(header?.children ?? [])].map((cell) => clean(cell.textContent ?? '').toLowerCase());
    const column = headers.findIndex((h) => /^(?:qty|quantity|quant\.?|#)$/.test(h));
    const cell = column >= 0 ? row.children[column] : undefined;
    const value = Number(clean(cell?.querySelector('input')?.getAttribute('value') ?? cell?.textContent ?? ''));
    if (Number.isInteger(value) && value >= 1 && value <= 999) return value;
  }
  return 1;
}

/** Whether a price cell stands under a header that names the line's total ("Total", "Subtotal", "Line total"). */
function underTotalHeader(row: Element, cell: Element): boolean | null {
  if (row.tagName !== 'TR') return null;
  const td = cell.closest('td,th');
  if (!td || !row.contains(td)) return null;
  const table = row.closest('table');
  const header = table?.querySelector('thead tr') ?? table?.querySelector('tr');
  if (!header || header === row) return null;
  const index = [...row.children].indexOf(td);
  const name = clean(header.children[index]?.textContent ?? '').toLowerCase();
  if (!name) return null;
  if (/total/.test(name)) return true;
  if (/price|each|unit|cost/.test(name)) return false;
  return null;
}

/** What one copy cost: the unit price the row shows, else its line total divided by the quantity. */
function unitPrice(row: Element, quantity: number): { unit: number | null; text: string | null } {
  const prices = rowPrices(row).filter((p) => !p.struck && p.amount > 0);
  if (prices.length === 0) return { unit: null, text: null };
  const round = (n: number) => Math.round(n * 100) / 100;
  if (quantity === 1) return { unit: round(prices[0]!.amount), text: prices[0]!.text };
  // Unit and line total both shown: the one the other is `quantity` times.
  for (const a of prices) {
    if (prices.some((b) => b !== a && Math.abs(b.amount - a.amount * quantity) < 0.011)) return { unit: round(a.amount), text: a.text };
  }
  const only = prices[0]!;
  const header = underTotalHeader(row, only.cell);
  const each = /\b(?:each|ea\.?|per\s+(?:copy|item|unit))\b|\/\s?(?:ea|each)\b/i.test(clean(row.textContent ?? ''));
  if (header === false || each) return { unit: round(only.amount), text: only.text };
  return { unit: round(only.amount / quantity), text: only.text };
}

/** An order-level discount (a coupon in the totals) as the share of the lines' total it takes off. */
function orderDiscountShare(scope: Element, rows: readonly Element[], linesTotal: number): number {
  if (linesTotal <= 0) return 0;
  let discount = 0;
  let subtotal: number | null = null;
  for (const el of scope.querySelectorAll('tr,li,div,p,dl,dt,dd')) {
    if (rows.some((row) => row.contains(el) || el.contains(row))) continue;
    if (el.children.length > 4) continue;
    const text = clean(el.textContent ?? '').slice(0, 120);
    if (text.length > 80) continue;
    const price = extractPrice(text);
    if (!price) continue;
    if (ORDER_DISCOUNT.test(text) && !/shipping|delivery/i.test(text)) discount = Math.max(discount, amountOf(price));
    else if (SUBTOTAL.test(text) && subtotal === null) subtotal = amountOf(price);
  }
  const base = subtotal ?? linesTotal;
  if (discount <= 0 || base <= 0 || discount >= base) return 0;
  return discount / base;
}

/**
 * The orders a page shows, each with the comics detection found in it. Comics are given to the order
 * whose number is written last before them (an order history lists several); a page with one order
 * takes every comic. Null when the page is not an order page or shows no comic.
 */
export function readOrders(document: Document, url: string, items: readonly DetectedItem[], options: OrderPageOptions = {}): OrderReport | null {
  if (items.length === 0 || !isOrderPage(document, url, options)) return null;
  let host = '';
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
  const dayFirst = options.dayFirst ?? /\.(?:co\.uk|uk|ie|au|nz|eu|de|fr|es|it|nl)$|forbiddenplanet/.test(host);
  const markers = orderMarkers(document);
  const inOrder = [...items].sort((a, b) => (a.anchor === b.anchor ? 0 : a.anchor.compareDocumentPosition(b.anchor) & 4 ? -1 : 1));
  const anchors = inOrder.map((item) => item.anchor);
  const groups = new Map<number, Array<{ item: DetectedItem; row: Element }>>();
  for (const item of inOrder) {
    const row = lineRow(item.anchor, anchors);
    // Comics offered beside the order ("Customers also bought", with an add-to-cart) were not bought.
    if (offered(item.anchor, row)) continue;
    // The last order number written before the line; the first on the page when none comes before it.
    let index = 0;
    markers.forEach((marker, i) => {
      if (marker.node.compareDocumentPosition(item.anchor) & 4 /* FOLLOWING */ && !row.contains(marker.node)) index = i;
    });
    const group = groups.get(index) ?? [];
    group.push({ item, row });
    groups.set(index, group);
  }
  const orders: OrderReport['orders'] = [];
  for (const [index, group] of [...groups].sort((a, b) => a[0] - b[0])) {
    const marker = markers[index] ?? null;
    const rows = group.map((g) => g.row);
    const lines: OrderLine[] = [];
    const priced = group.map(({ item, row }) => {
      const quantity = rowQuantity(row);
      return { item, row, quantity, ...unitPrice(row, quantity) };
    });
    const scope = orderScope(marker, rows, markers, document);
    const total = priced.reduce((sum, p) => sum + (p.unit ?? 0) * p.quantity, 0);
    const share = markers.length > 1 && scope === document.body ? 0 : orderDiscountShare(scope, rows, total);
    const seen = new Map<string, number>();
    for (const p of priced) {
      const query: ItemQuery = itemQuery(p.item);
      const identity = query.codes[0] ? `${query.codes[0].type}:${query.codes[0].value}` : (query.matchKey ?? query.label ?? '?');
      const occurrence = seen.get(identity) ?? 0;
      seen.set(identity, occurrence + 1);
      const paid = p.unit === null ? null : Math.round(p.unit * (1 - share) * 100) / 100;
      lines.push({
        id: `${identity}|${occurrence}`,
        query,
        title: (p.item.title ?? '').slice(0, 300) || null,
        quantity: p.quantity,
        unitPrice: paid,
        listedPrice: p.unit,
        priceText: p.text,
      });
    }
    const firstPrice = priced.find((p) => p.text)?.text ?? null;
    orders.push({
      store: host,
      number: marker?.number ?? null,
      date: orderDate(marker ? dateScope(marker, markers) : document.body, dayFirst),
      currency: currencyOf(firstPrice),
      discountShare: Math.round(share * 10_000) / 10_000,
      lines,
    });
  }
  return orders.length > 0 ? { orders } : null;
}

/** The block an order's totals are in: the widest ancestor of its lines holding no other order's number. */
function orderScope(marker: Marker | null, rows: readonly Element[], markers: readonly Marker[], document: Document): Element {
  const first = rows[0];
  if (!first || !document.body) return document.body ?? first!;
  let scope: Element = first;
  for (let up = first.parentElement; up; up = up.parentElement) {
    if (markers.some((m) => m !== marker && up.contains(m.node))) break;
    scope = up;
    if (up === document.body) break;
  }
  return scope;
}

/** Where an order's date is written: near its number (its block, without other orders). */
function dateScope(marker: Marker, markers: readonly Marker[]): Element {
  let scope: Element = marker.node;
  for (let up = marker.node.parentElement, depth = 0; up && depth < 6; up = up.parentElement, depth++) {
    if (markers.some((m) => m !== marker && up.contains(m.node))) break;
    scope = up;
    if (parseOrderDate(clean(up.textContent ?? '').slice(0, 2000)) !== null && depth >= 1) break;
  }
  return scope;
}
