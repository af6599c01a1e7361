// @vitest-environment happy-dom
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS, GENERIC_ADAPTER, adapterFor, matchesPattern } from '@/lib/sites/index';
import { RETAILER_MATCHES, RETAILER_SITES } from '@/lib/sites/registry';
import { FIXTURE_ROOT, fixtureFolders, LAYOUTS_FOLDER } from '@/scripts/lib/fixtures';

// An adapter is only as good as the saved pages that prove it: every adapter needs a fixture folder with
// pages and their expected items, and every fixture folder needs its adapter.

const ALL = [...ADAPTERS, GENERIC_ADAPTER];

function pagesIn(folder: string): string[] {
  const dir = join(FIXTURE_ROOT, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.html') && existsSync(join(dir, f.replace(/\.html$/, '.expected.json'))));
}

describe('adapters and their fixtures', () => {
  it.each(ALL.map((a) => [a.id]))('%s has a fixture folder with at least one page and its expected items', (id) => {
    expect(pagesIn(id).length, `tests/fixtures/sites/${id}/ needs <page>.html with <page>.expected.json`).toBeGreaterThan(0);
  });

  it('has an adapter for every fixture folder but the one of layouts no adapter was written for', () => {
    const ids = new Set(ALL.map((a) => a.id));
    for (const folder of fixtureFolders()) {
      if (folder !== LAYOUTS_FOLDER) expect(ids.has(folder), `no adapter in lib/sites for tests/fixtures/sites/${folder}/`).toBe(true);
    }
  });

  it('has unique ids, and one file per adapter named by its id', () => {
    const ids = ALL.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(existsSync(join(FIXTURE_ROOT, '..', '..', '..', 'lib', 'sites', `${id}.ts`)), id).toBe(true);
  });

  it('declares every page kind with an address test and item rules', () => {
    for (const adapter of ALL) {
      expect(adapter.pages.length, adapter.id).toBeGreaterThan(0);
      for (const page of adapter.pages) {
        expect(['product', 'listing', 'search', 'cart']).toContain(page.kind);
        expect(page.items.length, `${adapter.id} ${page.kind}`).toBeGreaterThan(0);
        for (const rule of page.items) {
          expect(() => document.createDocumentFragment().querySelector(rule.container), `${adapter.id}: ${rule.container}`).not.toThrow();
          expect(rule.title.length, `${adapter.id}: ${rule.container} has no title`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('builds the registry from the adapters, the generic one left out', () => {
    expect(RETAILER_SITES.map((s) => s.id)).toEqual(ADAPTERS.map((a) => a.id));
    expect(RETAILER_SITES.map((s) => s.id)).not.toContain('generic');
    expect(RETAILER_MATCHES).toEqual(ADAPTERS.flatMap((a) => a.matches));
    expect(GENERIC_ADAPTER.matches).toEqual([]);
  });
});

describe('picking the adapter for an address', () => {
  it.each([
    ['https://www.midtowncomics.com/product/2291043/x', 'midtown'],
    ['https://forbiddenplanet.com/basket/', 'forbiddenplanet'],
    ['https://www.forbiddenplanet.co.uk/catalog/comics/', 'forbiddenplanet'],
    ['https://cart.ebay.com/', 'ebay'],
    ['https://www.amazon.co.uk/dp/1607066017', 'amazon'],
    ['https://www.thirdeyecomics.com/products/saga-71', 'thirdeye'],
    ['https://www.capeandcowlcomics.com/product/transformers-1/', 'generic'],
    ['https://notmidtowncomics.com/product/1', 'generic'],
    ['https://www.midtowncomics.com.evil.example/product/1', 'generic'],
    ['http://www.midtowncomics.com/product/1', 'generic'],
    ['not an address', 'generic'],
    ['', 'generic'],
  ])('%s is read by %s', (url, id) => {
    expect(adapterFor(url).id).toBe(id);
  });

  it('reads match patterns as the browser does', () => {
    const at = (u: string) => new URL(u);
    expect(matchesPattern('https://*.example.com/*', at('https://example.com/'))).toBe(true);
    expect(matchesPattern('https://*.example.com/*', at('https://a.b.example.com/x?y=1'))).toBe(true);
    expect(matchesPattern('https://*.example.com/*', at('https://badexample.com/'))).toBe(false);
    expect(matchesPattern('https://shop.example.com/products/*', at('https://shop.example.com/cart'))).toBe(false);
    expect(matchesPattern('*://*.example.com/*', at('http://example.com/'))).toBe(true);
    expect(matchesPattern('not a pattern', at('https://example.com/'))).toBe(false);
  });
});
