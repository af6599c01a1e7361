import { footprint, hostStyle, misplaced, placeOf, pushed, readPass, seen, shown, type Placeable, type Placement, type PlacementItem } from './placement';

// The badges ./placement.ts found misplaced (pushing the page, cut off or covered), moved where a shopper
// can see them without the page moving: over the corner of the comic's cover, taking no space; then a
// compact pill over it. Where the card shows no cover (a table row, a list of links), over the free end of
// the title's line, in full then compact, then compact just above or below its end, taking no space either; a badge that fits nowhere is hidden and
// the popup lists its comic. Loaded with the page extras,
// only on pages that need it. Batched: one write pass per step for every badge still waiting, one read
// pass after it.

/** The longest the ladder runs in one task before it lets the page go on (ms). */
const SLICE_MS = 20;

function nextTask(): Promise<void> {
  return new Promise((next) => setTimeout(next, 0));
}

/**
 * The ladder, in order: over the cover, in full then compact; with no cover, or none that works, over the
 * free end of the title's line (the host takes no space), in full, then compact; then compact just above
 * or below the title's end, where that is free. What fits nowhere is hidden, never left pushing the page,
 * and the popup lists it.
 */
const LADDER: ReadonlyArray<readonly [Placement, 'cover' | 'title' | 'line']> = [
  ['over', 'cover'],
  ['over-compact', 'cover'],
  ['after', 'title'],
  ['after-compact', 'title'],
  ['after', 'line'],
  ['after-compact', 'line'],
  ['above', 'title'],
  ['below', 'title'],
];

/** How many misplaced badges of one shape of card make its first climb alone for the others. */
const MIN_ALIKE = 3;

/** How many badges go where their shape's first went in one write and one read. */
const FOLLOWERS_AT_ONCE = 25;

/** A card's shape, as far as where its badge can go: its title's element and the block around it, whether
 *  it shows a cover (and how that is laid out), whether its title is inline and shown. */
function shapeOf(anchor: Element, spot: Spot | null, inline: boolean, titleShown: boolean): string {
  const parent = anchor.parentElement;
  const name = (el: Element | null) => (el ? `${el.tagName}.${typeof el.className === 'string' ? el.className : ''}` : '');
  return [name(anchor), name(parent), spot ? `cover ${spot.outOfFlow} ${name(spot.target.parentElement)}` : 'no cover', inline, titleShown].join('|');
}

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
    // An image not loaded yet (a lazy one below the fold) has no size now, and a cover's once it loads:
    // the badge goes over it all the same, and moves with it when it grows.
    let loading: HTMLImageElement | null = null;
    for (const img of scope.querySelectorAll('img')) {
      const box = img.getBoundingClientRect();
      if (box.width < MIN_COVER_PX || box.height < MIN_COVER_PX) {
        if (!loading && notLoaded(img)) loading = img;
        continue;
      }
      if (box.width * box.height > bestArea) {
        best = img;
        bestArea = box.width * box.height;
      }
    }
    if (best ?? loading) return best ?? loading;
  }
  return null;
}

/** An image still to come: not loaded, or a lazy loader's placeholder waiting for its real address. */
function notLoaded(img: HTMLImageElement): boolean {
  // A broken image (complete, of no size) is no cover: nothing will show there.
  if (!img.complete) return true;
  return img.naturalWidth > 0 && img.naturalWidth <= 2 && (img.hasAttribute('data-src') || img.hasAttribute('data-srcset'));
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

/** Whether the page around the title is still not as it was before the badge went in (a host of no size
 *  after a title that ends in a block of its own still starts a line). */
function stillPushes(item: PlacementItem): boolean {
  return pushed(item.print, item.anchor, item.badge.host);
}

/** The block a title's line is in: the title itself when it is one, else its nearest ancestor that is. */
function blockOf(anchor: Element): Element {
  for (let el: Element | null = anchor; el; el = el.parentElement) if (!INTERACTIVE.test(el.tagName) && !/^(inline|contents)/.test(getComputedStyle(el).display)) return el;
  return anchor;
}

/** What takes a click of its own: a badge never goes inside one. */
const INTERACTIVE = /^(A|BUTTON|LABEL|SUMMARY)$/;

/** What a badge must never lie over, even where it is empty at that spot. */
const SOLID = /^(A|BUTTON|INPUT|SELECT|TEXTAREA|IMG|PICTURE|SVG|VIDEO|CANVAS|IFRAME|LABEL)$/i;

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.width > 0 && a.height > 0 && a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
}

/**
 * Whether a badge over its title's line lies on free space: none of the text after its title under it,
 * and at its corners and its middle nothing but the boxes that hold its title, or the empty part of a
 * box beside them (a table's next cell, a card's padding): no text, image or control of the page.
 */
function onFreeSpace(item: PlacementItem): boolean {
  const host = item.badge.host;
  const box = item.badge.pillBox();
  const doc = host.ownerDocument;
  const block = host.parentElement;
  if (!block || box.width < 1 || box.height < 1) return false;
  const range = doc.createRange();
  range.setStartAfter(host);
  range.setEnd(block, block.childNodes.length);
  for (const rect of range.getClientRects()) if (overlaps(rect, box)) return false;
  const points: Array<[number, number]> = [
    [box.left + 2, box.top + 2],
    [box.right - 2, box.top + 2],
    [box.left + 2, box.bottom - 2],
    [box.right - 2, box.bottom - 2],
    [box.left + box.width / 2, box.top + box.height / 2],
  ];
  const view = doc.defaultView;
  const checked = new Set<Element>();
  for (const [x, y] of points) {
    if (!view || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) continue;
    for (const under of doc.elementsFromPoint(x, y)) {
      if (under === host || under.contains(host) || checked.has(under)) continue;
      checked.add(under);
      if (SOLID.test(under.tagName)) return false;
      range.selectNodeContents(under);
      for (const rect of range.getClientRects()) if (overlaps(rect, box)) return false;
    }
  }
  return true;
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
export async function placeOver(
  items: readonly PlacementItem[],
  failed: readonly number[],
  anchors: readonly Element[],
  pause: () => Promise<void> = nextTask,
): Promise<Moved[]> {
  // Each step makes the browser lay the page out again. On a heavy page, with many badges to move, the
  // steps together would hold the page for longer than a shopper notices, so past a slice of time the
  // ladder goes on in the next task; meanwhile the badges still waiting are hidden, never painted where
  // they failed (pushing the page, or where they cannot be seen).
  let sliceStart = performance.now();
  // The page may have moved while the extras came (an image or a font arrived, its own script laid it out
  // again): what is around each title is read as it is now, with the badge out of the flow, so a badge is
  // never judged against a page that is no longer there.
  for (const i of failed) items[i]!.badge.host.style.setProperty('display', 'none');
  for (const i of failed) items[i]!.print = footprint(items[i]!.anchor, items[i]!.badge.host);
  const breathe = async (waiting: readonly number[]): Promise<void> => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    for (const i of waiting) items[i]!.badge.host.style.setProperty('display', 'none');
    await pause();
    sliceStart = performance.now();
    // The page may have moved meanwhile: the badges still waiting are measured against it as it is now.
    for (const i of waiting) items[i]!.print = footprint(items[i]!.anchor, items[i]!.badge.host);
  };
  // Read: each badge's cover, whether its title is shown, and whether it is seen where it is now.
  const near = neighboursOf(failed.map((i) => items[i]!.anchor), anchors);
  const spots = new Map(failed.map((i) => [i, coverOf(items[i]!.anchor, near.get(items[i]!.anchor) ?? [])] as const).map(([i, cover]) => [i, cover ? spotOf(cover) : null]));
  const titleShown = readPass(() => new Map(failed.map((i) => [i, shown(items[i]!.anchor)])));
  const inlineTitle = new Map(failed.map((i) => [i, getComputedStyle(items[i]!.anchor).display.startsWith('inline')]));
  // Read before any write: the block of each title's line (a style read between the writes would make the
  // browser work out the page's styles again for every badge).
  const lineBlock = new Map(failed.map((i) => [i, blockOf(items[i]!.anchor)]));
  const moved = new Map<number, Moved>(failed.map((i) => [i, { index: i, placement: 'inline', visible: true }]));
  const stepOf = new Map<number, number>();
  // The ladder's first step is where they went in: measured against the page as it is now, a badge that
  // wraps under its title no more, pushes nothing and is seen stays beside its title.
  await breathe(failed);
  for (const i of failed) items[i]!.badge.host.style.removeProperty('display');
  const still = new Set(misplaced(failed.map((i) => items[i]!)).map((j) => failed[j]!));
  for (const i of still) items[i]!.badge.host.style.setProperty('display', 'none');
  const climbing = failed.filter((i) => still.has(i));

  // Write: a badge at a step of the ladder. Over its cover; else after its title (at the end of its last
  // line, inside a title that is a block of its own, where a host after it would start a line of its own),
  // or at the end of the block that holds it (a price after the title on the same line: after the price).
  const put = (i: number, s: number): void => {
    const [step, at] = LADDER[s]!;
    const { anchor, badge } = items[i]!;
    if (at === 'cover') overCover(badge, spots.get(i)!, step === 'over-compact');
    else {
      badge.place(step, hostStyle(step));
      if (at === 'line') (lineBlock.get(i) ?? blockOf(anchor)).append(badge.host);
      else if (inlineTitle.get(i) || INTERACTIVE.test(anchor.tagName)) anchor.after(badge.host);
      else anchor.append(badge.host);
    }
    moved.get(i)!.placement = step;
    stepOf.set(i, s);
  };
  // Read: whether it can be seen there and moves nothing. An overlay must stay inside the boxes that clip
  // its cover; over the title's line, it must lie on free space of its title's block. Of a title not shown
  // itself, an overlay is kept as it is (it is seen when its slide comes into view).
  const fits = (i: number, s: number): boolean => {
    const at = LADDER[s]![1];
    const spot = spots.get(i);
    if (at === 'cover' && spot?.outOfFlow && escapes(items[i]!.badge.host, spot.cover)) return false;
    if (stillPushes(items[i]!)) return false;
    if (at !== 'cover' && !onFreeSpace(items[i]!)) return false;
    return titleShown.get(i) !== true || seen(items[i]!.badge);
  };
  const applies = (i: number, s: number): boolean => LADDER[s]![1] !== 'cover' || spots.get(i) !== null;
  // Up the ladder from `from`, all of them together: one write pass a step, one read pass after it.
  // What is left fits nowhere.
  const climb = async (waiting: readonly number[], from = 0): Promise<number[]> => {
    let pending = [...waiting];
    for (let s = from; s < LADDER.length && pending.length > 0; s++) {
      const tried = pending.filter((i) => applies(i, s));
      if (tried.length === 0) continue;
      if (s > from) await breathe(pending);
      for (const i of tried) put(i, s);
      const failing = new Set(readPass(() => tried.filter((i) => !fits(i, s))));
      pending = pending.filter((i) => !tried.includes(i) || failing.has(i));
    }
    return pending;
  };

  // The cards of a listing are alike, and end at the same step: one badge of each shape of card climbs
  // first (each step lays out a few cards, not the page's every badge), then the others of its shape go
  // straight to where it ended, in one write and one read. Only those that do not fit there climb the
  // whole ladder, together; so each badge still ends at a step where it is seen and moves nothing.
  const shapes = new Map<string, number[]>();
  for (const i of climbing) {
    const key = shapeOf(items[i]!.anchor, spots.get(i) ?? null, inlineTitle.get(i) === true, titleShown.get(i) === true);
    shapes.set(key, [...(shapes.get(key) ?? []), i]);
  }
  const alike = [...shapes.values()].filter((group) => group.length >= MIN_ALIKE);
  const firsts = alike.map((group) => group[0]!);
  await breathe(climbing);
  const nowhere = new Set(await climb(firsts));
  const followers: Array<[number, number]> = [];
  const rest: number[] = [...shapes.values()].filter((group) => group.length < MIN_ALIKE).flat();
  for (const group of alike) {
    const first = group[0]!;
    const s = stepOf.get(first);
    for (const i of group.slice(1)) {
      if (nowhere.has(first) || s === undefined || !applies(i, s)) rest.push(i);
      else followers.push([i, s]);
    }
  }
  // A few at a time, each lot written then read, so no task holds the page for long on a long listing;
  // those not yet moved stay hidden meanwhile. Those that do not fit where their shape's first did climb
  // from the foot of the ladder.
  for (let from = 0; from < followers.length; from += FOLLOWERS_AT_ONCE) {
    await breathe([...followers.slice(from).map(([i]) => i), ...rest]);
    const lot = followers.slice(from, from + FOLLOWERS_AT_ONCE);
    for (const [i, s] of lot) put(i, s);
    rest.push(...readPass(() => lot.filter(([i, s]) => !fits(i, s)).map(([i]) => i)));
  }
  const pending = [...(await climb(rest)), ...nowhere];
  for (const i of pending) {
    items[i]!.badge.place('after', `${hostStyle('after')}display:none;`);
    moved.set(i, { index: i, placement: 'after', visible: titleShown.get(i) !== true });
  }
  return [...moved.values()];
}
