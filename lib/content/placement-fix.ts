import { hostStyle, seen, shown, type Placeable, type Placement, type PlacementItem } from './placement';

// The badges ./placement.ts found misplaced (wrapped under their title, cut off or covered), moved where
// a shopper can see them without the page moving: over the corner of the comic's cover, taking no space;
// then a compact pill over it. Where the card shows no cover, a badge that was only wrapped stays in full
// beside its title, and one cut off or covered tries a compact pill there. Loaded with the page extras,
// only on pages that need it. Batched: one write pass per step for every badge still waiting, one read
// pass after it.

/** The smallest image taken for a comic's cover. */
const MIN_COVER_PX = 40;

export interface Moved {
  /** The index of the badge among the items given. */
  index: number;
  placement: Placement;
  /** False when no placement could be seen (its comic is shown, the badge is not). */
  visible: boolean;
}

/**
 * The comic's cover: the largest image in the smallest block around the title that holds no other
 * comic's title. `neighbours`: the titles before and after it on the page; a block holds a title
 * further away only if it holds one of these. Null when the card shows none.
 */
export function coverOf(anchor: Element, neighbours: readonly Element[]): HTMLImageElement | null {
  let up = anchor.parentElement;
  for (let depth = 0; up && depth < 6 && up !== anchor.ownerDocument.body; depth++, up = up.parentElement) {
    const scope = up;
    if (neighbours.some((other) => scope.contains(other))) return null;
    let best: HTMLImageElement | null = null;
    let bestArea = 0;
    for (const img of scope.querySelectorAll('img')) {
      const box = img.getBoundingClientRect();
      if (box.width < MIN_COVER_PX || box.height < MIN_COVER_PX) continue;
      if (box.width * box.height > bestArea) {
        best = img;
        bestArea = box.width * box.height;
      }
    }
    if (best) return best;
  }
  return null;
}

/** The titles just before and after each of these in page order, among all the page's titles. */
function neighboursOf(wanted: readonly Element[], anchors: readonly Element[]): Map<Element, Element[]> {
  const order = [...anchors].sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & 4 /* FOLLOWING */ ? -1 : 1));
  const at = new Map(order.map((anchor, i) => [anchor, i]));
  return new Map(
    wanted.map((anchor) => {
      const i = at.get(anchor) ?? -1;
      return [anchor, i < 0 ? [] : [order[i - 1], order[i + 1]].filter((other): other is Element => other !== undefined)];
    }),
  );
}

interface Spot {
  cover: HTMLImageElement;
  /** Before the image (or its picture). */
  target: Element;
  /** In a flex or grid box, where the host is taken out of the flow rather than floated. */
  outOfFlow: boolean;
}

function spotOf(cover: HTMLImageElement): Spot {
  const target = cover.parentElement?.tagName === 'PICTURE' ? cover.parentElement : cover;
  const display = target.parentElement ? getComputedStyle(target.parentElement).display : 'block';
  return { cover, target, outOfFlow: /flex|grid/.test(display) };
}

function overCover(badge: Placeable, spot: Spot, compact: boolean): void {
  const placement = compact ? 'over-compact' : 'over';
  badge.place(placement, hostStyle(placement, spot.outOfFlow));
  spot.target.before(badge.host);
}

function beside(item: PlacementItem, placement: 'inline' | 'compact'): void {
  item.badge.place(placement, hostStyle(placement));
  if (item.before) item.anchor.before(item.badge.host);
  else item.anchor.after(item.badge.host);
}

/**
 * Whether a badge taken out of the flow escapes a box that clips its cover: a box clips it only if the
 * box it is positioned from is that box or inside it (else it would show where its comic is hidden).
 */
function escapes(host: HTMLElement, cover: Element): boolean {
  const from = host.offsetParent;
  for (let up = cover.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    if (!from || !up.contains(from)) return true;
  }
  return false;
}

/**
 * Moves the misplaced badges (`failed`: indices into `items`) to the first placement where each can be
 * seen. `anchors`: every comic title on the page, so a cover is never taken from a neighbour's card.
 */
export function placeOver(items: readonly PlacementItem[], failed: readonly number[], anchors: readonly Element[]): Moved[] {
  // Read: each badge's cover, whether its title is shown, and whether it is seen where it is now.
  const near = neighboursOf(failed.map((i) => items[i]!.anchor), anchors);
  const spots = new Map(failed.map((i) => [i, coverOf(items[i]!.anchor, near.get(items[i]!.anchor) ?? [])] as const).map(([i, cover]) => [i, cover ? spotOf(cover) : null]));
  const titleShown = new Map(failed.map((i) => [i, shown(items[i]!.anchor)]));
  const seenBeside = new Map(failed.map((i) => [i, seen(items[i]!.badge)]));
  const moved = new Map<number, Moved>(failed.map((i) => [i, { index: i, placement: 'inline', visible: true }]));

  // Over the cover, then a compact pill over it: for the badges whose card shows a cover.
  let pending = [...failed];
  for (const step of ['over', 'over-compact'] as const) {
    const tried = pending.filter((i) => spots.get(i));
    // Write: each of them over its cover.
    for (const i of tried) {
      overCover(items[i]!.badge, spots.get(i)!, step === 'over-compact');
      moved.get(i)!.placement = step;
    }
    // Read: which can be seen now. An overlay must stay inside the boxes that clip its cover; of a title
    // not shown itself, an overlay is kept as it is (it is seen when its slide comes into view).
    const failing = new Set(
      tried.filter((i) => {
        const spot = spots.get(i)!;
        if (spot.outOfFlow && escapes(items[i]!.badge.host, spot.cover)) return true;
        return titleShown.get(i) === true && !seen(items[i]!.badge);
      }),
    );
    pending = pending.filter((i) => !tried.includes(i) || failing.has(i));
    if (pending.length === 0) break;
  }
  // No cover, or none that works. A badge that was seen beside its title, and only grew its card, stays
  // there in full (better a taller card than a comic marked by a dot); one that was cut off or covered
  // gets a compact pill beside its title, where it may fit.
  const compact = pending.filter((i) => !seenBeside.get(i));
  for (const i of pending) beside(items[i]!, compact.includes(i) ? 'compact' : 'inline');
  for (const i of pending) {
    const fits = compact.includes(i) ? seen(items[i]!.badge) : true;
    moved.set(i, { index: i, placement: compact.includes(i) ? 'compact' : 'inline', visible: fits || titleShown.get(i) !== true });
  }
  // Write: a compact pill that cannot be seen either goes back to the full one, and is listed in the popup.
  for (const i of compact) if (!moved.get(i)!.visible) beside(items[i]!, 'inline');
  return [...moved.values()];
}
