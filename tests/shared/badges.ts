// What both browsers' tests read of badges through the e2e build's test contract (data-longbox-state,
// data-longbox-code, open shadow roots; lib/content/contract.ts), and what the demo data makes them say.
// The readers are plain functions run in the page (Playwright's and puppeteer's `page.evaluate` alike).

export interface BadgeView {
  state: string | null;
  code: string | null;
  label: string;
  tip: string;
}

/** In the page: every badge, in document order, with its public attributes and what the shopper reads. */
export function readBadgeViews(): BadgeView[] {
  return [...document.querySelectorAll('[data-longbox-badge]')]
    .filter((host) => host.shadowRoot !== null)
    .map((host) => {
      const pill = host.shadowRoot?.querySelector('.pill');
      return {
        state: host.getAttribute('data-longbox-state'),
        code: host.getAttribute('data-longbox-code'),
        label: pill?.textContent ?? '',
        tip: pill?.getAttribute('title') ?? '',
      };
    });
}

/** In the page: each badge's box (`WxH`), which must be one in every state. */
export function readBadgeBoxes(): string[] {
  return [...document.querySelectorAll('[data-longbox-badge]')].map((host) => {
    const box = host.getBoundingClientRect();
    return `${Math.round(box.width)}x${Math.round(box.height)}`;
  });
}

/**
 * In the page: the codes of badges a shopper cannot see: the pill of no size, hidden, cut off by a box
 * that hides its overflow, or covered at its middle by something else. Written apart from the
 * extension's own check (lib/content/placement.ts), so the test does not grade the code by itself.
 */
export function readUnseenBadges(): string[] {
  return [...document.querySelectorAll('[data-longbox-badge]')].flatMap((host) => {
    const pill = host.shadowRoot?.querySelector('.pill');
    const code = host.getAttribute('data-longbox-code') ?? '?';
    if (!pill) return [code];
    const box = pill.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || getComputedStyle(pill).visibility === 'hidden') return [code];
    for (let up = host.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.display === 'none') return [code];
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1 || box.left < clip.left - 1 || box.right > clip.right + 1) return [code];
    }
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) {
      const top = document.elementFromPoint(x, y);
      if (top !== host && !host.contains(top)) return [code];
    }
    return [];
  });
}

/** In the page: how many badges are still being given their places (hidden meanwhile; the e2e build says so). */
export function readPlacing(): number {
  return document.querySelectorAll('[data-longbox-placing]').length;
}

/** In the page: where each of these elements is (`x,y WxH`), to tell what a badge moved. */
export function readBoxes(selector: string): string[] {
  return [...document.querySelectorAll(selector)].map((el) => {
    const box = el.getBoundingClientRect();
    return `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)}`;
  });
}

/**
 * In the page: where its prices and buy controls are, in page coordinates (`text@x,y`): an element whose
 * own text is a price, and buttons or links that buy.
 */
export function readPriceAndBuyBoxes(): Array<{ what: string; x: number; y: number }> {
  const found: Array<{ what: string; x: number; y: number }> = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent ?? '').join('').trim();
    const price = /^[$£€]\s?\d+[.,]\d{2}$/.test(own);
    const buys = el.matches('button, input[type=submit], input[type=button], input[type=image]') || /^(add to cart|buy|pre-?order)/i.test(own);
    if (!price && !buys) continue;
    const box = el.getBoundingClientRect();
    found.push({ what: own.slice(0, 20) || el.tagName, x: box.left + scrollX, y: box.top + scrollY });
  }
  return found;
}

/** In the page: the words of any badge cut off by its fixed width (none should be). */
export function readClippedLabels(): string[] {
  return [...document.querySelectorAll('[data-longbox-badge]')].flatMap((host) => {
    const pill = host.shadowRoot?.querySelector('.pill');
    return pill && pill.scrollWidth > pill.clientWidth ? [pill.textContent ?? ''] : [];
  });
}

/** tests/fixtures/e2e/dcbs-search-states.html with the demo data signed in as Kay: a badge per state. */
export const STATES_PAGE_VIEWS: Record<string, Partial<BadgeView>> = {
  'upc:76194138626300411': { state: 'owned', label: 'Owned ×2', tip: 'In your VerseDB collection: 2 copies, best NM. This one: Cover A, 1st printing.' },
  'isbn:9781607066927': { state: 'wishlist', label: 'On wishlist', tip: 'On your VerseDB wishlist, not in your collection.' },
  'isbn:9781607069317': { state: 'pull-list', label: 'Pull list', tip: 'You pull Saga; this issue is not in your collection yet.' },
  'upc:76194130007800211': { state: 'not-owned', label: 'Not owned', tip: 'Not in your VerseDB collection. This one: Cover A, 1st printing.' },
  'upc:761941309507': { state: 'ambiguous', label: 'Pick issue', tip: '2 issues share this barcode: pick the right one.' },
  'isbn:9781534325982': { state: 'not-found', label: 'No match', tip: 'VerseDB has no comic with this code.' },
};
