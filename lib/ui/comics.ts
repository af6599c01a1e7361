import { STATE_MESSAGES, type BadgeState } from '../badge-states';
import { t } from '../i18n';
import type { PageItem, TitleRef } from '../items';
import { ActionCode } from '../protocol';
import { formatDay, issueLabel } from './format';
import type { DiscoveryEntry } from './replies';

// One comic as a popup row shows it, whether the page reported it or a VerseDB list named it.

export interface ComicView {
  key: string;
  issueId: number | null;
  /** The variant the page's code names: a copy added from the row goes in as it. */
  variantId: number | null;
  /** A comic shown by its title only: what the page says of it, for finding its issue in VerseDB. */
  titleRef: TitleRef | null;
  /** The code a page's comic was answered from (`upc:…`), for finding its issue when it was answered
   *  from its series and carries no issue id yet. */
  code: string | null;
  seriesId: number | null;
  seriesName: string | null;
  label: string;
  coverUrl: string | null;
  /** The badge state; null when only the library can tell (a list entry not yet looked at). */
  state: BadgeState | null;
  copies: number;
  /** The store's price text, to prefill the price paid. */
  price: string | null;
  onPullList: boolean;
  /** A line under the title: why a follow update appears, when a #1 comes out. */
  detail: string | null;
}

/** Said above the page's comics when detection's self-check found the store's adapter reading fewer
 *  items than the general readers: a quiet note, not an error (the comics are all there). */
export function layoutChangedNotice(): string {
  return t('popup_layout_changed');
}

/** A row's state in the words its badge uses (one name per state, lib/badge-states.ts STATE_MESSAGES). */
export function stateLabel(state: BadgeState, copies: number): string {
  return state === 'owned' && copies > 1 ? t('state_owned_copies', copies) : t(STATE_MESSAGES[state]);
}

export function fromPageItem(item: PageItem): ComicView {
  return {
    key: `page:${item.key}`,
    issueId: item.issueId,
    variantId: item.variantId,
    titleRef: item.titleRef,
    code: ActionCode.safeParse(item.key).success ? item.key : null,
    seriesId: item.seriesId,
    seriesName: item.series,
    label: item.series ? issueLabel(item.series, item.number, item.title) : (item.title ?? issueLabel(null, item.number, null)),
    coverUrl: item.coverUrl,
    state: item.state,
    copies: item.copies,
    price: item.price,
    onPullList: item.state === 'pull-list',
    detail: item.series && item.title && item.title !== item.series ? item.title : null,
  };
}

export function fromDiscovery(entry: DiscoveryEntry, feed: 'foc' | 'firsts' | 'follows'): ComicView {
  let detail: string | null = null;
  if (feed === 'follows') detail = entry.reason;
  else if (feed === 'firsts' && entry.releaseDate) detail = t('popup_out_on', formatDay(entry.releaseDate));
  else if (entry.title && entry.title !== issueLabel(entry.seriesName, entry.number, null)) detail = entry.title;
  return {
    key: `${feed}:${entry.issueId}`,
    issueId: entry.issueId,
    variantId: null,
    titleRef: null,
    code: null,
    seriesId: entry.seriesId,
    seriesName: entry.seriesName,
    label: issueLabel(entry.seriesName, entry.number, entry.title),
    coverUrl: entry.coverUrl,
    state: null,
    copies: 0,
    price: null,
    onPullList: entry.onPullList,
    detail,
  };
}

/** Only web images are shown as covers: a page could report any string. */
export function safeCoverUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
