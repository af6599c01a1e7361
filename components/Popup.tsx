import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useModel } from './context';
import { FeedPanel } from './popup/FeedPanel';
import { PagePanel } from './popup/PagePanel';
import { SignedOut } from './popup/SignedOut';
import { StatusStrip } from './popup/StatusStrip';
import { Tabs, type Tab } from './popup/Tabs';
import { ProblemNotice } from './shared/ProblemNotice';
import { t, type MessageId } from '@/lib/i18n';

type PopupTab = 'page' | 'foc' | 'firsts' | 'follows';
const TABS = [
  { key: 'page', message: 'popup_tab_page' },
  { key: 'foc', message: 'popup_tab_foc' },
  { key: 'firsts', message: 'popup_tab_firsts' },
  { key: 'follows', message: 'popup_tab_follows' },
] as const satisfies readonly { key: PopupTab; message: MessageId }[];

/** The tab the page's address names (`#foc`, `#page`…), if any. */
function tabFromHash(): PopupTab | null {
  const key = typeof location === 'undefined' ? '' : location.hash.slice(1);
  return TABS.find((tab) => tab.key === key)?.key ?? null;
}

export function Popup() {
  const model = useModel();
  // popup.html#foc (the FOC reminder's click) opens on that tab.
  const chosen = useSignal<PopupTab | null>(tabFromHash());
  useEffect(() => {
    const stop = model.start();
    void model.loadPage();
    void model.loadPreferences();
    return stop;
  }, []);

  const state = model.state.value;
  const member = state?.session.member ?? null;
  const items = model.pageItems.value;
  // The page's comics when there are any (or the page is being read on this opening, or could not be), else the FOC list.
  const pageFirst = (items && items.length > 0) || model.pageReading.value || model.pageReadProblem.value !== null;
  const tab = chosen.value ?? (pageFirst ? 'page' : 'foc');
  const tabs: Tab<PopupTab>[] = TABS.map(({ key, message }) => ({ key, label: t(message) }));

  return (
    <div class="popup">
      <header class="bar">
        <h1>{t('ext_name')}</h1>
        {state?.session.signedIn && member && (
          <p class="member" data-testid="member">
            {member.name ?? member.username} <span class={`tier ${member.isPro ? 'tier-pro' : ''}`}>{member.isPro ? t('ui_tier_pro') : t('ui_tier_free')}</span>
          </p>
        )}
        <button type="button" class="link-button" onClick={model.openOptions}>
          {t('popup_options')}
        </button>
      </header>
      <main class="body">
      {model.stateError.value && !state && <p class="notice notice-error">{model.stateError.value.message}</p>}
      {state && !state.session.signedIn && <SignedOut />}
      {state?.session.signedIn && (
        <>
          <StatusStrip />
          {model.problems.value.length > 0 && (
            <div class="problems" data-testid="problems">
              {model.problems.value.map((problem) => (
                <ProblemNotice key={problem.key} problem={problem} now={model.now.value} onSignIn={model.openSignIn} />
              ))}
            </div>
          )}
          <Tabs tabs={tabs} selected={tab} onSelect={(key) => (chosen.value = key)} label={t('popup_tabs_label')}>
            {tab === 'page' ? <PagePanel /> : <FeedPanel key={tab} feed={tab} />}
          </Tabs>
        </>
      )}
      </main>
      <footer class="foot muted" data-testid="background-status">
        {model.version.value ? t('popup_version', model.version.value) : t('popup_waiting_background')}
      </footer>
    </div>
  );
}
