import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useModel, useOptionsEnv } from '../context';
import { RETAILER_SITES } from '@/lib/sites/registry';
import { ANY_STORE_ID, ANY_STORE_PATTERN } from '@/lib/ui/options-env';
import { t } from '@/lib/i18n';
import { withElements } from '../shared/with-elements';

/** A switch per supported store, and "any other store", which needs the optional host permission. */
export function StoresSection() {
  const model = useModel();
  const env = useOptionsEnv();
  const anyStoreGranted = useSignal(false);
  const said = useSignal<string | null>(null);
  useEffect(() => {
    void env.hasHostPermission(ANY_STORE_PATTERN).then((granted) => (anyStoreGranted.value = granted));
  }, []);

  const preferences = model.preferences.value;
  const disabled = new Set(preferences?.disabledSites ?? []);

  async function setSite(id: string, on: boolean) {
    const next = new Set(model.preferences.value?.disabledSites ?? []);
    if (on) next.delete(id);
    else next.add(id);
    await model.savePreferences({ disabledSites: [...next].sort() });
  }

  async function setAnyStore(box: HTMLInputElement) {
    const on = box.checked;
    // The box shows what is granted, not what was clicked, until the browser has answered.
    box.checked = !on;
    said.value = null;
    if (on) {
      said.value = t('options_permission_waiting');
      // Asked first, while the click still counts as the member's gesture.
      const granted = await env.requestHostPermission(ANY_STORE_PATTERN).catch(() => false);
      anyStoreGranted.value = granted;
      said.value = granted ? null : t('options_any_store_denied');
      if (!granted) return;
    } else {
      await env.removeHostPermission(ANY_STORE_PATTERN).catch(() => false);
      anyStoreGranted.value = false;
    }
    await setSite(ANY_STORE_ID, on);
    box.checked = on;
  }

  return (
    <section class="card-section" aria-labelledby="stores-heading">
      <h2 id="stores-heading">{t('options_stores_heading')}</h2>
      <p class="hint">{t('options_stores_hint')}</p>
      <ul class="switches">
        {RETAILER_SITES.map((site) => (
          <li key={site.id}>
            <label>
              <input type="checkbox" checked={!disabled.has(site.id)} disabled={!preferences} onChange={(e) => void setSite(site.id, e.currentTarget.checked)} />{' '}
              {site.name}
            </label>
          </li>
        ))}
      </ul>
      <div class="field">
        <label>
          <input
            type="checkbox"
            checked={anyStoreGranted.value && !disabled.has(ANY_STORE_ID)}
            disabled={!preferences}
            aria-describedby="any-store-hint"
            onChange={(e) => void setAnyStore(e.currentTarget)}
          />{' '}
          {t('options_any_store')}
        </label>
        <p id="any-store-hint" class="hint">
          {t('options_any_store_hint')}
        </p>
        <p class="hint" data-testid="on-demand-hint">
          {withElements((permission) => t('options_on_demand_hint', permission), <code>activeTab</code>)}
        </p>
      </div>
      <p role="status" class="said">
        {said.value}
      </p>
    </section>
  );
}
