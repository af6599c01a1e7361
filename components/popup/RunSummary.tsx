import { useSignal } from '@preact/signals';
import { useModel } from '../context';
import { formatAt } from '@/lib/ui/format';
import { explainError } from '@/lib/ui/problems';
import { plural, t } from '@/lib/i18n';
import type { RunView } from '@/lib/ui/run-summary';

/** One run of back issues on the page: what the member has of it, the gaps, the keys among them, and one
 *  action to wishlist the missing (one write each, as the hour's writes allow). */
export function RunSummary({ run }: { run: RunView }) {
  const model = useModel();
  const sending = useSignal(false);
  const said = useSignal<string | null>(null);
  const problem = useSignal<string | null>(null);
  const writes = model.state.value?.quota.writes ?? null;
  const now = model.now.value;
  const missing = run.missing.length;
  // Title-only comics are found by number in their series, so the action needs the series the page names.
  const canWishlist = missing > 0 && run.seriesId !== null && !model.readOnly.value;

  async function wishlist() {
    if (run.seriesId === null || sending.value) return;
    sending.value = true;
    problem.value = null;
    const reply = await model.wishlistMissing(run.seriesId, run.missing);
    sending.value = false;
    if (!reply.ok) {
      problem.value = explainError(reply.error, model.now.value, model.state.value?.session.address ?? null).text;
      return;
    }
    const { queued, now: going, laterAt, unresolved } = reply.value;
    // Sentences of their own, one after another.
    const parts = [queued === 0 ? t('popup_run_already_going') : plural('popup_run_going', going)];
    if (laterAt !== null && queued > going) parts.push(plural('popup_run_going_later', queued - going, formatAt(laterAt, model.now.value)));
    if (unresolved.length > 0) parts.push(plural('popup_run_unresolved', unresolved.length, run.seriesName, unresolved.map((n) => `#${n}`).join(', ')));
    said.value = parts.join(' ');
  }

  return (
    <section class="run" data-testid="run-summary" aria-label={t('popup_run_label', run.seriesName)}>
      <h2 class="group-heading">{run.seriesName}</h2>
      <p data-testid="run-counts">
        {runCounts(run)}
      </p>
      {run.missingKeys.length > 0 && (
        <p class="run-keys" data-testid="run-keys">
          {plural('popup_run_keys', run.missingKeys.length, run.missingKeys.map((n) => `#${n}`).join(', '))}
        </p>
      )}
      {canWishlist && (
        <>
          <button type="button" disabled={sending.value || said.value !== null} onClick={() => void wishlist()}>
            {sending.value ? t('ui_adding') : plural('popup_run_wishlist_missing', missing)}
          </button>
          {writes && missing > writes.remaining && said.value === null && (
            <p class="muted" data-testid="run-cap">
              {plural('popup_run_cap', writes.remaining, formatAt(writes.resetsAt, now))}
            </p>
          )}
        </>
      )}
      {said.value && (
        <p class="note" role="status" data-testid="run-result">
          {said.value}
        </p>
      )}
      {problem.value && (
        <p class="field-error" role="alert">
          {problem.value}
        </p>
      )}
    </section>
  );
}

/** What the member has of the run: owned of all on the page, wishlisted, and the missing numbers. */
function runCounts(run: RunView): string {
  const missing = run.missing.length > 0;
  if (run.wishlist > 0) {
    return missing
      ? t('popup_run_counts_wishlist_missing', run.owned, run.total, run.wishlist, run.missingRanges)
      : t('popup_run_counts_wishlist_none_missing', run.owned, run.total, run.wishlist);
  }
  return missing ? t('popup_run_counts_missing', run.owned, run.total, run.missingRanges) : t('popup_run_counts_none_missing', run.owned, run.total);
}
