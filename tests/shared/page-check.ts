import { readFileSync } from 'node:fs';
import { detect } from '../../lib/detect/page';
import { itemKey } from '../../lib/detect/item-key';
import { adapterFor } from '../../lib/sites/index';
import { parsePage, type FixturePage } from '../../scripts/lib/fixtures';

// A fixture page in a browser with the extension, as tests/e2e/every-page.spec.ts checks it and
// bench/page-layout.ts counts it: where it is served, what `npm run detect` reads on it, which badges a
// shopper sees, and which of the page's prices and buy controls moved. The readers that run in the page are
// plain functions (Playwright's `page.evaluate`).

/** The same page at an address no Longbox script runs on: where its prices and buy controls lie without Longbox. */
export const BARE = 'http://localhost:8765';
/** A shop with no adapter, at the loopback address the e2e build holds a host permission for. */
const SHOP = 'http://127.0.0.1:8765';

export interface Served {
  url: string;
  html: string;
  bare: string;
}

/**
 * A store's page at its own address, where its store script runs; a shop with no adapter at the loopback
 * shop address (its own links moved there too), where the any-store scripts are registered.
 */
export function served(page: FixturePage): Served {
  const html = readFileSync(page.htmlPath, 'utf8');
  const url = new URL(page.url);
  const path = `${url.pathname}${url.search}`;
  if (adapterFor(page.url).id !== 'generic') return { url: page.url, html, bare: `${BARE}${path}` };
  return { url: `${SHOP}${path}`, html: html.replaceAll(url.origin, SHOP), bare: `${BARE}${path}` };
}

/** What `npm run detect` reads on the page as served: each item's key, in document order, once. */
export async function benchKeys(page: Served): Promise<string[]> {
  const { document, close } = parsePage(page.html, page.url);
  try {
    const keys = detect(document, page.url).items.map(itemKey).filter((key): key is string => key !== null);
    return [...new Set(keys)];
  } finally {
    await close();
  }
}

export interface Where {
  what: string;
  x: number;
  y: number;
}

/** The prices and buy controls that moved by more than 2 px, in words; null when the page has others than before. */
export function movedBetween(where: readonly Where[], now: readonly Where[]): string[] | null {
  if (now.length !== where.length) return null;
  return now.flatMap((c, i) => {
    const was = where[i]!;
    return Math.abs(c.x - was.x) > 2 || Math.abs(c.y - was.y) > 2 ? [`${c.what} at ${Math.round(c.x)},${Math.round(c.y)}, was ${Math.round(was.x)},${Math.round(was.y)}`] : [];
  });
}

export interface Sight {
  key: string;
  /** A shopper can see the badge. */
  seen: boolean;
  /** A shopper can see the place it marks (else it marks a hidden list, a slide out of view). */
  place: boolean;
  /** Why it cannot be seen (cut off by which box, covered by what, no size or hidden), for a failure's message. */
  why?: string;
}

/**
 * In the page: the badges a shopper cannot see although the place they mark can be seen. A badge inside
 * something the page does not show (a phone layout's hidden list, a slide scrolled out of its slider)
 * marks nothing the shopper sees: it is left out, and item 2 asks that the comic has a seen badge elsewhere.
 * Returns each badge's key and whether it is seen.
 */
export function readBadgeSight(): Sight[] {
  const hidden = (el: Element): boolean => {
    const box = el.getBoundingClientRect();
    if (box.width < 1 && box.height < 1 && getComputedStyle(el).display !== 'contents') {
      // A zero-size host (over a cover) is placed by its box's position: its parent is the place.
      return el.parentElement === null || hidden(el.parentElement);
    }
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return true;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.right <= clip.left || box.left >= clip.right || box.bottom <= clip.top || box.top >= clip.bottom) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('[data-longbox-badge]')].map((host) => {
    const key = host.getAttribute('data-longbox-key') ?? host.getAttribute('data-longbox-code') ?? '?';
    const place = host.parentElement !== null && !hidden(host.parentElement);
    const pill = host.shadowRoot?.querySelector('.pill');
    if (!pill) return { key, seen: false, place, why: 'no pill' };
    const box = pill.getBoundingClientRect();
    let why = '';
    let seen = box.width >= 1 && box.height >= 1 && getComputedStyle(pill).visibility !== 'hidden' && host.checkVisibility();
    for (let up = host.parentElement; seen && up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1) {
        seen = false;
        why = `cut off by ${up.tagName.toLowerCase()}.${String(up.className)} (pill ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)}, box ${Math.round(clip.left)},${Math.round(clip.top)} ${Math.round(clip.width)}x${Math.round(clip.height)})`;
      }
    }
    if (seen) {
      // Only the page scrolls: a slider scrolled to the badge would move the page's own boxes.
      window.scrollTo(0, box.top + window.scrollY - innerHeight / 2);
      const now = pill.getBoundingClientRect();
      const top = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
      if (top !== null && top !== host && !host.contains(top)) {
        seen = false;
        why = `covered by ${top.tagName.toLowerCase()}.${String(top.className)}`;
      }
    }
    if (!seen && !why) why = `no size or hidden (pill ${Math.round(box.width)}x${Math.round(box.height)}, host style "${(host as HTMLElement).style.cssText}")`;
    return seen ? { key, seen, place } : { key, seen, place, why };
  });
}

