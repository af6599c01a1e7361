import { describe, expect, it } from 'vitest';
import { ANY_STORE_ORIGIN, syncOtherStores, type ScriptingApi } from '@/lib/background/other-stores';

function fakeBrowser(granted: boolean) {
  const scripts = new Map<string, { matches: string[]; excludeMatches: string[]; js: string[] }>();
  const api: ScriptingApi & { granted: boolean } = {
    granted,
    hasPermission: async (origin) => origin === ANY_STORE_ORIGIN && api.granted,
    registered: async (id) => scripts.has(id),
    register: async ({ id, ...script }) => void scripts.set(id, script),
    unregister: async (id) => void scripts.delete(id),
  };
  return { api, scripts };
}

describe('any other store', () => {
  it('registers the generic script when the member grants the permission, outside the supported stores', async () => {
    const { api, scripts } = fakeBrowser(true);
    expect(await syncOtherStores(api, ['https://*.midtowncomics.com/*'])).toBe(true);
    expect([...scripts.values()]).toEqual([
      { matches: ['https://*/*'], excludeMatches: ['https://*.midtowncomics.com/*'], js: ['content-scripts/generic.js'] },
    ]);
    await syncOtherStores(api, ['https://*.midtowncomics.com/*']);
    expect(scripts.size).toBe(1);
  });

  it('unregisters it when the permission is taken back, and does nothing without it', async () => {
    const { api, scripts } = fakeBrowser(true);
    await syncOtherStores(api, []);
    api.granted = false;
    expect(await syncOtherStores(api, [])).toBe(false);
    expect(scripts.size).toBe(0);
  });
});
