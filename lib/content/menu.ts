import type { MenuHost } from './badge';
import { t } from '../i18n';
import type { BadgeStatus, KeyReasonsView } from './replies';
import type { TitleRef } from '../items';
import type { Request } from '../protocol';
import { newWriteId } from '../write-id';

// A badge's menu: wishlist (and undo), pull list, add a copy, open on VerseDB, or, for a barcode that
// several issues share, the issues to pick from. Loaded on the first click (entrypoints/page-extras.ts),
// drawn into the badge's shadow root; everything shown is set as text.

/** The menu's own styles, added to the badge's shadow root with the menu. */
export const MENU_CSS =
  '.menu{padding:10px;color:#1b1f24;border:1px solid #c6cbd3;border-radius:8px;box-shadow:0 6px 24px rgba(0,0,0,.18);white-space:normal}' +
  '@media (prefers-color-scheme:dark){.menu{background:#1f2329;color:#e8eaed;border-color:#444b55}}' +
  '.tip,.note{margin:0 0 8px}.note{color:#14632c;font-weight:600}.field-error{margin:4px 0 0;color:#9b1c1c}' +
  '.action{display:block;width:100%;box-sizing:border-box;margin:4px 0;padding:5px 8px;border-radius:6px;border:1px solid #1d3a8a;' +
  'background:#1d3a8a;color:#fff;font:inherit;text-align:center;cursor:pointer;text-decoration:none}' +
  'a.action{background:#fff;color:#1d3a8a}' +
  '.key-issue{margin:0 0 8px;padding:6px 8px;border-radius:6px;background:#fff6d6;color:#5c4200}.key-issue strong{display:block}' +
  '.key-issue ul{margin:4px 0 0;padding-left:16px}' +
  '@media (prefers-color-scheme:dark){.key-issue{background:#3a3112;color:#f3dc8a}}' +
  '.copy{margin:8px 0 0;padding:8px 0 0;border-top:1px solid #e4e7eb}' +
  '.copy label{display:flex;justify-content:space-between;align-items:center;margin:0 0 6px}' +
  '.copy select,.copy input{font:inherit;width:110px;padding:2px 4px}' +
  '.matches{display:grid;gap:4px;max-height:260px;overflow:auto}' +
  '.match{display:flex;gap:8px;align-items:center;padding:4px;border:1px solid #e4e7eb;border-radius:6px;background:#fff;' +
  'font:inherit;text-align:left;cursor:pointer}' +
  '.match img{width:32px;height:48px;object-fit:cover;background:#eee}' +
  '@media (prefers-color-scheme:dark){.match{background:#2a2f36;color:#e8eaed;border-color:#444b55}' +
  'a.action{background:transparent;color:#a9c0ef;border-color:#a9c0ef}}';

/** "$3.99", "US $12.99", "£4.50", "3,99 €" as a number. */
export function priceValue(price: string | null): number | null {
  if (!price) return null;
  const match = /(\d{1,6}(?:[.,]\d{3})*(?:[.,]\d{1,2})?)/.exec(price);
  if (!match?.[1]) return null;
  const raw = match[1];
  const decimal = /[.,]\d{1,2}$/.test(raw) ? raw.slice(-3).replace(/^[.,]/, '.') : '';
  const whole = decimal ? raw.slice(0, -3) : raw;
  const value = Number(whole.replace(/[.,]/g, '') + decimal);
  return Number.isFinite(value) ? value : null;
}

export type BadgeAction =
  | { kind: 'wishlist-add' | 'wishlist-remove' | 'pull-list-add' | 'pull-list-remove' }
  | { kind: 'copy-add'; condition: string; pricePaid: number | null }
  | { kind: 'choose'; issueId: number };

/** A comic the page shows by its title only, not in the library: its actions carry the title, and the
 *  background finds the issue in VerseDB's catalog on the click. */
function titleOnly(status: BadgeStatus, title: TitleRef | null): title is TitleRef {
  return title !== null && status.byTitle && status.issueId === null && !status.inferred && (status.state === 'not-owned' || status.state === 'pull-list');
}

/** A comic answered from its series (its barcode's base, no lookup) may have no issue id: its code goes with the action, and
 *  the background finds the issue when the action is taken. */
function codeFor(status: BadgeStatus): { code: string } | object {
  return status.issueId === null && status.inferred && status.resolvedFrom ? { code: status.resolvedFrom } : {};
}

/** Why each badge's issue is a key, once asked (by issue: a badge may be marked as another issue later). */
const reasonsOf = new WeakMap<MenuHost, { issueId: number; view: KeyReasonsView | null }>();

/** "Key issue", and why: read when the menu first opens (for PRO members; the others are told it needs PRO). */
function keySection(host: MenuHost, issueId: number): HTMLElement {
  let known = reasonsOf.get(host);
  if (known?.issueId !== issueId) {
    known = { issueId, view: null };
    reasonsOf.set(host, known);
    const asked = known;
    void host.context.keyReasons(issueId).then((view) => {
      asked.view = view;
      if (reasonsOf.get(host) === asked && !host.menu.hidden) renderMenu(host);
    });
  }
  const section = el('div', { className: 'key-issue' }, el('strong', { textContent: t('menu_key_issue') }));
  const view = known.view;
  if (view === null) section.append(el('span', { textContent: t('menu_key_asking') }));
  else if (view.kind === 'needs-pro') section.append(el('span', { textContent: t('menu_key_needs_pro') }));
  else if (view.kind === 'unavailable') section.append(el('span', { textContent: t('menu_key_unavailable', view.message) }));
  else if (view.reasons.length === 0) section.append(el('span', { textContent: t('menu_key_no_reason') }));
  else section.append(el('ul', {}, ...view.reasons.map((reason) => el('li', { textContent: reason.notes ?? reason.name ?? '' }))));
  return section;
}

/** The protocol message (lib/protocol.ts) for an action on a comic; a write gets its id here, at the click. */
export function messageFor(status: BadgeStatus, action: BadgeAction, key: string, title: TitleRef | null = null, seriesId?: number): Request {
  const issueId = status.issueId ?? 0;
  // The series the member picked among same-named ones goes with the title.
  const byTitle = titleOnly(status, title) ? { title: seriesId ? { ...title, seriesId } : title } : {};
  switch (action.kind) {
    case 'choose':
      return { type: 'choose-match', code: status.resolvedFrom ?? key, issueId: action.issueId };
    case 'wishlist-add':
    case 'wishlist-remove':
      return { type: 'write', writeId: newWriteId(), write: { action: action.kind, issueId }, ...codeFor(status), ...byTitle };
    case 'pull-list-add':
      return { type: 'write', writeId: newWriteId(), write: { action: 'pull-list-add', seriesId: status.seriesId ?? 0, seriesName: status.seriesName ?? '' }, ...(status.seriesId === null ? byTitle : {}) };
    case 'pull-list-remove':
      return { type: 'write', writeId: newWriteId(), write: { action: 'pull-list-remove', seriesId: status.seriesId ?? 0 } };
    case 'copy-add':
      return {
        type: 'write',
        writeId: newWriteId(),
        // The cover the page's code names goes in with the copy (a variant's own barcode names it).
        write: { action: 'copy-add', issueId, fields: { condition: action.condition, price_paid: action.pricePaid, ...(status.variantId !== null ? { variant_id: status.variantId } : {}) } },
        ...codeFor(status),
        ...byTitle,
      };
  }
}

const GRADES = ['MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-', 'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR'];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Acts for the member: only on an event of their own hand (a page script's made-up click or submit is
 *  not theirs), and once at a time, every control disabled while the change is on its way. */
async function act(host: MenuHost, event: Event, action: BadgeAction, done?: string, seriesId?: number): Promise<void> {
  if (!event.isTrusted || host.busy) return;
  host.busy = true;
  host.note = t('menu_working');
  host.fields = {};
  asked.delete(host);
  renderMenu(host);
  try {
    const error = host.status
      ? await host.context.onAction(messageFor(host.status, action, host.context.key, host.context.title(), seriesId))
      : { message: t('menu_not_resolved'), fields: {} };
    host.note = error ? error.message : (done ?? null);
    host.fields = error?.fields ?? {};
    const choices = (error?.choices ?? []).flatMap((choice) => seriesChoice(choice) ?? []);
    if (choices.length > 0) asked.set(host, { choices, action, done });
    if (error?.missing) lacking.add(host);
    else lacking.delete(host);
  } finally {
    host.busy = false;
    renderMenu(host);
  }
}

/** One series a title may mean, as the background sent it (read by hand: no zod in content scripts). */
interface SeriesPick {
  seriesId: number;
  name: string;
  startYear: number | null;
  publisher: string | null;
  coverUrl: string | null;
}

function seriesChoice(v: unknown): SeriesPick | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  const int = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) ? x : null);
  const seriesId = int(o.seriesId);
  const name = text(o.name);
  return seriesId === null || name === null ? null : { seriesId, name, startYear: int(o.startYear), publisher: text(o.publisher), coverUrl: text(o.coverUrl) };
}

/** Menus whose last action heard that VerseDB has no such comic: they link to VerseDB's own search. */
const lacking = new WeakSet<MenuHost>();

/** The question a title's action raised (several same-named series), until the member answers it. */
const asked = new WeakMap<MenuHost, { choices: SeriesPick[]; action: BadgeAction; done: string | undefined }>();

function button(host: MenuHost, text: string, action: BadgeAction, done?: string): HTMLButtonElement {
  const node = el('button', { type: 'button', className: 'action', textContent: text, disabled: host.busy });
  node.addEventListener('click', (event) => void act(host, event, action, done));
  return node;
}

function copyForm(host: MenuHost): HTMLFormElement {
  const condition = el('select', { name: 'condition' });
  for (const grade of GRADES) condition.append(el('option', { value: grade, textContent: grade, selected: grade === host.context.defaultCondition }));
  const price = el('input', { name: 'price_paid', type: 'number', min: '0', max: '999999.99', step: '0.01', value: priceValue(host.context.price)?.toFixed(2) ?? '' });
  const form = el(
    'form',
    { className: 'copy' },
    el('label', {}, `${t('field_condition')} `, condition),
    el('label', {}, `${t('field_price_paid')} `, price),
    el('button', { type: 'submit', className: 'action', textContent: t('action_add_copy'), disabled: host.busy }),
  );
  for (const [field, messages] of Object.entries(host.fields)) {
    // VerseDB's own words for what is wrong with a field, after the field's name in the member's language.
    const name = field === 'price_paid' ? t('field_price_paid') : field === 'condition' ? t('field_condition') : field;
    form.append(el('p', { className: 'field-error', textContent: t('menu_field_error', name, messages.join(' ')) }));
  }
  // A script can submit a form with a submit event the browser marks as its own (requestSubmit), so the
  // copy is added on the member's click of the button, or their Enter in a field, never on `submit`.
  const add = (event: Event): void => {
    event.preventDefault();
    const paid = price.value.trim() === '' ? null : Number(price.value);
    void act(host, event, { kind: 'copy-add', condition: condition.value, pricePaid: Number.isFinite(paid) ? paid : null }, t('menu_copy_added'));
  };
  form.addEventListener('submit', (event) => event.preventDefault());
  form.querySelector('button[type="submit"]')?.addEventListener('click', add);
  price.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') add(event);
  });
  return form;
}

export function renderMenu(host: MenuHost): void {
  const root = host.menu.getRootNode();
  if (root instanceof ShadowRoot && !root.querySelector('style[data-menu]')) {
    const style = el('style', { textContent: MENU_CSS });
    style.setAttribute('data-menu', '');
    root.append(style);
  }
  const s = host.status;
  const parts: Node[] = [];
  if (s) parts.push(el('p', { className: 'tip', textContent: host.tip }));
  if (s && host.keyIssueId !== null) parts.push(keySection(host, host.keyIssueId));
  if (s?.state === 'ambiguous') {
    const list = el('div', { className: 'matches' });
    for (const match of s.matches.slice(0, 12)) {
      const pick = el('button', { type: 'button', className: 'match' });
      // No referrer: VerseDB's image host must not learn which store page the member is on.
      if (match.coverUrl) pick.append(el('img', { src: match.coverUrl, alt: '', width: 32, height: 48, loading: 'lazy', referrerPolicy: 'no-referrer' }));
      const facts = [match.startYear, match.publisher].filter((fact) => fact !== null && fact !== '');
      pick.append(el('span', { textContent: `${match.seriesName}${facts.length > 0 ? ` (${facts.join(', ')})` : ''} #${match.number}` }));
      pick.disabled = host.busy;
      pick.addEventListener('click', (event) => void act(host, event, { kind: 'choose', issueId: match.issueId }));
      list.append(pick);
    }
    parts.push(list);
  } else if (s && asked.has(host)) {
    // Which series the title means: each choice names its start year and publisher.
    const question = asked.get(host);
    const list = el('div', { className: 'matches' });
    for (const choice of question?.choices ?? []) {
      const pick = el('button', { type: 'button', className: 'match' });
      if (choice.coverUrl) pick.append(el('img', { src: choice.coverUrl, alt: '', width: 32, height: 48, loading: 'lazy', referrerPolicy: 'no-referrer' }));
      const facts = [choice.startYear, choice.publisher].filter((fact) => fact !== null);
      pick.append(el('span', { textContent: `${choice.name}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}` }));
      pick.disabled = host.busy;
      pick.addEventListener('click', (event) => {
        if (question) void act(host, event, question.action, question.done, choice.seriesId);
      });
      list.append(pick);
    }
    parts.push(list);
  } else if (s && (s.issueId !== null || (s.inferred && s.resolvedFrom) || titleOnly(s, host.context.title()))) {
    parts.push(
      s.state === 'wishlist'
        ? button(host, t('action_wishlist_remove'), { kind: 'wishlist-remove' }, t('action_wishlist_removed'))
        : button(host, t('action_wishlist_add'), { kind: 'wishlist-add' }, t('action_wishlist_added')),
    );
    if (s.seriesId !== null || titleOnly(s, host.context.title())) {
      parts.push(
        s.state === 'pull-list'
          ? button(host, t('action_pull_list_remove'), { kind: 'pull-list-remove' }, t('menu_pull_list_removed'))
          : button(host, t('action_pull_list_add'), { kind: 'pull-list-add' }, t('menu_pull_list_added')),
      );
    }
    parts.push(copyForm(host));
    if (host.context.address && s.issueId !== null) {
      parts.push(el('a', { className: 'action', href: `${host.context.address}/issues/${s.issueId}`, target: '_blank', rel: 'noopener noreferrer', textContent: t('menu_open_on_versedb') }));
    }
  }
  if (host.note) parts.push(el('p', { className: 'note', textContent: host.note }));
  const title = host.context.title();
  if (lacking.has(host) && title && host.context.address) {
    // VerseDB's catalog search found nothing under the page's words; its site's search may, by other words.
    const href = `${host.context.address}/search?q=${encodeURIComponent(title.label)}`;
    parts.push(el('a', { className: 'action', href, target: '_blank', rel: 'noopener noreferrer', textContent: t('action_search_versedb', title.label) }));
  }
  host.menu.replaceChildren(...parts);
}
