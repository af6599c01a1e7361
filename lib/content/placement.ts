// Where a badge goes so a shopper can see it without the page moving. A badge first goes beside its
// comic's title, in the page's flow. Once a frame, the badges placed since are checked in one read pass:
// a badge that wrapped onto a line of its own below the title (so it grew the title's box and pushed
// what follows: a price down, or out of a fixed-height card), or that cannot be seen (cut off by a box
// that hides its overflow, covered by something else), is moved by ./placement-fix.ts (loaded with the
// page extras, only on pages that need it): over the corner of the comic's cover, taking no space, else
// (cut off, with no cover) as a compact pill. Each badge keeps one fixed size per placement whatever its state, so the page
// learns nothing from its box. The check only reads; it is kept small, as it ships in every store script.

export type Placement = 'inline' | 'over' | 'over-compact' | 'compact';

/**
 * The host's own style in each placement. Over a cover it has no size: a float of nothing, which takes
 * no space and no line, and is the box its pill is positioned from, so the boxes around the cover clip
 * it and it moves with them; in a flex or grid box (where a float would be an item, with its gap) it is
 * taken out of the flow instead, which only works where a positioned box inside the clipping boxes holds it.
 */
export function hostStyle(placement: Placement, outOfFlow = false): string {
  if (placement === 'inline' || placement === 'compact') return 'all:initial;display:inline-block;vertical-align:middle;margin:0 4px;position:relative;';
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
}

/**
 * Whether a box is cut off by an ancestor that hides its overflow: in part (a badge must be whole), or
 * with `wholly`, all of it (a title cut short by an ellipsis is still shown).
 */
export function clipped(box: DOMRect, from: Element, wholly = false): boolean {
  if (box.width < 1 || box.height < 1) return true;
  for (let up = from.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = up.getBoundingClientRect();
    const out = wholly
      ? box.bottom <= clip.top || box.top >= clip.bottom || box.right <= clip.left || box.left >= clip.right
      : box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1;
    if (out) return true;
  }
  return false;
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
 * (it grew its title's box, and what follows moved), or its title is shown and it is not. Reads only.
 * Of a title not shown itself (a slide out of view) only the wrap is known: it is laid out all the same.
 */
export function misplaced(items: readonly PlacementItem[]): number[] {
  return items.flatMap((item, i) => {
    if (!item.badge.host.isConnected) return [];
    const title = item.anchor.getBoundingClientRect();
    const pill = item.badge.pillBox();
    const wrapped = item.before ? pill.bottom <= title.top + 1 : pill.top >= title.bottom - 1;
    return wrapped || (shown(item.anchor) && !seen(item.badge)) ? [i] : [];
  });
}
