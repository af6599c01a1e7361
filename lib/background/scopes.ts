import type { VerseDbClient } from '../versedb/client';
import { isVerseDbError } from '../versedb/errors';
import { NoBody } from '../versedb/schemas';
import type { Scheduler } from '../scheduler';

// VerseDB's profile does not list a token's scopes, so Longbox asks: one harmless call per scope it
// needs, each of which changes nothing (a lookup of a code no comic has, removals of things that are
// not there). A 403 names the scope as missing; any other answer means the token has it.

interface Probe {
  scope: string;
  kind: 'read' | 'write';
  method: string;
  path: string;
}

const PROBES: readonly Probe[] = [
  { scope: 'lookup:barcode', kind: 'read', method: 'GET', path: '/lookup/upc/000000000000' },
  { scope: 'write:collection', kind: 'write', method: 'DELETE', path: '/issues/0/collection?collection_item_id=0' },
  { scope: 'write:wishlist', kind: 'write', method: 'DELETE', path: '/issues/0/wishlist' },
  { scope: 'write:pull-list', kind: 'write', method: 'DELETE', path: '/pull-list/items/0' },
];

/** The scopes a Connect token lacks by design: it is read-only. */
export const CONNECT_TOKEN_LACKS = PROBES.map((probe) => probe.scope);

export async function missingScopes(client: VerseDbClient, scheduler: Scheduler): Promise<string[]> {
  const missing: string[] = [];
  for (const probe of PROBES) {
    try {
      const [path, query] = probe.path.split('?');
      await scheduler.run({ kind: probe.kind, priority: 'user' }, () =>
        client.request(probe.method, path ?? probe.path, {
          schema: NoBody,
          query: Object.fromEntries(new URLSearchParams(query ?? '')),
        }),
      );
    } catch (error) {
      if (isVerseDbError(error, 'missing-scope') || isVerseDbError(error, 'forbidden')) missing.push(probe.scope);
      else if (isVerseDbError(error, 'unauthenticated')) throw error;
    }
  }
  return missing;
}
