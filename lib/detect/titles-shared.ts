// What the content scripts' builds take in place of ./titles.ts (wxt.config.ts): the title rules are the
// largest part of reading a page, so they come once per page, with the early script that runs at
// document_start (entrypoints/early.ts), and are compiled while the page still loads. The store script,
// the general readers and the page extras then share that one copy, in the content scripts' own world
// (never the page's), instead of each carrying and compiling its own.
//
// Every function asks for the rules when called, so the order in which the scripts are evaluated does
// not matter; where the early script did not run (it always runs first on the pages the store scripts
// match), a title reads as no comic, and codes alone find the comics.
import type * as Titles from './titles';

export type { NotAComic, NotAComicReason, ParsedTitle, TitleFormat, TitleHints } from './titles';

declare global {
  /** Set by entrypoints/early.ts at document_start. */
  var longboxTitles: typeof Titles | undefined;
}

export const MAX_TITLE_CHARS = 300;

export const isComic: typeof Titles.isComic = (title): title is Titles.ParsedTitle => title.kind === 'comic';

export const parseTitle: typeof Titles.parseTitle = (raw, hints) =>
  globalThis.longboxTitles?.parseTitle(raw, hints) ?? { kind: 'not-a-comic', raw: typeof raw === 'string' ? raw : '', reason: 'no-comic-marker' };

export const namesGoods: typeof Titles.namesGoods = (text) => globalThis.longboxTitles?.namesGoods(text) ?? false;

export const categoryKind: typeof Titles.categoryKind = (category) => globalThis.longboxTitles?.categoryKind(category) ?? null;

export const seriesKey: typeof Titles.seriesKey = (name) => globalThis.longboxTitles?.seriesKey(name) ?? '';

export const titleKey: typeof Titles.titleKey = (title) => globalThis.longboxTitles?.titleKey(title) ?? '';
