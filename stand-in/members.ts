import type { CopyFields, FollowType, ListEntityType } from './schemas.ts';

// Members, their tokens and their library (collection copies, wishlist, pull list, follows, lists).
// This is the only mutable state of the API; `reset()` builds a fresh one.

export type Tier = 'free' | 'pro';

export const ABILITIES = [
  'read:public',
  'read:user',
  'read:showcase',
  'lookup:barcode',
  'mobile:lookup',
  'write:collection',
  'write:list',
  'write:pull-list',
  'write:follows',
  'write:wishlist',
  'write:read-status',
] as const;
export type Ability = (typeof ABILITIES)[number];

/** A personal token with every scope the dashboard offers (mobile:lookup belongs to the app). */
export const FULL_ACCESS: readonly Ability[] = ABILITIES.filter((a) => a !== 'mobile:lookup');
/** What a Connect token may hold (contract §11). */
export const CONNECT_ABILITIES: readonly Ability[] = ['read:public', 'read:showcase'];

export interface Member {
  id: number;
  name: string;
  username: string;
  email: string;
  tier: Tier;
  bio: string | null;
  location: { city: string; state: string; country: string } | null;
  birthDate: string | null;
  createdAt: string;
  /** An account pending deletion cannot add copies (403 on collection add). */
  pendingDeletion: boolean;
  xp: number;
  contributions: number;
}

export interface ApiToken {
  token: string;
  memberId: number;
  abilities: Ability[];
  revoked: boolean;
  name: string;
  kind: 'personal' | 'connect';
  /** Epoch ms; Connect tokens last a year, personal ones do not expire. */
  expiresAt: number | null;
}

export interface Copy {
  id: number;
  memberId: number;
  issueId: number;
  variantId: number | null;
  fields: CopyFields;
  createdAt: number;
  updatedAt: number;
}

export interface WishlistEntry {
  id: number;
  issueId: number;
  variantId: number | null;
  note: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface PullListEntry {
  id: number;
  seriesId: number;
  addedAt: number;
}

export interface Follow {
  id: number;
  type: FollowType;
  followableId: number;
  emailNotifications: boolean;
  pushNotifications: boolean;
  createdAt: number;
}

export interface ListItem {
  id: number;
  entityType: ListEntityType;
  entityId: number;
  variantId: number | null;
  position: number;
  note: string | null;
}

export interface MemberList {
  id: number;
  memberId: number;
  title: string;
  description: string | null;
  entityType: ListEntityType | null;
  isRanked: boolean;
  isPrivate: boolean;
  items: ListItem[];
  likes: number;
  saves: number;
  createdAt: number;
}

export const WISHLIST_LIMIT = 500;
export const LIST_ITEM_LIMIT: Record<Tier, number> = { free: 100, pro: 500 };
/** Free members' list count is not in the contract; ten keeps the 403 reachable. */
export const FREE_LIST_LIMIT = 10;

type IdKind = 'member' | 'copy' | 'wishlist' | 'pull' | 'follow' | 'list' | 'listItem';

export class Library {
  readonly members = new Map<number, Member>();
  readonly tokens = new Map<string, ApiToken>();
  readonly lists = new Map<number, MemberList>();
  private readonly copies = new Map<number, Copy[]>();
  private readonly wishlists = new Map<number, WishlistEntry[]>();
  private readonly pullLists = new Map<number, PullListEntry[]>();
  private readonly follows = new Map<number, Follow[]>();
  private readonly lastIds: Record<IdKind, number> = { member: 0, copy: 0, wishlist: 0, pull: 0, follow: 0, list: 0, listItem: 0 };

  nextId(kind: IdKind, wanted?: number): number {
    const id = wanted ?? this.lastIds[kind] + 1;
    this.lastIds[kind] = Math.max(this.lastIds[kind], id);
    return id;
  }

  addMember(member: Member): Member {
    this.nextId('member', member.id);
    this.members.set(member.id, member);
    return member;
  }

  findMember(ref: string | number): Member | undefined {
    if (typeof ref === 'number' || /^\d+$/.test(ref)) return this.members.get(Number(ref));
    const name = ref.toLowerCase();
    return [...this.members.values()].find((m) => m.username.toLowerCase() === name);
  }

  copiesOf(memberId: number): Copy[] {
    return this.listFor(this.copies, memberId);
  }

  wishlistOf(memberId: number): WishlistEntry[] {
    return this.listFor(this.wishlists, memberId);
  }

  pullListOf(memberId: number): PullListEntry[] {
    return this.listFor(this.pullLists, memberId);
  }

  followsOf(memberId: number): Follow[] {
    return this.listFor(this.follows, memberId);
  }

  listsOf(memberId: number): MemberList[] {
    return [...this.lists.values()].filter((list) => list.memberId === memberId);
  }

  addCopy(memberId: number, issueId: number, variantId: number | null, fields: CopyFields, at: number): Copy {
    const copy: Copy = { id: this.nextId('copy'), memberId, issueId, variantId, fields, createdAt: at, updatedAt: at };
    this.copiesOf(memberId).push(copy);
    return copy;
  }

  removeCopy(memberId: number, copyId: number): void {
    const copies = this.copiesOf(memberId);
    const index = copies.findIndex((c) => c.id === copyId);
    if (index >= 0) copies.splice(index, 1);
  }

  addWish(memberId: number, issueId: number, variantId: number | null, note: string | null, at: number): WishlistEntry {
    const entry: WishlistEntry = { id: this.nextId('wishlist'), issueId, variantId, note, createdAt: at, updatedAt: at };
    this.wishlistOf(memberId).push(entry);
    return entry;
  }

  /** Remove wishlist entries of an issue: one variant's, or every entry of the issue. */
  removeWishes(memberId: number, issueId: number, variantId?: number | null): number {
    const list = this.wishlistOf(memberId);
    const keep = list.filter((w) => w.issueId !== issueId || (variantId !== undefined && w.variantId !== variantId));
    const removed = list.length - keep.length;
    list.splice(0, list.length, ...keep);
    return removed;
  }

  addPull(memberId: number, seriesId: number, at: number): PullListEntry {
    const entry: PullListEntry = { id: this.nextId('pull'), seriesId, addedAt: at };
    this.pullListOf(memberId).push(entry);
    return entry;
  }

  addFollow(memberId: number, type: FollowType, followableId: number, at: number): Follow {
    const follow: Follow = { id: this.nextId('follow'), type, followableId, emailNotifications: true, pushNotifications: false, createdAt: at };
    this.followsOf(memberId).push(follow);
    return follow;
  }

  private listFor<T>(map: Map<number, T[]>, memberId: number): T[] {
    let list = map.get(memberId);
    if (!list) {
      list = [];
      map.set(memberId, list);
    }
    return list;
  }
}

/** The member a token acts for, if the token is usable now. */
export function tokenOwner(library: Library, token: string | null, nowMs: number): { token: ApiToken; member: Member } | null {
  if (!token) return null;
  const found = library.tokens.get(token);
  if (!found || found.revoked || (found.expiresAt !== null && found.expiresAt <= nowMs)) return null;
  const member = library.members.get(found.memberId);
  return member ? { token: found, member } : null;
}
