// The store build (npm run build) gives a store page nothing to read: no data-longbox-* attributes and no
// open shadow root in anything injected into a page (store scripts and the parts the background injects later).
// Those belong to the e2e build's test contract (lib/content/contract.ts). Nor does anything in it say to
// the page that Longbox is there: no window.postMessage, no DOM event dispatched (WXT's content-script
// context sends "<extension id>:<script>:wxt:content-script-started" both ways and "…:wxt:locationchange"
// on window; lib/content/quiet-context.ts replaces it), no user-timing mark on the page's timeline.
// The early script (entrypoints/early.ts, at document_start) runs on exactly the pages of a store script:
// the same matches and exclusions, so it loads nothing where no store script reads the page.
// Exits 1, naming each file and what it found, if any do.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The folder given, else the store build of LONGBOX_OUT (as for `wxt build`), else of .output.
const dir = process.argv[2] ?? join(process.env.LONGBOX_OUT ?? '.output', 'chrome-mv3');
const inDir = (sub) => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)).filter((f) => f.endsWith('.js')).map((f) => join(dir, sub, f)) : []);
// What runs in a store page: each content script is one file (WXT builds them whole), and the parts the
// background injects later. chunks/ holds the modules of the extension's own pages (popup, options), which
// a store page never meets; they are checked for the test contract too, in case badge code lands there.
const pageFiles = [...inDir('content-scripts'), ...['page-extras.js', 'general-readers.js', 'early.js'].map((f) => join(dir, f)).filter((f) => existsSync(f))];
const files = [...pageFiles, ...inDir('chunks')];
if (files.length === 0) {
  console.error(`No store build in ${dir}: run npm run build first.`);
  process.exit(1);
}

/** What the page could read or receive, each with what it gives away. */
const SIGNALS = [
  { pattern: /data-longbox-(?:badge|state|code|cart-warning)/, says: 'a data-longbox attribute (what the member owns)' },
  { pattern: /mode:\s*["']open["']/, says: 'an open shadow root (what the member owns)' },
  // The rest only where a store page meets the code: the popup may mark its own timeline.
  { pattern: /wxt:content-script-started|wxt:locationchange/, says: "WXT's startup or navigation event (the extension's id)" },
  { pattern: /\.postMessage\s*\(/, says: 'a window.postMessage (the page receives it)' },
  { pattern: /\bCustomEvent\b|\.dispatchEvent\s*\(/, says: 'a DOM event dispatched (the page can listen for it)' },
  { pattern: /performance\.(?:mark|measure)\s*\(/, says: "a user-timing entry on the page's own timeline" },
];

const leaks = files.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const signals = pageFiles.includes(file) ? SIGNALS : SIGNALS.slice(0, 2);
  return signals.filter(({ pattern }) => pattern.test(text)).map(({ says }) => `${file}: ${says}`);
});
if (leaks.length > 0) {
  console.error(`The store build gives the page something to read:\n  ${leaks.join('\n  ')}`);
  process.exit(1);
}

const scripts = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).content_scripts ?? [];
const pagesOf = (entry) => JSON.stringify([entry.matches ?? [], entry.exclude_matches ?? []]);
const early = scripts.filter((entry) => entry.js?.includes('early.js'));
const stores = scripts.filter((entry) => !entry.js?.includes('early.js'));
const unpaired = [
  ...stores.filter((entry) => !early.some((e) => pagesOf(e) === pagesOf(entry))).map((entry) => `${entry.js} has no early script beside it`),
  ...early.filter((entry) => entry.run_at !== 'document_start' || !stores.some((s) => pagesOf(s) === pagesOf(entry))).map((entry) => `an early script on ${pagesOf(entry)} where no store script runs (or not at document_start)`),
];
if (unpaired.length > 0) {
  console.error(`The early script and the store scripts do not run on the same pages:\n  ${unpaired.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Store build: ${pageFiles.length} scripts a page can meet (and ${files.length - pageFiles.length} chunks of the extension's pages), none with a data-longbox attribute, an open shadow root, a postMessage, a dispatched event or a user-timing mark; the early script beside each of the ${stores.length} store scripts, on the same pages.`,
);
