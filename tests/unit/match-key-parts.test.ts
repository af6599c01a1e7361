import { describe, expect, it } from 'vitest';
import { matchKey, matchKeyParts } from '@/lib/library/match';
import { seriesKey } from '@/lib/detect/titles';

describe('matchKeyParts', () => {
  it('reads back the series key, number and format of a match key', () => {
    expect(matchKeyParts(matchKey('Absolute Batman', '#04') ?? '')).toEqual({ series: seriesKey('Absolute Batman'), number: '4', collected: false });
    expect(matchKeyParts(matchKey('Saga', '1', true) ?? '')).toEqual({ series: 'saga', number: '1', collected: true });
    expect(matchKeyParts(matchKey('Batman Annual', '2') ?? '')?.series).toBe('batmanannual');
  });

  it('refuses what matchKey never makes', () => {
    expect(matchKeyParts('')).toBeNull();
    expect(matchKeyParts('#4')).toBeNull();
    expect(matchKeyParts('batman#')).toBeNull();
  });
});
