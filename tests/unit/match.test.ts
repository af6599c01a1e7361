import { describe, expect, it } from 'vitest';
import { isCollectedFormat, matchKey } from '@/lib/library/match';
import { isComic, parseTitle } from '@/lib/detect/titles';

function pageKey(raw: string): string | null {
  const parsed = parseTitle(raw);
  if (!isComic(parsed)) return null;
  const number = parsed.number ?? (parsed.volume !== null ? String(parsed.volume) : null);
  if (number === null) return null;
  return matchKey(parsed.annual ? `${parsed.series} Annual` : parsed.series, number, isCollectedFormat(parsed.format));
}

describe('matchKey', () => {
  it('matches how stores write a title with how VerseDB names the issue', () => {
    expect(pageKey('BATMAN #125 CVR A CAPULLO')).toBe(matchKey('Batman', '125'));
    expect(pageKey('Amazing Spider-Man (2022) #1 Cover B Variant')).toBe(matchKey('The Amazing Spider-Man', '1'));
    expect(pageKey('NEIL GAIMAN`S AMERICAN GODS: MY AINSEL #1')).toBe(matchKey("Neil Gaiman's American Gods: My Ainsel", '1'));
    expect(matchKey('Batman', '007')).toBe(matchKey('Batman', '7'));
  });

  it('keeps different issues and series apart', () => {
    expect(matchKey('Batman', '12')).not.toBe(matchKey('Batman', '125'));
    expect(matchKey('Batman', '1')).not.toBe(matchKey('Batman Beyond', '1'));
    expect(pageKey('Batman Annual #1')).not.toBe(matchKey('Batman', '1'));
    expect(pageKey('Batman Annual #1')).toBe(matchKey('Batman Annual', '1'));
    expect(pageKey('Saga Vol. 1 TP')).not.toBe(matchKey('Saga', '1'));
    expect(pageKey('Saga Vol. 1 TP')).toBe(matchKey('Saga', '1', isCollectedFormat('trade_paperback')));
  });

  it('gives no key without a series or a number', () => {
    expect(matchKey('', '1')).toBeNull();
    expect(matchKey('Saga', '  ')).toBeNull();
  });
});
