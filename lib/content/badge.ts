import type { BadgeState } from '../badge-states';
import type { BadgeStatus } from './replies';
import { BADGE_CSS } from './badge-css';

// One badge beside one comic on a store page. It lives in a Shadow DOM, so the store's CSS and ours
// never touch; everything from the page or VerseDB is set as text, never as markup. The host element
// carries the public contract: data-longbox-state and data-longbox-code.

export type BadgeAction =
  | { kind: 'wishlist-add' | 'wishlist-remove' | 'pull-list-add' | 'pull-list-remove' | 'open-options' }
  | { kind: 'copy-add'; condition: string; pricePaid: number | null }
  | { kind: 'choose'; issueId: number };

export interface BadgeContext {
  /** The code the item was read by, else its title: for data-longbox-code before it resolves. */
  key: string;
  /** The page's price for the item, to prefill "price paid". */
  price: number | null;
  defaultCondition: string;
  address: string | null;
  onAction: (action: BadgeAction) => Promise<{ message: string; fields: Record<string, string[]> } | null>;
}

const GRADES = ['MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-', 'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR'];

function time(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The badge's words and its tooltip, per state. */
export function describe(status: BadgeStatus): { label: string; tip: string } {
  const how = status.byTitle ? ' (matched by title)' : '';
  switch (status.state) {
    case 'owned': {
      const copies = status.copies > 1 ? ` ×${status.copies}` : '';
      const grade = status.bestCondition ? ` · ${status.bestCondition}` : '';
      return {
        label: `Owned${copies}${grade}`,
        tip: `In your VerseDB collection: ${status.copies} ${status.copies === 1 ? 'copy' : 'copies'}${status.bestCondition ? `, best ${status.bestCondition}` : ''}${how}.`,
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
      return { label: 'Not in VerseDB', tip: status.message ?? 'VerseDB does not know this comic.' };
    case 'signed-out':
      return { label: 'Sign in', tip: 'Longbox is not signed in to VerseDB: click to open its options.' };
    case 'paused': {
      const until = status.resumesAt ? ` until ${time(status.resumesAt)}` : '';
      return {
        label: `Paused${until}`,
        tip: `${status.message ?? 'Longbox is saving your VerseDB allowance.'}${status.resumesAt ? ` Badges resume at ${time(status.resumesAt)}.` : ''}`,
      };
    }
    case 'error':
      return { label: 'Error', tip: status.message ?? 'Something went wrong.' };
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export class Badge {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly pill: HTMLButtonElement;
  private readonly menu: HTMLDivElement;
  private status: BadgeStatus | null = null;
  private note: string | null = null;

  constructor(private readonly context: BadgeContext) {
    this.host = el('span');
    this.host.setAttribute('data-longbox-badge', '');
    this.host.setAttribute('data-longbox-code', context.key);
    this.host.style.cssText = 'all:initial;display:inline-block;vertical-align:middle;margin:0 4px;position:relative;';
    this.root = this.host.attachShadow({ mode: 'open' });
    this.pill = el('button', { type: 'button', className: 'pill pending', textContent: 'Longbox…', title: 'Longbox is looking this comic up.' });
    this.pill.setAttribute('aria-expanded', 'false');
    this.menu = el('div', { className: 'menu', hidden: true });
    this.menu.setAttribute('role', 'dialog');
    this.pill.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      this.toggle();
    });
    // A click inside the badge must not follow the store's link around it.
    this.root.addEventListener('click', (event) => event.stopPropagation());
    this.root.append(el('style', { textContent: BADGE_CSS }), this.pill, this.menu);
  }

  get state(): BadgeState | null {
    return this.status?.state ?? null;
  }

  get issueId(): number | null {
    return this.status?.issueId ?? null;
  }

  show(status: BadgeStatus): void {
    this.status = status;
    const { label, tip } = describe(status);
    this.host.setAttribute('data-longbox-state', status.state);
    this.host.setAttribute('data-longbox-code', status.resolvedFrom ?? this.context.key);
    this.pill.className = `pill ${status.state}`;
    this.pill.textContent = label;
    this.pill.title = tip;
    this.pill.setAttribute('aria-label', `Longbox: ${label}. ${tip}`);
    if (!this.menu.hidden) this.renderMenu();
  }

  private toggle(): void {
    if (this.status?.state === 'signed-out') {
      void this.context.onAction({ kind: 'open-options' });
      return;
    }
    this.menu.hidden = !this.menu.hidden;
    this.pill.setAttribute('aria-expanded', String(!this.menu.hidden));
    if (!this.menu.hidden) this.renderMenu();
  }

  private async act(action: BadgeAction, done?: string): Promise<void> {
    this.note = 'Working…';
    this.renderMenu();
    const error = await this.context.onAction(action);
    this.note = error ? error.message : (done ?? null);
    this.renderMenu(error?.fields);
  }

  private button(text: string, action: BadgeAction, done?: string): HTMLButtonElement {
    const button = el('button', { type: 'button', className: 'action', textContent: text });
    button.addEventListener('click', () => void this.act(action, done));
    return button;
  }

  private renderMenu(fields: Record<string, string[]> = {}): void {
    const s = this.status;
    const parts: Node[] = [];
    if (s) parts.push(el('p', { className: 'tip', textContent: describe(s).tip }));
    if (s?.state === 'ambiguous') {
      const list = el('div', { className: 'matches' });
      for (const match of s.matches.slice(0, 12)) {
        const pick = el('button', { type: 'button', className: 'match' });
        if (match.coverUrl) pick.append(el('img', { src: match.coverUrl, alt: '', width: 32, height: 48, loading: 'lazy' }));
        pick.append(el('span', { textContent: `${match.seriesName}${match.startYear ? ` (${match.startYear})` : ''} #${match.number}` }));
        pick.addEventListener('click', () => void this.act({ kind: 'choose', issueId: match.issueId }));
        list.append(pick);
      }
      parts.push(list);
    } else if (s?.issueId != null) {
      const wishlisted = s.state === 'wishlist';
      parts.push(
        wishlisted
          ? this.button('Remove from wishlist', { kind: 'wishlist-remove' }, 'Removed from your wishlist.')
          : this.button('Add to wishlist', { kind: 'wishlist-add' }, 'Added to your wishlist.'),
      );
      if (s.seriesId !== null) {
        parts.push(
          s.state === 'pull-list'
            ? this.button('Take series off pull list', { kind: 'pull-list-remove' }, 'Series taken off your pull list.')
            : this.button('Pull this series', { kind: 'pull-list-add' }, 'Series added to your pull list.'),
        );
      }
      parts.push(this.copyForm(fields));
      if (this.context.address) {
        parts.push(el('a', { className: 'action', href: `${this.context.address}/issues/${s.issueId}`, target: '_blank', rel: 'noopener noreferrer', textContent: 'Open on VerseDB' }));
      }
    }
    if (this.note) parts.push(el('p', { className: 'note', textContent: this.note }));
    this.menu.replaceChildren(...parts);
  }

  private copyForm(fields: Record<string, string[]>): HTMLFormElement {
    const condition = el('select', { name: 'condition' });
    for (const grade of GRADES) condition.append(el('option', { value: grade, textContent: grade, selected: grade === this.context.defaultCondition }));
    const price = el('input', { name: 'price_paid', type: 'number', min: '0', max: '999999.99', step: '0.01', value: this.context.price?.toFixed(2) ?? '' });
    const form = el(
      'form',
      { className: 'copy' },
      el('label', {}, 'Condition ', condition),
      el('label', {}, 'Price paid ', price),
      el('button', { type: 'submit', className: 'action', textContent: 'Add a copy' }),
    );
    for (const [field, messages] of Object.entries(fields)) {
      form.append(el('p', { className: 'field-error', textContent: `${field === 'price_paid' ? 'Price paid' : field === 'condition' ? 'Condition' : field}: ${messages.join(' ')}` }));
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const paid = price.value.trim() === '' ? null : Number(price.value);
      void this.act({ kind: 'copy-add', condition: condition.value, pricePaid: Number.isFinite(paid) ? paid : null }, 'Copy added to your collection.');
    });
    return form;
  }
}
