// Badges on stores Longbox has no adapter for: when the member turns on "any other store" (and grants
// the host permission for it), the generic content script is registered for every https page except
// the supported stores, which have their own scripts; when the permission goes, so does the script.

export const ANY_STORE_ORIGIN = 'https://*/*';

type RunAt = 'document_start' | 'document_idle';

/** The generic script, and the early script beside it on the same pages (entrypoints/early.ts: the
 *  general readers asked for while the page still loads), as for the supported stores' scripts. In the
 *  order they run on a page: the early one first. */
export const ANY_STORE_SCRIPTS: ReadonlyArray<{ id: string; js: string[]; runAt: RunAt }> = [
  { id: 'longbox-any-store-early', js: ['early.js'], runAt: 'document_start' },
  { id: 'longbox-any-store', js: ['content-scripts/generic.js'], runAt: 'document_idle' },
];

export interface ScriptingApi {
  hasPermission(origin: string): Promise<boolean>;
  registered(id: string): Promise<boolean>;
  register(script: { id: string; matches: string[]; excludeMatches: string[]; js: string[]; runAt: RunAt }): Promise<void>;
  unregister(id: string): Promise<void>;
}

/** Registers or unregisters the generic script (and the early one) to match the permission the member gave. */
export async function syncOtherStores(api: ScriptingApi, supportedStores: readonly string[]): Promise<boolean> {
  const granted = await api.hasPermission(ANY_STORE_ORIGIN);
  for (const script of ANY_STORE_SCRIPTS) {
    const registered = await api.registered(script.id);
    if (granted && !registered) {
      await api.register({ ...script, matches: [ANY_STORE_ORIGIN], excludeMatches: [...supportedStores] });
    } else if (!granted && registered) {
      await api.unregister(script.id);
    }
  }
  return granted;
}
