// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDetectionSession, detect } from '@/lib/detect/page';
import { reportDetection } from '@/lib/detect/report';
import { ADAPTERS, adapterFor } from '@/lib/sites/index';
import { fixturePages, LAYOUTS_FOLDER, parsePage, recall, score, tally, type FixturePage } from '@/scripts/lib/fixtures';
import { scrambleMarkup } from '@/scripts/lib/scramble';

// Detection on pages its adapters were not written for, and the same answer however the work is sliced.
// 1. Every fixture page with every class name and id renamed (a seeded scramble made here, not stored),
//    read with no adapter rules: the general readers must still give at least 90% of each adapter's items.
// 2. The self-check: a store's adapter finding fewer items than the general readers is reported (a shop
//    platform's rules are a best guess for shops with no adapter: they never say a layout changed).
// 3. Every fixture page scanned in slices of 0 and 1 ms gives exactly the items and codes of one full scan.

const pages = fixturePages();
const SEEDS = [1, 2024];
const folders = [...new Set(pages.map((p) => p.folder))];

async function read(page: FixturePage, prepare: (document: Document) => void, adapterFree: boolean) {
  const { document, close } = parsePage(readFileSync(page.htmlPath, 'utf8'), page.url);
  try {
    prepare(document);
    const adapter = adapterFor(page.url);
    return reportDetection(detect(document, page.url, adapterFree ? { adapter: { ...adapter, pages: [] } } : {}));
  } finally {
    await close();
  }
}

describe('pages in layouts the adapters were not written for', () => {
  for (const folder of folders) {
    it(`${folder}: the general readers find at least 90% of the items with every class and id renamed`, async () => {
      const items = tally();
      const extra: string[] = [];
      for (const page of pages.filter((p) => p.folder === folder)) {
        for (const seed of SEEDS) {
          const report = await read(page, (document) => scrambleMarkup(document, seed), true);
          for (const item of score(page.items, report.items, items, tally())) extra.push(`${page.name} (seed ${seed}): ${item.title}`);
        }
      }
      expect(recall(items), `${folder}: ${items.falseNegative} of ${items.truePositive + items.falseNegative} missed`).toBeGreaterThanOrEqual(0.9);
      expect(extra.join("\n"), "items that are not on the page").toBe("");
      // Every page of a folder, read three times: a correctness check, given the time a loaded machine takes.
    }, 120_000);
  }
});

describe('the self-check', () => {
  // Where a store's adapter finds fewer items than the general readers, the session says the store's
  // layout may have changed (the popup says so): on every page of a layout the adapter was not written
  // for, and on none of the pages it was.
  for (const page of pages) {
    const expected = page.folder === LAYOUTS_FOLDER && ADAPTERS.some((adapter) => adapter.id === page.adapter);
    it(`${page.folder}/${page.name}: ${expected ? 'layout may have changed' : 'layout as known'}`, async () => {
      const { document, close } = parsePage(readFileSync(page.htmlPath, 'utf8'), page.url);
      try {
        const session = createDetectionSession(document, page.url);
        session.scan();
        expect(session.layoutChanged).toBe(expected);
      } finally {
        await close();
      }
    });
  }
});

describe('the same items however the reading is sliced', () => {
  for (const page of pages) {
    it(`${page.folder}/${page.name}`, async () => {
      const { document, close } = parsePage(readFileSync(page.htmlPath, 'utf8'), page.url);
      try {
        const whole = reportDetection(detect(document, page.url));
        for (const budget of [0, 1]) {
          const session = createDetectionSession(document, page.url);
          const items = [];
          let slices = 0;
          do {
            items.push(...session.scan(undefined, budget));
            slices++;
          } while (session.pending && slices < 100_000);
          expect(session.pending).toBe(false);
          const sliced = reportDetection({ adapter: session.adapter, items });
          expect(sliced, `${budget} ms slices (${slices} of them)`).toEqual(whole);
          // A budget of 0 stops at every pause the extractors make: the most slices there can be.
          if (budget === 0) expect(slices).toBeGreaterThan(1);
        }
      } finally {
        await close();
      }
    });
  }
});
