import { build } from 'esbuild';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { chromiumPath } from '../../scripts/chromium-path.mjs';
import { BADGE_STATES } from '../../lib/badge-states';
import { localeNames, messagesOf } from '../shared/messages';
import { CHROMIUM_ARGS } from './fixtures';

// The badge's pill has one width in every state, so a page cannot tell owned from not owned by its box
// (lib/content/badge-css.ts). In every language Longbox speaks, every state's words must fit that width:
// the real Badge code and style sheet, in Chromium, with each locale's messages, the longest words a
// state can have (a double-digit copy count, a grade, the waiting word) included.

let browser: Browser;
let badgeCode = '';

test.beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: "import { Badge } from './lib/content/badge'; import { useMessages } from './lib/i18n'; Object.assign(globalThis, { LongboxBadge: Badge, longboxUseMessages: useMessages });",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'chrome120',
    // The e2e build's contract: open shadow roots, for measuring inside them.
    define: { 'import.meta.env.MODE': '"e2e"' },
  });
  badgeCode = bundle.outputFiles[0]?.text ?? '';
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
});

test.afterAll(async () => {
  await browser?.close();
});

/** Every state, and the owned pill's longest variants. */
const STATUSES = [
  ...BADGE_STATES.map((state) => ({ state })),
  { state: 'owned', copies: 12 },
  { state: 'owned', copies: 1, bestCondition: 'NM-' },
  { state: 'owned', copies: 1, bestCondition: '9.8' },
  { state: 'not-found', resolvedFrom: 'upc:76194138626300411' },
] as const;

for (const locale of localeNames()) {
  test(`every badge state fits its pill, one width for all, in ${locale}`, async () => {
    const page = await browser.newPage();
    try {
      await page.setContent('<!doctype html><html><body style="font-family:serif"></body></html>');
      await page.addScriptTag({ content: badgeCode });
      const pills = await page.evaluate(
        ({ table, locale, statuses }) => {
          const g = globalThis as unknown as {
            LongboxBadge: new (context: object) => { host: HTMLElement; show(status: object): void };
            longboxUseMessages: (table: object, language: string) => void;
          };
          g.longboxUseMessages(table, locale);
          const context = { key: 'test', price: null, defaultCondition: 'NM', address: null, onAction: async () => null, title: () => null, loadMenu: async () => false, keyReasons: async () => ({}) };
          const blank = { resolvedFrom: null, issueId: 1, seriesId: 1, seriesName: 'Saga', number: '1', coverUrl: null, copies: 0, bestCondition: null, matches: [], resumesAt: null, message: null, byTitle: false, edition: null, ownedEditions: [], inferred: false, variantId: null };
          // The waiting pill (no status yet) first, then one per state.
          const badges = [null, ...statuses].map((status) => {
            const badge = new g.LongboxBadge(context);
            if (status) badge.show({ ...blank, copies: status.state === 'owned' ? 1 : 0, ...status });
            document.body.append(badge.host, document.createElement('br'));
            return badge;
          });
          return badges.map((badge) => {
            const pill = badge.host.shadowRoot?.querySelector('.pill') as HTMLElement;
            return { words: pill.textContent ?? '', width: pill.offsetWidth, scroll: pill.scrollWidth, client: pill.clientWidth };
          });
        },
        { table: messagesOf(locale), locale, statuses: STATUSES },
      );
      expect(pills.length).toBe(STATUSES.length + 1);
      const width = pills[0]?.width ?? 0;
      expect(width).toBeGreaterThan(90);
      for (const pill of pills) {
        expect(pill.words.trim(), JSON.stringify(pill)).not.toBe('');
        expect(pill.width, `${locale} "${pill.words}": one width for every state`).toBe(width);
        expect(pill.scroll, `${locale} "${pill.words}" is cut off (${pill.scroll} px of words in ${pill.client} px)`).toBeLessThanOrEqual(pill.client);
      }
    } finally {
      await page.close();
    }
  });
}
