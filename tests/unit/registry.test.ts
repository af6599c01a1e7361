import { describe, expect, it } from 'vitest';
import { RETAILER_MATCHES, RETAILER_SITES } from '@/lib/sites/registry';

// Match patterns are checked by the browser only at install time; a bad one makes the whole
// extension fail to load, so check their shape here.
const MATCH_PATTERN = /^https:\/\/\*\.[a-z0-9-]+(\.[a-z0-9-]+)+\/\*$/;

describe('retailer registry', () => {
  it('has unique adapter ids', () => {
    const ids = RETAILER_SITES.map((site) => site.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares only https match patterns for whole store domains', () => {
    for (const pattern of RETAILER_MATCHES) expect(pattern).toMatch(MATCH_PATTERN);
  });
});
