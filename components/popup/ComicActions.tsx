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
import { explainError, plural, type Problem } from '@/lib/ui/problems';
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
    said.value = result.kind === 'done' ? done : `Saved here; it goes to VerseDB when VerseDB answers again (${result.reason}).`;
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
            <p class="muted">Longbox knew this comic from its series’ barcode, without asking VerseDB. To change it, Longbox first finds its VerseDB issue (one read at most).</p>
            <button type="button" disabled={finding.value} onClick={() => void findIssue(code)}>
              {finding.value ? 'Finding it…' : 'Find it on VerseDB'}
            </button>
          </>
        ) : titled ? (
          <>
            <p class="muted">This page shows only the comic’s title. To change it, Longbox first finds it in VerseDB’s catalog (two reads at most the first time for its series).</p>
            {choices.value.length > 0 ? (
              <div class="choices" role="group" aria-label="Which series?">
                <p>VerseDB has several series by this name, and the page does not say which. Pick one:</p>
                {choices.value.map((choice) => (
                  <button key={choice.seriesId} type="button" class="choice" disabled={finding.value} onClick={() => void findByTitle(titled, choice.seriesId)}>
                    <Cover url={choice.coverUrl} />
                    {choiceName(choice)}
                  </button>
                ))}
              </div>
            ) : (
              <button type="button" disabled={finding.value} onClick={() => void findByTitle(titled)}>
                {finding.value ? 'Finding it…' : 'Find it on VerseDB'}
              </button>
            )}
          </>
        ) : (
          <p class="muted">VerseDB could not tell which comic this is, so Longbox cannot change it from here.</p>
        )}
        {problem.value && <ProblemNotice problem={problem.value} now={model.now.value} onSignIn={model.openSignIn} />}
        {missing.value && titled && model.state.value?.session.address && (
          <a href={`${model.state.value.session.address}/search?q=${encodeURIComponent(titled.label)}`} target="_blank" rel="noreferrer">
            Search VerseDB for “{titled.label}”
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
    <div id={id} class="actions" role="group" aria-label={`${comic.label}: your library`}>
      {library && (
        <div class="library-line">
          {library.copies.length === 0 ? (
            <p class="muted">No copy in your collection.</p>
          ) : (
            <>
              <p>{plural(library.copies.length, 'copy', 'copies')} in your collection:</p>
              <ul class="copies">
                {library.copies.map((copy) => {
                  const grade = [copy.condition, copy.gradeScore].filter(Boolean).join(' ') || 'no grade';
                  const added = copy.addedAt ? formatAgo(Date.parse(copy.addedAt), model.now.value) : '';
                  return (
                    <li key={copy.copyId}>
                      <span>
                        {grade}
                        {added && <span class="muted"> · added {added}</span>}
                      </span>
                      {!readOnly && (
                        <button
                          type="button"
                          class="small"
                          disabled={busy.value}
                          aria-label={`Remove the ${grade} copy${added ? ` added ${added}` : ''}`}
                          onClick={() => void run({ action: 'copy-remove', issueId, copyId: copy.copyId }, 'Removed the copy.')}
                        >
                          Remove
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
        <p class="muted">Your Connect sign-in is read-only: save a personal token in the options to add copies, wishlist or pull.</p>
      ) : (
        <>
          <div class="buttons">
            <button type="button" ref={addButton} aria-expanded={adding.value} onClick={() => (adding.value = !adding.value)}>
              Add a copy…
            </button>
            <button
              type="button"
              disabled={busy.value}
              onClick={() =>
                void run(
                  wishlisted ? { action: 'wishlist-remove', issueId } : { action: 'wishlist-add', issueId },
                  wishlisted ? 'Removed from your wishlist.' : 'Added to your wishlist.',
                )
              }
            >
              {wishlisted ? 'Remove from wishlist' : 'Add to wishlist'}
            </button>
            {seriesId !== null && (
              <button
                type="button"
                disabled={busy.value}
                onClick={() =>
                  void run(
                    pulled ? { action: 'pull-list-remove', seriesId } : { action: 'pull-list-add', seriesId, seriesName: (comic.seriesName ?? comic.label).slice(0, 300) },
                    pulled ? `${comic.seriesName ?? 'The series'} is off your pull list.` : `${comic.seriesName ?? 'The series'} is on your pull list.`,
                  )
                }
              >
                {pulled ? 'Remove series from pull list' : 'Pull this series'}
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
                outcome(result, 'Added a copy to your collection.');
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
