import { useModel } from '../context';
import { ComicRow } from './ComicRow';
import { RunSummary } from './RunSummary';
import { runSummary } from '@/lib/ui/run-summary';
import { fromPageItem } from '@/lib/ui/comics';
import { READING_PAGE } from '@/lib/ui/model';
import { plural } from '@/lib/ui/problems';

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
        {model.pageReading.value ? READING_PAGE : 'Looking at this page…'}
      </p>
    );
  }
  if (items === null || items.length === 0) {
    return (
      <div class="empty">
        <p>Longbox found no comics on this page.</p>
        <p class="muted">Open a product, search or cart page on a comic store, then open Longbox again.</p>
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
        {plural(items.length, 'comic')} on this page{owned > 0 ? `, ${owned} owned` : ''}.
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
          <h2 class="group-heading">On this page, no visible badge</h2>
          <p class="muted">The page’s layout leaves no place where {unseen.length === 1 ? 'its badge' : 'their badges'} can be seen; here is what Longbox knows.</p>
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
