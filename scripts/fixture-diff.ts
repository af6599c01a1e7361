// For adapter maintainers: a fixture page's expected items beside what detection finds, with the
// extractors that read each one. `--scramble <seed>` renames every class and id first and reads the page
// with no adapter rules, as the general readers alone would.
//   npx tsx scripts/fixture-diff.ts <folder>/<page> [--scramble <seed>]
import { readFileSync } from 'node:fs';
import { detect } from '../lib/detect/page';
import { reportDetection } from '../lib/detect/report';
import { adapterFor } from '../lib/sites/index';
import { comparable, fixturePages, parsePage } from './lib/fixtures';
import { scrambleMarkup } from './lib/scramble';

const [id, flag, seedText] = process.argv.slice(2);
const seed = flag === '--scramble' ? Number(seedText ?? 1) : null;
const page = fixturePages().find((p) => `${p.folder}/${p.name}` === id);
if (page === undefined) {
  console.error(`No fixture page ${id}`);
  process.exit(2);
}
const { document, close } = parsePage(readFileSync(page.htmlPath, 'utf8'), page.url);
if (seed !== null) scrambleMarkup(document, seed);
const adapter = adapterFor(page.url);
const detection = detect(document, page.url, seed === null ? {} : { adapter: { ...adapter, pages: [] } });
const report = reportDetection(detection);
const expected = new Set(page.items.map(comparable));
const actual = new Set(report.items.map(comparable));
report.items.forEach((item, i) => {
  const mark = expected.has(comparable(item)) ? ' ' : '+';
  console.log(`${mark} ${detection.items[i]?.sources.join(',')}  ${comparable(item)}`);
});
for (const item of page.items) if (!actual.has(comparable(item))) console.log(`- expected  ${comparable(item)}`);
await close();
