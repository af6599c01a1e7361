// npm run detect -- <page.html> --url <address>
// Runs page detection on a saved page, as the content script would on that address, and prints what it
// found as JSON. For people who maintain adapters: save a store's page, run this, compare.

import { readFile } from 'node:fs/promises';
import { Window } from 'happy-dom';
import { detect } from '../lib/detect/page';
import { reportDetection } from '../lib/detect/report';

const USAGE = 'usage: npm run detect -- <page.html> --url <address>';

function fail(message: string): never {
  process.stderr.write(`detect: ${message}\n`);
  process.exit(2);
}

function readArguments(argv: readonly string[]): { file: string; url: string } {
  let file: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--url') url = argv[++i];
    else if (arg.startsWith('--url=')) url = arg.slice('--url='.length);
    else if (arg.startsWith('--')) fail(`unknown option ${arg} (${USAGE})`);
    else if (file === undefined) file = arg;
    else fail(`one page at a time (${USAGE})`);
  }
  if (file === undefined) fail(`no page given (${USAGE})`);
  if (url === undefined || url === '') fail(`no --url given (${USAGE})`);
  try {
    new URL(url);
  } catch {
    fail(`--url is not an address: ${url}`);
  }
  return { file, url };
}

async function main(): Promise<void> {
  const { file, url } = readArguments(process.argv.slice(2));
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    fail(`cannot read ${file} (${reason})`);
  }
  const window = new Window({
    url,
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  try {
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    // happy-dom's Document implements the DOM's Document; the two type declarations differ only in detail.
    const report = reportDetection(detect(document as unknown as Document, url));
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  } finally {
    await window.happyDOM.close();
  }
}

void main();
