import { useModel } from '../context';
import { ComicRow } from './ComicRow';
import { RunSummary } from './RunSummary';
import { runSummary } from '@/lib/ui/run-summary';
import { fromPageItem } from '@/lib/ui/comics';
import { readingPage } from '@/lib/ui/model';
import { plural, t } from '@/lib/i18n';

/** The comics the content script found on the tab the popup was opened over. */
export function PagePanel() {
  const model = useModel();
  const items = model.pageItems.value;
  const problem = model.pageReadProblem.value;
  if (problem) {
    return (
      <div class="empty" role="alert" data-testid="page-read-problem">
        <p>{problem}</p>
      </div>
    );
  }
  if (items === undefined) {
    return (
      <p class="empty" role="status" data-testid="page-reading">
        {model.pageReading.value ? readingPage() : t('popup_looking_at_page')}
      </p>
    );
  }
  if (items === null || items.length === 0) {
    return (
      <div class="empty">
        <p>{t('popup_no_comics')}</p>
        <p class="muted">{t('popup_no_comics_hint')}</p>
      </div>
    );
  }
  const owned = items.filter((item) => item.state === 'owned').length;
  // Comics whose badge the page's layout hides anywhere it could go: listed apart, so none goes unmarked.
  const seen = items.filter((item) => item.visible !== false);
  const unseen = items.filter((item) => item.visible === false);
  const notice = model.pageNotice.value;
  // A page of back issues: each series' run summed up above the comics (its gaps, its keys, one action).
  const runs = runSummary(items);
  return (
    <div>
      <p class="muted summary">
        {owned > 0 ? plural('popup_page_comics_owned', items.length, owned) : plural('popup_page_comics', items.length)}
      </p>
      {notice && (
        <p class="layout-note" role="status" data-testid="layout-changed">
          {notice}
        </p>
      )}
      {runs.map((run) => (
        <RunSummary key={run.seriesName} run={run} />
      ))}
      <ul class="comics">
        {seen.map((item) => (
          <ComicRow key={item.key} comic={fromPageItem(item)} />
        ))}
      </ul>
      {unseen.length > 0 && (
        <section data-testid="no-visible-badge">
          <h2 class="group-heading">{t('popup_unseen_heading')}</h2>
          <p class="muted">{plural('popup_unseen_hint', unseen.length)}</p>
          <ul class="comics">
            {unseen.map((item) => (
              <ComicRow key={item.key} comic={fromPageItem(item)} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
