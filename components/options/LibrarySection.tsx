import { useSignal } from '@preact/signals';
import { useModel } from '../context';
import { readsText, syncText, unreadableText } from '@/lib/ui/status-text';

/** Library sync (now, last synced, progress and when the hourly cap allows the next page), and the cache. */
export function LibrarySection() {
  const model = useModel();
  const said = useSignal<string | null>(null);
  const state = model.state.value;
  const signedIn = state?.session.signedIn ?? false;
  const reads = state ? readsText(state.quota, model.now.value) : null;
  return (
    <section class="card-section" aria-labelledby="library-heading">
      <h2 id="library-heading">Library sync</h2>
      <p class="hint">
        Longbox keeps a copy of your collection, wishlist and pull list in this browser, so most badges need no call to VerseDB. It syncs after
        sign-in and every 30 minutes, a page of 100 copies at a time, and waits for the hourly cap rather than run into it.
      </p>
      {state && signedIn ? (
        <>
          <p data-testid="sync-status">{syncText(state.sync, model.now.value)}</p>
          {unreadableText(state.sync.unreadable).map((line) => (
            <p key={line} class="notice" data-testid="sync-unreadable">
              {line}
            </p>
          ))}
          {reads && (
            <p class="muted">
              {reads.hour}; {reads.today}.
            </p>
          )}
        </>
      ) : (
        <p class="muted">Sign in to sync your library.</p>
      )}
      <div class="buttons">
        <button
          type="button"
          disabled={!signedIn || state?.sync.step != null}
          onClick={async () => {
            said.value = null;
            const reply = await model.syncNow();
            said.value = reply.ok ? 'Sync started.' : reply.error.message;
          }}
        >
          Sync now
        </button>
        <button
          type="button"
          aria-describedby="cache-hint"
          onClick={async () => {
            said.value = null;
            const reply = await model.clearCache();
            said.value = reply.ok ? 'Cache cleared.' : reply.error.message;
          }}
        >
          Clear cache
        </button>
      </div>
      <p id="cache-hint" class="hint">
        Clearing the cache forgets which comic each code belongs to; Longbox looks codes up again as it meets them. Your library stays.
      </p>
      <p role="status" class="said">
        {said.value}
      </p>
    </section>
  );
}
