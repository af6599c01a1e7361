// Structured data in microdata: itemscope blocks typed schema.org Product, Book or ComicIssue.

import type { Code } from '../codes';
import { clean, NOT_CONTENT, textOf } from '../dom';
import type { Titled } from '../judge';
import { addCode } from '../links';
import { formatPrice } from '../prices';
import { YIELD_EVERY, type Extractor } from './context';
import { propertyCode } from './structured';

const MAX_SCOPES = 5000;
const PRODUCT_ITEMTYPE = /schema\.org\/(?:Product|Book|ComicIssue|IndividualProduct|ProductModel)\b/i;

export const microdata: Extractor = function* (context, root) {
  const { seen, items } = context;
  const scopes = root.querySelectorAll('[itemscope][itemtype]');
  for (let i = 0; i < scopes.length && i < MAX_SCOPES; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const scope = scopes[i];
    if (scope === undefined || !PRODUCT_ITEMTYPE.test(scope.getAttribute('itemtype') ?? '')) continue;
    if (seen.has(scope) || scope.closest(NOT_CONTENT) !== null) continue;
    try {
      seen.add(scope);
      let name: Titled | null = null;
      let amount: string | null = null;
      let currency: string | null = null;
      let category: string | null = null;
      let address: string | null = null;
      const codes: Code[] = [];
      const props = scope.querySelectorAll('[itemprop]');
      for (let j = 0; j < props.length && j < 300; j++) {
        const prop = props[j];
        if (prop === undefined) continue;
        const own = prop.parentElement?.closest('[itemscope]') === scope;
        const value = valueOf(prop);
        for (const key of (prop.getAttribute('itemprop') ?? '').split(/\s+/)) {
          addCode(codes, propertyCode(key, value));
          if (key === 'price') amount ??= value;
          else if (key === 'priceCurrency') currency ??= value;
          else if (own && key === 'name' && value !== '') name ??= { text: value, element: prop };
          else if (own && key === 'category') category ??= value;
          else if (own && key === 'url') address ??= value;
        }
      }
      if (name === null && codes.length === 0) continue;
      const link = address === null ? null : context.linkKey(address);
      items.offer(
        { codes, title: name?.text ?? null, price: formatPrice(amount, currency), anchor: name?.element ?? scope, container: scope, category, link },
        'microdata',
      );
    } catch {
      // One odd block does not stop the others.
    }
  }
};

function valueOf(el: Element): string {
  const content = el.getAttribute('content');
  if (content !== null) return clean(content);
  if (el.tagName === 'A' || el.tagName === 'LINK') return el.getAttribute('href') ?? '';
  return el.tagName === 'META' ? '' : textOf(el);
}
