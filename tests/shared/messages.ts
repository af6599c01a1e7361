import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The messages of every locale, read from public/_locales as the browsers read them, for tests that run
// outside a browser (lib/i18n.ts useMessages) and for the tests of the messages themselves.

export type MessageTable = Record<string, { message: string; description?: string; placeholders?: Record<string, { content: string; example?: string }> }>;

// The path from this file's own (a DOM test environment's URL is not node's, so no `new URL` here).
export const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../public/_locales/');
export const DEFAULT_LOCALE = 'en';

export function localeNames(): string[] {
  return readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function messagesOf(locale: string): MessageTable {
  return JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/messages.json`, 'utf8')) as MessageTable;
}
