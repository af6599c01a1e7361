import { clean, hasBuyControl, NOT_CONTENT, safeDecode } from '../detect/dom';
import { addCode, codesFromAddress, codesFromImageName, strictCode } from '../detect/links';
import { extractPrice } from '../detect/prices';
import { findCodesInText, type Code } from '../detect/codes';
import { isComic, parseTitle, type ParsedTitle } from '../detect/titles';
import type { DetectedItem } from '../detect/types';

// The lines of an order page: each comic bought, with how many and what one copy cost. Read from tables
// by their columns, from lists by their quantities, and from what detection found, whatever the store's
// class names; what the page offers beside the order (shelves, reorder lists) is left out. Used by
// ./order-page.ts, which tells an order page and its orders apart.

/** A quantity written beside a line: "Qty: 2", "Quantity 3", "× 2", "x 2". */
const QUANTITY = /\b(?:qty|quantity|quant\.?)\s*[:.]?\s*(\d{1,3})\b|(?:^|\s)[×xX]\s?(\d{1,3})(?!\S)|(?:^|\s)(\d{1,3})\s?[×xX](?=\s|$)/i;
/** Text nodes read at most in one walk of a page. */
export const MAX_TEXT_NODES = 20_000;

export interface Candidate {
  item: DetectedItem;
  row: Element;
  quantity: number;
  unit: number | null;
  text: string | null;
  /** The line names a discount of its own ("Discount −$0.50", a coupon's share), so its price is already what was paid. */
  discounted: boolean;
}

/** Words of a discount a line names beside an amount (a saving against the list price is the store's price, not a discount). */
const LINE_DISCOUNT = /\b(?:discount(?:ed)?|coupon|promo(?:tion)?|voucher|remise|rabatt|descuento|sconto)\b/i;

/** Whether a line's own words name a discount with an amount ("Coupon SAVE10 (−$0.45)"), or its discount column shows one. */
function namesDiscount(row: Element, discountCell?: Element): boolean {
  if (discountCell && (cellPrice(discountCell)?.amount ?? 0) > 0) return true;
  return rowPrices(row).some((p) => p.amount > 0 && LINE_DISCOUNT.test(clean(p.cell.closest('td,li,div,p,span,dd')?.textContent ?? p.cell.textContent ?? '').slice(0, 120)));
}

type Column = 'title' | 'code' | 'qty' | 'unit' | 'total' | 'list' | 'discount' | 'other';

/** What a table column holds, by its header's words. */
function columnRole(header: string): Column {
  const h = header.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!h) return 'other';
  if (/^(?:qty|qty\.|quantity|quant\.?|ordered|units?|#)$|\bqty\b|\bquantity\b/.test(h)) return 'qty';
  if (/\bdisc(?:ount|\.)?\b|sav(?:ings?|e)\b/.test(h)) return 'discount';
  if (/total|\bext\b|ext\.|extended|amount|\bline\b/.test(h)) return 'total';
  if (/retail|\blist\b|msrp|\bsrp\b|\brrp\b|cover\s*price|orig|\bwas\b|compare|regular/.test(h)) return 'list';
  if (/price|each|unit|cost|\bsale\b|paid/.test(h)) return 'unit';
  if (/\bsku\b|\bupc\b|isbn|\bean\b|barcode|\bcode\b|item\s*(?:#|no\.?|number)|diamond|lunar|catalog/.test(h)) return 'code';
  if (/item|product|title|description|name|comic|book|article/.test(h)) return 'title';
  return 'other';
}

const TABLES = 'table,[role="table"],[role="grid"]';
const CELL_ROLES = new Set(['cell', 'gridcell', 'columnheader', 'rowheader']);

function isCell(el: Element): boolean {
  return el.tagName === 'TD' || el.tagName === 'TH' || CELL_ROLES.has(el.getAttribute('role') ?? '');
}

function isHeaderCell(el: Element): boolean {
  const role = el.getAttribute('role');
  if (role === 'columnheader') return true;
  if (role === 'cell' || role === 'gridcell' || role === 'rowheader') return false;
  return el.tagName === 'TH' && el.getAttribute('scope') !== 'row';
}

/** A row's cells by column, a cell spanning several columns standing in each of them. */
function cellsByColumn(row: Element): Element[] {
  const cells: Element[] = [];
  for (const cell of row.children) {
    if (!isCell(cell)) continue;
    const span = Math.min(20, Math.max(1, Number(cell.getAttribute('colspan') ?? 1) || 1));
    for (let i = 0; i < span; i += 1) cells.push(cell);
  }
  return cells;
}

/**
 * The codes a line shows: in its text ("UPC 7596…", a code column), and as detection reads them elsewhere
 * (lib/detect/links.ts): in its links' addresses, in a slug's words (`/product/tmnt-vol-1-9798874201012/`,
 * only codes a store number cannot be) and in its covers' file names. Added to `into`, at most MAX_CODES.
 */
function lineCodes(texts: readonly Element[], links: Element, into: Code[] = []): Code[] {
  for (const code of findCodesInText(texts.map((el) => spacedText(el, 600)).join(' '))) addCode(into, code);
  for (const a of [...links.querySelectorAll('a[href]')].slice(0, 8)) {
    const href = a.getAttribute('href') ?? '';
    codesFromAddress(href, 'https://store.invalid/', false, into);
    for (const word of safeDecode(href.replace(/[?#].*$/, '')).split(/[-_/.]+/)) addCode(into, strictCode(word));
  }
  for (const img of [...links.querySelectorAll('img[src]')].slice(0, 4)) codesFromImageName(img.getAttribute('src') ?? '', into);
  return into;
}

/** A title cell's words without its lists of details (discounts, meta, options) or hidden words. */
function cellTitle(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  for (const extra of copy.querySelectorAll('ul,ol,dl,small,[class*="visually-hidden" i],[class*="sr-only" i],[hidden],[aria-hidden="true"]')) extra.remove();
  return spacedText(copy, 600);
}

/** The price a cell shows that was paid: the last one not struck through or named as the old one. */
function cellPrice(cell: Element | undefined): { amount: number; text: string } | null {
  if (!cell) return null;
  const prices = rowPrices(cell).filter((p) => !p.struck && p.amount > 0);
  const last = prices[prices.length - 1];
  return last ? { amount: last.amount, text: last.text } : null;
}

/**
 * The lines of an order's tables: a table whose header names an item column and a quantity or price
 * column. Each body row is one line, read by its columns: the title, codes from a code column (SKU, UPC,
 * item #) and the title's cell, the quantity, and the price paid for one copy (the line's total over its
 * quantity where a total column is shown, as that is after the line's discounts; else the unit price).
 */
function tableLines(document: Document): Array<Omit<Candidate, 'item'> & { title: Element; codes: Code[]; titleText: string }> {
  const lines: Array<Omit<Candidate, 'item'> & { title: Element; codes: Code[]; titleText: string }> = [];
  for (const table of [...document.querySelectorAll(TABLES)].slice(0, 40)) {
    if (table.closest('nav,footer,header') || table.querySelector(TABLES)) continue;
    const rows = [...table.querySelectorAll('tr,[role="row"]')].filter((row) => row.parentElement?.closest(TABLES) === table);
    const headerRow = table.querySelector('thead tr') ?? rows.find((row) => {
      const cells = [...row.children].filter(isCell);
      return cells.length > 1 && cells.every(isHeaderCell);
    });
    if (!headerRow) continue;
    const roles = cellsByColumn(headerRow).map((cell) => columnRole(clean(cell.textContent ?? '').slice(0, 40)));
    if (!roles.includes('title') || !roles.some((r) => r === 'qty' || r === 'unit' || r === 'total')) continue;
    for (const row of rows) {
      if (row === headerRow || row.closest('thead')) continue;
      const cells = cellsByColumn(row);
      const titleCell = roles
        .flatMap((role, i) => (role === 'title' && cells[i] ? [cells[i]!] : []))
        .sort((a, b) => clean(b.textContent ?? '').length - clean(a.textContent ?? '').length)[0];
      if (!titleCell || isHeaderCell(titleCell)) continue;
      // A totals row spans the item column ("Subtotal", "Shipping", "Total").
      if (Number(titleCell.getAttribute('colspan') ?? 1) > 1 && !titleCell.querySelector('a')) continue;
      const link = [...titleCell.querySelectorAll('a[href]:not([href^="#"])')].find((a) => clean(a.textContent ?? '').length > 2);
      const titleElement = link ?? titleCell;
      const titleText = (link ? clean(link.textContent ?? '') : cellTitle(titleCell)).slice(0, 300);
      if (!titleText || /^(?:sub-?\s?total|total|shipping|tax|discount|coupon)\b/i.test(titleText)) continue;
      const at = (role: Column) => roles.flatMap((r, i) => (r === role && cells[i] ? [cells[i]!] : []));
      const qtyCell = at('qty')[0];
      const qtyText = clean(qtyCell?.querySelector('input')?.getAttribute('value') ?? qtyCell?.textContent ?? '');
      const qtyMatch = /ordered\s*:?\s*(\d{1,3})/i.exec(qtyText) ?? /(\d{1,3})/.exec(qtyText);
      const quantity = qtyMatch ? Math.max(1, Math.min(999, Number(qtyMatch[1]))) : rowQuantity(row);
      const total = cellPrice(at('total')[0]);
      const unit = cellPrice(at('unit')[0]);
      const round = (n: number) => Math.round(n * 100) / 100;
      // A lone "Price" column beside a quantity is the line's price on most order pages (Shopify,
      // WooCommerce): divided, unless its header says each or unit.
      const perCopy = roles.some((role, i) => role === 'unit' && /each|unit|per\b/i.test(clean(cellsByColumn(headerRow)[i]?.textContent ?? '')));
      const lone = unit && !total && !perCopy && quantity > 1 && !roles.includes('list');
      const paid = total
        ? { unit: round(total.amount / quantity), text: total.text }
        : unit
          ? { unit: round(lone ? unit.amount / quantity : unit.amount), text: unit.text }
          : unitPrice(row, quantity);
      const codes = lineCodes([...at('code'), titleCell], titleCell);
      lines.push({ row, title: titleElement, titleText, codes, quantity, unit: paid.unit, text: paid.text, discounted: namesDiscount(row, at('discount')[0]) });
    }
  }
  return lines;
}

/**
 * Every line of the page's orders: its tables' rows (with the comic detection found in each, or one read
 * from the row when detection passed it over), then the comics detection found outside those tables
 * (a list or cards), each with the quantity and price its own block shows. Comics the page offers beside
 * the order are left out; lines come in page order.
 */
export function orderLines(document: Document, items: readonly DetectedItem[]): Candidate[] {
  const candidates: Candidate[] = [];
  const taken = new Set<DetectedItem>();
  for (const line of tableLines(document)) {
    const found = items.find((item) => !taken.has(item) && line.row.contains(item.anchor));
    let item: DetectedItem;
    if (found) {
      taken.add(found);
      const codes = [...found.codes];
      for (const code of line.codes) addCode(codes, code);
      item = { ...found, codes };
    } else {
      const parsed = parseTitle(line.titleText);
      if (!isComic(parsed)) continue;
      item = { codes: line.codes, title: line.titleText, parsed, price: line.text, anchor: line.title, via: 'grid', sources: ['grid'] };
    }
    if (offered(item.anchor, line.row)) continue;
    candidates.push({ item, row: line.row, quantity: line.quantity, unit: line.unit, text: line.text, discounted: line.discounted });
  }
  const rest = items.filter((item) => !taken.has(item) && !candidates.some((c) => c.row.contains(item.anchor)));
  const anchors = rest.map((item) => item.anchor);
  for (const item of rest) {
    const row = lineRow(item.anchor, anchors);
    if (offered(item.anchor, row)) continue;
    const quantity = rowQuantity(row);
    // A code the line writes beside its title ("ISBN 978…") that detection did not tie to it.
    candidates.push({ item: { ...item, codes: lineCodes([row], row, [...item.codes]) }, row, quantity, ...unitPrice(row, quantity), discounted: namesDiscount(row) });
  }
  // Lines in lists or cards that detection passed over (a title with no issue number, vouched for by
  // the line's own words: "Graphic Novel · Rebellion"): a block with a title, a quantity and a price.
  for (const block of quantityBlocks(document)) {
    if (candidates.some((c) => c.row.contains(block) || block.contains(c.row))) continue;
    const title = blockTitle(block);
    if (!title) continue;
    const titleText = clean(title.textContent ?? '').replace(/^\d{1,3}\s?[×xX]\s+/, '').slice(0, 300);
    const parsed = parseVouched(titleText, block, title);
    if (!parsed || offered(title, block)) continue;
    const quantity = rowQuantity(block);
    const item: DetectedItem = { codes: lineCodes([block], block), title: titleText, parsed, price: null, anchor: title, via: 'grid', sources: ['grid'] };
    candidates.push({ item, row: block, quantity, ...unitPrice(block, quantity), discounted: namesDiscount(block) });
  }
  // One comic read twice (a title link and its image in one row) is one line.
  const unique = candidates.filter((c, i) => candidates.findIndex((d) => d.row === c.row) === i);
  return unique.sort((a, b) => (a.item.anchor === b.item.anchor ? 0 : a.item.anchor.compareDocumentPosition(b.item.anchor) & 4 ? -1 : 1));
}

/** An element that says only a quantity: "× 2", "Qty: 2", "Quantity 3". */
const QUANTITY_ONLY = /^(?:(?:qty|quantity|quant\.?)\s*[:.]?\s*|[×xX]\s?)\d{1,3}$|^\d{1,3}\s?[×xX]$/;

const QUANTITY_LEADS = /^\s*(?:qty|quantity)\s*[:.]?\s*\d{1,3}\b/i;
/** A title led by how many were bought: "2 x Absolute Batman #16". */
const COUNT_LEADS = /^\s*\d{1,3}\s?[×xX]\s+\S/;

/** The blocks of a list of bought lines: the smallest block around a quantity that also shows a price and a title. */
function quantityBlocks(document: Document): Element[] {
  const blocks: Element[] = [];
  const body = document.body;
  if (!body) return blocks;
  const seeds: Element[] = [];
  for (const el of [...body.querySelectorAll('span,div,td,p,small,strong,b')].slice(0, 20_000)) {
    if (el.children.length <= 1 && QUANTITY_ONLY.test(clean(el.textContent ?? '').slice(0, 24))) seeds.push(el);
  }
  // "Qty: 2 @ $5.49" and "2 x Absolute Batman #16" in running text.
  const walker = document.createTreeWalker(body, 4);
  let visited = 0;
  for (let node = walker.nextNode(); node !== null && visited < MAX_TEXT_NODES; node = walker.nextNode(), visited++) {
    const text = node.nodeValue ?? '';
    if (text.length > 200 || !(QUANTITY_LEADS.test(text) || COUNT_LEADS.test(text))) continue;
    if (node.parentElement && !seeds.includes(node.parentElement)) seeds.push(node.parentElement);
  }
  for (const el of seeds) {
    if (el.closest(NOT_CONTENT)) continue;
    for (let up: Element | null = el, depth = 0; up && up !== body && depth < 6; up = up.parentElement, depth++) {
      if (!blockTitle(up)) continue;
      // A table cell's line is its row (the price may stand in the next cell).
      const line = isCell(up) ? (up.closest('tr,[role="row"]') ?? up) : up;
      if (!/[$£€¥]/.test(line.textContent ?? '')) continue;
      if (!blocks.includes(line)) blocks.push(line);
      break;
    }
  }
  return blocks.filter((block) => !blocks.some((other) => other !== block && block.contains(other)));
}

/** A line's title read as a comic, vouched for by a category its block writes ("Graphic Novel · Rebellion"). */
function parseVouched(titleText: string, block: Element, title: Element): ParsedTitle | null {
  const plain = parseTitle(titleText);
  if (isComic(plain)) return plain;
  const walker = block.ownerDocument.createTreeWalker(block, 4);
  let visited = 0;
  for (let node = walker.nextNode(); node !== null && visited < 60; node = walker.nextNode(), visited++) {
    if (title.contains(node)) continue;
    for (const piece of (node.nodeValue ?? '').split(/[·•|,/]/)) {
      const category = clean(piece);
      if (category.length < 3 || category.length > 40) continue;
      const vouched = parseTitle(titleText, { category });
      if (isComic(vouched)) return vouched;
    }
  }
  return null;
}

/** A block's title: its longest link or named title element with words in it. */
function blockTitle(block: Element): Element | null {
  let best: Element | null = null;
  let length = 0;
  for (const el of block.querySelectorAll('a[href], [class*="title" i], [class*="name" i], h3, h4, strong, b')) {
    const text = clean(el.textContent ?? '');
    if (text.length < 3 || /^[\d\s$£€¥.,×x:-]+$/i.test(text) || text.length <= length) continue;
    best = el;
    length = text.length;
  }
  return best;
}

/** Headings of the shelves a store shows beside an order: recommendations, not lines of it. */
const OFFERED = /\b(?:you\s+(?:may|might)\s+(?:also\s+)?(?:like|enjoy)|also\s+(?:bought|viewed|like)|recommend|related|similar|more\s+from|trending|bestsellers?|new\s+(?:this\s+week|releases|arrivals)|recently\s+viewed|featured|don['’]t\s+miss|complete\s+your)\b/i;

/** A comic the page offers rather than one the order holds: it can be put in a cart, or sits under a shelf's heading. */
function offered(anchor: Element, row: Element): boolean {
  if (hasBuyControl(row)) return true;
  // A reorder list: checkboxes in a form that puts them in the cart again.
  if (/cart|basket|reorder/i.test(row.closest('form')?.getAttribute('action') ?? '')) return true;
  if (anchor.closest('[class*="recommend" i],[class*="carousel" i],[class*="upsell" i],[class*="cross-sell" i],[class*="crosssell" i],[class*="related" i],[id*="recommend" i]')) return true;
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
    const marked = parent.closest('del,s,strike,[class*="compare" i],[class*="strike" i],[class*="old-price" i],[class*="price-old" i],[class*="was-price" i],[class*="price-was" i],[class*="msrp" i],[class*="list-price" i],[class*="listprice" i],[class*="original" i],[class*="regular" i],[class*="retail" i],[class*="rrp" i]');
    const struck = (marked !== null && row.contains(marked))
      || /\b(?:was|msrp|rrp|srp|list(?:\s+price)?|regular|retail|orig(?:inal)?|cover\s+price|you\s+save|save|discount)\s*:?\s*-?$/i.test(before)
      || /^\s*[-−–]/.test(clean(text));
    found.push({ amount: amountOf(price), text: price, struck, cell: parent });
  }
  return found.filter((f) => Number.isFinite(f.amount));
}

/** An element's words with a space between its elements' (textContent glues "× 3" to the next block's "Deal"). */
export function spacedText(el: Element, max = 4000): string {
  const parts: string[] = [];
  const walker = el.ownerDocument.createTreeWalker(el, 4);
  let length = 0;
  for (let node = walker.nextNode(); node !== null && length < max; node = walker.nextNode()) {
    if (node.parentElement?.closest(NOT_CONTENT)) continue;
    const text = node.nodeValue ?? '';
    parts.push(text);
    length += text.length + 1;
  }
  return clean(parts.join(' ').replace(/\s+/g, ' '));
}

export function amountOf(price: string): number {
  const digits = price.replace(/[^\d.,]/g, '');
  // "4,50" (a decimal comma) and "1,299.00" (a thousands comma).
  const normal = /,\d{2}$/.test(digits) && !/\.\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return Number(normal);
}

/** A currency the page names beside an amount: "$105.60 CAD", "USD 54.95". */
function rowQuantity(row: Element): number {
  const text = spacedText(row).slice(0, 600);
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
  // "Qty: 2 @ $5.49": the price after the "@" is one copy's.
  const at = /@\s*([^\s@]{0,4}\s?\d[\d.,]*)/.exec(spacedText(row, 1000));
  const eachPrice = at?.[1] ? extractPrice(at[1]) : null;
  if (eachPrice) return { unit: round(amountOf(eachPrice)), text: eachPrice };
  // One copy: the last price the line shows is what it came to (a list price may come first).
  if (quantity === 1) return { unit: round(prices[prices.length - 1]!.amount), text: prices[prices.length - 1]!.text };
  // Unit and line total both shown: the one the other is `quantity` times.
  for (const a of prices) {
    if (prices.some((b) => b !== a && Math.abs(b.amount - a.amount * quantity) < 0.011)) return { unit: round(a.amount), text: a.text };
  }
  const only = prices[prices.length - 1]!;
  const header = underTotalHeader(row, only.cell);
  const each = /\b(?:each|ea\.?|per\s+(?:copy|item|unit))\b|\/\s?(?:ea|each)\b/i.test(clean(row.textContent ?? ''));
  if (header === false || each) return { unit: round(only.amount), text: only.text };
  return { unit: round(only.amount / quantity), text: only.text };
}
