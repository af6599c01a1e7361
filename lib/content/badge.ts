import { STATE_MESSAGES, type BadgeState } from '../badge-states';
import { plural, t, uiLocale } from '../i18n';
import type { ActionError, BadgeStatus, KeyReasonsView } from './replies';
import type { TitleRef } from '../items';
import type { Request } from '../protocol';
import { BADGE_CSS } from './badge-css';
import { SHADOW_MODE, TEST_CONTRACT } from './contract';
import type { DetectedItem } from '../detect/types';
import type { OrderReport } from '../orders/order';
import type { Placeable, Placement, PlacementItem } from './placement';

import { hostStyle } from './placement';

// One badge beside one comic on a store page. It lives in a Shadow DOM, so the store's CSS and ours
// never touch; everything from the page or VerseDB is set as text, never as markup. In the e2e build
// only, the host carries the test contract: data-longbox-state and data-longbox-code (./contract.ts);
// a store build closes the shadow root and says nothing in attributes. The menu of actions is drawn
// by lib/content/menu.ts, which the background loads into the page's content-script world on the
// first click (entrypoints/page-extras.ts): most page views never open a menu, and what runs on every
// store page stays small.

export interface BadgeContext {
  /** The code the item was read by, else its title: for data-longbox-code before it resolves. */
  key: string;
  /** The page's price for the item as shown, to prefill "price paid". */
  price: string | null;
  defaultCondition: string;
  address: string | null;
  /** Sends a protocol message for this comic (built by the menu) and refreshes the badges it changes. */
  onAction: (message: Request) => Promise<ActionError | null>;
  /** What the page says of a comic it shows with no code, for finding it in VerseDB when the member acts. */
  title: () => TitleRef | null;
  /** Makes sure the menu code is loaded; false when it could not be. */
  loadMenu: () => Promise<boolean>;
  /** Why an issue is a key (one read, for PRO members), for the menu of a key issue's badge. */
  keyReasons: (issueId: number) => Promise<KeyReasonsView>;
}

/** What the menu code sees of a badge. */
export interface MenuHost {
  readonly menu: HTMLElement;
  readonly status: BadgeStatus | null;
  readonly context: BadgeContext;
  readonly tip: string;
  /** The key issue the comic is (VerseDB names reasons collectors hunt it for), or null. */
  readonly keyIssueId: number | null;
  note: string | null;
  fields: Record<string, string[]>;
  /** A change is on its way: every control waits, so one click is one write. */
  busy: boolean;
}

declare global {
  // Set by entrypoints/page-extras.ts, loaded into the content scripts' own world when first needed.
  var longboxExtras:
    | {
        menu: (host: MenuHost) => void;
        cartWarning: (document: Document, owned: readonly string[], shown: HTMLElement | null) => HTMLElement;
        /** The orders an order page shows (lib/orders/order-page.ts), or null on any other page. */
        readOrders: (document: Document, url: string, items: readonly DetectedItem[]) => OrderReport | null;
        orderBanner: (document: Document, comics: number, added: boolean, onOpen: () => void, shown: HTMLElement | null) => HTMLElement;
        /** Moves misplaced badges where they can be seen (lib/content/placement-fix.ts). */
        placeOver: (items: readonly PlacementItem[], failed: readonly number[], anchors: readonly Element[]) => Promise<Array<{ index: number; visible: boolean }>>;
      }
    | undefined;
}

/** The badges' shared style sheet: undefined until first needed, null where constructed sheets fail. */
let badgeSheet: CSSStyleSheet | null | undefined;

/** Adopts the shared sheet into a badge's root; false when that cannot be done here. */
function adoptBadgeSheet(root: ShadowRoot): boolean {
  try {
    if (badgeSheet === undefined) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(badgeCss());
      badgeSheet = sheet;
    }
    if (!badgeSheet) return false;
    root.adoptedStyleSheets = [badgeSheet];
    return root.adoptedStyleSheets.length === 1;
  } catch {
    badgeSheet = null;
    return false;
  }
}

function time(at: number): string {
  return new Date(at).toLocaleTimeString(uiLocale(), { hour: '2-digit', minute: '2-digit' });
}

/** The pill's width in this language (the same in every state; see badge-css.ts), else the English one. */
function pillWidth(): number {
  const width = Number(t('badge_pill_width'));
  return Number.isFinite(width) && width >= 96 && width <= 200 ? width : 128;
}

/** The shared sheet's text: the pill's style, with the width the member's language needs. */
function badgeCss(): string {
  return `${BADGE_CSS}.pill:not(.compact){width:${pillWidth()}px}`;
}

/** The badge's words and its tooltip, per state; the tooltip names the cover and printing of the page's code. */
export function describe(status: BadgeStatus): { label: string; tip: string } {
  const said = describeState(status);
  return status.edition && ['owned', 'wishlist', 'pull-list', 'not-owned'].includes(status.state)
    ? { label: said.label, tip: t('badge_tip_edition', said.tip, status.edition) }
    : said;
}

/** The pill's words: the state's one name (STATE_MESSAGES), with the copy count or a short grade when owned. */
export function stateLabel(status: Pick<BadgeStatus, 'state' | 'copies' | 'bestCondition'>): string {
  if (status.state === 'owned') {
    // The pill has one width in every state (see badge-css.ts), so its words are short: the copy count,
    // or a single copy's grade when that is short too; the full story is in the tooltip and the menu.
    if (status.copies > 1) return t('state_owned_copies', status.copies);
    if (status.bestCondition && status.bestCondition.length <= 3) return t('state_owned_grade', status.bestCondition);
  }
  return t(STATE_MESSAGES[status.state]);
}

function describeState(status: BadgeStatus): { label: string; tip: string } {
  const label = stateLabel(status);
  const tip = (said: string) => ({ label, tip: status.byTitle ? t('badge_tip_by_title', said) : said });
  switch (status.state) {
    case 'owned': {
      const copies = plural('badge_tip_copies', status.copies);
      const parts = [status.ownedEditions.length > 0 ? `${copies} (${status.ownedEditions.join('; ')})` : copies];
      if (status.bestCondition) parts.push(t('badge_tip_owned_best', status.bestCondition));
      return tip(t('badge_tip_owned', parts.join(', ')));
    }
    case 'wishlist':
      return tip(t('badge_tip_wishlist'));
    case 'pull-list':
      return tip(status.seriesName ? t('badge_tip_pull_list', status.seriesName) : t('badge_tip_pull_list_series'));
    case 'not-owned':
      return tip(t('badge_tip_not_owned'));
    case 'ambiguous':
      return { label, tip: status.message ?? t('badge_tip_ambiguous') };
    case 'not-found':
      // Only a code VerseDB was asked about makes "not on VerseDB" true; a bare title was never asked.
      return { label, tip: status.message ?? (/^(upc|isbn|ean|lunar|prh|diamond):\w+$/.test(status.resolvedFrom ?? '') ? t('badge_tip_not_found_code') : t('badge_tip_not_found_title')) };
    case 'signed-out':
      return { label, tip: t('badge_tip_signed_out') };
    case 'paused': {
      const why = status.message ?? t('badge_tip_paused');
      return { label, tip: status.resumesAt ? t('badge_tip_paused_until', why, time(status.resumesAt)) : why };
    }
    case 'error':
      return { label, tip: status.message ?? t('badge_tip_error') };
  }
}

/**
 * Keeps a click inside a badge from following a link the badge sits in (over a cover inside a product link):
 * stopping the click is not enough, a link around it acts on its default. Only the badge's own links (VerseDB's
 * pages) keep theirs. A field still takes the click (focus and typing come with the press); a label's click
 * focuses its field by hand, as its default would have.
 */
function keepOffStoreLinks(event: Event): void {
  const path = event.composedPath();
  for (const node of path) {
    if (node instanceof ShadowRoot) break;
    if (node instanceof Element && node.tagName === 'A' && node.hasAttribute('href')) return;
  }
  event.preventDefault();
  const label = path.find((node): node is HTMLLabelElement => node instanceof HTMLLabelElement);
  if (label?.control && !path.includes(label.control)) label.control.focus();
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export class Badge implements MenuHost, Placeable {
  readonly host: HTMLElement;
  private placement: Placement = 'inline';
  readonly menu: HTMLDivElement;
  private readonly pill: HTMLButtonElement;
  status: BadgeStatus | null = null;
  keyIssueId: number | null = null;
  note: string | null = null;
  fields: Record<string, string[]> = {};
  busy = false;

  constructor(readonly context: BadgeContext) {
    this.host = el('span');
    if (TEST_CONTRACT) {
      this.host.setAttribute('data-longbox-badge', '');
      this.host.setAttribute('data-longbox-code', context.key);
      // The key the page's reading gives the comic (a code, else its parsed title), which its status never changes.
      this.host.setAttribute('data-longbox-key', context.key);
    }
    this.host.style.cssText = hostStyle('inline');
    const root = this.host.attachShadow({ mode: SHADOW_MODE });
    this.pill = el('button', { type: 'button', className: 'pill pending', textContent: t('badge_pending'), title: t('badge_tip_pending') });
    this.pill.setAttribute('aria-expanded', 'false');
    this.menu = el('div', { className: 'menu', hidden: true });
    this.menu.setAttribute('role', 'dialog');
    this.pill.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      // Only the member's own hand opens the menu: a click a page script makes up is not theirs.
      if (event.isTrusted) void this.toggle();
    });
    // A click inside the badge must reach neither the store's handlers nor a link around the badge.
    root.addEventListener('click', (event) => {
      event.stopPropagation();
      keepOffStoreLinks(event);
    });
    // One style sheet for every badge of the page, adopted by each root (parsed once, not once a badge);
    // a <style> of its own where the browser will not adopt one from a content script.
    root.append(...(adoptBadgeSheet(root) ? [] : [el('style', { textContent: badgeCss() })]), this.pill, this.menu);
  }

  get state(): BadgeState | null {
    return this.status?.state ?? null;
  }

  get tip(): string {
    if (!this.status) return '';
    const { tip } = describe(this.status);
    return this.keyIssueId === null ? tip : t('badge_tip_key_issue', tip);
  }

  show(status: BadgeStatus): void {
    this.status = status;
    this.render();
  }

  /** Marks the comic as a key issue (or not): a mark inside the pill, which keeps its size in every state. */
  markKey(issueId: number | null): void {
    if (issueId === this.keyIssueId) return;
    this.keyIssueId = issueId;
    if (TEST_CONTRACT) {
      if (issueId === null) this.host.removeAttribute('data-longbox-key-issue');
      else this.host.setAttribute('data-longbox-key-issue', String(issueId));
    }
    if (this.status) this.render();
  }

  private render(): void {
    const status = this.status;
    if (!status) return;
    const { label } = describe(status);
    const tip = this.tip;
    if (TEST_CONTRACT) {
      this.host.setAttribute('data-longbox-state', status.state);
      this.host.setAttribute('data-longbox-code', status.resolvedFrom ?? this.context.key);
    }
    this.pill.className = this.pillClass(status.state);
    this.pill.textContent = label;
    this.pill.title = tip;
    this.pill.setAttribute('aria-label', t('badge_aria', label, tip));
    if (!this.menu.hidden) globalThis.longboxExtras?.menu(this);
  }

  /** The visible box of the badge (its host has none over a cover). */
  pillBox(): DOMRect {
    return this.pill.getBoundingClientRect();
  }

  /** Where the badge sits (./placement.ts); the pill keeps one size per placement in every state. */
  place(placement: Placement, style: string): void {
    this.placement = placement;
    this.host.style.cssText = style;
    this.pill.className = this.pillClass(this.status?.state ?? 'pending');
  }

  private pillClass(state: string): string {
    const where = { inline: '', over: ' over', 'over-compact': ' over compact', compact: ' compact', after: ' after', 'after-compact': ' after compact', above: ' above compact', below: ' below compact' }[this.placement];
    return `pill ${state}${where}${this.keyIssueId === null ? '' : ' key'}`;
  }

  private async toggle(): Promise<void> {
    if (this.status?.state === 'signed-out') {
      void this.context.onAction({ type: 'open-options' });
      return;
    }
    this.menu.hidden = !this.menu.hidden;
    this.pill.setAttribute('aria-expanded', String(!this.menu.hidden));
    if (this.menu.hidden) return;
    if (!(await this.context.loadMenu()) || !globalThis.longboxExtras) {
      this.menu.textContent = t('badge_menu_failed');
      return;
    }
    globalThis.longboxExtras.menu(this);
  }
}
