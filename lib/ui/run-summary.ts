import type { PageItem } from '../items';

// A page of back issues, grouped by series: how many of the page's issues of each the member owns, has on
// the wishlist, or is missing, the missing numbers as ranges ("#61–62, #64–71") and the key issues among
// them. Pure, so it is unit-tested; the popup shows it above the page's comics.

/** A run needs this many of its issues on the page before the popup sums it up. */
export const RUN_MIN = 3;

export interface RunView {
  /** The series' name as its comics give it (VerseDB's, else the page's). */
  seriesName: string;
  /** The series the page's answers name, when they name one; null when they name none or several. */
  seriesId: number | null;
  total: number;
  owned: number;
  wishlist: number;
  /** Neither owned nor wishlisted (not owned, or only its series pulled), in number order. */
  missing: PageItem[];
  /** The missing numbers as ranges: "#61–62, #64–71, #80". */
  missingRanges: string;
  /** The key issues among the missing, by number. */
  missingKeys: string[];
}

const MISSING = new Set<PageItem['state']>(['not-owned', 'pull-list']);

const nameKey = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** An issue number as a whole number, for ranges; null for "1.MU", "Annual 1", "½". */
function whole(number: string | null): number | null {
  if (!number || !/^\d{1,6}$/.test(number.trim())) return null;
  return Number(number.trim());
}

function byNumber(a: PageItem, b: PageItem): number {
  const x = whole(a.number);
  const y = whole(b.number);
  if (x !== null && y !== null) return x - y;
  if (x !== null) return -1;
  if (y !== null) return 1;
  return (a.number ?? '').localeCompare(b.number ?? '');
}

/** "#1–3, #5, #7–9", then the numbers that are not whole ones. */
export function numberRanges(numbers: readonly (string | null)[]): string {
  const wholes = [...new Set(numbers.map(whole).filter((n): n is number => n !== null))].sort((a, b) => a - b);
  const others = [...new Set(numbers.filter((n): n is string => n !== null && whole(n) === null))];
  const parts: string[] = [];
  for (let i = 0; i < wholes.length; ) {
    let j = i;
    while (j + 1 < wholes.length && wholes[j + 1] === (wholes[j] ?? 0) + 1) j++;
    parts.push(j === i ? `#${wholes[i]}` : `#${wholes[i]}–${wholes[j]}`);
    i = j + 1;
  }
  return [...parts, ...others.map((n) => `#${n}`)].join(', ');
}

/** The page's runs: the series with at least RUN_MIN of their single issues on the page, most shown first. */
export function runSummary(items: readonly PageItem[]): RunView[] {
  const groups = new Map<string, PageItem[]>();
  for (const item of items) {
    // A collected edition's "Vol. 3" is no issue of the run; an item without a series or number is no part of one.
    if (!item.series || !item.number || item.titleRef?.matchKey.endsWith('|collected')) continue;
    const key = nameKey(item.series);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const runs: RunView[] = [];
  for (const group of groups.values()) {
    // One row a number: the same comic shown twice (a variant cover's listing) counts once.
    const byNum = new Map<string, PageItem>();
    for (const item of group) {
      const number = (item.number ?? '').trim().replace(/^0+(?=\d)/, '');
      const before = byNum.get(number);
      if (!before || rank(item) < rank(before)) byNum.set(number, item);
    }
    const issues = [...byNum.values()].sort(byNumber);
    if (issues.length < RUN_MIN) continue;
    const ids = new Set(issues.flatMap((item) => (item.seriesId === null ? [] : [item.seriesId])));
    const missing = issues.filter((item) => MISSING.has(item.state));
    runs.push({
      seriesName: issues.find((item) => item.seriesId !== null)?.series ?? issues[0]?.series ?? '',
      seriesId: ids.size === 1 ? ([...ids][0] ?? null) : null,
      total: issues.length,
      owned: issues.filter((item) => item.state === 'owned').length,
      wishlist: issues.filter((item) => item.state === 'wishlist').length,
      missing,
      missingRanges: numberRanges(missing.map((item) => item.number)),
      missingKeys: missing.filter((item) => item.keyIssueId).map((item) => item.number ?? ''),
    });
  }
  return runs.sort((a, b) => b.total - a.total || a.seriesName.localeCompare(b.seriesName));
}

/** Of the same number shown twice, the answer that says most: owned, then wishlisted, then the rest. */
function rank(item: PageItem): number {
  return item.state === 'owned' ? 0 : item.state === 'wishlist' ? 1 : MISSING.has(item.state) ? 2 : 3;
}
