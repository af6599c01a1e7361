// Where a badge goes so a shopper can see it without the page moving. A badge first goes beside its
// comic's title, in the page's flow. Then it is measured: if it grew or widened a box of the page (the
// title's block, its card: a price pushed down or out of a fixed-height card), or if it cannot be seen
// (cut off by a box that hides its overflow, covered by something else), it moves over the corner of the
// comic's cover, in a host that takes no space in the flow (so it moves with a slider's slide); then a
// compact pill over the cover; then a compact pill beside the title. Each badge keeps one fixed size per
// placement whatever its state, so the page learns nothing from its box.
//
// The measuring is batched for all the badges of a reading: one pass reads every box before the
// badges go in, one writes them all, one reads again, one moves those that failed (and so on for the
// next placement): no read forced between two writes, no layout thrash.

/** How far a box of the page may move or grow before a badge is said to have pushed it. */
const PUSH_PX = 2;
/** Boxes of the page measured around a title: its block, the card around it, and their parents. */
const RINGS = 4;
/** The smallest image taken for a comic's cover. */
const MIN_COVER_PX = 40;

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

export interface Placed {
  badge: Placeable;
  placement: Placement;
  /** False when no placement could be seen (its comic is shown, the badge is not). */
  visible: boolean;
}

function isInline(el: Element): boolean {
  const display = getComputedStyle(el).display;
  return display.startsWith('inline') || display === 'contents';
}

/** The boxes a badge beside this title could move: the nearest blocks up from where it goes. */
function ringsOf(anchor: Element): Element[] {
  const rings: Element[] = [];
  for (let up = anchor.parentElement; up && up !== anchor.ownerDocument.body && rings.length < RINGS; up = up.parentElement) {
    if (!isInline(up)) rings.push(up);
  }
  return rings;
}

interface Size {
  width: number;
  height: number;
  scrollHeight: number;
  scrollWidth: number;
}

function sizeOf(el: Element): Size {
  const box = el.getBoundingClientRect();
  return { width: box.width, height: box.height, scrollHeight: el.scrollHeight, scrollWidth: el.scrollWidth };
}

function pushed(before: Size, after: Size): boolean {
  return (
    after.height > before.height + PUSH_PX ||
    after.width > before.width + PUSH_PX ||
    // A fixed-height card does not grow: what the badge pushed spills over its bottom edge instead.
    after.scrollHeight > before.scrollHeight + PUSH_PX ||
    after.scrollWidth > before.scrollWidth + PUSH_PX
  );
}

/** Whether a box is cut off by an ancestor that hides its overflow, or by the page's own edges. */
function clipped(box: DOMRect, from: Element): boolean {
  if (box.width < 1 || box.height < 1) return true;
  for (let up = from.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = up.getBoundingClientRect();
    if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1) return true;
  }
  return false;
}

/** Whether an element of the page is shown at all (a hidden tab, a closed menu, a slide not in view). */
function shown(el: Element): boolean {
  const check = (el as Element & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  if (check && !check.call(el, { checkOpacity: true, checkVisibilityCSS: true })) return false;
  return !clipped(el.getBoundingClientRect(), el);
}

/** Whether something of the page covers the middle of a box that is on screen (another card's cover). */
function covered(box: DOMRect, host: HTMLElement): boolean {
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const view = host.ownerDocument.defaultView;
  if (!view || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return false;
  const top = host.ownerDocument.elementFromPoint(x, y);
  return top !== null && top !== host && !host.contains(top);
}

function seen(badge: Placeable): boolean {
  const check = (badge.host as HTMLElement & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  // The host of an overlay has no size of its own; its visibility is its pill's.
  if (check && badge.host.getBoundingClientRect().width > 0 && !check.call(badge.host, { checkOpacity: true, checkVisibilityCSS: true })) return false;
  const box = badge.pillBox();
  return !clipped(box, badge.host) && !covered(box, badge.host);
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

/** Where a badge over this cover goes: before the image (or its picture), and whether out of the flow. */
function coverSpot(cover: HTMLImageElement): { target: Element; outOfFlow: boolean } {
  const target = cover.parentElement?.tagName === 'PICTURE' ? cover.parentElement : cover;
  const display = target.parentElement ? getComputedStyle(target.parentElement).display : 'block';
  return { target, outOfFlow: /flex|grid/.test(display) };
}

/** Puts a badge over its cover's top-left corner, taking no space. */
function overCover(badge: Placeable, spot: { target: Element; outOfFlow: boolean }, compact: boolean): void {
  const placement = compact ? 'over-compact' : 'over';
  badge.place(placement, hostStyle(placement, spot.outOfFlow));
  spot.target.before(badge.host);
}

function inline(item: PlacementItem, placement: 'inline' | 'compact'): void {
  item.badge.place(placement, hostStyle(placement));
  if (item.before) item.anchor.before(item.badge.host);
  else item.anchor.after(item.badge.host);
}

/**
 * Whether a badge taken out of the flow escapes a box that clips its cover: a box clips it only if the
 * box it is positioned from is that box or inside it (else it shows where its comic is hidden).
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

/** The titles just before and after each of these in page order, among all the page's titles. */
function neighboursOf(wanted: readonly Element[], anchors: Iterable<Element>): Map<Element, Element[]> {
  const order = [...anchors].sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & 4 /* FOLLOWING */ ? -1 : 1));
  const at = new Map(order.map((anchor, i) => [anchor, i]));
  return new Map(
    wanted.map((anchor) => {
      const i = at.get(anchor) ?? -1;
      return [anchor, [order[i - 1], order[i + 1]].filter((other): other is Element => other !== undefined && i >= 0)];
    }),
  );
}

/**
 * Places a reading's new badges (not yet in the page) and returns where each went and whether it can be
 * seen. `anchors`: every comic title on the page, so a cover is never taken from a neighbour's card.
 */
export function placeBadges(items: readonly PlacementItem[], anchors: Iterable<Element>): Placed[] {
  // Read: what each title's boxes measure, and whether the title is shown at all.
  const rings = items.map((item) => ringsOf(item.anchor));
  const before = rings.map((ring) => ring.map(sizeOf));
  const titleShown = items.map((item) => shown(item.anchor));
  // Write: every badge beside its title.
  for (const item of items) inline(item, 'inline');
  // Read: what moved, and what cannot be seen. Of a title not shown itself (a slide out of view, a closed
  // menu) only what its badge moves is known: it is laid out all the same, and shown later as it is now.
  const failed = items.flatMap((item, i) => {
    const moved = rings[i]!.some((ring, r) => pushed(before[i]![r]!, sizeOf(ring)));
    return moved || (titleShown[i] && !seen(item.badge)) ? [i] : [];
  });
  const placed: Placed[] = items.map((item) => ({ badge: item.badge, placement: 'inline', visible: true }));
  if (failed.length === 0) return placed;

  // Read: the failed badges' covers (with the badges still in flow, as the page will be without them).
  const near = neighboursOf(failed.map((i) => items[i]!.anchor), anchors);
  const covers = new Map(
    failed.map((i) => {
      const cover = coverOf(items[i]!.anchor, near.get(items[i]!.anchor) ?? []);
      return [i, cover ? { cover, ...coverSpot(cover) } : null];
    }),
  );
  const steps: Array<(i: number) => Placement | null> = [
    (i) => (covers.get(i) ? 'over' : null),
    (i) => (covers.get(i) ? 'over-compact' : null),
    () => 'compact',
  ];
  let pending = failed;
  for (const step of steps) {
    // Write: each pending badge to its next placement; one with none (no cover) waits for the step after.
    const waiting: number[] = [];
    const tried: number[] = [];
    for (const i of pending) {
      const next = step(i);
      const item = items[i]!;
      const cover = covers.get(i);
      if (!next) waiting.push(i);
      else {
        if (next === 'compact') inline(item, 'compact');
        else if (cover) overCover(item.badge, cover, next === 'over-compact');
        placed[i]!.placement = next;
        tried.push(i);
      }
    }
    // Read: which of them can be seen now. An overlay takes no space, but must stay inside the boxes that
    // clip its cover; a compact pill beside the title is the last resort, kept where it can be seen even
    // if its card grows.
    pending = [
      ...waiting,
      ...tried.filter((i) => {
        const cover = covers.get(i);
        const over = placed[i]!.placement !== 'compact';
        if (over && cover?.outOfFlow && escapes(items[i]!.badge.host, cover.cover)) return true;
        return titleShown[i] && !seen(items[i]!.badge);
      }),
    ];
    if (pending.length === 0) break;
  }
  for (const i of pending) placed[i]!.visible = false;
  return placed;
}
