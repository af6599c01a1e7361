// Product addresses: the key that tells one product shown twice from two products, the codes an address
// or an image's file name carries, and what a product link looks like on stores Longbox has no rules for.

import { parseCode, type Code, type CodeHint } from './codes';
import { safeDecode } from './dom';

export type LinkKey = (href: string) => string | null;

/** A product address with a distributor code, an ISBN-13 or a UPC with its comic add-on in its path. */
export const CODE_IN_PATH =
  /(?:^|[/=])(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\d{6}|\d{4}[a-z]{2}\d{4}|[a-z]{2}\d{8}|97[89]\d{10}|\d{17})(?=$|[/?#._-])/i;
/** Amazon's /dp/<ISBN-10>: sure only on an item's own link, since a format switcher links other editions. */
export const OWN_CODE_IN_PATH = new RegExp(`${CODE_IN_PATH.source}|\\/(?:dp|product|asin)\\/\\d{9}[\\dx](?=$|[/?#])`, 'i');
/** B&N's "?ean=978...": parameters named for the code they hold. */
const CODE_PARAMETERS: Readonly<Record<string, CodeHint>> = { ean: 'ean', isbn: 'isbn', isbn13: 'isbn', upc: 'upc', gtin: 'gtin' };
const TRACKING_PARAM =
  /^(?:utm_.*|ref_?|qid|sr|crid|dib|spc|psc|sp_csd|pd_rd_.*|pf_rd_.*|_encoding|keywords|_trk.*|_from|hash|fbclid|gclid|srsltid|variant|_pos|_sid|_ss|_psq|_fid|_v)$/i;
/** Links that act rather than show a product: carts, accounts, sharing, sorting. */
const ACTION_LINK =
  /^(?:#|javascript:|mailto:|tel:|sms:)|[/?&=](?:cart|basket|bag|checkout|wishlist|wish-list|wantlist|want-list|compare|account|login|log-in|signin|sign-in|register|logout|share|sharer|add-to-cart|add_to_cart|addtocart|quickview|quick-view|review|reviews|write-review|reserve|pull-?list)\b|[?&](?:sort|order|page|view|limit|dir|filter)[^=]*=|facebook\.com|twitter\.com|x\.com\/intent|pinterest\.|instagram\.com|tiktok\.com|youtube\.com|reddit\.com\/submit/i;
/** How product pages are addressed across store platforms: Shopify /products/, WooCommerce /product/,
 *  BigCommerce and Magento slugs ending .html, Amazon /dp/, eBay /itm/, PREVIEWS /Catalog/, ids in the path. */
/** Parameter names that name one item (ITEM_PARAM), also read as a product's address (PRODUCT_PATH). */
const ITEM_PARAMETER_NAMES = 'iid|ivid|ivgroup(?:id)?|item_?id|product_?id|pid';
const ITEM_PARAMETER_NAME = new RegExp(`^(?:${ITEM_PARAMETER_NAMES})$`, 'i');
const PRODUCT_PATH =
  new RegExp(String.raw`\/(?:products?|produkt|produit|producto|prodotto|produto|artikel|p|dp|gp\/product|itm|item|items|issue|issues|comic|comics\/[^/]+\/\d|book|books\/[^/]+\/\d|catalog|title|titles|prod|detail|details|shop\/[^/]+\/[^/]+)\/[^/?#]|\/[^/?#]*\d{5,}[^/?#]*(?:\/|$|\?|#|\.html?)|[-_]p[-_]?\d{3,}|\.html?(?:$|[?#])|[?&](?:${ITEM_PARAMETER_NAMES}|prod|sku|isbn|ean|upc)=`, 'i');

/** A product address reduced to what names the product: no tracking parameters, no fragment; `productKey`
 *  names the product where the path alone does not (Amazon's `/dp/<ASIN>` behind ad redirects). */
export function linkKeys(url: string, productKey?: RegExp): LinkKey {
  let host = '';
  try {
    host = new URL(url).host.replace(/^www\./, '');
  } catch {
    // An address that does not parse: only absolute links get keys.
  }
  return (href: string): string | null => {
    if (href === '' || href.length > 2000) return null;
    const match = productKey?.exec(safeDecode(href));
    if (match) return 'p:' + (match[1] ?? match[0]);
    // The common case, a site-relative path with no query, needs no URL parsing.
    if (/^\/(?!\/)[^?#\\]*(?:#|$)/.test(href)) {
      const path = href.replace(/#.*$/, '').replace(/\/+$/, '').toLowerCase();
      return path === '' ? null : host + path;
    }
    let address: URL;
    try {
      address = new URL(href, url);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(address.protocol)) return null;
    const path = address.pathname.replace(/\/+$/, '').toLowerCase();
    // A path that ends in the product's number (Walmart's /ip/<name>/<id>, eBay's /itm/<id>) names it
    // alone: of its parameters only those naming a code or an item count ("?classType=…&athbdg=…" do not).
    const numbered = /\/[^/]*\d{6,}[^/]*$/.test(path);
    const params = [...address.searchParams]
      .filter(([k]) => !TRACKING_PARAM.test(k) && (!numbered || CODE_PARAMETERS[k.toLowerCase()] !== undefined || ITEM_PARAMETER_NAME.test(k)))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (path === '' && params.length === 0) return null;
    return address.host.replace(/^www\./, '') + path + (params.length > 0 ? '?' + new URLSearchParams(params).toString() : '');
  };
}

/** News, articles and blog posts: about comics, never a comic for sale. */
const EDITORIAL_PATH = /\/(?:articles?|news|blogs?|posts?|story|stories|reviews?|interviews?|podcasts?|columns?|features?|press)(?:\/|-|$)/i;

/** An article, news story or blog post: what it names is written about, not sold. */
export function isEditorialAddress(href: string): boolean {
  return EDITORIAL_PATH.test(href.replace(/^[a-z]+:\/\/[^/]+/i, '').slice(0, 200));
}

/** Links to lists rather than products: searches, a creator's or publisher's books, a category, a series
 *  page. A product's card links to them beside its own link. */
const LIST_PATH =
  /\/(?:s|search|brands?|authors?|vendors?|publishers?|creators?|contributors?|artists?|writers?|tags?|categor(?:y|ies)|collections?|genres?|newreleases|new-releases|browse|shop-by-[^/]+)(?:\/|$)/i;
const LIST_PARAMETER = /[?&](?:q|query|s|ntt|ntk|k|keywords?|tid|pub|publisher|author|brand|vendor|date|cat|category|tag|series|creator)=/i;

/** A parameter naming one item: MyComicShop's issues live at `/search?TID=…&IID=…` (or `&IVGroup=…`). */
const ITEM_PARAM = new RegExp(`[?&](?:${ITEM_PARAMETER_NAMES})=\\w`, 'i');

/** A link to a list of products (a search, a creator, a category), unless it is plainly a product's. */
export function isListLink(href: string): boolean {
  const path = href.replace(/^[a-z]+:\/\/[^/]+/i, '').slice(0, 400);
  // The path by its own parts, the query by its names: a product's "?from=/search" is not a search.
  const query = path.search(/[?#]/);
  const listed = LIST_PATH.test(query < 0 ? path : path.slice(0, query)) || (query >= 0 && LIST_PARAMETER.test(path.slice(query)));
  return listed && !/\/(?:products?|dp|itm|item)\//i.test(path) && !ITEM_PARAM.test(path);
}

/** A link that acts (add to cart, share, sort, sign in) rather than shows something. */
export function isActionLink(href: string): boolean {
  return ACTION_LINK.test(href.slice(0, 400));
}

/** An address shaped like a product page's on the common store platforms. */
export function isProductAddress(href: string): boolean {
  return PRODUCT_PATH.test(href.slice(0, 400));
}

/** Codes in an address: `/product/75960620807400111/...`, `/Catalog/JUL230409`, `/products/0724im0501/...`,
 *  and (on an item's own link only, not `strict`) a parameter named for its code, B&N's `?ean=978...`:
 *  a format switcher links the same page with another edition's code. `strict` (an address found anywhere
 *  on a page) admits only distributor codes, ISBN-13s and 17-digit UPCs; `own` (the item's own link) adds
 *  Amazon's /dp/<ISBN-10>. */
export function codesFromAddress(href: string, base: string, strict: boolean, into: Code[] = [], own = !strict): Code[] {
  let address: URL;
  try {
    address = new URL(href, base);
  } catch {
    return into;
  }
  if (!strict) {
    for (const [key, value] of address.searchParams) {
      const hint = CODE_PARAMETERS[key.toLowerCase()];
      if (hint !== undefined && value !== '') addCode(into, parseCode(value, hint));
    }
  }
  let previous = '';
  for (const part of address.pathname.split('/').slice(0, 16)) {
    const segment = safeDecode(part).replace(/\.(?:jpe?g|png|gif|webp|html?|aspx?|php)$/i, '');
    // Amazon names a book by its ISBN-10 (/dp/1607066017): the one place a bare ISBN-10 is sure.
    if (own && /^(?:dp|product|asin)$/i.test(previous) && /^\d{9}[\dX]$/i.test(segment)) addCode(into, parseCode(segment, 'isbn'));
    else if (segment.length >= 9 && segment.length <= 18 && /^[0-9A-Za-z]+$/.test(segment)) addCode(into, strict ? strictCode(segment) : parseCode(segment));
    previous = segment;
  }
  return into;
}

/** Where a click-tracking link leads, on the same site: Amazon's sponsored results link
 *  `/sspa/click?…&url=%2F…%2Fdp%2F1684155509%2F…`. Any other address is itself. */
export function linkTarget(href: string, base: string): string {
  if (!/[?&](?:url|dest|redirect|target)=/i.test(href)) return href;
  try {
    const address = new URL(href, base);
    for (const name of ['url', 'dest', 'redirect', 'target']) {
      const value = address.searchParams.get(name);
      if (value === null || value.length > 2000) continue;
      const target = new URL(value, address);
      if (target.host === address.host && /^https?:$/.test(target.protocol)) return target.pathname + target.search;
    }
  } catch {
    // not an address: itself
  }
  return href;
}

/** Codes in an image's file name, as stores name covers: `/covers/100/MA/MAR180598.jpg`,
 *  `/images/P/1607066017.01.L.jpg` (an ISBN-10), `/img/76194134182812511.jpg`. Only codes that cannot be a
 *  random number: distributor codes, ISBN-13s, 17-digit UPCs, and ISBN-10s of the English-language groups. */
export function codesFromImageName(src: string, into: Code[] = []): Code[] {
  const file = safeDecode(src.replace(/[?#].*$/, '').replace(/^.*\//, ''));
  // The size suffix may be a template a lazy loader fills in: Shopify's "0325DC0104_{width}x.jpg".
  const stem = /^([0-9A-Za-z]{9,18})(?:[._-][0-9A-Za-z_{}-]{0,12}){0,3}\.(?:jpe?g|png|gif|webp|avif)$/i.exec(file)?.[1];
  if (stem === undefined) return into;
  if (/^[01]\d{8}[\dXx]$/.test(stem)) addCode(into, parseCode(stem, 'isbn'));
  else addCode(into, strictCode(stem));
  return into;
}

/** Store SKUs and part numbers are a code only when the value is a distributor code, an ISBN-13 or a
 *  UPC with its add-on: a bare 12- or 13-digit store number passes a check digit one time in ten. */
export function strictCode(value: string | null): Code | null {
  const code = value === null ? null : parseCode(value);
  if (code === null || value === null) return null;
  if (code.type === 'upc' || code.type === 'ean') return code.value.length > 13 ? code : null;
  return code.type !== 'isbn' || /^\s*97[89]/.test(value) ? code : null;
}

/** ItemQuery (lib/items.ts) carries at most 8 codes. */
export const MAX_CODES = 8;

export function codeKey(code: Code): string {
  return code.type + ':' + code.value;
}

export function addCode(codes: Code[], code: Code | null): void {
  if (code !== null && codes.length < MAX_CODES && !codes.some((c) => c.type === code.type && c.value === code.value)) codes.push(code);
}
