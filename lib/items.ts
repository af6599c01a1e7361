import { z } from 'zod';

// What a page and the background say about one comic. Schemas only, so the content script and the
// popup can import them without the background's code.

import { BADGE_STATES } from './badge-states';

export { BADGE_STATES, type BadgeState } from './badge-states';

export const CodeRef = z.object({
  type: z.enum(['upc', 'isbn', 'ean', 'diamond', 'lunar', 'prh']),
  value: z.string().min(1).max(32),
});
export type CodeRef = z.infer<typeof CodeRef>;

/** What a page tells the background about one comic: its codes and its parsed title, nothing else. */
export const ItemQuery = z.object({
  codes: z.array(CodeRef).max(8),
  /** Normalised series + issue number (see lib/detect/titles), when the page shows a title. */
  matchKey: z.string().max(300).nullable(),
  /** The title as parsed, for the badge to name when there is no code. */
  label: z.string().max(300).nullable(),
  /** Years the title gives ("Batman (2016) #1", "#1 (2025)"): an issue of another series by that name never matches. */
  startYear: z.number().int().min(1800).max(2200).nullable().optional(),
  year: z.number().int().min(1800).max(2200).nullable().optional(),
  /** The series' volume a single's title names ("Batman Vol 3 #1"): an issue of another volume never matches. */
  volume: z.number().int().min(1).max(999).nullable().optional(),
});
export type ItemQuery = z.infer<typeof ItemQuery>;

/** What a page says of a comic it shows with no code, for finding it in VerseDB's catalog when the member acts on it. */
export const TitleRef = z.object({
  /** The title as the page gives it (the badge's name for it). */
  label: z.string().min(1).max(300),
  /** The series name as read from the title, for the catalog's series search. */
  series: z.string().min(1).max(200),
  /** Series + number + collected, as lib/library/match.ts makes it. */
  matchKey: z.string().min(1).max(300),
  startYear: z.number().int().min(1800).max(2200).nullable().optional(),
  year: z.number().int().min(1800).max(2200).nullable().optional(),
  volume: z.number().int().min(1).max(999).nullable().optional(),
  /** The series the member picked among same-named ones. */
  seriesId: z.number().int().positive().optional(),
});
export type TitleRef = z.infer<typeof TitleRef>;

/** One series a title may mean, as a chooser shows it (start year and publisher tell same-named series apart). */
export const SeriesChoice = z.object({
  seriesId: z.number().int(),
  name: z.string(),
  startYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
  publisher: z.string().nullable(),
  coverUrl: z.string().nullable(),
  collected: z.boolean().nullable(),
  /** How many issues VerseDB counts in the series, when it says. */
  issueCount: z.number().int().nullable().default(null),
  /** The series' volume number ("Vol 3"), when VerseDB says. */
  volume: z.number().int().nullable().default(null),
});
export type SeriesChoice = z.infer<typeof SeriesChoice>;

/** "Batman (2016, DC Comics)": a series as a chooser names it. */
export function choiceName(choice: Pick<SeriesChoice, 'name' | 'startYear' | 'publisher'>): string {
  const facts = [choice.startYear, choice.publisher].filter((fact) => fact !== null && fact !== '');
  return facts.length > 0 ? `${choice.name} (${facts.join(', ')})` : choice.name;
}

/** What a content script reports of one comic it badged, for the popup's "this page" list. */
export const PageItem = z.object({
  /** The code the status was resolved from, else the title: what the badge's data-longbox-code says. */
  key: z.string().max(300),
  title: z.string().max(300).nullable(),
  series: z.string().max(300).nullable(),
  number: z.string().max(40).nullable(),
  price: z.string().max(40).nullable(),
  state: z.enum(BADGE_STATES),
  issueId: z.number().int().nullable(),
  /** The variant the page's code names, when VerseDB said which. */
  variantId: z.number().int().nullable().default(null),
  seriesId: z.number().int().nullable(),
  copies: z.number().int().nonnegative(),
  coverUrl: z.string().max(1000).nullable(),
  /** A comic shown by its title only and not in the library: what the page says of it, for finding it in VerseDB. */
  titleRef: TitleRef.nullable().default(null),
  /** False when the page's layout leaves no place its badge can be seen: the popup lists it as such. */
  visible: z.boolean().optional(),
  /** The key issue it is (VerseDB names why collectors hunt it), when the page's keys were read. */
  keyIssueId: z.number().int().optional(),
});
export type PageItem = z.infer<typeof PageItem>;
