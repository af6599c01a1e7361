// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { detect } from '@/lib/detect/page';
import { platformFor, PLATFORMS } from '@/lib/sites/platforms/index';

// Shops with no adapter of their own are read with their platform's rules, recognised from the page's
// markup and asset paths, never from the host: a Shopify shop on its own domain is still Shopify.

function page(head: string, body = ''): Document {
  return new DOMParser().parseFromString(`<!DOCTYPE html><html><head>${head}</head><body${body}></body></html>`, 'text/html');
}

describe('shop platforms', () => {
  it.each([
    ['shopify', '<link href="//www.galaxycomicsshop.com/cdn/shop/t/14/assets/base.css" rel="preconnect">'],
    ['shopify', '<script src="https://cdn.shopify.com/shopifycloud/consent-tracking-api/v0.1/consent-tracking-api.js"></script>'],
    ['shopify', '<meta name="shopify-checkout-api-token" content="x">'],
    ['woocommerce', '<link rel="preconnect" href="https://www.rocketpopcomics.com/wp-content/plugins/woocommerce/assets/css/woocommerce.css">'],
    ['woocommerce', '<meta name="generator" content="WooCommerce 9.4.2">'],
    ['bigcommerce', '<link href="https://cdn11.bigcommerce.com/s-abc123/stencil/theme.css" rel="preconnect">'],
  ])('recognises %s from %s', (id, head) => {
    expect(platformFor(page(head))?.id).toBe(id);
  });

  it('recognises nothing on a page no platform serves, whatever its address says', () => {
    expect(platformFor(page('<link rel="preconnect" href="/assets/shopify-look.css"><title>myshopify.com lookalike</title>'))).toBeNull();
    expect(detect(page(''), 'https://galaxy-comics.myshopify.com/collections/all').adapter).toBe('generic');
  });

  it('reads a page with the recognised platform, and each platform has item rules and no host', () => {
    const doc = page('<link href="https://cdn11.bigcommerce.com/s-abc123/stencil/theme.css" rel="preconnect">');
    expect(detect(doc, 'https://www.heroesvaultcomics.com/new-comics/').adapter).toBe('bigcommerce');
    for (const platform of PLATFORMS) {
      expect(platform.matches).toEqual([]);
      expect(platform.pages.flatMap((p) => p.items).length).toBeGreaterThan(0);
    }
  });
});
