// The shape of a retailer adapter: plain data that says where the comics sit on a store's pages.
// lib/detect/page.ts reads it; an adapter file holds no logic unless selectors cannot say it.

export type PageKind = 'product' | 'listing' | 'search' | 'cart';

/**
 * Where to read one field, with fallbacks: the first entry that yields a value wins.
 * An entry is a CSS selector (`h1.title`), a selector and an attribute (`a.title@title`), or an attribute
 * of the item's own container (`@dmd-title`). Every element the selector matches is tried in order, so
 * an image link with no text is passed over for the title link after it.
 */
export type Pick = readonly string[];

export interface ItemRule {
  /** One element per item. */
  readonly container: string;
  readonly title: Pick;
  /** Fields that hold a code: an element's text or attribute; hrefs and srcs are read by their path.
   *  Unlike the other fields, every entry is read and the codes are joined. */
  readonly codes?: Pick;
  /** Regions with labelled values ("UPC: ...", "<th>ISBN</th><td>...</td>"), read for codes. */
  readonly labelled?: Pick;
  readonly price?: Pick;
  /** The store's category or breadcrumb for the item ("Toys", "Graphic Novels"). */
  readonly category?: Pick;
  /** The product's address, for telling one product shown twice from two products. */
  readonly link?: Pick;
  /** Where the badge goes; the title's element when not given. */
  readonly anchor?: Pick;
}

export interface PageRule {
  readonly kind: PageKind;
  /** Tested against the address's path and query ("/product/123?x=1"). */
  readonly url: RegExp;
  readonly items: readonly ItemRule[];
}

export interface SiteAdapter {
  readonly id: string;
  readonly name: string;
  /** Match patterns (https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns). */
  readonly matches: readonly string[];
  /** Pages of the store no Longbox script reads: sign-in, payment, account (match patterns). */
  readonly excludeMatches?: readonly string[];
  /** Every host the store serves from (match patterns), where `matches` names only its shop's: "any other
   *  store" never reads these, so a store's sign-in or payment host is read by nothing. */
  readonly domains?: readonly string[];
  /** The store sells comics above all (a comic shop): on its pages a book needs no other sign that it is a
   *  comic. A bookstore, a marketplace or a shop of any goods leaves it out (lib/detect/signals.ts). */
  readonly comicShop?: boolean;
  /** Tried in order; every rule whose url test passes is read. */
  readonly pages: readonly PageRule[];
  /** The store's category codes in words, where it writes numbers (PREVIEWS' `dmd-cat="10"`). */
  readonly categoryNames?: Readonly<Record<string, string>>;
  /** The part of a product address that names the product, where the path alone does not
   *  (Amazon's `/dp/<ASIN>` behind ad redirects): its first group, or the whole match. */
  readonly productKey?: RegExp;
}
