import { useEffect } from 'preact/hooks';
import { useModel } from './context';
import { ComicRow } from './popup/ComicRow';
import { ProblemNotice } from './shared/ProblemNotice';
import { SignedOut } from './popup/SignedOut';
import { fromPageItem } from '@/lib/ui/comics';
import type { LookupModel } from '@/lib/ui/lookup';
import { t } from '@/lib/i18n';

/** The lookup panel: the comic the selected text names, its status and the popup row's actions. */
export function Lookup({ lookup }: { lookup: LookupModel }) {
  const model = useModel();
  useEffect(() => {
    const stop = model.start();
    void model.loadPreferences();
    void lookup.load();
    return stop;
  }, []);
  const state = model.state.value;
  const item = lookup.item.value;
  const address = state?.session.address ?? null;
  return (
    <main class="popup lookup">
      <h1>{t('lookup_heading')}</h1>
      <p class="muted" data-testid="lookup-text">
        {t('lookup_selected_text', lookup.text)}
      </p>
      {state && !state.session.signedIn ? (
        <SignedOut />
      ) : (
        <>
          {lookup.loading.value && <p class="muted">{t('lookup_loading')}</p>}
          {lookup.problem.value && <ProblemNotice problem={lookup.problem.value} now={model.now.value} onSignIn={model.openSignIn} />}
          {item && (
            <ul class="comics" data-testid="lookup-result">
              <ComicRow comic={fromPageItem(item)} startOpen={item.state !== 'not-found'} onChanged={() => void lookup.load()} />
            </ul>
          )}
          {lookup.note.value && (
            <p class="muted" data-testid="lookup-note">
              {lookup.note.value}
            </p>
          )}
          {lookup.note.value && item?.state === 'not-found' && address && (
            <a href={`${address}/search?q=${encodeURIComponent(lookup.text)}`} target="_blank" rel="noreferrer">
              {t('action_search_versedb', lookup.text)}
            </a>
          )}
        </>
      )}
    </main>
  );
}
