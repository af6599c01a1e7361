import type { ElementHandle, Page } from 'puppeteer-core';
import { readBadgeViews, type BadgeView } from '../shared/badges';

// Reading and clicking badges in Firefox through the e2e build's test contract (data-longbox-state,
// data-longbox-code, open shadow roots; lib/content/contract.ts), as tests/e2e/store.ts does in Chromium.

export type { BadgeView } from '../shared/badges';

/** Every badge on the page, in document order: its public attributes and what the shopper reads. */
export function badgeViews(page: Page): Promise<BadgeView[]> {
  return page.evaluate(readBadgeViews);
}

/** Polls `read` until `done` says its value is what a user would see, or throws with the last value. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const end = Date.now() + timeout;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`);
    await new Promise((next) => setTimeout(next, 100));
    value = await read();
  }
  return value;
}

/** Waits until the page shows `count` badges and none is still looking its comic up. */
export function settledBadges(page: Page, count: number, timeout?: number): Promise<BadgeView[]> {
  return until(
    `${count} settled badges`,
    () => badgeViews(page),
    (views) => views.length === count && views.every((view) => view.state !== null),
    timeout,
  );
}

/** Waits until the badge for this code is in this state. */
export function badgeState(page: Page, code: string, state: string): Promise<BadgeView | undefined> {
  return until(
    `the badge of ${code} in state ${state}`,
    async () => (await badgeViews(page)).find((view) => view.code === code),
    (view) => view?.state === state,
  );
}

/** An element inside a badge's shadow root, by CSS selector and (when given) its exact text. */
export async function inBadge(page: Page, code: string, selector: string, text?: string): Promise<ElementHandle<Element>> {
  const found = await until(
    `${selector}${text ? ` "${text}"` : ''} in the badge of ${code}`,
    async () => {
      const handle = await page.evaluateHandle(
        (code, selector, text) => {
          const root = document.querySelector(`[data-longbox-badge][data-longbox-code="${CSS.escape(code)}"]`)?.shadowRoot;
          const matches = [...(root?.querySelectorAll<HTMLElement>(selector) ?? [])];
          return matches.find((element) => text === null || element.textContent?.trim() === text) ?? null;
        },
        code,
        selector,
        text ?? null,
      );
      const element = handle.asElement();
      if (element) return element as ElementHandle<Element>;
      await handle.dispose();
      return null;
    },
    (element) => element !== null,
  );
  if (!found) throw new Error('unreachable');
  return found;
}

/** Clicks the badge's pill, as the member does. */
export async function clickPill(page: Page, code: string): Promise<void> {
  const pill = await inBadge(page, code, '.pill');
  // A click lands where the pill was a moment ago: wait until it stays put (a banner going in above it
  // moves it), as Playwright's "stable" check does.
  let box = await pill.boundingBox();
  for (let tries = 0; tries < 50; tries++) {
    await new Promise((done) => setTimeout(done, 100));
    const now = await pill.boundingBox();
    if (box && now && box.x === now.x && box.y === now.y && box.width === now.width && box.height === now.height) break;
    box = now;
  }
  await pill.click();
  await pill.dispose();
}

/** Opens a badge's menu (when it is not open) and clicks one of its buttons by its words. */
export async function choose(page: Page, code: string, button: string): Promise<void> {
  const open = await page.evaluate(
    (code) => {
      const menu = document.querySelector(`[data-longbox-code="${CSS.escape(code)}"]`)?.shadowRoot?.querySelector<HTMLElement>('.menu');
      return menu !== null && menu !== undefined && menu.offsetParent !== null;
    },
    code,
  );
  if (!open) await clickPill(page, code);
  const target = await inBadge(page, code, '.menu button', button);
  await target.click();
  await target.dispose();
}
