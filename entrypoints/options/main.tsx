import { render } from 'preact';
import { ModelContext, OptionsEnvContext } from '@/components/context';
import { Options } from '@/components/Options';
import { browserModelDeps, browserOptionsEnv } from '@/lib/ui/browser';
import { createAppModel } from '@/lib/ui/model';
import { t, uiLocale } from '@/lib/i18n';
import '@/components/styles/base.css';
import '@/components/styles/options.css';

// The page's title and language are the member's (an HTML page gets no __MSG_ substitution).
document.title = t('options_title');
document.documentElement.lang = uiLocale();

// On this page "sign in again" is the token field right here.
const model = createAppModel(browserModelDeps({ openSignIn: () => document.getElementById('token')?.focus() }));
const root = document.getElementById('app');
if (root) {
  render(
    <ModelContext.Provider value={model}>
      <OptionsEnvContext.Provider value={browserOptionsEnv()}>
        <Options />
      </OptionsEnvContext.Provider>
    </ModelContext.Provider>,
    root,
  );
}
