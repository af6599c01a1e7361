import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useModel, useOptionsEnv } from '../context';
import { RETAILER_SITES } from '@/lib/sites/registry';
import { ANY_STORE_ID, ANY_STORE_PATTERN } from '@/lib/ui/options-env';

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
      said.value = 'Waiting for your answer to the browser’s permission request…';
      // Asked first, while the click still counts as the member's gesture.
      const granted = await env.requestHostPermission(ANY_STORE_PATTERN).catch(() => false);
      anyStoreGranted.value = granted;
      said.value = granted ? null : 'Longbox was not given permission to read other sites, so it stays on the stores above.';
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
      <h2 id="stores-heading">Stores</h2>
      <p class="hint">Longbox marks comics on these stores. Turn off any you do not want it on.</p>
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
          Any other store
        </label>
        <p id="any-store-hint" class="hint">
          Other shops (Shopify, WooCommerce or Magento stores, pages that describe their products). Turning this on asks the browser for permission
          to read every site; Longbox still only looks for comics on them.
        </p>
        <p class="hint" data-testid="on-demand-hint">
          With this off, Longbox reads another shop’s page only when you click its toolbar button there: the browser then lets it into that
          tab’s page until you leave it (the <code>activeTab</code> permission), and Longbox reads it once.
        </p>
      </div>
      <p role="status" class="said">
        {said.value}
      </p>
    </section>
  );
}
