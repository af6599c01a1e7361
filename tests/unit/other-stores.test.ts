import { describe, expect, it } from 'vitest';
import { ANY_STORE_ORIGIN, syncOtherStores, type ScriptingApi } from '@/lib/background/other-stores';

function fakeBrowser(granted: boolean) {
  const scripts = new Map<string, { matches: string[]; excludeMatches: string[]; js: string[]; runAt: string }>();
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
    // The generic script, and beside it on the same pages the early script that asks for the general readers.
    expect([...scripts.values()]).toEqual([
      { matches: ['https://*/*'], excludeMatches: ['https://*.midtowncomics.com/*'], js: ['early.js'], runAt: 'document_start' },
      { matches: ['https://*/*'], excludeMatches: ['https://*.midtowncomics.com/*'], js: ['content-scripts/generic.js'], runAt: 'document_idle' },
    ]);
    await syncOtherStores(api, ['https://*.midtowncomics.com/*']);
    expect(scripts.size).toBe(2);
  });

  it('adds the early script beside a generic script registered before there was one (an update)', async () => {
    const { api, scripts } = fakeBrowser(true);
    scripts.set('longbox-any-store', { matches: ['https://*/*'], excludeMatches: [], js: ['content-scripts/generic.js'], runAt: 'document_idle' });
    await syncOtherStores(api, []);
    expect([...scripts.keys()].sort()).toEqual(['longbox-any-store', 'longbox-any-store-early']);
  });

  it('unregisters it when the permission is taken back, and does nothing without it', async () => {
    const { api, scripts } = fakeBrowser(true);
    await syncOtherStores(api, []);
    api.granted = false;
    expect(await syncOtherStores(api, [])).toBe(false);
    expect(scripts.size).toBe(0);
  });
});
