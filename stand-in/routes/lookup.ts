import type { CodeMatch } from '../catalog/index.ts';
import { LUNAR_CODE, UNIVERSAL_CODE } from '../barcodes.ts';
import { ApiError, ok, type Reply } from '../http.ts';
import { ambiguousMatch, codeLookupData, isbnLookupData, lookupAnswer, upcLookupData, type View } from '../views.ts';
import { LOOKUP, type Route } from './shared.ts';

// Barcode and distributor-code lookups (contract §2). One match answers 200, several 409 with the
// candidates (newest first, at most MAX_MATCHES, `total_count` says how many there were).

const MAX_MATCHES = 50;

function ambiguous(view: View, label: string, code: string, matches: CodeMatch[]): ApiError {
  const shown = [...matches].sort((a, b) => b.issue.releaseDate.localeCompare(a.issue.releaseDate) || b.issue.id - a.issue.id).slice(0, MAX_MATCHES);
  return new ApiError(409, {
    message: `Multiple issues found with ${label}: ${code}. Choose one of the matches.`,
    count: shown.length,
    total_count: matches.length,
    matches: shown.map((m) => ambiguousMatch(view, m)),
  });
}

function answer(view: View, label: string, code: string, matches: CodeMatch[], data: (m: CodeMatch) => unknown): Reply {
  const [only] = matches;
  if (!only) throw new ApiError(404, { message: `No issue found with ${label}: ${code}` });
  if (matches.length > 1) throw ambiguous(view, label, code, matches);
  return ok(lookupAnswer(view, only, data(only)));
}

export const lookupRoutes: Route[] = [
  {
    method: 'GET', path: '/api/v1/lookup/upc/{upc:any}', kind: 'read', auth: true, abilities: LOOKUP,
    handle(ctx) {
      const upc = ctx.params.upc ?? '';
      return answer(ctx.view, 'UPC', upc, ctx.world.catalog.lookupUpc(upc), (m) => upcLookupData(ctx.view, m));
    },
  },
  {
    method: 'GET', path: '/api/v1/lookup/isbn/{isbn:any}', kind: 'read', auth: true, abilities: LOOKUP,
    handle(ctx) {
      const isbn = ctx.params.isbn ?? '';
      const matches = ctx.world.catalog.lookupIsbn(isbn).map((issue) => ({ issue, variant: null }));
      return answer(ctx.view, 'ISBN', isbn, matches, (m) => isbnLookupData(ctx.view, m.issue));
    },
  },
  {
    method: 'GET', path: '/api/v1/lookup/code/{code:any}', kind: 'read', auth: true, abilities: LOOKUP,
    handle(ctx) {
      const code = (ctx.params.code ?? '').trim().toUpperCase();
      if (!LUNAR_CODE.test(code) && !UNIVERSAL_CODE.test(code)) {
        throw new ApiError(422, { message: 'The code must be a Lunar code (like 0126IM0451) or a Universal code (like DC10251016).' });
      }
      return answer(ctx.view, 'code', code, ctx.world.catalog.lookupDistributorCode(code), (m) => codeLookupData(ctx.view, m));
    },
  },
];
