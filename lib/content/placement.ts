// Where a badge goes so a shopper can see it without the page moving. A badge first goes beside its
// comic's title, in the page's flow. Once a frame, the badges placed since are checked in one read pass:
// a badge that moved anything around its title (it grew its card, widened its column, pushed a price
// along its line or down, out of a fixed-height card), or that cannot be seen (cut off by a box that
// hides its overflow, covered by something else), is moved by ./placement-fix.ts (loaded with the page
// extras, only on pages that need it): over the corner of the comic's cover, taking no space, else over
// the free end of its title's line, taking no space either. Each badge keeps one fixed size per placement whatever its state, so the page
// learns nothing from its box. The check only reads; it is kept small, as it ships in every store script.

export type Placement = 'inline' | 'over' | 'over-compact' | 'compact' | 'after' | 'after-compact' | 'above' | 'below';

/**
 * The host's own style in each placement. Over a cover it has no size: a float of nothing, which takes
 * no space and no line, and is the box its pill is positioned from, so the boxes around the cover clip
 * it and it moves with them; in a flex or grid box (where a float would be an item, with its gap) it is
 * taken out of the flow instead, which only works where a positioned box inside the clipping boxes holds it.
 */
export function hostStyle(placement: Placement, outOfFlow = false): string {
  if (placement === 'inline' || placement === 'compact') return 'all:initial;display:inline-block;vertical-align:middle;margin:0 4px;position:relative;';
  // Over the title's line, just after it, or compact just above or below its end: a host of no size on the line's baseline.
  if (placement === 'after' || placement === 'after-compact' || placement === 'above' || placement === 'below') return 'all:initial;display:inline-block;position:relative;width:0;height:0;margin:0;z-index:2147483646;';
  return outOfFlow
    ? 'all:initial;display:block;position:absolute;width:0;height:0;margin:0;z-index:2147483646;'
    : 'all:initial;display:block;float:left;position:relative;width:0;height:0;margin:0;z-index:2147483646;';
}

/** What the placement needs of a badge. */
export interface Placeable {
  readonly host: HTMLElement;
  /** The visible part: its box is what a shopper sees. */
  pillBox(): DOMRect;
  place(placement: Placement, style: string): void;
}

export interface PlacementItem {
  badge: Placeable;
  /** The comic's title on the page: the badge goes beside it. */
  anchor: Element;
  /** Whether the badge goes before the title rather than after it (the member's setting). */
  before: boolean;
  /** Where the title and what is around it lay before the badge went in. */
  print?: Footprint | null;
}

/**
 * Where a badge beside this title goes in: never inside a link, a button or a label, whose own click would
 * take the member's click on the badge (a link around a card would navigate away from its menu).
 */
export function placeOf(anchor: Element): Element {
  let outer = anchor;
  for (let el: Element | null = anchor; el; el = el.parentElement) if (/^(A|BUTTON|LABEL|SUMMARY)$/.test(el.tagName)) outer = el;
  return outer;
}

/**
 * Where a title lies in the block its badge goes into, and what is around it, each relative to the
 * block: the block's size, the content before the title, the title, the content after it (after the
 * badge once it is in). Read before a badge goes in and after: a badge that changed any of it pushed
 * the page (grew a card, widened a column, moved a price along its line).
 */
export type Footprint = number[];

export function footprint(anchor: Element, host: Element | null = null): Footprint {
  let block = anchor.parentElement;
  while (block?.parentElement && /^(inline|contents)/.test(getComputedStyle(block).display)) block = block.parentElement;
  if (!block) return [];
  const origin = block.getBoundingClientRect();
  const range = anchor.ownerDocument.createRange();
  const at = (box: DOMRect): number[] => (box.width || box.height ? [box.left - origin.left, box.top - origin.top, box.width, box.height] : [0, 0, 0, 0]);
  range.setStart(block, 0);
  range.setEndBefore(host && host.nextSibling === anchor ? host : anchor);
  const before = at(range.getBoundingClientRect());
  range.setStartAfter(host && anchor.nextSibling === host ? host : anchor);
  range.setEnd(block, block.childNodes.length);
  return [origin.width, origin.height, ...before, ...at(anchor.getBoundingClientRect()), ...at(range.getBoundingClientRect())];
}

/** Whether a badge moved anything around its title at all (a pixel here and there adds up down a page). */
export function pushed(print: Footprint | null | undefined, anchor: Element, host: Element): boolean {
  if (!print || print.length === 0) return false;
  const now = footprint(anchor, host);
  return now.length !== print.length || now.some((value, i) => Math.abs(value - (print[i] ?? 0)) > 0.25);
}

/**
 * Whether a box is cut off by an ancestor that hides its overflow: in part (a badge must be whole), or
 * with `wholly`, all of it (a title cut short by an ellipsis is still shown).
 */
export function clipped(box: DOMRect, from: Element, wholly = false): boolean {
  if (box.width < 1 || box.height < 1) return true;
  for (let up = from.parentElement; up; up = up.parentElement) {
    const clip = clipOf(up);
    if (clip === null) continue;
    const out = wholly
      ? box.bottom <= clip.top || box.top >= clip.bottom || box.right <= clip.left || box.left >= clip.right
      : box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1;
    if (out) return true;
  }
  return false;
}

/** Within one read pass (readPass), the box each ancestor clips to, or null where it hides no overflow:
 *  the badges of a listing share their ancestors, each read once a pass rather than once a badge. */
let clips: Map<Element, DOMRect | null> | null = null;

function clipOf(el: Element): DOMRect | null {
  const known = clips?.get(el);
  if (known !== undefined) return known;
  const style = getComputedStyle(el);
  const clip = style.overflowX === 'visible' && style.overflowY === 'visible' ? null : el.getBoundingClientRect();
  clips?.set(el, clip);
  return clip;
}

/** Runs reads that make no write in between, sharing what they read of the badges' ancestors. */
export function readPass<T>(read: () => T): T {
  const outer = clips;
  clips ??= new Map();
  try {
    return read();
  } finally {
    clips = outer;
  }
}

type Checkable = Element & { checkVisibility?: (options?: object) => boolean };

/** Whether an element of the page is shown at all (a hidden tab, a closed menu, a slide not in view). */
export function shown(el: Element): boolean {
  const check = (el as Checkable).checkVisibility;
  if (check && !check.call(el, { checkOpacity: true, checkVisibilityCSS: true })) return false;
  return !clipped(el.getBoundingClientRect(), el, true);
}

/** Whether a badge can be seen: its pill has a size, nothing hides or cuts it off, nothing covers its middle. */
export function seen(badge: Placeable): boolean {
  const host = badge.host as HTMLElement & Checkable;
  // The host of an overlay has no size of its own; its visibility is its pill's.
  if (host.checkVisibility && host.getBoundingClientRect().width > 0 && !host.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
  const box = badge.pillBox();
  if (clipped(box, host)) return false;
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const view = host.ownerDocument.defaultView;
  if (!view || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return true;
  const top = host.ownerDocument.elementFromPoint(x, y);
  return top === null || top === host || host.contains(top);
}

/**
 * The badges of these (each beside its title) that need another place: it wrapped onto a line of its own
 * or pushed what was around its title, or its title is shown and it is not. Reads only.
 * Of a title not shown itself (a slide out of view) only the layout is known: it is laid out all the same.
 */
export function misplaced(items: readonly PlacementItem[]): number[] {
  return readPass(() => items.flatMap((item, i) => {
    if (!item.badge.host.isConnected) return [];
    const title = item.anchor.getBoundingClientRect();
    const pill = item.badge.pillBox();
    const wrapped = item.before ? pill.bottom <= title.top + 1 : pill.top >= title.bottom - 1;
    return wrapped || pushed(item.print, item.anchor, item.badge.host) || (shown(item.anchor) && !seen(item.badge)) ? [i] : [];
  }));
}
