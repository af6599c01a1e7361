// How stores write comic titles, read into series, number, volume or start year, cover, printing and format.
// Pure string work, no DOM, no exception on any input; input past MAX_TITLE_CHARS is refused, not scanned.
//
// The reading, in order: clean the text (quotes, spaces, "..."), refuse what is plainly not a comic (empty,
// a price, a date, the store's category), strip store noise (PREVIEWS "(MR)", a bestseller rank "1. ", eBay's
// "New Listing", Amazon bindings and dates), refuse store headings, headlines, merchandise and lots, find the issue number ("#125", "Issue 5", MyComicShop's
// "(2016 DC 3rd Series) 50A", eBay's "300 CGC 9.8"), take the series as the text before the first marker,
// then read the markers that follow (volume, year, format, cover, ratio, printing, "(OF 6)").

export type TitleFormat =
  | 'issue'
  | 'annual'
  | 'special'
  | 'one-shot'
  | 'tpb'
  | 'hc'
  | 'omnibus'
  | 'gn'
  | 'box-set'
  /** The store's category vouches for a comic, but the title names no format. */
  | 'unknown';

export interface ParsedTitle {
  readonly kind: 'comic';
  readonly raw: string;
  /** Display form: as the store wrote it, title-cased when the store wrote in capitals. */
  readonly series: string;
  /** Comparable form of the series (see seriesKey). */
  readonly seriesKey: string;
  /** Issue number as written, leading zeros dropped: "125", "0", "1/2", "1.MU", "1.1", "-1". */
  readonly number: string | null;
  /** "Vol 5" of a series, or the volume number of a collected edition ("Saga Vol. 1 TP"). */
  readonly volume: number | null;
  /** The series' start year, from "(2016)" written right after the series name. */
  readonly startYear: number | null;
  /** A year written after the issue number: a series year on some stores ("#1 (2022)"), the cover year on
   *  others ("#300 CGC 9.8 1988"). Compare it with both; it is not part of titleKey. */
  readonly year: number | null;
  readonly format: TitleFormat;
  readonly annual: boolean;
  /** Cover letter ("A"), else the variant's name ("CAPULLO", "VIRGIN"), else its ratio ("1:25"). */
  readonly cover: string | null;
  /** The rest of a cover description, as written ("Capullo"). */
  readonly coverText: string | null;
  /** Incentive ratio, "1:25". */
  readonly ratio: string | null;
  /** Not the main cover: a letter past A, a ratio, or the words variant, virgin, foil... */
  readonly variant: boolean;
  readonly printing: number | null;
  /** A later printing, including "NEW PTG" with no number. */
  readonly reprint: boolean;
  /** N of "(OF N)". */
  readonly limitedSeries: number | null;
  /** A collected edition's own title: "Negative Rebirth" of "FLASH TP VOL 05 NEGATIVE REBIRTH". */
  readonly subtitle: string | null;
  /** The store cut the text short ("...", "…"): the last word read may be partial. */
  readonly truncated: boolean;
  /** No mark that only comics carry (an issue number, TP, GN, a cover, a printing): at most what any
   *  book's title may say (a binding, "Vol. 3", a deluxe edition, a box set), or nothing but what the
   *  store's category vouched for. A bookstore's novels read so too, so such a title is a comic only where
   *  something else on the page says so (lib/detect/signals.ts). */
  readonly bookLike: boolean;
}

export type NotAComicReason =
  | 'empty'
  | 'too-long'
  | 'garbage'
  | 'price'
  | 'date'
  | 'category'
  | 'merchandise'
  | 'store-heading'
  /** A news headline, review, preview or interview about a comic, not the comic for sale. */
  | 'editorial'
  | 'lot'
  | 'no-series'
  | 'no-comic-marker';

export interface NotAComic {
  readonly kind: 'not-a-comic';
  readonly raw: string;
  readonly reason: NotAComicReason;
}

export interface TitleHints {
  /** The store's category or breadcrumb for the item ("Toys > Statues", "Graphic Novels"). */
  readonly category?: string;
}

export const MAX_TITLE_CHARS = 300;

export function isComic(title: ParsedTitle | NotAComic): title is ParsedTitle {
  return title.kind === 'comic';
}

// ---------------------------------------------------------------------------------------------
// Word lists and patterns

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE_TOKENS = new RegExp(
  [
    '\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b',
    '\\b\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}\\b',
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH},?\\s+\\d{4}\\b`,
    `\\b${MONTH},?\\s+\\d{4}\\b`,
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
  ].join('|'),
  'gi',
);
const DATE_WORDS =
  /\b(?:release(?:d)?|date|on|sale|in|shops?|stores?|foc|final|order|cut-?off|street|available|expected|ships?|published|arrives|due|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)\b/gi;

const PRICE_TOKENS =
  /(?:[$£€¥]|\b(?:usd|cad|aud|gbp|eur|us\$|c\$)\s*)\s*\d{1,6}(?:[.,]\d{2})?|\b\d{1,6}[.,]\d{2}\b\s*(?:[$£€]|usd|cad|eur|gbp)?/gi;
const PRICE_WORDS =
  /\b(?:price|srp|msrp|sale|was|now|our|only|from|list|retail|you|save|each|ea|reg(?:ular)?|off|cover|net)\b/gi;
const LEFTOVER_PUNCTUATION = /[\s:;,.\-–—/|%()[\]!*~+]+/g;

/** Words that name goods other than comics, as stores categorise them. */
const NON_COMIC_CATEGORY =
  /\b(?:toys?|apparel|cloth(?:ing|es)|statues?|figures?|figurines?|busts?|collectibles?|merch(?:andise)?|t-?shirts?|shirts?|hoodies?|hats?|caps|socks|games?|[tc]cgs?|boosters?|decks?|dice|miniatures?|heroclix|puzzles?|posters?|prints?|trading cards?|cards?|funko|pops?|plush|replicas?|props?|accessories|dvds?|blu-?rays?|movies?|music|vinyl|gifts?|novelt(?:y|ies)|supplies|bags?|boards?|storage|sleeves?|housewares|drinkware|mugs?|stickers?|pins?|keychains?|backpacks?|jewelry|costumes?)\b/i;
/** Whether a text names goods other than comics anywhere in it (a card's whole text, at a glance). */
export function namesGoods(text: string): boolean {
  return NON_COMIC_CATEGORY.test(text);
}

const COMIC_CATEGORY =
  /\b(?:comics?|c[óo]mics?|comic books?|graphic novels?|manga|manhwa|manhua|fumetti|bd|bandes? dessin[ée]es?|romans? graphiques?|tebeos|historietas|trades?|tpbs?|(?:trade )?paperbacks?|hardcovers?|hardbacks?|omnibus(?:es)?|books?|issues?|single issues?|back issues?|variants?|collected editions?|new releases?|pull list)\b/i;
/** "Comic Book Supplies", "Manga Figures": goods named after comics are not comics. */
const COMIC_GOODS_CATEGORY = new RegExp(`${COMIC_CATEGORY.source}\\s+${NON_COMIC_CATEGORY.source}`, 'i');

/** Words that name goods other than comics; read only before the issue number, where the series is. */
const MERCHANDISE = new RegExp(
  [
    'fig(?:ure)?s?',
    'figurines?',
    'figuarts',
    'nendoroids?',
    'minimates?',
    'statues?',
    'busts?',
    'pvc',
    'vinyl',
    'plush(?:ies)?',
    'funko',
    'pop!',
    'maquettes?',
    'dioramas?',
    'replicas?',
    'bookends?',
    'keychains?',
    'key\\s+chains?',
    't-?shirts?',
    'tees?',
    'hoodies?',
    'sweatshirts?',
    'backpacks?',
    'mugs?',
    'socks',
    'posters?',
    'lithographs?',
    'litho',
    '(?:wall|desk|advent)\\s+calendars?',
    'calendars?(?!\\s+man)',
    'calendriers?',
    'kalender',
    'art\\s+prints?',
    'enamel\\s+pins?',
    'gift\\s+(?:cards?|vouchers?|certificates?)',
    'tarjetas?\\s+regalo',
    'cartes?\\s+cadeaux?',
    'buoni?\\s+regalo',
    // A print named after an album ("Ex-libris Les Vieux Fourneaux T.8"), a school diary.
    'ex-?libris',
    'agendas?',
    '(?:trading|playing)\\s+cards?',
    '(?:board|card|video|tabletop|party)\\s+games?',
    // Role-playing game books, filed by comic shops beside graphic novels: "Core Rulebook HC".
    'role[\\s-]?playing\\s+games?',
    'rpg',
    '(?:core\\s+)?rule\\s?books?',
    "players?'?s?\\s+handbook",
    "(?:dungeon|game)\\s+masters?'?s?\\s+guide",
    'monster\\s+manual',
    'source\\s?books?',
    '(?:[tc]cg|heroclix|miniatures?|playmats?|dice|puzzles?|mylars?|beanies?|snapbacks?)',
    '(?:booster|starter|deck)\\s+(?:box|pack|deck|display)(?:e?s)?',
    // Supplies and apparel
    '(?:comic|short|long|storage)\\s+(?:bags?|boards?|box(?:es)?|sleeves?)',
    '(?:graphic\\s+novel|magazine|treasury|current|silver(?:\\s+age)?|golden(?:\\s+age)?|modern|resealable|thick)\\s+(?:size\\s+)?(?:bags?|boards?|sleeves?)',
    '(?:backing\\s+boards?|bags?\\s+(?:&|and|\\+)\\s+boards?|top[\\s-]?loaders?|(?:baseball|dad)\\s+(?:caps?|hats?))',
    'dvds?',
    'blu-?rays?',
    // Books that are not comics: a coloring book, a sticker book, a novel ("Batman: Resurrection: A Novel"),
    // a light novel, an art book.
    'colou?ring\\s+books?',
    '(?:activity|sticker)\\s+books?',
    'a\\s+novel',
    'prose\\s+novels?',
    'light\\s+novels?',
    'art\\s*books?',
    'illustration\\s+books?',
    'tote\\s+bags?',
    // Subscriptions: "Abbonamento Topolino - 52 numeri", "Standing Order".
    'subscriptions?',
    'abbonamento',
    'abonnement',
    'suscripci[oó]n',
    'costumes?',
    'helmets?',
    'af',
    'maf',
    'mag\\s+bonus',
    '\\d+(?:\\.\\d+)?[\\s-]?inch(?:es)?',
    '1\\s*[:/]\\s*\\d+\\s*-?\\s*scale',
  ]
    .map((word) => `\\b${word}(?![\\w])`)
    .join('|'),
  'i',
);

/** A magazine sold with a figure or model ("(Magazine with Figure)", "FIG MAG"), wherever the title says so. */
const MERCHANDISE_BUNDLE = /\b(?:mag(?:azine)?|partwork)\s+(?:with|w\/|\+|&)\s+(?:an?\s+)?(?:fig(?:ure)?|figurine|model|statue|replica)s?\b/i;

/** After the issue number, goods that name a cover ("Action Figure Variant", "Funko Pop Variant") or come
 *  with the comic ("Polybagged with Poster") do not make it merchandise; "Foil Variant Poster 24x36" does. */
const NAMES_COVER = /^\s*(?:\S+\s+)?(?:var|cvr|cover|incv)/i;
/** Words after goods that make them a gift with the product: "Ex-libris offert", "Poster included". */
const BONUS = /^\s*(?:offerts?|inclus|included|free|gratuits?|gratis|in\s+regalo|de\s+regalo|en\s+cadeau)(?![\p{L}])/iu;
const COMES_WITH = /(?:\bwith|\bw\/|\+|&)\s*$/i;

/** News about a comic, not the comic: "Review: Saga #66", "… Review Roundup", "… Spoilers", "Interview: …",
 *  "Marvel Announces …". "Marvel Year in Review", "Western Roundup", "Interview with the Vampire" and the
 *  PREVIEWS catalogs are sold comics, so review, preview and roundup count only as a lead-in or after the number. */
const EDITORIAL =
  /^(?:(?:exclusive|advance)\s+)?(?:reviews?|preview|interview|recap|news|first\s+look|sneak\s+peek)\s*(?::|\s[|–—-])|\b(?:reviews|review\s+round-?ups?|recaps?|spoilers|podcasts?|announce[sd]|unveils|solicit(?:s|ations?)|sellers?|interviews?(?!\s+with\s+the\s+vampire)|first\s+look|sneak\s+peek|explained)\b/i;
const EDITORIAL_TAIL = /\b(?:review|preview(?!\s+(?:ed|var|cvr|cover))|round-?ups?)\b/i;

const STORE_HEADING =
  /^(?:(?:top|best)[\s-]*sell(?:er|ers|ing)|bestsellers?|(?:new|latest)\s+(?:releases?|arrivals?)|staff\s+picks?|deals?\s+of\s+the\s+(?:week|day|month)|featured(?:\s+items?)?|popular|trending|recommended|recently\s+viewed|you\s+may\s+also\s+like|customers\s+also\s+bought|coming\s+soon|pre-?orders?|on\s+sale|rank(?:ed)?|number|no\.?|item|order|sku|ref(?:erence)?|model|part|product|listing|page|step|invoice|account|qty|quantity)$/i;

const LOT = /\b(?:lot|bundle|set)\s+of\s+\d+\b|\bcomics?\s+lot\b/i;

/** PREVIEWS order-form tags and ratings: (MR), (RES), (NET), (O/A), (C: 1-0-0), (PP #1234). */
const STORE_TAGS = /\((?:mr|res|net|o\/a|note\s+price|c:\s*[\d-]+|pp\s*#?\s*\d+|a\/?ca|w\/?a(?:\/ca)?)\)/gi;
/** Labels before the title, any number of them: "[Pre-Order]", "Preorder:", eBay's "New Listing" (often glued
 *  on: "New ListingAbsolute Batman #6"), a bestseller rank "1. ", "12) ", "#3 - ", "No. 3: " (not a bare "#1",
 *  which may be the issue or the title itself). */
/** eBay's hidden link text, glued on: "… Cover A NMOpens in a new window or tab". */
const TRAILING_TAGS = /\s*opens in a new (?:window|tab)(?: or tab)?\.?$/i;
const LEADING_TAGS =
  /^(?:(?:\[[^\]]{0,30}\]|\(pre-?order\)|pre-?order\s*[:!|–—-]|new\s*listing(?!s\b))\s*|(?:(?:#|no\.?|rank)\s*\d{1,3}\s*[.):–—-]|\d{1,3}[.)])\s+(?=\p{L}|\d+\s+\p{L}))+/iu;

/** Amazon's binding and date tail: "Paperback – October 23, 2012". */
const BINDING =
  /(?<!\btrade)\s+\(?(paperback|hardcover|kindle(?:\s*(?:&|and)\s*comixology)?(?:\s+edition)?|comixology|mass\s+market\s+paperback|library\s+binding|board\s+book)\)?(?:\s*[–—-].*)?$/i;
/** Amazon's series reference: "(Saga, 1)", "(Amazing Spider-Man (2018-))". */
const AMAZON_SERIES_REF = /\s*\(((?:[^()]|\([^()]*\))*)\)\s*$/;

const YEAR_PAREN = /\(\s*((?:19|20)\d{2})\b[^()]*\)/gi;

/** Editions that are hardcovers unless the title says TP/SC: "Deluxe Ed", "Absolute Edition", "Library Ed". */
const BIG_EDITION = "(?:deluxe|absolute|library|gallery|artist'?s?|oversized)";

/** Where the series name ends: the first of these. */
const SERIES_END = new RegExp(
  [
    '\\(\\s*(?:19|20)\\d{2}\\b[^()]*\\)',
    '\\(\\s*(?:of\\s+\\d|one[\\s-]?shot)',
    // "(Signed by Jim Lee)": who signed the copy is not the series.
    '\\(\\s*signed\\b',
    // "(New Edition)", "(Revised Edition)": an edition in parentheses ends the series too.
    "\\(\\s*(?:[\\w'-]+\\s+){1,3}ed(?:ition)?\\.?\\s*\\)",
    // "(Edición Deluxe)", "(Edición integral)", "(Édition spéciale)".
    '\\(\\s*(?:edici[oó]n|edizione|[ée]dition)\\b[^()]*\\)',
    '\\b(?:vol(?:ume)?\\.?|v\\.|band|bd\\.|tome|tomo|t\\.)\\s*(?:\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\\b',
    '(?<![A-Za-zÀ-ÿ])int[ée]grale?(?![A-Za-zÀ-ÿ])',
    '\\b(?:tpb?|hc|sc|o?gn|omnibus|hardcover|hardback|paperback|softcover|trade\\s+paperback|graphic\\s+novel|dlx|box(?:ed)?\\s+set|slipcase|one[\\s-]shot|annual)\\b',
    `\\b(?:the\\s+)?(?:${BIG_EDITION}|\\d{1,3}(?:st|nd|rd|th)\\s+anniversary|colou?r)\\s+ed(?:ition)?\\b`,
    '\\b(?:19|20)\\d{2}\\s+(?=annual\\b)',
    '\\bbox\\s+(?=hc|tp)',
    '\\b(?:cvr|cover)\\s*[a-z]\\b',
    '\\b(?:var|variant|incv)\\b',
    '\\b\\d{1,2}(?:st|nd|rd|th)\\s+(?:ptg|printing|print)\\b',
    '\\b1\\s*:\\s*\\d',
  ].join('|'),
  'i',
);

/** A name and a number, perhaps a short edition name after a dash: "Dampyr 216", "Dylan Dog 100 - Oro". */
const BARE_NUMBER = /^(.*\p{L}.*?)\s+(\d{1,4})(?:\s+[-–—]\s+(\p{L}[\p{L}' ]{0,23}))?$/u;
const ROMAN_NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'];
/** A name, a Roman numeral and a subtitle after a colon: "Maus I: A Survivor's Tale". A lone V or X is
 *  more often a letter of the name ("Powers of X: X-Men", "V for Vendetta"). */
const ROMAN_VOLUME = /^(.*\p{L})\s+(I{1,3}|IV|VI{1,3}|IX)\s*:\s*(\S.*)$/u;

/** A series name that ends with a book number: "Brink Book 6", "Saga Book One". */
const BOOK_NUMBER = /^(.*\S)\s+book\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)$/i;

const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
};
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
};

// ---------------------------------------------------------------------------------------------
// Entry point

export function parseTitle(raw: string, hints: TitleHints = {}): ParsedTitle | NotAComic {
  if (typeof raw !== 'string') return notAComic('', 'garbage');
  if (raw.length > MAX_TITLE_CHARS) return notAComic(raw.slice(0, MAX_TITLE_CHARS), 'too-long');
  const cut = cutEllipsis(cleanText(raw));
  const text = cut.text;
  if (text === '') return notAComic(raw, cut.truncated ? 'garbage' : 'empty');
  // Prices and dates are short and have digits but no issue number; most titles skip both checks.
  const couldBeFigures = text.length <= 60 && /\d/.test(text) && !text.includes('#');
  if (couldBeFigures && isOnly(text, PRICE_TOKENS, PRICE_WORDS)) return notAComic(raw, 'price');
  if (couldBeFigures && isOnly(text, DATE_TOKENS, DATE_WORDS)) return notAComic(raw, 'date');
  if (!/\p{L}/u.test(text) && !/#\s?\d/.test(text)) return notAComic(raw, 'garbage');
  const category = hints.category === undefined ? null : categoryKind(hints.category);
  if (category === 'not-comic') return notAComic(raw, 'category');
  return readTitle(raw, { ...cut, ...stripStoreNoise(text) }, category === 'comic');
}

/** Merchandise words name the product before the issue number ("Funko Pop! Venom #363"), and after it
 *  ("Spawn #1 Vinyl Figure", "X-Men #1 (1991) T-Shirt") unless they name the cover or come with the comic. */
function sellsGoods(head: string, tail: string): boolean {
  const named = MERCHANDISE.exec(head);
  // "Ex-libris offert", "Poster included": a gift that comes with the book is a label, not the product.
  if (named !== null && !BONUS.test(head.slice(named.index + named[0].length))) return true;
  const goods = tail === '' ? null : MERCHANDISE.exec(tail);
  if (goods === null) return false;
  return !NAMES_COVER.test(tail.slice(goods.index + goods[0].length)) && !COMES_WITH.test(tail.slice(0, goods.index));
}

function notAComic(raw: string, reason: NotAComicReason): NotAComic {
  return { kind: 'not-a-comic', raw, reason };
}

function readTitle(raw: string, cleaned: Cleaned, vouched: boolean): ParsedTitle | NotAComic {
  const { text, binding, truncated, partialLastWord } = cleaned;
  const anchor = findIssueNumber(text);
  const head = anchor === null ? text : text.slice(0, anchor.start);
  const tail = anchor === null ? '' : text.slice(anchor.end);
  const withoutNumbers = (t: string) => t.replace(/#\s*\d+/g, ' ').trim();
  if (STORE_HEADING.test(withoutNumbers(head)) || STORE_HEADING.test(withoutNumbers(text))) return notAComic(raw, 'store-heading');
  if (EDITORIAL.test(text) || (tail !== '' && EDITORIAL_TAIL.test(tail))) return notAComic(raw, 'editorial');
  if (sellsGoods(anchor === null ? text : head, tail) || MERCHANDISE_BUNDLE.test(text)) return notAComic(raw, 'merchandise');
  if (LOT.test(text) || (anchor !== null && /^\s*(?:-|to|thru|through|al|a|bis|à)\s*(?:#|n[º°.]\s*)?\d/i.test(tail))) return notAComic(raw, 'lot');

  const endMatch = SERIES_END.exec(head);
  const seriesEnd = endMatch === null ? head.length : endMatch.index;
  let series = trimSeparators(head.slice(0, seriesEnd));
  // "Watchmen: A Graphic Novel", "Batman: Nightwalker (The Graphic Novel)": the article belongs to the
  // format, not the series; "Demon Slayer Complete Box Set": so does "Complete".
  if (endMatch !== null) series = series.replace(/\s*[:–—(-]\s*(?:an?|the)$/i, '').replace(/(?<=\p{L}.*)\s+complete$/iu, '');
  // "Avengers Omnibus HC Vol 03": the word names the series as well as its format (it is read as both).
  if (endMatch !== null && /^omnibus$/i.test(endMatch[0]) && /\p{L}/u.test(series)) series = trimSeparators(head.slice(0, seriesEnd + endMatch[0].length));
  // Cut inside the series itself ("Marvels Avengers Infinity War Pr..."): its last word is partial.
  if (partialLastWord && anchor === null && endMatch === null) series = series.replace(/\s+\S+$/, '');
  if (!/\p{L}/u.test(series)) return notAComic(raw, 'no-series');

  const facts = emptyFacts();
  if (anchor !== null) {
    facts.coverLetter = anchor.coverLetter;
    facts.printing = anchor.printing;
    facts.reprint = anchor.reprint;
  }
  let headWords = readMarkers(head.slice(seriesEnd), facts, 'head');
  let tailWords = readMarkers(tail, facts, 'tail');
  if (partialLastWord) {
    if (tailWords.length > 0) tailWords = tailWords.slice(0, -1);
    else if (anchor === null) headWords = headWords.slice(0, -1);
  }
  let format = resolveFormat(facts, binding, anchor !== null, series, vouched);
  // "Brink Book 6", "Saga Book One": a collection's book number, when nothing else names the format.
  const book = (format === null || format === 'unknown') && anchor === null && headWords.length === 0 ? BOOK_NUMBER.exec(series) : null;
  if (book !== null && /\p{L}/u.test(book[1] ?? '')) {
    series = trimSeparators(book[1] ?? '');
    facts.volume = volumeNumber(book[2] ?? '');
    format = 'tpb';
  }
  if (format === null) return notAComic(raw, 'no-comic-marker');

  let number = anchor === null ? null : anchor.number;
  // "Chainsaw Man 18", "Spider-Man Marvel Saga 45", "Dylan Dog 100 - Oro": where a store or a code vouches
  // for a comic whose title names nothing else, a number ending it (or before a short edition name after a
  // dash) is its number (a year is not).
  const bare = format === 'unknown' && anchor === null && headWords.length === 0 ? BARE_NUMBER.exec(series) : null;
  if (bare !== null && !/^(?:19|20)\d{2}$/.test(bare[2] ?? '')) {
    series = trimSeparators(bare[1] ?? '');
    number = normalizeIssueNumber(bare[2] ?? '');
    format = 'issue';
    if (bare[3] !== undefined) {
      tailWords = bare[3].split(/\s+/);
      facts.variant = true;
    }
  }
  // "Maus I: A Survivor's Tale": where a store vouches for a comic, a Roman numeral before the subtitle
  // is its volume.
  const roman = format === 'unknown' && anchor === null && facts.volume === null ? ROMAN_VOLUME.exec(series) : null;
  if (roman !== null) {
    series = trimSeparators(roman[1] ?? '');
    facts.volume = ROMAN_NUMERALS.indexOf(roman[2] ?? '') + 1;
    headWords = (roman[3] ?? '').split(/\s+/).filter((w) => w !== '');
  }
  let volume = facts.volume;
  if (isCollected(format) && number !== null && volume === null && /^\d+$/.test(number)) {
    // "Saga TPB (2012- Image) 1-1ST": a collected edition's number is its volume.
    volume = Number(number);
    number = null;
  }
  // Words beside a variant marker name the cover ("Buscema DM Var"); other words after a collected
  // edition's volume are its subtitle; other words after an issue number are noise ("1st Venom").
  const tailNamesCover = facts.variant || facts.coverLetter !== null;
  const coverWords = [...(facts.variantInHead ? headWords : []), ...(tailNamesCover ? tailWords : [])];
  const subtitleWords = facts.variantInHead ? [] : headWords;
  const shouting = !/\p{Ll}/u.test(text);
  const coverText = coverWords.length > 0 ? display(coverWords.join(' '), shouting) : null;
  const variant = facts.variant || (facts.coverLetter !== null && facts.coverLetter !== 'A');
  const cover = facts.coverLetter ?? (variant && coverText !== null ? coverText.toUpperCase() : facts.ratio);
  const seriesDisplay = display(series, shouting);

  return {
    kind: 'comic',
    raw,
    series: seriesDisplay,
    seriesKey: seriesKey(seriesDisplay),
    number,
    volume,
    startYear: facts.startYear,
    year: facts.year,
    format,
    annual: facts.annual,
    cover,
    coverText,
    ratio: facts.ratio,
    variant,
    printing: facts.printing,
    reprint: facts.reprint || (facts.printing !== null && facts.printing > 1),
    limitedSeries: facts.limited,
    subtitle: subtitleWords.length > 0 ? display(subtitleWords.join(' '), shouting) : null,
    truncated,
    bookLike: anchor === null && !facts.comicMarker,
  };
}

// ---------------------------------------------------------------------------------------------
// Cleaning

function cleanText(raw: string): string {
  // Printable ASCII, the common case, needs none of the Unicode fixes below.
  if (/^[\x20-\x7e]*$/.test(raw)) return raw.replace(/`/g, "'").replace(/ {2,}/g, ' ').trim();
  return raw
    .normalize('NFC')
    .replace(/[`´‘’ʼ′]/g, "'")
    .replace(/[“”″]/g, '"')
    .replace(/[‐‑]/g, '-')
    .replace(/½/g, '1/2')
    .replace(/[\s\u00a0\u2000-\u200b\u202f\u3000]+/g, ' ')
    .trim();
}

interface Cut {
  readonly text: string;
  readonly truncated: boolean;
  /** The ellipsis was glued to the last word ("Busce..."), so that word is likely cut mid-word. */
  readonly partialLastWord: boolean;
}

/** "Avengers Omnibus HC Vol 03 Busce..." -> the text before the ellipsis. */
function cutEllipsis(text: string): Cut {
  const cut = /(\s*)(?:\.{3,}|…)$/.exec(text);
  if (cut !== null) {
    const before = text.slice(0, cut.index);
    return { text: before.trim(), truncated: true, partialLastWord: cut[1] === '' && /[\p{L}\p{N}]$/u.test(before) };
  }
  // A title attribute cut at a fixed width can end in the first letters of "VOL": "... TP VO".
  const dangling = /(\b(?:tpb?|hc|gn|sc|omnibus))\s+(?:vol?|v)\.?$/i.exec(text);
  if (dangling !== null) {
    return { text: text.slice(0, dangling.index) + (dangling[1] ?? ''), truncated: true, partialLastWord: false };
  }
  return { text, truncated: false, partialLastWord: false };
}

function isOnly(text: string, tokens: RegExp, words: RegExp): boolean {
  const withoutTokens = text.replace(tokens, ' ');
  if (withoutTokens === text) return false;
  return withoutTokens.replace(words, ' ').replace(LEFTOVER_PUNCTUATION, '') === '';
}

/** What a store's category, breadcrumb or product type says the item is: "Comics > New Releases" comic,
 *  "Apparel" or "Comic Book Supplies" not a comic, "Misc" nothing (null). Breadcrumbs read most specific
 *  last: "Collectibles > Comics" is comics. */
export function categoryKind(category: string): 'comic' | 'not-comic' | null {
  if (typeof category !== 'string') return null;
  const segments = category.slice(0, MAX_TITLE_CHARS).split(/\s*[>/|»›·•]\s*/).filter((s) => s.trim() !== '');
  const last = segments[segments.length - 1] ?? '';
  if (COMIC_CATEGORY.test(last)) return COMIC_GOODS_CATEGORY.test(last) ? 'not-comic' : 'comic';
  // What a cover is made of or called ("Card stock", "Foil variant") names a comic's cover, not goods.
  if (NON_COMIC_CATEGORY.test(last) && !COVER_WORDS.test(last)) return 'not-comic';
  return null;
}

const COVER_WORDS = /\b(?:card\s*stock|cardstock|cover|cvr|variant|var|incentive|foil|virgin)\b/i;

interface Cleaned extends Cut {
  /** The format an Amazon binding names ("Paperback"), taken out of the text. */
  readonly binding: TitleFormat | null;
}

/** What a collection collects, after its own title: "Monstress Compendium Volume 1: Collecting Monstress #1-30". */
const COLLECTS = /\s*[:(,;–—-]?\s*\b(?:collecting|collects)\b[\s\S]*$/i;

function stripStoreNoise(text: string): { text: string; binding: TitleFormat | null } {
  let out = text.replace(STORE_TAGS, ' ').replace(LEADING_TAGS, '').replace(TRAILING_TAGS, '');
  const collects = COLLECTS.exec(out);
  if (collects !== null && /\p{L}/u.test(out.slice(0, collects.index))) out = out.slice(0, collects.index);
  let binding: TitleFormat | null = null;
  const bound = BINDING.exec(out);
  if (bound !== null) {
    const word = (bound[1] ?? '').toLowerCase();
    binding = word.includes('hardcover') ? 'hc' : word.includes('paperback') ? 'tpb' : null;
    out = out.slice(0, bound.index);
  }
  const ref = AMAZON_SERIES_REF.exec(out);
  if (ref !== null && /,\s*\d+\s*$|\((?:19|20)\d{2}-(?:(?:19|20)\d{2})?\)\s*$/.test(ref[1] ?? '')) {
    out = out.slice(0, ref.index);
  }
  return { text: out.replace(/\s+/g, ' ').trim(), binding };
}

function trimSeparators(text: string): string {
  return text.replace(/^[\s,:;|–—-]+/, '').replace(/[\s,:;|–—/(-]+$/, '');
}

// ---------------------------------------------------------------------------------------------
// The issue number

interface IssueAnchor {
  readonly start: number;
  readonly end: number;
  readonly number: string;
  readonly coverLetter: string | null;
  readonly printing: number | null;
  readonly reprint: boolean;
}

const HASH_NUMBER = /#\s?(-?\d{1,7}(?:,\d{3})*(?:\.\d{1,3}|\.[a-z]{1,4}|\/\d{1,2})?)([a-z]{1,2})?(?![\w])/i;
/** "Issue 5", "No. 5", 2000 AD's "Prog 2100", and the Italian and Spanish "n. 450", "nº 105", "núm. 3". */
const WORD_NUMBER = /(?:\b(?:issue|no\.|prog|nr\.|n[uú]m\.)|\bn[º°.])\s*#?\s*(\d{1,5})(?![\w])/i;
/** MyComicShop: "Batman (2016 DC 3rd Series) 50A", "Saga TPB (2012- Image) 1-1ST". */
const AFTER_YEAR_NUMBER =
  /(\(\s*(?:19|20)\d{2}\b[^()]*\)\s+)(-?\d{1,5}(?:\.\d{1,3})?(?:\/\d)?)([a-z]{1,3})?(?:-(\d{1,2})(?:st|nd|rd|th)|-(rep))?(?![\w])/i;
/** eBay: "AMAZING SPIDER-MAN 300 CGC 9.8". */
const BEFORE_GRADE_NUMBER = /(^|\s)(\d{1,4})\s+(?=(?:cgc|cbcs|pgx)\b)/i;

function findIssueNumber(text: string): IssueAnchor | null {
  const hash = HASH_NUMBER.exec(text);
  if (hash !== null && !isOrdinalSuffix(hash[2])) {
    return anchor(hash.index, hash.index + hash[0].length, hash[1], hash[2]);
  }
  const word = WORD_NUMBER.exec(text);
  // "Kaiju No. 8, Vol. 14": a "No." before a volume is part of the name.
  if (word !== null && !(/^no\./i.test(word[0]) && /\bvol(?:ume)?\.?\s*\d/i.test(text.slice(word.index)))) {
    return anchor(word.index, word.index + word[0].length, word[1], undefined);
  }
  const afterYear = AFTER_YEAR_NUMBER.exec(text);
  if (afterYear !== null && !isOrdinalSuffix(afterYear[3])) {
    const start = afterYear.index + (afterYear[1] ?? '').length;
    const printing = afterYear[4] === undefined ? null : Number(afterYear[4]);
    return {
      ...anchor(start, afterYear.index + afterYear[0].length, afterYear[2], afterYear[3]),
      printing,
      reprint: afterYear[5] !== undefined,
    };
  }
  const graded = BEFORE_GRADE_NUMBER.exec(text);
  if (graded !== null) {
    const start = graded.index + (graded[1] ?? '').length;
    return anchor(start, start + (graded[2] ?? '').length, graded[2], undefined);
  }
  return null;
}

function anchor(start: number, end: number, number: string | undefined, letter: string | undefined): IssueAnchor {
  return {
    start,
    end,
    number: normalizeIssueNumber(number ?? ''),
    coverLetter: letter === undefined || letter === '' ? null : letter.toUpperCase(),
    printing: null,
    reprint: false,
  };
}

function isOrdinalSuffix(letters: string | undefined): boolean {
  return letters !== undefined && /^(?:st|nd|rd|th)$/i.test(letters);
}

/** "001" -> "1", "1,000,000" -> "1000000", "1.mu" -> "1.MU". */
function normalizeIssueNumber(number: string): string {
  const plain = number.replace(/,/g, '').toUpperCase();
  return plain.replace(/^(-?)0+(?=\d)/, '$1');
}

// ---------------------------------------------------------------------------------------------
// Markers after the series name

interface Facts {
  volume: number | null;
  startYear: number | null;
  year: number | null;
  annual: boolean;
  oneShot: boolean;
  formats: Set<'box-set' | 'omnibus' | 'hc' | 'deluxe' | 'tpb' | 'gn'>;
  coverLetter: string | null;
  ratio: string | null;
  variant: boolean;
  variantInHead: boolean;
  printing: number | null;
  reprint: boolean;
  limited: number | null;
  /** A mark only comics carry was read: TP, GN, omnibus, a cover, a ratio, a printing, "(of 6)", a grade. */
  comicMarker: boolean;
}

function emptyFacts(): Facts {
  return {
    volume: null,
    startYear: null,
    year: null,
    annual: false,
    oneShot: false,
    formats: new Set(),
    coverLetter: null,
    ratio: null,
    variant: false,
    variantInHead: false,
    printing: null,
    reprint: false,
    limited: null,
    comicMarker: false,
  };
}

type Where = 'head' | 'tail';
/** The whole match, then the capture groups (undefined when a group did not take part). */
type Groups = readonly (string | undefined)[];

interface MarkerRule {
  readonly pattern: RegExp;
  readonly where?: Where;
  /** Records what the match says; the matched text is then removed. */
  readonly read: (match: Groups, facts: Facts, where: Where) => void;
  /** A mark only comics carry (TP, GN, a cover letter, a printing), where a binding or a volume is any book's. */
  readonly comic?: true;
}

const MARKER_RULES: readonly MarkerRule[] = [
  { pattern: /\(\s*of\s+(\d{1,3})\s*\)/gi, read: (m, f) => (f.limited ??= Number(m[1])), comic: true },
  { pattern: /^\s*of\s+(\d{1,3})\b/gi, where: 'tail', read: (m, f) => (f.limited ??= Number(m[1])), comic: true },
  { pattern: /\b(\d{1,2})(?:st|nd|rd|th)\s+(?:ptg|printing|print)\b/gi, read: (m, f) => (f.printing ??= Number(m[1])), comic: true },
  {
    pattern: /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(?:ptg|printing|print)\b/gi,
    read: (m, f) => (f.printing ??= ORDINAL_WORDS[(m[1] ?? '').toLowerCase()] ?? null),
    comic: true,
  },
  { pattern: /\b(?:new|another)\s+(?:ptg|printing)\b|\breprint\b|\bfacsimile(?:\s+ed(?:ition)?)?\b/gi, read: (_m, f) => (f.reprint = true), comic: true },
  { pattern: /\b1\s*(?::|\s+in\s+)\s*(\d{1,4})\b/gi, read: (m, f) => setRatio(f, m[1]), comic: true },
  { pattern: /\b(\d{1,4})\s+copy\s+(?:incv|incentive|var(?:iant)?)\b/gi, read: (m, f) => setRatio(f, m[1]), comic: true },
  { pattern: /\b(?:cvr|cover)\s*[-:]?\s*([a-z])\b(?!')/gi, read: (m, f) => (f.coverLetter ??= (m[1] ?? '').toUpperCase()), comic: true },
  { pattern: /\b(?:cvr|cover)\b/gi, read: () => undefined },
  { pattern: /\b(?:cgc|cbcs|pgx)\b(?:\s+(?:ss|signature\s+series))?(?:\s+\d{1,2}(?:\.\d)?)?/gi, read: () => undefined, comic: true },
  { pattern: PRICE_TOKENS, read: () => undefined },
  { pattern: DATE_TOKENS, where: 'tail', read: () => undefined },
  { pattern: YEAR_PAREN, read: readYearParen },
  { pattern: /\b(?:19|20)\d{2}\b/g, where: 'tail', read: (m, f) => (f.year ??= Number(m[0] ?? '')) },
  { pattern: /\b(?:nm|vf|fn|vg|gd|fr|pr)(?:[+-]|\/(?:nm|vf|fn|vg|gd)[+-]?)?(?=\s|$)/gi, where: 'tail', read: () => undefined },
  {
    // German "Band 1" / "Bd. 1", French "Tome 40" / "T.42", Spanish "Tomo 2" too.
    pattern: /\b(?:vol(?:ume)?\.?|v\.|band|bd\.|tome|tomo|t\.)\s*(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\b/gi,
    read: (m, f) => (f.volume ??= volumeNumber(m[1] ?? '')),
  },
  // A box set, a hardcover, a paperback and a deluxe edition are any book's: they leave a title book-like.
  { pattern: /\bbox(?:ed)?\s+set\b|\bslipcase(?:\s+set)?\b|\bbox\b(?=\s+(?:hc|tp))/gi, read: (_m, f) => f.formats.add('box-set') },
  { pattern: /\bomnibus\b/gi, read: (_m, f) => f.formats.add('omnibus'), comic: true },
  // French "Intégrale", Spanish and Italian "Integral(e)": a complete collection.
  { pattern: /(?<![A-Za-zÀ-ÿ])int[ée]grale?(?![A-Za-zÀ-ÿ])/gi, read: (_m, f) => f.formats.add('omnibus'), comic: true },
  { pattern: new RegExp(`\\bdlx\\b(?:\\s+ed(?:ition)?\\b)?|\\b${BIG_EDITION}\\s+ed(?:ition)?\\b`, 'gi'), read: (_m, f) => f.formats.add('deluxe') },
  // "Edición Deluxe", "Edizione Deluxe", "Édition deluxe": the word order of the Romance languages.
  { pattern: /(?<![A-Za-zÀ-ÿ])(?:edici[oó]n|edizione|[ée]dition)\s+(?:deluxe|absolute|de\s+lujo)(?![A-Za-zÀ-ÿ])/gi, read: (_m, f) => f.formats.add('deluxe') },
  { pattern: /(?<![A-Za-zÀ-ÿ])(?:edici[oó]n|edizione|[ée]dition)(?![A-Za-zÀ-ÿ])/gi, read: () => undefined },
  { pattern: /\b(?:hc|hardcover|hard\s+cover|hardback)\b/gi, read: (_m, f) => f.formats.add('hc') },
  { pattern: /\b(?:tpb?|trade\s+paperback)\b/gi, read: (_m, f) => f.formats.add('tpb'), comic: true },
  { pattern: /\b(?:paperback|softcover|soft\s+cover|sc)\b/gi, read: (_m, f) => f.formats.add('tpb') },
  { pattern: /\b(?:o?gn|graphic\s+novel)\b/gi, read: (_m, f) => f.formats.add('gn'), comic: true },
  { pattern: /\bone[\s-]shot\b/gi, read: (_m, f) => (f.oneShot = true), comic: true },
  // "Batman 2025 Annual #1": the year names the annual, not the series.
  { pattern: /\b((?:19|20)\d{2})\s+(?=annual\b)/gi, read: (m, f) => (f.year ??= Number(m[1])) },
  { pattern: /\bannual\b/gi, read: (_m, f) => (f.annual = true), comic: true },
  { pattern: /\b(?:var|variant|incv|incentive|ri|ratio)\b/gi, read: (_m, f, where) => markVariant(f, where), comic: true },
];

/** replace() hands its callback the match, the groups, the offset and the whole string (none of these
 *  patterns has named groups): keep the match and the groups. */
function replaceGroups(args: unknown[]): Groups {
  return args.slice(0, -2).map((a) => (typeof a === 'string' ? a : undefined));
}

/** Variant kinds that are also the variant's name, so they stay in the cover text. */
const NAMED_VARIANT = /\b(?:virgin|foil|sketch|blank|lenticular|holofoil|chromium)\b/i;

/** "(2016)", "(2016-)", "(2016 DC 3rd Series)"; "(2019 Edition)" dates an edition, not the series. */
function readYearParen(match: Groups, facts: Facts, where: Where): void {
  if (/\b(?:edition|ed|printing|ptg)\b/i.test(match[0] ?? '')) return;
  const year = Number(match[1]);
  if (where === 'head') facts.startYear ??= year;
  else facts.year ??= year;
}

function setRatio(facts: Facts, denominator: string | undefined): void {
  facts.ratio ??= `1:${Number(denominator)}`;
  facts.variant = true;
}

function markVariant(facts: Facts, where: Where): void {
  facts.variant = true;
  if (where === 'head') facts.variantInHead = true;
}

function volumeNumber(word: string): number | null {
  const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()];
  return value ?? null;
}

/** Reads every marker in `text` into `facts` and returns the words no marker claimed. */
function readMarkers(text: string, facts: Facts, where: Where): string[] {
  if (text.trim() === '') return [];
  let rest = text;
  for (const rule of MARKER_RULES) {
    if (rule.where !== undefined && rule.where !== where) continue;
    rest = rest.replace(rule.pattern, (...args: unknown[]) => {
      rule.read(replaceGroups(args), facts, where);
      if (rule.comic === true) facts.comicMarker = true;
      return ' ';
    });
  }
  const words = rest
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}&]+|[^\p{L}\p{N}&'!?.]+$/gu, ''))
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.some((w) => NAMED_VARIANT.test(w))) markVariant(facts, where);
  return words;
}

function resolveFormat(facts: Facts, binding: TitleFormat | null, numbered: boolean, series: string, vouched: boolean): TitleFormat | null {
  const f = facts.formats;
  if (f.has('box-set')) return 'box-set';
  if (f.has('omnibus')) return 'omnibus';
  if (f.has('hc') || (f.has('deluxe') && !f.has('tpb'))) return 'hc';
  if (f.has('tpb')) return 'tpb';
  if (f.has('gn')) return 'gn';
  if (binding !== null) return binding;
  if (facts.oneShot) return 'one-shot';
  if (facts.annual) return 'annual';
  if (/\bspecial\b/i.test(series)) return 'special';
  if (numbered) return 'issue';
  if (facts.volume !== null) return 'tpb';
  return vouched ? 'unknown' : null;
}

function isCollected(format: TitleFormat): boolean {
  return format === 'tpb' || format === 'hc' || format === 'omnibus' || format === 'gn' || format === 'box-set';
}

// ---------------------------------------------------------------------------------------------
// Display and keys

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'from', 'in', 'into', 'nor', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);
const KEEP_UPPER = new Set([
  'DC', 'IDW', 'MMW', 'TNG', 'TMNT', 'GI', 'JLA', 'JSA', 'USA', 'UK', 'II', 'III', 'IV', 'VI', 'VII', 'VIII', 'IX', 'XI', 'XII',
  'BPRD', 'DM', 'AD', 'TV', 'WWE', 'SDCC', 'NYCC', 'FCBD', 'PX', 'AWA', 'BRZRKR', 'MODOK', 'OMAC', 'RWBY', 'DCEASED',
]);

/** Title case for text a store wrote in capitals; mixed-case text is kept as written. */
function display(text: string, shouting: boolean): string {
  if (!shouting) return text;
  let sentenceStart = true;
  return text
    .split(' ')
    .map((word) => {
      const cased = titleCaseWord(word, sentenceStart);
      sentenceStart = /[:.!?]$/.test(word);
      return cased;
    })
    .join(' ');
}

function titleCaseWord(word: string, first: boolean): string {
  const bare = word.replace(/[^\p{L}\p{N}.]/gu, '');
  if (KEEP_UPPER.has(bare.toUpperCase()) && bare === bare.toUpperCase()) return word;
  const lower = word.toLowerCase();
  if (!first && SMALL_WORDS.has(lower)) return lower;
  return lower.replace(/(^|[-/"(])(\p{L})/gu, (_m, lead: string, letter: string) => lead + letter.toUpperCase())
    .replace(/^(\p{L})'(\p{L})(?=\p{L}{2})/u, (_m, a: string, b: string) => `${a}'${b.toUpperCase()}`);
}

/** Comparable series name: case, accents, punctuation, spacing, a leading "The" and "&"/"and" do not count. */
export function seriesKey(name: string): string {
  const words = name
    .slice(0, MAX_TITLE_CHARS)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['`´‘’ʼ]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  const kept = words.filter((w, i) => w !== 'and' && !(i === 0 && w === 'the' && words.length > 1));
  return (kept.length > 0 ? kept : words).join('');
}

/** Identity of a comic for matching against the member's library: series (annuals as their own series),
 *  number, volume or start year, and the format for collected editions. */
export function titleKey(title: ParsedTitle): string {
  const series = seriesKey(title.annual ? `${title.series} annual` : title.series);
  const era = title.volume !== null ? `v${title.volume}` : title.startYear !== null ? `y${title.startYear}` : '';
  const format = isCollected(title.format) ? title.format : '';
  return [series, title.number ?? '', era, format].join('|');
}
