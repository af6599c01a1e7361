// The detection fixtures (tests/fixtures/sites/<adapter>/<page>.html with <page>.expected.json beside it),
// read for the fixture tests and the detection benchmark. Node only: happy-dom parses the pages.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import type { Code, CodeType } from '../../lib/detect/codes';
import { seriesKey } from '../../lib/detect/titles';
import type { ItemReport } from '../../lib/detect/report';

export const FIXTURE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'fixtures', 'sites');
/** Pages in layouts no adapter was written for (older designs of supported stores, other shops): they
 *  prove the general readers, under the adapter their address picks. */
export const LAYOUTS_FOLDER = 'layouts';

export interface ExpectedItem {
  readonly codes: Code[];
  readonly title: string | null;
  readonly series: string | null;
  readonly number: string | null;
  readonly price: string | null;
}

export interface FixturePage {
  /** The adapter folder: tests/fixtures/sites/<folder>/. */
  readonly folder: string;
  readonly name: string;
  readonly htmlPath: string;
  readonly url: string;
  readonly adapter: string;
  readonly items: ExpectedItem[];
  /** A page captured from a live store (it has a PROVENANCE note), not written from a store's structure. */
  readonly real: boolean;
}

const CODE_TYPES: readonly string[] = ['upc', 'isbn', 'ean', 'diamond', 'lunar', 'prh'];

export function fixtureFolders(root = FIXTURE_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .sort();
}

/** Every page that has its expected file, in folder and name order. */
export function fixturePages(root = FIXTURE_ROOT): FixturePage[] {
  const pages: FixturePage[] = [];
  for (const folder of fixtureFolders(root)) {
    const dir = join(root, folder);
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.html')) continue;
      const name = file.slice(0, -'.html'.length);
      const expectedPath = join(dir, `${name}.expected.json`);
      if (!existsSync(expectedPath)) continue;
      const expected = readExpected(expectedPath);
      const html = readFileSync(join(dir, file), 'utf8');
      // A written page says so in a comment at its top (after its doctype, where it has one).
      const real = !/^\s*(<!DOCTYPE[^>]*>\s*)?<!--[^>]*not a saved page/i.test(html.slice(0, 400));
      pages.push({ folder, name, htmlPath: join(dir, file), ...expected, real });
    }
  }
  return pages;
}

function readExpected(path: string): { url: string; adapter: string; items: ExpectedItem[] } {
  const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isRecord(data) || typeof data['url'] !== 'string' || typeof data['adapter'] !== 'string' || !Array.isArray(data['items'])) {
    throw new Error(`${path}: needs url, adapter and items`);
  }
  const items = data['items'].map((item, i): ExpectedItem => {
    if (!isRecord(item) || !Array.isArray(item['codes'])) throw new Error(`${path}: item ${i} needs codes`);
    const codes = item['codes'].map((code): Code => {
      if (!isRecord(code) || typeof code['value'] !== 'string' || !isCodeType(code['type'])) {
        throw new Error(`${path}: item ${i} has a malformed code`);
      }
      return { type: code['type'], value: code['value'] };
    });
    return {
      codes,
      title: nullableString(item['title']),
      series: nullableString(item['series']),
      number: item['number'] === null || item['number'] === undefined ? null : String(item['number']),
      price: nullableString(item['price']),
    };
  });
  return { url: data['url'], adapter: data['adapter'], items };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCodeType(value: unknown): value is CodeType {
  return typeof value === 'string' && CODE_TYPES.includes(value);
}

function nullableString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A page parsed the way a browser would build it, scripts off. Close it when done. */
export function parsePage(html: string, url: string): { document: Document; close: () => Promise<void> } {
  const window = new Window({
    url,
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  const parsed = new window.DOMParser().parseFromString(html, 'text/html');
  // happy-dom's Document implements the DOM's Document; the two type declarations differ only in detail.
  const document = parsed as unknown as Document;
  return { document, close: () => window.happyDOM.close() };
}

/** An item as the fixture format compares it: codes as a set, series by seriesKey, numbers as strings. */
export function comparable(item: ExpectedItem | ItemReport): string {
  const codes = item.codes.map((c) => `${c.type}:${c.value}`).sort();
  return JSON.stringify({
    codes,
    title: item.title,
    series: item.series === null ? null : seriesKey(item.series),
    number: item.number,
    price: item.price,
  });
}

export function codeKeys(items: readonly (ExpectedItem | ItemReport)[]): string[] {
  return items.flatMap((item) => item.codes.map((c) => `${c.type}:${c.value}`));
}

// ---------------------------------------------------------------------------------------------
// Scoring detection against a page's expected items (the tests and npm run bench:detect)

export interface Tally {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

export const tally = (): Tally => ({ truePositive: 0, falsePositive: 0, falseNegative: 0 });

function codeSet(item: ExpectedItem | ItemReport): Set<string> {
  return new Set(item.codes.map((c) => `${c.type}:${c.value}`));
}

function sameTitle(a: string | null, b: string | null): boolean {
  const norm = (t: string | null) => (t ?? '').toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, ' ').trim();
  return a !== null && b !== null && norm(a) === norm(b);
}

/** Pairs each expected item with the detected item of the same title, else one sharing a code, and
 *  counts items and codes found, missed and extra. Returns the detected items no expected item took. */
export function score(expected: readonly ExpectedItem[], detected: readonly ItemReport[], items: Tally, codes: Tally): ItemReport[] {
  const unmatched = new Set(detected.map((_, i) => i));
  for (const want of expected) {
    const wantCodes = codeSet(want);
    let found = [...unmatched].find((i) => sameTitle(detected[i]?.title ?? null, want.title));
    found ??= [...unmatched].find((i) => [...codeSet(detected[i] ?? want)].some((c) => wantCodes.has(c)));
    const got = found === undefined ? undefined : detected[found];
    if (found === undefined || got === undefined) {
      items.falseNegative++;
      codes.falseNegative += wantCodes.size;
      continue;
    }
    unmatched.delete(found);
    items.truePositive++;
    const gotCodes = codeSet(got);
    for (const c of gotCodes) wantCodes.has(c) ? codes.truePositive++ : codes.falsePositive++;
    for (const c of wantCodes) if (!gotCodes.has(c)) codes.falseNegative++;
  }
  for (const i of unmatched) {
    items.falsePositive++;
    codes.falsePositive += detected[i]?.codes.length ?? 0;
  }
  return [...unmatched].map((i) => detected[i]).filter((item): item is ItemReport => item !== undefined);
}

export function precision(t: Tally): number {
  return t.truePositive + t.falsePositive === 0 ? 1 : t.truePositive / (t.truePositive + t.falsePositive);
}

export function recall(t: Tally): number {
  return t.truePositive + t.falseNegative === 0 ? 1 : t.truePositive / (t.truePositive + t.falseNegative);
}
