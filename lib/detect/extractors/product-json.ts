// A Shopify product page's own product data: the theme's `<script type="application/json"
// data-product-json>` (Debut, Brooklyn and most themes before Dawn), whose variants carry the barcode and
// SKU the page shows nowhere else. Only the variant on view counts: the one in the address (?variant=),
// else the one the add-to-cart form has selected, else the first. The others (Cover B, a 1:25 variant) are
// other comics the page does not show as products. Read only when the scan covers the whole document.

import type { Code } from '../codes';
import { addCode, strictCode } from '../links';
import type { Extractor } from './context';
import { findAnchor } from './structured';

const MAX_JSON_CHARS = 200_000;

interface Variant {
  id?: unknown;
  barcode?: unknown;
  sku?: unknown;
}

export const productJson: Extractor = function* (context) {
  if (!context.whole) return;
  const { document } = context;
  const script = document.querySelector('script[type="application/json"][data-product-json], script[type="application/json"][id^="ProductJson-"]');
  const text = script?.textContent ?? '';
  if (text === '' || text.length > MAX_JSON_CHARS) return;
  let product: { title?: unknown; variants?: unknown };
  try {
    product = JSON.parse(text) as { title?: unknown; variants?: unknown };
  } catch {
    return; // a broken script says nothing
  }
  yield;
  const variants = Array.isArray(product.variants) ? (product.variants as Variant[]).filter((v) => typeof v === 'object' && v !== null) : [];
  const shown = variantOnView(document, context.url, variants);
  if (shown === null) return;
  const codes: Code[] = [];
  for (const value of [shown.barcode, shown.sku]) if (typeof value === 'string') addCode(codes, strictCode(value));
  if (codes.length === 0) return;
  const title = typeof product.title === 'string' ? product.title.slice(0, 300) : null;
  context.items.offer({ codes, title, price: null, anchor: findAnchor(context, document.documentElement, title, null), page: true }, 'product-json');
};

function variantOnView(document: Document, url: string, variants: readonly Variant[]): Variant | null {
  let wanted: string | null = null;
  try {
    wanted = new URL(url).searchParams.get('variant');
  } catch {
    // no address to read
  }
  if (wanted === null) {
    const field = document.querySelector('form[action*="/cart/add"] [name="id"]');
    const option = field?.tagName === 'SELECT' ? (field.querySelector('option[selected]') ?? field.querySelector('option')) : field;
    wanted = option?.getAttribute('value') ?? null;
  }
  return variants.find((v) => wanted !== null && String(v.id) === wanted) ?? variants[0] ?? null;
}
