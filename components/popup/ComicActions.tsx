import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { useModel } from '../context';
import { ProblemNotice } from '../shared/ProblemNotice';
import { Cover } from '../shared/Cover';
import { AddCopyForm } from './AddCopyForm';
import type { WriteAction } from '@/lib/library/writes';
import type { ComicView } from '@/lib/ui/comics';
import { choiceName, type SeriesChoice, type TitleRef } from '@/lib/items';
import { formatAgo } from '@/lib/ui/format';
import { explainError, type Problem } from '@/lib/ui/problems';
import { plural, t } from '@/lib/i18n';
import type { LibraryStatus, WriteResult } from '@/lib/ui/replies';

/** A comic's actions: its copies (each removable), add a copy, wishlist, and its series' pull list. */
export function ComicActions({ comic, id, onChanged }: { comic: ComicView; id: string; onChanged?: () => void }) {
  const model = useModel();
  const status = useSignal<LibraryStatus | null>(null);
  const adding = useSignal(false);
  const busy = useSignal(false);
  const said = useSignal<string | null>(null);
  const problem = useSignal<Problem | null>(null);
  // A comic answered from its series' barcode names no issue yet: found on the member's click.
  const found = useSignal<number | null>(null);
  const finding = useSignal(false);
  /** The series a title-only comic may mean, when VerseDB has several by its name and the page does not say which. */
  const choices = useSignal<SeriesChoice[]>([]);
  /** VerseDB's catalog has no such comic: the row links to VerseDB's own search for the title. */
  const missing = useSignal(false);
  const issueId = comic.issueId ?? found.value;
  const { seriesId } = comic;
  const addButton = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    adding.value = false;
    addButton.current?.focus();
  };

  async function loadStatus() {
    if (issueId === null) return;
    const reply = await model.libraryStatus(issueId, seriesId);
    if (reply.ok) status.value = reply.value;
  }
  useEffect(() => {
    void loadStatus();
  }, [issueId, seriesId]);

  function outcome(result: WriteResult, done: string) {
    said.value = result.kind === 'done' ? done : t('popup_saved_queued', result.reason);
  }

  async function run(write: WriteAction, done: string) {
    if (busy.value) return;
    busy.value = true;
    said.value = null;
    problem.value = null;
    const reply = await model.write(write);
    busy.value = false;
    if (reply.ok) {
      outcome(reply.value, done);
      onChanged?.();
    } else problem.value = explainError(reply.error, model.now.value, model.state.value?.session.address ?? null);
    await loadStatus();
  }

  async function findIssue(code: string) {
    if (finding.value) return;
    finding.value = true;
    problem.value = null;
    const reply = await model.issueForCode(code);
    finding.value = false;
    if (reply.ok) found.value = reply.value;
    else problem.value = explainError(reply.error, model.now.value, model.state.value?.session.address ?? null);
  }

  async function findByTitle(title: TitleRef, seriesId?: number) {
    if (finding.value) return;
    finding.value = true;
    problem.value = null;
    const reply = await model.issueForTitle(seriesId ? { ...title, seriesId } : title);
    finding.value = false;
    missing.value = !reply.ok && reply.error.kind === 'not-found';
    if (reply.ok) {
      choices.value = [];
      found.value = reply.value;
    } else if (reply.error.choices && reply.error.choices.length > 0) {
      choices.value = reply.error.choices;
    } else {
      problem.value = explainError(reply.error, model.now.value, model.state.value?.session.address ?? null);
    }
  }

  if (issueId === null) {
    const code = comic.code;
    const titled = comic.titleRef && (comic.state === 'not-owned' || comic.state === 'pull-list') ? comic.titleRef : null;
    return (
      <div id={id} class="actions">
        {code && comic.state !== 'not-found' && comic.state !== 'ambiguous' ? (
          <>
            <p class="muted">{t('popup_known_by_series_code')}</p>
            <button type="button" disabled={finding.value} onClick={() => void findIssue(code)}>
              {finding.value ? t('popup_finding') : t('popup_find_on_versedb')}
            </button>
          </>
        ) : titled ? (
          <>
            <p class="muted">{t('popup_title_only')}</p>
            {choices.value.length > 0 ? (
              <div class="choices" role="group" aria-label={t('ui_which_series')}>
                <p>{t('popup_pick_series')}</p>
                {choices.value.map((choice) => (
                  <button key={choice.seriesId} type="button" class="choice" disabled={finding.value} onClick={() => void findByTitle(titled, choice.seriesId)}>
                    <Cover url={choice.coverUrl} />
                    {choiceName(choice)}
                  </button>
                ))}
              </div>
            ) : (
              <button type="button" disabled={finding.value} onClick={() => void findByTitle(titled)}>
                {finding.value ? t('popup_finding') : t('popup_find_on_versedb')}
              </button>
            )}
          </>
        ) : (
          <p class="muted">{t('popup_cannot_change')}</p>
        )}
        {problem.value && <ProblemNotice problem={problem.value} now={model.now.value} onSignIn={model.openSignIn} />}
        {missing.value && titled && model.state.value?.session.address && (
          <a href={`${model.state.value.session.address}/search?q=${encodeURIComponent(titled.label)}`} target="_blank" rel="noreferrer">
            {t('action_search_versedb', titled.label)}
          </a>
        )}
      </div>
    );
  }

  const library = status.value;
  const wishlisted = library?.wishlisted ?? comic.state === 'wishlist';
  const pulled = library?.onPullList ?? comic.onPullList;
  const readOnly = model.readOnly.value;

  return (
    <div id={id} class="actions" role="group" aria-label={t('popup_actions_label', comic.label)}>
      {library && (
        <div class="library-line">
          {library.copies.length === 0 ? (
            <p class="muted">{t('popup_no_copy')}</p>
          ) : (
            <>
              <p>{plural('popup_copies_in_collection', library.copies.length)}</p>
              <ul class="copies">
                {library.copies.map((copy) => {
                  const grade = [copy.condition, copy.gradeScore].filter(Boolean).join(' ') || t('popup_no_grade');
                  const added = copy.addedAt ? formatAgo(Date.parse(copy.addedAt), model.now.value) : '';
                  return (
                    <li key={copy.copyId}>
                      <span>
                        {grade}
                        {added && <span class="muted"> · {t('popup_copy_added_ago', added)}</span>}
                      </span>
                      {!readOnly && (
                        <button
                          type="button"
                          class="small"
                          disabled={busy.value}
                          aria-label={added ? t('popup_remove_copy_added', grade, added) : t('popup_remove_copy', grade)}
                          onClick={() => void run({ action: 'copy-remove', issueId, copyId: copy.copyId }, t('popup_copy_removed'))}
                        >
                          {t('popup_remove')}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      )}
      {readOnly ? (
        <p class="muted">{t('popup_read_only')}</p>
      ) : (
        <>
          <div class="buttons">
            <button type="button" ref={addButton} aria-expanded={adding.value} onClick={() => (adding.value = !adding.value)}>
              {t('popup_add_copy')}
            </button>
            <button
              type="button"
              disabled={busy.value}
              onClick={() =>
                void run(
                  wishlisted ? { action: 'wishlist-remove', issueId } : { action: 'wishlist-add', issueId },
                  wishlisted ? t('action_wishlist_removed') : t('action_wishlist_added'),
                )
              }
            >
              {wishlisted ? t('action_wishlist_remove') : t('action_wishlist_add')}
            </button>
            {seriesId !== null && (
              <button
                type="button"
                disabled={busy.value}
                onClick={() =>
                  void run(
                    pulled ? { action: 'pull-list-remove', seriesId } : { action: 'pull-list-add', seriesId, seriesName: (comic.seriesName ?? comic.label).slice(0, 300) },
                    pullSaid(pulled, comic.seriesName),
                  )
                }
              >
                {pulled ? t('action_pull_list_remove') : t('action_pull_list_add')}
              </button>
            )}
          </div>
          {adding.value && (
            <AddCopyForm
              comic={comic}
              issueId={issueId}
              onCancel={closeForm}
              onDone={(result) => {
                closeForm();
                outcome(result, t('popup_copy_added'));
                void loadStatus();
                onChanged?.();
              }}
            />
          )}
        </>
      )}
      <p class="said" role="status">
        {said.value}
      </p>
      {problem.value && <ProblemNotice problem={problem.value} now={model.now.value} onSignIn={model.openSignIn} />}
    </div>
  );
}

/** What a pull-list change says once done: `pulled` is whether the series was on the list before. */
function pullSaid(pulled: boolean, seriesName: string | null): string {
  if (pulled) return seriesName ? t('popup_pull_removed', seriesName) : t('popup_pull_removed_series');
  return seriesName ? t('popup_pull_added', seriesName) : t('popup_pull_added_series');
}
