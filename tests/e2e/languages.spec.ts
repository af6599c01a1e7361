import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STATE_MESSAGES, type BadgeState } from '../../lib/badge-states';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import { DEFAULT_LOCALE, messagesOf, type MessageTable } from '../shared/messages';
import { launchWithExtension } from './fixtures';
import { badgeFor, demoData, extensionWorker, fixturePage, KAY, settledBadges, signIn, StoreServer } from './store';

// Longbox in the member's language: Chromium launched in German and in French (its own language, which
// the extension's i18n follows), the demo member signed in to the stand-in, a store page with a badge
// in every state. The badges, a badge's menu and the popup speak that language: each state by its one
// name, and no English sentence of Longbox's left among their words. Screenshots in test-results/screenshots.

const SHOTS = 'test-results/screenshots';
/** The comics of tests/fixtures/e2e/dcbs-search-states.html. */
const COMICS = 9;
const english = messagesOf(DEFAULT_LOCALE);

/**
 * The English words that must not show in `locale`: the literal runs of each English message its
 * translation changed (a run between substitutions, long enough to be a phrase and not a name).
 */
function englishOnly(locale: MessageTable): string[] {
  const runs = new Set<string>();
  for (const [id, entry] of Object.entries(english)) {
    if (locale[id]?.message === entry.message) continue;
    for (const run of entry.message.split(/\$[1-9]|\$[A-Za-z0-9_]+\$/)) {
      const words = run.replace(/\$\$/g, '$').trim();
      if (words.length >= 12 && /\s/.test(words)) runs.add(words);
    }
  }
  return [...runs];
}

async function englishIn(where: Locator, locale: MessageTable): Promise<string[]> {
  const text = (await where.innerText()).replace(/\s+/g, ' ');
  return englishOnly(locale).filter((run) => text.includes(run));
}

let si: StandIn;
test.beforeAll(async () => {
  si = await startStandIn({ port: 0, data: demoData() });
});
test.afterAll(async () => {
  await si.stop();
});

for (const language of ['de', 'fr']) {
  test(`Longbox in ${language}: the badges, a badge's menu and the popup`, async () => {
    si.reset();
    const table = messagesOf(language);
    const { context, close } = await launchWithExtension(undefined, { language });
    try {
      mkdirSync(SHOTS, { recursive: true });
      const worker = await extensionWorker(context);
      expect(await worker.evaluate(() => chrome.i18n.getUILanguage())).toMatch(new RegExp(`^${language}`));
      const stores = new StoreServer();
      await stores.attach(context);
      const states = fixturePage('e2e/dcbs-search-states');
      stores.add(states);
      const extension = await context.newPage();
      await extension.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
      await signIn(extension, si, KAY.token);

      const store = await context.newPage();
      await store.setViewportSize({ width: 1280, height: 800 });
      await store.goto(states.url);
      const views = await settledBadges(store, COMICS, 30_000);
      // Each badge says its state by the state's one name, in this language.
      for (const view of views) {
        const state = view.state as BadgeState;
        const name = table[STATE_MESSAGES[state]]?.message ?? '';
        if (state === 'owned') expect(view.label.startsWith(name.replace(/\s*[×·].*$/, '')), `${view.label} in ${language}`).toBe(true);
        else expect(view.label, `${state} in ${language}`).toBe(name);
      }

      // A badge's menu: the not-owned comic, with its actions.
      const badge = badgeFor(store, 'upc:76194130007800211');
      await badge.locator('.pill').click();
      const menu = badge.locator('.menu');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('button').first()).toBeVisible();
      expect(await englishIn(menu, table)).toEqual([]);
      await store.screenshot({ path: `${SHOTS}/language-${language}-menu.png` });

      // The popup, over the store's tab.
      await store.bringToFront();
      const opened = context.waitForEvent('page');
      await extension.evaluate((url) => chrome.windows.create({ url, type: 'popup', width: 380, height: 600 }), extension.url());
      const popup: Page = await opened;
      await popup.waitForURL(/popup\.html$/);
      await expect(popup.locator('.comic')).toHaveCount(COMICS, { timeout: 15_000 });
      expect(await englishIn(popup.locator('body'), table)).toEqual([]);
      await expect(popup.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
      await popup.screenshot({ path: `${SHOTS}/language-${language}-popup.png` });
    } finally {
      await close();
    }
  });
}
