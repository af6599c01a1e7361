import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// store/listing/<lang>.md: the stores' text. Each has a name, a short description the Chrome Web Store
// takes (at most 132 characters) and a full description that points to the privacy policy.

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../store/listing');
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it'];

/** The sections of a listing by their heading's position (## Name, ## Short description, ## Full description). */
function sections(text: string): string[] {
  return text.split(/^## .*$/m).map((part) => part.trim());
}

describe('store listings', () => {
  it.each(LANGUAGES)('%s: name, a short description of at most 132 characters, a description with the privacy policy', (language) => {
    const text = readFileSync(path.join(dir, `${language}.md`), 'utf8');
    const [, name, short, full] = sections(text);
    expect(name).toBe('Longbox');
    const summary = (short ?? '').split('\n\n').filter((paragraph) => !paragraph.startsWith('('));
    expect(summary).toHaveLength(1);
    expect(summary[0]).not.toContain('\n');
    expect(summary[0]!.length).toBeLessThanOrEqual(132);
    expect(summary[0]).toContain('VerseDB');
    expect(full).toMatch(/FOC/);
    expect(full).toMatch(/VerseDB/);
    expect(full).toMatch(/<[^>]*(privacy|Datenschutz|confidentialité|privacidad)[^>]*>/i);
  });
});
