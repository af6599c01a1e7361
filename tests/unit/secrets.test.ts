import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { loadSession, saveSession } from '@/lib/secrets';
import type { Session } from '@/lib/settings-schema';

// The token is kept in the extension's own IndexedDB, never in storage.local (which content scripts read);
// a session an earlier version kept there is moved once and removed from it.

const SESSION: Session = { address: 'https://versedb.com', token: 'vdb_pat_secret', tokenKind: 'personal', member: null, rejected: false, missingScopes: [] };

describe('the session store', () => {
  it('keeps, reads and forgets the session', async () => {
    await saveSession(SESSION);
    expect(await loadSession()).toEqual(SESSION);
    await saveSession(null);
    expect(await loadSession()).toBeNull();
  });

  it('moves a session from storage.local once, and reads a damaged one as none', async () => {
    let legacy: unknown = SESSION;
    const store = { take: async () => { const taken = legacy; legacy = null; return taken; } };
    expect(await loadSession(store)).toEqual(SESSION);
    expect(legacy).toBeNull();
    expect(await loadSession(store)).toEqual(SESSION);
    await saveSession(null);
    legacy = { token: '' };
    expect(await loadSession(store)).toBeNull();
  });
});
