import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillMessage } from '../../lib/i18n';
import { DEFAULT_LOCALE, localeNames, messagesOf, type MessageTable } from '../shared/messages';

// The messages themselves: every id the code says exists in every locale, every id a locale has is said
// somewhere, and each translation takes the same substitutions as the English.

const ROOT = new URL('../../', import.meta.url).pathname;
const CODE_DIRS = ['lib', 'components', 'entrypoints'];
const CODE_FILES = ['wxt.config.ts'];
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const LOCALES = ['de', 'en', 'es', 'fr', 'it'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|html)$/.test(name) ? [path] : [];
  });
}

const code = [...CODE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))), ...CODE_FILES.map((file) => join(ROOT, file))]
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
const english = messagesOf(DEFAULT_LOCALE);
const ids = Object.keys(english);

/** The id, or the stem of its plural forms (`sync_pages` for `sync_pages_one`). */
function stemOf(id: string): string {
  const form = PLURAL_FORMS.find((name) => id.endsWith(`_${name}`));
  return form && PLURAL_FORMS.some((name) => `${id.slice(0, -form.length - 1)}_${name}` in english && name !== form)
    ? id.slice(0, -form.length - 1)
    : id;
}

function substitutions(message: string): string[] {
  return [...new Set(message.match(/\$[1-9]|\$[A-Za-z0-9_]+\$/g) ?? [])].sort();
}

describe('messages', () => {
  it('has the five languages Longbox speaks', () => {
    expect(localeNames()).toEqual(LOCALES);
  });

  it('names every message in lower snake case, each id once whatever its case, each described for translators', () => {
    for (const id of ids) {
      expect(id).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(english[id]?.description, id).toBeTruthy();
    }
  });

  it('has every message the code says in English, in a t() or plural() call or as __MSG_…__', () => {
    const said = [...code.matchAll(/\b(?:t|plural)\(\s*'([a-z0-9_]+)'|__MSG_([a-z0-9_]+)__/g)].map((match) => match[1] ?? match[2] ?? '');
    expect(said.length).toBeGreaterThan(0);
    const missing = said.filter((id) => !(id in english) && !(`${id}_other` in english && `${id}_one` in english));
    expect(missing).toEqual([]);
  });

  it('says every message somewhere in the code (none unused)', () => {
    const literals = new Set([...code.matchAll(/['"`]([a-z][a-z0-9_]*)['"`]|__MSG_([a-z0-9_]+)__/g)].map((match) => match[1] ?? match[2] ?? ''));
    const unused = ids.filter((id) => !literals.has(id) && !literals.has(stemOf(id)));
    expect(unused).toEqual([]);
  });

  it('writes every plural message with at least its one and other forms', () => {
    const stems = new Set(ids.map(stemOf).filter((stem) => !(stem in english)));
    for (const stem of stems) {
      expect(english[`${stem}_one`], stem).toBeDefined();
      expect(english[`${stem}_other`], stem).toBeDefined();
    }
  });

  for (const locale of LOCALES.filter((name) => name !== DEFAULT_LOCALE)) {
    describe(locale, () => {
      const table: MessageTable = messagesOf(locale);

      it('has every English message, and none that English lacks (other plural forms aside)', () => {
        expect(ids.filter((id) => !(id in table))).toEqual([]);
        // A language may write plural forms English has not (French "many"), of a message English counts with.
        const pluralStem = (id: string) => /_(zero|two|few|many)$/.test(id) && `${id.replace(/_[a-z]+$/, '')}_other` in english;
        const extra = Object.keys(table).filter((id) => !(id in english) && !pluralStem(id));
        expect(extra).toEqual([]);
      });

      it('is written in its language: nearly every message differs from the English (names, codes and numbers aside)', () => {
        const same = ids.filter((id) => table[id]?.message === english[id]?.message && /[a-z]{3}/i.test(english[id]!.message.replace(/VerseDB|Longbox|FOC|\$[1-9]/g, '')));
        expect(same.length / ids.length, same.join(', ')).toBeLessThan(0.15);
      });

      it('takes the same substitutions as the English in each message', () => {
        for (const id of ids) {
          const translated = table[id];
          if (!translated) continue;
          expect(substitutions(translated.message), `${locale} ${id}`).toEqual(substitutions(english[id]!.message));
          expect(translated.message.trim(), `${locale} ${id}`).not.toBe('');
        }
      });
    });
  }

  it('fills placeholders and substitutions as the browsers do', () => {
    expect(fillMessage({ message: 'Owned ×$1' }, ['3'])).toBe('Owned ×3');
    expect(fillMessage({ message: '$$4.99 for $1' }, ['Saga #1'])).toBe('$4.99 for Saga #1');
    expect(fillMessage({ message: 'Hello, $USER$', placeholders: { user: { content: '$1' } } }, ['Cira'])).toBe('Hello, Cira');
  });

  it('writes no lone dollar sign (the browsers read $ as the start of a substitution)', () => {
    for (const locale of LOCALES) {
      for (const [id, entry] of Object.entries(messagesOf(locale))) {
        expect(entry.message.replace(/\$\$|\$[1-9]|\$[A-Za-z0-9_]+\$/g, ''), `${locale} ${id}`).not.toContain('$');
      }
    }
  });
});
