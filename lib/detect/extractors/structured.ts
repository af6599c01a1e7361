// What the structured-data extractors (JSON-LD, microdata, meta tags) share: reading values defensively,
// codes from product properties, and where a structured item's badge goes on the page.

import type { Code, CodeHint } from '../codes';
import { parseCode } from '../codes';
import { clean, MAX_FIELD_CHARS, NOT_CONTENT, textOf } from '../dom';
import { normalTitle } from '../judge';
import { strictCode } from '../links';
import type { ReadContext } from './context';

const MAX_LINKS = 8000;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, 50) : value === undefined || value === null ? [] : [value];
}

export function scalar(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.length <= MAX_FIELD_CHARS ? clean(value) || null : null;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' ? scalar(value) : null;
}

export function codeFrom(value: string | null, hint: CodeHint | undefined): Code | null {
  return value === null || value === '' ? null : parseCode(value, hint);
}

/** A code from a structured-data property: GTINs and ISBNs as they are, SKUs and part numbers strictly. */
export function propertyCode(key: string, value: string | null): Code | null {
  if (/^(?:gtin(?:8|12|13|14)?|isbn)$/i.test(key)) return codeFrom(value, key === 'isbn' ? 'isbn' : 'gtin');
  return /^(?:sku|mpn|productID)$/i.test(key) ? strictCode(value) : null;
}

const linkIndexes = new WeakMap<Element, { scan: number; links: Map<string, Element> }>();

/** Where a structured-data item's badge goes: the link to it, else the heading or link that names it,
 *  else the page's heading. */
export function findAnchor(context: ReadContext, root: Element, name: string | null, link: string | null): Element {
  if (link !== null) {
    let index = linkIndexes.get(root);
    if (index === undefined || index.scan !== context.items.scan) {
      index = { scan: context.items.scan, links: new Map() };
      const links = root.querySelectorAll('a[href]');
      for (let i = 0; i < links.length && i < MAX_LINKS; i++) {
        const a = links[i];
        const key = a === undefined || textOf(a) === '' ? null : context.linkKey(a.getAttribute('href') ?? '');
        if (a !== undefined && key !== null && !index.links.has(key)) index.links.set(key, a);
      }
      linkIndexes.set(root, index);
    }
    const linked = index.links.get(link);
    if (linked !== undefined) return linked;
  }
  if (name !== null) {
    const wanted = normalTitle(name);
    const named = root.querySelectorAll('h1,h2,h3,h4,[itemprop="name"],a');
    for (let i = 0; i < named.length && i < MAX_LINKS; i++) {
      const el = named[i];
      if (el !== undefined && el.closest(NOT_CONTENT) === null && normalTitle(textOf(el)) === wanted) return el;
    }
  }
  return root.querySelector('h1') ?? context.document.body ?? root;
}
