import { render } from 'preact';
import { ModelContext } from '@/components/context';
import { Popup } from '@/components/Popup';
import { browserModelDeps } from '@/lib/ui/browser';
import { createAppModel } from '@/lib/ui/model';
import { t, uiLocale } from '@/lib/i18n';
import '@/components/styles/base.css';
import '@/components/styles/popup.css';

// The page's title and language are the member's (an HTML page gets no __MSG_ substitution).
document.title = t('ext_name');
document.documentElement.lang = uiLocale();

// Module level: the model starts from the last snapshot, so this first render already shows it.
const model = createAppModel(browserModelDeps());
const root = document.getElementById('app');
if (root) {
  render(
    <ModelContext.Provider value={model}>
      <Popup />
    </ModelContext.Provider>,
    root,
  );
  performance.mark('longbox:first-render');
}
