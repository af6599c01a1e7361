import { useSignal } from '@preact/signals';
import { useModel } from '../context';
import { readsText, syncText, unreadableText } from '@/lib/ui/status-text';
import { t } from '@/lib/i18n';

/** Library sync (now, last synced, progress and when the hourly cap allows the next page), and the cache. */
export function LibrarySection() {
  const model = useModel();
  const said = useSignal<string | null>(null);
  const state = model.state.value;
  const signedIn = state?.session.signedIn ?? false;
  const reads = state ? readsText(state.quota, model.now.value) : null;
  return (
    <section class="card-section" aria-labelledby="library-heading">
      <h2 id="library-heading">{t('options_library_heading')}</h2>
      <p class="hint">
        {t('options_library_hint')}
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
              {t('options_reads', reads.hour, reads.today)}
            </p>
          )}
        </>
      ) : (
        <p class="muted">{t('options_library_signed_out')}</p>
      )}
      <div class="buttons">
        <button
          type="button"
          disabled={!signedIn || state?.sync.step != null}
          onClick={async () => {
            said.value = null;
            const reply = await model.syncNow();
            said.value = reply.ok ? t('options_sync_started') : reply.error.message;
          }}
        >
          {t('options_sync_now')}
        </button>
        <button
          type="button"
          aria-describedby="cache-hint"
          onClick={async () => {
            said.value = null;
            const reply = await model.clearCache();
            said.value = reply.ok ? t('options_cache_cleared') : reply.error.message;
          }}
        >
          {t('options_clear_cache')}
        </button>
      </div>
      <p id="cache-hint" class="hint">
        {t('options_cache_hint')}
      </p>
      <p role="status" class="said">
        {said.value}
      </p>
    </section>
  );
}
