import type { BadgeState } from '../badge-states';
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
      sheet.replaceSync(BADGE_CSS);
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
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The badge's words and its tooltip, per state; the tooltip names the cover and printing of the page's code. */
export function describe(status: BadgeStatus): { label: string; tip: string } {
  const said = describeState(status);
  return status.edition && ['owned', 'wishlist', 'pull-list', 'not-owned'].includes(status.state)
    ? { label: said.label, tip: `${said.tip} This one: ${status.edition}.` }
    : said;
}

function describeState(status: BadgeStatus): { label: string; tip: string } {
  const how = status.byTitle ? ' (matched by title)' : '';
  switch (status.state) {
    case 'owned': {
      // The pill has one width in every state (see badge-css.ts), so its words are short: the copy count,
      // or a single copy's grade when that is short too; the full story is in the tooltip and the menu.
      const grade = status.bestCondition && status.bestCondition.length <= 3 ? ` · ${status.bestCondition}` : '';
      return {
        label: status.copies > 1 ? `Owned ×${status.copies}` : `Owned${grade}`,
        tip: `In your VerseDB collection: ${status.copies} ${status.copies === 1 ? 'copy' : 'copies'}${status.ownedEditions.length > 0 ? ` (${status.ownedEditions.join('; ')})` : ''}${status.bestCondition ? `, best ${status.bestCondition}` : ''}${how}.`,
      };
    }
    case 'wishlist':
      return { label: 'On wishlist', tip: `On your VerseDB wishlist, not in your collection${how}.` };
    case 'pull-list':
      return { label: 'Pull list', tip: `You pull ${status.seriesName ?? 'this series'}; this issue is not in your collection yet${how}.` };
    case 'not-owned':
      return { label: 'Not owned', tip: `Not in your VerseDB collection${how}.` };
    case 'ambiguous':
      return { label: 'Pick issue', tip: status.message ?? 'Several issues share this barcode: pick the right one.' };
    case 'not-found':
      // Only a code VerseDB was asked about makes "not in VerseDB" true; a bare title was never asked.
      return { label: /^(upc|isbn|ean|lunar|prh|diamond):\w+$/.test(status.resolvedFrom ?? '') ? 'Not in VerseDB' : 'No match', tip: status.message ?? 'VerseDB does not know this comic.' };
    case 'signed-out':
      return { label: 'Sign in', tip: 'Longbox is not signed in to VerseDB: click to open its options.' };
    case 'paused': {
      return {
        label: 'Paused',
        tip: `${status.message ?? 'Longbox is saving your VerseDB allowance.'}${status.resumesAt ? ` Badges resume at ${time(status.resumesAt)}.` : ''}`,
      };
    }
    case 'error':
      return { label: 'Error', tip: status.message ?? 'Something went wrong.' };
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
    this.pill = el('button', { type: 'button', className: 'pill pending', textContent: 'Longbox…', title: 'Longbox is looking this comic up.' });
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
    root.append(...(adoptBadgeSheet(root) ? [] : [el('style', { textContent: BADGE_CSS })]), this.pill, this.menu);
  }

  get state(): BadgeState | null {
    return this.status?.state ?? null;
  }

  get tip(): string {
    if (!this.status) return '';
    const { tip } = describe(this.status);
    return this.keyIssueId === null ? tip : `Key issue. ${tip}`;
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
    this.pill.setAttribute('aria-label', `Longbox: ${label}. ${tip}`);
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
      this.menu.textContent = 'Longbox could not open its menu; reload the page.';
      return;
    }
    globalThis.longboxExtras.menu(this);
  }
}
