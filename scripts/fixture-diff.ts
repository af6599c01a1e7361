// For adapter maintainers: a fixture page's expected items beside what detection finds, with the
// extractors that read each one. npx tsx scripts/fixture-diff.ts <folder>/<page> [--scramble seed]
import { readFileSync } from 'node:fs';
import { detect } from '../lib/detect/page';
import { reportDetection } from '../lib/detect/report';
import { comparable, fixturePages, parsePage } from './lib/fixtures';

const [id] = process.argv.slice(2);
const page = fixturePages().find((p) => `${p.folder}/${p.name}` === id);
if (page === undefined) {
  console.error(`No fixture page ${id}`);
  process.exit(2);
}
const { document, close } = parsePage(readFileSync(page.htmlPath, 'utf8'), page.url);
const detection = detect(document, page.url);
const report = reportDetection(detection);
const expected = new Set(page.items.map(comparable));
const actual = new Set(report.items.map(comparable));
report.items.forEach((item, i) => {
  const mark = expected.has(comparable(item)) ? ' ' : '+';
  console.log(`${mark} ${detection.items[i]?.sources.join(',')}  ${comparable(item)}`);
});
for (const item of page.items) if (!actual.has(comparable(item))) console.log(`- expected  ${comparable(item)}`);
await close();
