// Structured data in JSON-LD: schema.org Product, Book and ComicIssue, alone, in an ItemList or an @graph.
// Malformed or huge scripts are skipped; the page's other data is still read.

import type { Code } from '../codes';
import { addCode } from '../links';
import { formatPrice } from '../prices';
import { YIELD_EVERY, type Extractor } from './context';
import { asList, findAnchor, isRecord, propertyCode, scalar, text } from './structured';

const MAX_LD_SCRIPTS = 40;
const MAX_LD_CHARS = 1_000_000;
const MAX_NODES = 10_000;
const PRODUCT_TYPE = /^(?:Product|Book|ComicIssue|IndividualProduct|ProductModel)$/i;

export const jsonLd: Extractor = function* (context, root) {
  const scripts = root.querySelectorAll('script[type*="ld+json"]');
  const products: Record<string, unknown>[] = [];
  const budget = { nodes: MAX_NODES };
  for (let i = 0; i < scripts.length && i < MAX_LD_SCRIPTS; i++) {
    const source = scripts[i]?.textContent ?? '';
    if (source.length === 0 || source.length > MAX_LD_CHARS) continue;
    try {
      collectProducts(JSON.parse(source), products, budget, 0);
    } catch {
      // Malformed JSON-LD is skipped.
    }
    yield;
  }
  for (let i = 0; i < products.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) yield;
    const product = products[i];
    if (product === undefined) continue;
    try {
      const name = text(product['name']);
      const offers = asList(product['offers']).filter(isRecord);
      const codes: Code[] = [];
      for (const source of [product, ...offers]) {
        for (const key of ['gtin13', 'gtin12', 'gtin14', 'gtin8', 'gtin', 'isbn', 'sku', 'mpn', 'productID']) {
          for (const value of asList(source[key])) addCode(codes, propertyCode(key, scalar(value)));
        }
      }
      let price: string | null = null;
      for (const offer of offers) {
        const spec = isRecord(offer['priceSpecification']) ? offer['priceSpecification'] : {};
        price ??= formatPrice(
          scalar(offer['price']) ?? scalar(offer['lowPrice']) ?? scalar(spec['price']),
          text(offer['priceCurrency']) ?? text(spec['priceCurrency']),
        );
      }
      const address = text(product['url']) ?? offers.map((o) => text(o['url'])).find((u) => u !== null) ?? null;
      const link = address === null ? null : context.linkKey(address);
      if (name === null && codes.length === 0) continue;
      const category = text(product['category']) ?? asList(product['additionalType']).map(text).find((t) => t !== null) ?? null;
      const anchor = findAnchor(context, root, name, link);
      // Structured data at the page's own address, or the page's only product, is the page's product.
      const page = link !== null ? link === context.linkKey(context.url) : products.length === 1 && context.whole;
      context.items.offer({ codes, title: name, price, anchor, category, link, page }, 'json-ld');
    } catch {
      // One odd product does not stop the others.
    }
  }
};

function collectProducts(node: unknown, out: Record<string, unknown>[], budget: { nodes: number }, depth: number): void {
  if (depth > 8 || budget.nodes-- <= 0) return;
  if (Array.isArray(node)) {
    for (const child of node.slice(0, 500)) collectProducts(child, out, budget, depth + 1);
  } else if (isRecord(node)) {
    const types = asList(node['@type']).map((t) => (typeof t === 'string' ? t.replace(/^.*[/#:]/, '') : ''));
    if (types.some((t) => PRODUCT_TYPE.test(t))) out.push(node);
    else for (const key of ['@graph', 'itemListElement', 'item', 'mainEntity', 'hasVariant']) collectProducts(node[key], out, budget, depth + 1);
  }
}
