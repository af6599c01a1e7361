import { render } from 'preact';
import { ModelContext } from '@/components/context';
import { Lookup } from '@/components/Lookup';
import { browserModelDeps } from '@/lib/ui/browser';
import { createAppModel } from '@/lib/ui/model';
import { createLookupModel } from '@/lib/ui/lookup';
import { selectionOf } from '@/lib/lookup/address';
import { t, uiLocale } from '@/lib/i18n';
import '@/components/styles/base.css';
import '@/components/styles/popup.css';

// The page's title and language are the member's (an HTML page gets no __MSG_ substitution).
document.title = t('lookup_title');
document.documentElement.lang = uiLocale();

// The panel "Look up in VerseDB" opens on text selected on any page (lookup.html#q=…).
const deps = browserModelDeps();
const model = createAppModel(deps);
const lookup = createLookupModel({ ask: deps.ask, text: selectionOf(location.hash), address: () => model.state.value?.session.address ?? null });
const root = document.getElementById('app');
if (root) {
  render(
    <ModelContext.Provider value={model}>
      <Lookup lookup={lookup} />
    </ModelContext.Provider>,
    root,
  );
}
