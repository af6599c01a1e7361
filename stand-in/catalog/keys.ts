import type { Issue, Series } from './types.ts';

// Key issues (interface spec §1, §4.4): which issues collectors hunt, and why. VerseDB writes a reason per
// issue ("1st appearance of Miles Morales"), each of a kind from a short vocabulary. The stand-in's are
// made by fixed rules, so every run and every test sees the same keys: a series' first issue, every
// hundredth, and in a long run a few first appearances and deaths spread along it.

export type KeyCategory = 'appearance' | 'story' | 'creator' | 'market' | 'media';

/** A kind of key, as `GET /key-issue-reasons` lists them. */
export interface KeyReasonKind {
  id: number;
  name: string;
  slug: string;
  category: KeyCategory;
  description: string;
}

/** One issue's reason: its kind and the words written for that issue. */
export interface IssueKeyReason {
  kind: KeyReasonKind;
  notes: string;
}

export const KEY_REASON_KINDS: readonly KeyReasonKind[] = [
  { id: 1, name: 'First Issue', slug: 'first-issue', category: 'market', description: 'The first issue of a series.' },
  { id: 2, name: 'Milestone Issue', slug: 'milestone-issue', category: 'market', description: 'A round-numbered anniversary issue.' },
  { id: 3, name: '1st Appearance', slug: 'first-appearance', category: 'appearance', description: 'The first appearance of a character.' },
  { id: 4, name: 'Death', slug: 'death', category: 'story', description: 'A major character dies.' },
  { id: 5, name: 'Origin', slug: 'origin', category: 'story', description: 'A character’s origin is told.' },
  { id: 6, name: 'Cameo', slug: 'cameo', category: 'appearance', description: 'A brief first appearance before a full one.' },
  { id: 7, name: '1st Work', slug: 'first-work', category: 'creator', description: 'A creator’s first published work.' },
  { id: 8, name: 'Media Adaptation', slug: 'media-adaptation', category: 'media', description: 'Adapted for film, television or games.' },
];

const kind = (slug: string): KeyReasonKind => KEY_REASON_KINDS.find((k) => k.slug === slug) as KeyReasonKind;

/** Names for the characters a run introduces: invented, so no real comic is misdescribed. */
const NEWCOMERS = [
  'Nightshade', 'Ironclad', 'the Pale Rider', 'Vesper', 'Kestrel', 'Doctor Umbra', 'Halcyon', 'Mister Glass',
  'the Tinker', 'Lady Hex', 'Riptide', 'Cinder', 'the Gravedigger', 'Ashcan', 'Silverfish', 'Marrow',
];

/** A run this long or longer gets keys along it, not only at its first and hundredth issues. */
const LONG_RUN = 24;

/** The key reasons of an issue of this series (none for a collected edition), by the fixed rules above. */
export function keyReasonsOf(issue: Issue, series: Series, runLength: number, characterNames: readonly string[]): IssueKeyReason[] {
  if (issue.format !== 'single') return [];
  const numeric = Number.parseInt(issue.number, 10);
  if (!Number.isFinite(numeric)) return [];
  const reasons: IssueKeyReason[] = [];
  if (issue.number === '1') reasons.push({ kind: kind('first-issue'), notes: `First issue of ${series.name} (${series.startYear}).` });
  if (numeric > 0 && numeric % 100 === 0) reasons.push({ kind: kind('milestone-issue'), notes: `${series.name} #${numeric}, an anniversary issue.` });
  if (runLength >= LONG_RUN && numeric >= 2) {
    const spot = numeric * 31 + series.id * 17;
    if (spot % 23 === 0) reasons.push({ kind: kind('first-appearance'), notes: `1st appearance of ${NEWCOMERS[(spot / 23) % NEWCOMERS.length]}.` });
    const cast = characterNames.length > 0 ? characterNames : [series.name];
    if ((numeric * 13 + series.id) % 61 === 0) reasons.push({ kind: kind('death'), notes: `Death of ${cast[(numeric + series.id) % cast.length]}.` });
  }
  return reasons;
}
