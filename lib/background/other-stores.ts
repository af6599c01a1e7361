// Badges on stores Longbox has no adapter for: when the member turns on "any other store" (and grants
// the host permission for it), the generic content script is registered for every https page except
// the supported stores, which have their own scripts; when the permission goes, so does the script.

export const ANY_STORE_ORIGIN = 'https://*/*';
const SCRIPT_ID = 'longbox-any-store';

export interface ScriptingApi {
  hasPermission(origin: string): Promise<boolean>;
  registered(id: string): Promise<boolean>;
  register(script: { id: string; matches: string[]; excludeMatches: string[]; js: string[] }): Promise<void>;
  unregister(id: string): Promise<void>;
}

/** Registers or unregisters the generic script to match the permission the member gave. */
export async function syncOtherStores(api: ScriptingApi, supportedStores: readonly string[]): Promise<boolean> {
  const granted = await api.hasPermission(ANY_STORE_ORIGIN);
  const registered = await api.registered(SCRIPT_ID);
  if (granted && !registered) {
    await api.register({ id: SCRIPT_ID, matches: [ANY_STORE_ORIGIN], excludeMatches: [...supportedStores], js: ['content-scripts/generic.js'] });
  } else if (!granted && registered) {
    await api.unregister(SCRIPT_ID);
  }
  return granted;
}
