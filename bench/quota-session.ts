// Benchmark: API reads of a scripted browsing session (PRODUCT.md, "Quota is the scarce resource").
// The fixture store pages (product, listing and search pages) are read by the real detection code,
// and their comics asked of the real background service, which talks over HTTP to the local VerseDB
// stand-in, after the member's library has synced. Then the same pages are visited again, twice
// (a shopper going back and forth between listings); the totals are printed after each round.
// Printed: reads Longbox spent, reads a naive client spends (a lookup and an owned check per item
// per view), and the distinct codes never seen before. Budgets: Longbox at most 1.1x the distinct
// codes, zero on revisits, at least 20x fewer than naive.
import './lib/english';
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { detect } from '../lib/detect/page';
import { itemQuery } from '../lib/content/item-query';
import { codeKey } from '../lib/status';
import { startStandIn } from '../stand-in/index.ts';
import { backgroundFor, readsServed } from '../tests/integration/harness';
import { fixturePages } from '../scripts/lib/fixtures';

const LOOKUP_TYPES = new Set(['upc', 'isbn', 'ean', 'lunar', 'prh']);

async function main(): Promise<void> {
  const pages = fixturePages().filter((page) => !/cart|basket/.test(page.name));
  const si = await startStandIn({ port: 0 });
  const { service } = await backgroundFor(si);
  await service.signIn(si.url, si.tokens.free, 'personal');
  await service.runSync();
  const syncReads = readsServed(si);

  const seen = new Set<string>();
  let items = 0;
  const passes: Array<{ reads: number; newCodes: number; naive: number }> = [];
  for (const pass of [1, 2, 3]) {
    si.clearRequests();
    let newCodes = 0;
    let passNaive = 0;
    for (const page of pages) {
      const window = new Window({ url: page.url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
      const document = new window.DOMParser().parseFromString(readFileSync(page.htmlPath, 'utf8'), 'text/html');
      // happy-dom's Document implements the DOM's Document; the two declarations differ only in detail.
      const detection = detect(document as unknown as Document, page.url);
      const queries = detection.items.map(itemQuery);
      for (const query of queries) {
        for (const code of query.codes) {
          if (!LOOKUP_TYPES.has(code.type)) continue;
          const key = codeKey(code);
          if (!seen.has(key)) newCodes += 1;
          seen.add(key);
        }
      }
      passNaive += 2 * queries.length;
      if (pass === 1) items += queries.length;
      await service.itemStatuses(queries, { lookUp: true });
      await window.happyDOM.close();
    }
    passes.push({ reads: readsServed(si), newCodes, naive: passNaive });
  }
  await si.stop();

  const first = passes[0] ?? { reads: 0, newCodes: 0, naive: 0 };
  const revisitReads = passes.slice(1).reduce((sum, p) => sum + p.reads, 0);
  console.log('Scripted browsing session: the fixture product, listing and search pages, three rounds');
  console.log(`  pages per round                ${pages.length}`);
  console.log(`  comics per round               ${items}`);
  console.log(`  library sync (once, before)    ${syncReads} reads`);
  console.log(`  distinct codes never seen      ${first.newCodes}`);
  console.log(`  Longbox reads, first round     ${first.reads}  (${(first.reads / Math.max(1, first.newCodes)).toFixed(2)}x the new codes; budget 1.1x)`);
  console.log(`  Longbox reads, revisits        ${revisitReads}  (budget 0)`);
  console.log('  after round   Longbox   naive   naive/Longbox (budget at least 20x)');
  let longbox = 0;
  let naiveSoFar = 0;
  passes.forEach((p, i) => {
    longbox += p.reads;
    naiveSoFar += p.naive;
    console.log(`  ${String(i + 1).padStart(11)} ${String(longbox).padStart(9)} ${String(naiveSoFar).padStart(7)}   ${(naiveSoFar / Math.max(1, longbox)).toFixed(1)}x`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
