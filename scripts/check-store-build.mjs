// The store build (npm run build) gives a store page nothing to read: no data-longbox-* attributes and no
// open shadow root in anything injected into a page (store scripts, their chunks, the lazily loaded ones).
// Those belong to the e2e build's test contract (lib/content/contract.ts). Exits 1, naming the file, if any do.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.output/chrome-mv3';
const files = [
  ...['content-scripts', 'chunks'].flatMap((sub) =>
    existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)).filter((f) => f.endsWith('.js')).map((f) => join(dir, sub, f)) : [],
  ),
  ...['page-extras.js', 'general-readers.js'].map((f) => join(dir, f)).filter((f) => existsSync(f)),
];
if (files.length === 0) {
  console.error(`No store build in ${dir}: run npm run build first.`);
  process.exit(1);
}
const leaks = files.filter((file) => /data-longbox-(?:badge|state|code|cart-warning)|mode:\s*["']open["']/.test(readFileSync(file, 'utf8')));
if (leaks.length > 0) {
  console.error(`The store build tells the page what the member owns, in: ${leaks.join(', ')}`);
  process.exit(1);
}
console.log(`Store build: ${files.length} scripts a page can meet, none with a data-longbox attribute or an open shadow root.`);
