// A store page's general readers, asked for as the page starts loading (entrypoints/early.content.ts,
// run at document_start wherever a store script will run at document_idle). The background injects them
// into the content scripts' own world while the store's HTML is still arriving, so that by the time the
// store script starts, the page can be read in full at once: no wait for an injection round trip, and no
// second, adapter-only reading meanwhile. Nothing here reaches the page: the content scripts' world is their own.

declare global {
  /** Set by the early script: settles once the background has injected the general readers (or failed to). */
  var longboxReadersRequested: Promise<void> | undefined;
}

/** Asks once per page; a failure only means the store script asks again (lib/content/page-session.ts). */
export function requestReadersEarly(send: (message: { type: 'load-extras'; part: 'readers' }) => Promise<unknown>): void {
  if (globalThis.longboxReadersRequested) return;
  let sent: Promise<unknown>;
  try {
    sent = send({ type: 'load-extras', part: 'readers' });
  } catch {
    return;
  }
  globalThis.longboxReadersRequested = sent.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The manifest's early entries: for each store script (run at document_idle), the early script on the same
 * pages (the same matches and exclusions, so it never runs where no store script would), at
 * document_start (wxt.config.ts, `build:manifestGenerated`).
 */
export function withEarlyEntries<Entry extends { js?: string[]; css?: string[]; run_at?: string }>(entries: readonly Entry[], earlyFile: string): Entry[] {
  const stores = entries.filter((entry) => !entry.js?.includes(earlyFile));
  const early = stores
    .filter((entry) => entry.run_at === 'document_idle' || entry.run_at === undefined)
    .map(({ css: _css, ...entry }) => ({ ...entry, js: [earlyFile], run_at: 'document_start' }) as Entry);
  return [...early, ...stores];
}
