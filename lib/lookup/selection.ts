import { findCodesInText } from '../detect/codes';
import { isComic, parseTitle } from '../detect/titles';
import { itemQuery, titleRef } from '../content/item-query';
import type { ItemQuery, PageItem, TitleRef } from '../items';
import type { ItemStatus } from '../status';

// "Look up in VerseDB" on text the member selected, on any page: the comic it names, by a code written in
// it (a barcode, an ISBN, a distributor code) or else by its title, read as a store's title is read.

/** The longest selection read: a title, or a line with a code in it, not a page. */
export const MAX_SELECTION = 300;

export interface Selection {
  /** The selection's words, spaces made single. */
  text: string;
  query: ItemQuery;
  /** What the title says, for VerseDB's catalog search; null when a code names the comic. */
  title: TitleRef | null;
  series: string | null;
  number: string | null;
}

/** The comic a selection names, or null when it names none (no valid code, no title with a number). */
export function readSelection(raw: string): Selection | null {
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_SELECTION);
  if (text.length === 0) return null;
  const codes = findCodesInText(text, { limit: 4 });
  const parsed = parseTitle(text);
  const comic = isComic(parsed) ? parsed : null;
  const item = { codes, parsed: comic, title: text };
  const query = itemQuery(item);
  if (query.codes.length === 0 && query.matchKey === null) return null;
  return {
    text,
    query,
    title: query.codes.length === 0 ? titleRef(item) : null,
    series: comic?.series ?? null,
    number: comic?.number ?? null,
  };
}

/** A selection's comic as the popup's rows show one (lib/ui/comics.ts fromPageItem). */
export function selectionItem(selection: Selection, status: ItemStatus): PageItem {
  const code = selection.query.codes[0];
  return {
    key: status.resolvedFrom ?? (code ? `${code.type}:${code.value}` : selection.text),
    // The row's label comes from the series and number; the text stands in only where it gives neither.
    title: (status.seriesName ?? selection.series) ? null : selection.text,
    series: status.seriesName ?? selection.series,
    number: status.number ?? selection.number,
    price: null,
    state: status.state,
    issueId: status.issue?.id ?? null,
    variantId: status.variantId,
    seriesId: status.seriesId,
    copies: status.copies,
    coverUrl: status.issue?.coverUrl ?? null,
    titleRef: status.byTitle && status.issue === null ? selection.title : null,
  };
}
