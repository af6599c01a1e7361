import { clean, NOT_CONTENT } from '../detect/dom';
import { extractPrice } from '../detect/prices';
import { addCode, strictCode } from '../detect/links';
import type { DetectedItem } from '../detect/types';
import type { ItemQuery } from '../items';
import { itemQuery } from '../content/item-query';
import type { OrderLine, OrderReport } from './order';
import { ORDER_ADDRESS, PLACED } from './order-hint';
import { amountOf, MAX_TEXT_NODES, orderLines, spacedText, type Candidate } from './order-lines';

// An order page read as the member reads it: a placed order's number and date, and each comic bought,
// with how many and what was paid for one. Read from the page's words (no store's class names), so a
// store's order confirmation, its order history and any other shop's receipt are read alike. A cart or a
// checkout before payment is not an order: nothing was bought yet.

/** Words that say nothing was bought yet: a cart or a checkout asking for payment. */
const NOT_PLACED = /^\W*(?:place\s+(?:your\s+)?order|complete\s+(?:order|purchase)|pay\s+now|proceed\s+to\s+(?:checkout|payment)|continue\s+to\s+(?:payment|shipping)|checkout|check\s+out|review\s+order)\W*$/i;
/** "Order #MC-104233", "Order No. 55123", "Order number: 100004567", "Order ID 7781". */
const ORDER_NUMBER = /\b(?:order|confirmation)\s*(?:#|no\.?|num(?:ber)?\.?|id|ref(?:erence)?)\s*(?:is\s+)?[:.]?\s*#?\s*([A-Z]{0,5}[-‐]?\d[\dA-Z-]{1,24})\b|(?:^|\s)order\s+#?([A-Z]{0,5}-?\d{3,}[\dA-Z-]*)\b/i;
/** The totals' words of an order-level discount, and of the lines' subtotal. */
// Not "savings" or "you saved": those sum what the lines saved against list prices, which their prices already show.
const ORDER_DISCOUNT = /\b(?:discount|coupon|promo(?:tion)?|voucher|reward|gift\s+card\s+applied)\b/i;
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

const CURRENCY_NAMED = /[$£€]\s?\d[\d,.]*\s?\b(CAD|AUD|NZD|USD|GBP|EUR)\b|\b(CAD|AUD|NZD|USD|GBP|EUR)\s?[$£€]?\s?\d/;

export function currencyOf(price: string | null): string | null {
  if (!price) return null;
  if (price.includes('£')) return 'GBP';
  if (price.includes('€')) return 'EUR';
  if (price.includes('¥')) return 'JPY';
  if (/\bCA?\$|CA\$/.test(price)) return 'CAD';
  if (/\bA\$|AU\s?\$/.test(price)) return 'AUD';
  return price.includes('$') ? 'USD' : null;
}

/**
 * An order-level discount (a coupon in the totals) as the share of the order it takes off: of the
 * subtotal where the page gives one, as the coupon came off the supplies too, else of the lines' total.
 */
function orderDiscountShare(scope: Element, rows: readonly Element[], linesTotal: number): number {
  if (linesTotal <= 0) return 0;
  let discount = 0;
  let subtotal: number | null = null;
  for (const el of scope.querySelectorAll('tr,li,div,p,dl,dt,dd')) {
    if (rows.some((row) => row.contains(el) || el.contains(row))) continue;
    if (el.children.length > 4) continue;
    // Words spaced apart: a code in its own span ("Order discount<span>FALL20</span>") stays a word of its own.
    const own = spacedText(el, 200).slice(0, 120);
    if (own.length > 80) continue;
    const price = extractPrice(own);
    if (!price) continue;
    // A price alone in its cell takes its label from the cell before ("<dt>Discount</dt><dd>-$2.00</dd>").
    const label = own.replace(price, '').replace(/[-−–()\s:]/g, '') === '' ? (el.previousElementSibling ? spacedText(el.previousElementSibling, 200).slice(0, 60) : '') : '';
    const text = `${label} ${own}`;
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
  if (!isOrderPage(document, url, options)) return null;
  let host = '';
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
  const dayFirst = options.dayFirst ?? /\.(?:co\.uk|uk|ie|au|nz|eu|de|fr|es|it|nl)$|forbiddenplanet/.test(host);
  const markers = orderMarkers(document);
  const platform = shopifyCheckout(document);
  const candidates = orderLines(document, items).map((line) => {
    const sku = platform?.codes.get(words(line.item.title ?? ''));
    // A SKU is a code only when a store number cannot be one (lib/detect/links.ts strictCode).
    const code = sku ? strictCode(sku) : null;
    if (!code) return line;
    const codes = [...line.item.codes];
    addCode(codes, code);
    return { ...line, item: { ...line.item, codes } };
  });
  const groups = new Map<number, Candidate[]>();
  for (const line of candidates) {
    // The last order number written before the line; the first on the page when none comes before it.
    let index = 0;
    markers.forEach((marker, i) => {
      if (marker.node.compareDocumentPosition(line.item.anchor) & 4 /* FOLLOWING */ && !line.row.contains(marker.node)) index = i;
    });
    const group = groups.get(index) ?? [];
    group.push(line);
    groups.set(index, group);
  }
  const orders: OrderReport['orders'] = [];
  for (const [index, group] of [...groups].sort((a, b) => a[0] - b[0])) {
    const marker = markers[index] ?? null;
    const rows = group.map((g) => g.row);
    const lines: OrderLine[] = [];
    const priced = group;
    const scope = orderScope(marker, rows, markers, document);
    const total = priced.reduce((sum, p) => sum + (p.unit ?? 0) * p.quantity, 0);
    // A page that says per line what the coupon took off has already said what each comic cost.
    const perLine = group.some((line) => line.discounted);
    const share = perLine || (markers.length > 1 && scope === document.body) ? 0 : orderDiscountShare(scope, rows, total);
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
    const named = CURRENCY_NAMED.exec(spacedText(scope, 20_000));
    orders.push({
      store: host,
      number: marker?.number ?? null,
      date: orderDate(marker ? dateScope(marker, markers) : document.body, dayFirst) ?? (markers.length <= 1 ? (platform?.date ?? null) : null),
      currency: (named?.[1] ?? named?.[2] ?? null)?.toUpperCase() ?? currencyOf(firstPrice),
      discountShare: Math.round(share * 10_000) / 10_000,
      lines,
    });
  }
  return orders.length > 0 ? { orders } : null;
}

interface PlatformOrder {
  date: string | null;
  /** A line's code (its SKU where that is a barcode or distributor code), by its title's words. */
  codes: Map<string, string>;
}

const words = (text: string): string => text.toLowerCase().replace(/[^a-z0-9#]+/g, ' ').trim();

/**
 * The order a Shopify checkout's thank-you page writes in its own script (`Shopify.checkout = {…}`): the
 * day it was placed and each line's SKU, which comic shops set to the barcode or distributor code. Read as
 * text, never run; anything that does not parse is ignored.
 */
function shopifyCheckout(document: Document): PlatformOrder | null {
  for (const script of [...document.querySelectorAll('script:not([src])')].slice(0, 60)) {
    const text = script.textContent ?? '';
    const at = text.indexOf('Shopify.checkout');
    if (at < 0 || text.length > 500_000) continue;
    const start = text.indexOf('{', at);
    if (start < 0) continue;
    let depth = 0;
    let end = -1;
    let quoted = false;
    for (let i = start; i < text.length; i += 1) {
      const c = text[i];
      if (quoted) {
        if (c === '\\') i += 1;
        else if (c === '"') quoted = false;
      } else if (c === '"') quoted = true;
      else if (c === '{') depth += 1;
      else if (c === '}' && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    if (end < 0) continue;
    try {
      const data = JSON.parse(text.slice(start, end)) as { created_at?: unknown; line_items?: unknown };
      const codes = new Map<string, string>();
      for (const line of Array.isArray(data.line_items) ? data.line_items.slice(0, 500) : []) {
        if (typeof line !== 'object' || line === null) continue;
        const { title, variant_title: variant, sku } = line as Record<string, unknown>;
        if (typeof title !== 'string' || typeof sku !== 'string' || !sku) continue;
        codes.set(words(`${title} ${typeof variant === 'string' ? variant : ''}`), sku.slice(0, 40));
      }
      const created = typeof data.created_at === 'string' ? /^(\d{4}-\d{2}-\d{2})/.exec(data.created_at)?.[1] ?? null : null;
      return { date: created, codes };
    } catch {
      continue;
    }
  }
  return null;
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
