// OpenGraph and product meta tags: the product a product page is about (og:type product, product:upc...).
// Read only when the scan covers the whole document.

import type { Code, CodeHint } from '../codes';
import { clean } from '../dom';
import { addCode, strictCode } from '../links';
import { formatPrice } from '../prices';
import type { Extractor } from './context';
import { codeFrom, findAnchor } from './structured';

const META_CODES: readonly (readonly [string, CodeHint])[] = [
  ['product:upc', 'upc'], ['og:upc', 'upc'], ['product:ean', 'ean'], ['og:ean', 'ean'], ['product:gtin', 'gtin'],
  ['og:gtin', 'gtin'], ['product:isbn', 'isbn'], ['books:isbn', 'isbn'], ['book:isbn', 'isbn'], ['og:isbn', 'isbn'],
];

export const metaTags: Extractor = function* (context) {
  if (!context.whole) return;
  const { document } = context;
  const metas = document.querySelectorAll('meta[property],meta[name]');
  const tags = new Map<string, string>();
  for (let i = 0; i < metas.length && i < 400; i++) {
    const meta = metas[i];
    const key = (meta?.getAttribute('property') ?? meta?.getAttribute('name') ?? '').toLowerCase();
    const content = clean(meta?.getAttribute('content') ?? '');
    if (key !== '' && content !== '' && !tags.has(key)) tags.set(key, content);
  }
  const productLike = /product|book/i.test(tags.get('og:type') ?? '') || [...tags.keys()].some((k) => /^(?:product|books?):/.test(k));
  if (!productLike) return;
  const codes: Code[] = [];
  for (const [key, hint] of META_CODES) addCode(codes, codeFrom(tags.get(key) ?? null, hint));
  addCode(codes, strictCode(tags.get('product:retailer_item_id') ?? null));
  const title = tags.get('og:title') ?? tags.get('twitter:title') ?? null;
  const price = formatPrice(
    tags.get('product:price:amount') ?? tags.get('og:price:amount') ?? null,
    tags.get('product:price:currency') ?? tags.get('og:price:currency') ?? null,
  );
  const category = tags.get('product:category') ?? tags.get('product:type') ?? null;
  if (title !== null || codes.length > 0) {
    context.items.offer({ codes, title, price, anchor: findAnchor(context, document.documentElement, title, null), category, page: true }, 'meta');
  }
};
