// The catalog records the stand-in serves. Field names are camelCase here; the views in
// ../views.ts turn them into the snake_case wire shapes of the contract.

export interface Publisher {
  id: number;
  name: string;
  slug: string;
  /** Two letters used in Lunar and Universal codes (DC, MA, IM, BM). */
  code: string;
  /** UPC-A manufacturer prefix, 6 digits. */
  upcPrefix: string;
  /** ISBN-13 stems (first 9 digits), 978 and optionally 979. */
  isbn978: string;
  isbn979: string | null;
}

export interface Title {
  id: number;
  name: string;
  slug: string;
  publisherId: number;
}

export type SeriesStatus = 'ongoing' | 'completed' | 'canceled';
export type PublicationType = 'regular_series' | 'limited_series' | 'one_shot' | 'collected_edition';
export type SeriesFormat = 'Standard' | 'TPB' | 'Hardcover' | 'Omnibus';
export type IssueFormat = 'single' | 'trade_paperback' | 'hardcover' | 'omnibus';

export interface Series {
  id: number;
  titleId: number;
  publisherId: number;
  name: string;
  slug: string;
  volume: number;
  startYear: number;
  endYear: number | null;
  status: SeriesStatus;
  publicationType: PublicationType;
  format: SeriesFormat;
  /** 12-digit UPC-A the series' issues carry (modern ones add the 5-digit add-on); null for books. */
  upcBase: string | null;
  description: string;
  ageRating: AgeRating;
  genres: string[];
  creators: CreditedCreator[];
  characterIds: number[];
  teamIds: number[];
  /** Cover colour, 0-359. */
  hue: number;
}

export interface AgeRating {
  code: string;
  label: string;
  minAge: number;
}

export interface CreditedCreator {
  creatorId: number;
  role: string;
}

export type VariantType =
  | 'standard'
  | 'cover_variant'
  | 'ratio_variant'
  | 'incentive_variant'
  | 'virgin_variant'
  | 'foil_variant'
  | 'reprint';

export interface Variant {
  id: number;
  issueId: number;
  name: string;
  type: VariantType;
  ratio: string | null;
  /** Full 17-digit code (12-digit base + add-on) for modern singles; null otherwise. */
  upc: string | null;
  lunarCode: string | null;
  universalCode: string | null;
  coverArtistId: number | null;
}

export interface Issue {
  id: number;
  seriesId: number;
  number: string;
  name: string;
  slug: string;
  releaseDate: string;
  focDate: string;
  coverDate: string;
  price: string;
  pageCount: number;
  format: IssueFormat;
  /** 17 digits (modern single, Cover A 1st printing), 12 digits (pre-1995, shared) or the ISBN-13 of a book. */
  upc: string | null;
  isbn: string | null;
  lunarCode: string | null;
  universalCode: string | null;
  diamondCode: string | null;
  solicitation: string;
  isReprint: boolean;
  /** A first or hundredth issue: the demo libraries are seeded from these. Every key issue, with its
   *  reasons, is Catalog.keyReasons (./keys.ts). */
  isKey: boolean;
  variants: Variant[];
  createdAt: string;
}

export interface Creator {
  id: number;
  name: string;
  slug: string;
}

export interface Character {
  id: number;
  name: string;
  slug: string;
  realName: string | null;
}

export interface Team {
  id: number;
  name: string;
  slug: string;
}

export interface ComicShop {
  id: number;
  name: string;
  slug: string;
  city: string;
  stateProvince: string;
}

export interface CatalogData {
  publishers: Publisher[];
  titles: Title[];
  series: Series[];
  issues: Issue[];
  creators: Creator[];
  characters: Character[];
  teams: Team[];
  comicShops: ComicShop[];
}
