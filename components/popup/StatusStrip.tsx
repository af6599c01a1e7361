import { useModel } from '../context';
import { readsText, syncText } from '@/lib/ui/status-text';
import { t } from '@/lib/i18n';

/** Always in view: reads left this hour and today, and where the library sync is. */
export function StatusStrip() {
  const model = useModel();
  const state = model.state.value;
  if (!state) return null;
  const now = model.now.value;
  const reads = readsText(state.quota, now);
  const { reads: hour } = state.quota;
  const share = hour.limit > 0 ? Math.max(0, Math.min(1, hour.remaining / hour.limit)) : 0;
  return (
    <section class="status" aria-label={t('popup_status_label')} data-testid="status">
      <div class="meter" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} class={share < 0.15 ? 'low' : undefined} />
      </div>
      <p data-testid="reads">{reads.hour}</p>
      <p data-testid="reads-today" class="muted">
        {reads.today}
      </p>
      <p data-testid="sync">{syncText(state.sync, now)}</p>
    </section>
  );
}
