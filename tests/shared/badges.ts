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
  'isbn:9781534325982': { state: 'not-found', label: 'Not in VerseDB', tip: 'VerseDB has no comic with this code.' },
};
