import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import type { TargetedSubmitEvent } from 'preact';
import { useModel } from '../context';
import { ProblemNotice } from '../shared/ProblemNotice';
import { ComicRow } from './ComicRow';
import { fromDiscovery } from '@/lib/ui/comics';
import { focCountdown, formatAgo, formatDay, groupByDay } from '@/lib/ui/format';
import { explainError } from '@/lib/ui/problems';
import type { DiscoveryEntry, Feed } from '@/lib/ui/replies';
import { FEED_DAYS } from '@/lib/ui/snapshot';
import { plural, t, type MessageId } from '@/lib/i18n';
import { withElements } from '../shared/with-elements';

/** The window's words around its field of days: $1 is the field. */
const WINDOW_MESSAGES = {
  foc: 'popup_window_foc',
  firsts: 'popup_window_firsts',
  follows: 'popup_window_follows',
} as const satisfies Record<Feed, MessageId>;

const EMPTY_MESSAGES = {
  foc: 'popup_empty_foc',
  firsts: 'popup_empty_firsts',
  follows: 'popup_empty_follows',
} as const satisfies Record<Feed, MessageId>;

/** The window control: a number of days, applied on Enter or when the field is left. */
function DaysControl({ feed }: { feed: Feed }) {
  const model = useModel();
  const days = model.feeds[feed].days;
  const draft = useSignal(String(days.value));
  useEffect(() => {
    draft.value = String(days.value);
  }, [days.value]);
  const { min, max } = FEED_DAYS[feed];
  const apply = () => {
    const wanted = Number.parseInt(draft.value, 10);
    void model.setFeedDays(feed, Number.isFinite(wanted) ? wanted : days.value);
    draft.value = String(model.feeds[feed].days.value);
  };
  const submit = (event: TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };
  return (
    <form class="window" onSubmit={submit}>
      <label>
        {withElements(
          (field) => t(WINDOW_MESSAGES[feed], field),
          <input
            type="number"
            name="days"
            min={min}
            max={max}
            step={1}
            inputMode="numeric"
            value={draft.value}
            onInput={(e) => (draft.value = e.currentTarget.value)}
            onChange={apply}
          />,
        )}
      </label>
      <button type="button" class="small" onClick={() => void model.loadFeed(feed, true)} disabled={model.feeds[feed].loading.value}>
        {t('popup_refresh')}
      </button>
    </form>
  );
}

function FocGroups({ entries, heading }: { entries: DiscoveryEntry[]; heading: string }) {
  const model = useModel();
  if (entries.length === 0) return null;
  const groups = groupByDay(entries, (entry) => entry.focDate);
  return (
    <section class="foc-section" aria-label={heading}>
      <h2>{heading}</h2>
      {groups.map((group) => (
        <div class="day" key={group.date ?? 'unknown'}>
          <h3>
            <span>{group.date ? formatDay(group.date) : t('popup_date_unknown')}</span>
            {group.date && <span class="countdown">{focCountdown(group.date, model.now.value)}</span>}
          </h3>
          <ul class="comics">
            {group.entries.map((entry) => (
              <ComicRow key={entry.issueId} comic={fromDiscovery(entry, 'foc')} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

export function FeedPanel({ feed }: { feed: Feed }) {
  const model = useModel();
  const state = model.feeds[feed];
  useEffect(() => {
    // Shown at once from the last list; the background answers from its hour-long cache or VerseDB.
    void model.loadFeed(feed);
  }, [feed]);

  const result = state.result.value;
  const entries = result?.entries ?? [];
  // Sections as the background's last answer placed them (a kept list comes back with the pull-list marks
  // of now, once the library has synced): pulling a series from a row marks it at once, but does not move
  // the row from under the member's pointer.
  const pulledWhenFetched = useMemo(
    () => new Set(entries.filter((entry) => entry.onPullList).map((entry) => entry.issueId)),
    [state.loads.value, result?.fetchedAt, result?.days],
  );
  const error = state.error.value;
  const explained = error ? explainError(error, model.now.value, model.state.value?.session.address ?? null) : null;
  // The status above already says it (a refused token, a pause) with the same way out: once is enough.
  const shown = explained && !model.problems.value.some((problem) => problem.way.kind !== 'none' && problem.way.kind === explained.way.kind) ? explained : null;
  return (
    <div class="feed" aria-busy={state.loading.value}>
      <DaysControl feed={feed} />
      {feed === 'foc' && (
        <p class="note">{result?.note && /estimate/i.test(result.note) ? result.note : result?.note ? t('popup_foc_estimates_note', result.note) : t('popup_foc_estimates')}</p>
      )}
      {shown && <ProblemNotice problem={shown} now={model.now.value} onSignIn={model.openSignIn} />}
      {result && result.unreadable > 0 && (
        <p class="note" data-testid="feed-unreadable">
          {plural('popup_feed_unreadable', result.unreadable)}
        </p>
      )}
      {result && entries.length === 0 && !state.loading.value && <p class="empty">{t(EMPTY_MESSAGES[feed])}</p>}
      {!result && state.loading.value && <p class="empty">{t('popup_loading')}</p>}
      {feed === 'foc' ? (
        <>
          <FocGroups heading={t('popup_foc_pull_list')} entries={entries.filter((entry) => pulledWhenFetched.has(entry.issueId))} />
          <FocGroups heading={pulledWhenFetched.size > 0 ? t('popup_foc_everything_else') : t('popup_foc_all')} entries={entries.filter((entry) => !pulledWhenFetched.has(entry.issueId))} />
        </>
      ) : (
        entries.length > 0 && (
          <ul class="comics">
            {entries.map((entry) => (
              <ComicRow key={entry.issueId} comic={fromDiscovery(entry, feed)} />
            ))}
          </ul>
        )
      )}
      {result && (
        <p class="muted small-print">
          {state.loading.value ? t('popup_refreshing') : t('popup_checked', formatAgo(result.fetchedAt, model.now.value))}
        </p>
      )}
    </div>
  );
}
