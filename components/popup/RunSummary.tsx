import { useSignal } from '@preact/signals';
import { useModel } from '../context';
import { formatAt } from '@/lib/ui/format';
import { explainError, plural } from '@/lib/ui/problems';
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
    const parts = [queued === 0 ? 'Already on their way to your wishlist.' : `${plural(going, 'issue')} ${going === 1 ? 'goes' : 'go'} to your wishlist now.`];
    if (laterAt !== null && queued > going) parts.push(`The other ${queued - going} ${formatAt(laterAt, model.now.value)}, as VerseDB’s hourly limit on changes allows.`);
    if (unresolved.length > 0) parts.push(`VerseDB has no ${run.seriesName} ${unresolved.map((n) => `#${n}`).join(', ')}: nothing added for ${unresolved.length === 1 ? 'it' : 'them'}.`);
    said.value = parts.join(' ');
  }

  return (
    <section class="run" data-testid="run-summary" aria-label={`${run.seriesName} on this page`}>
      <h2 class="group-heading">{run.seriesName}</h2>
      <p data-testid="run-counts">
        You own {run.owned} of the {run.total} issues on this page{run.wishlist > 0 ? `, ${run.wishlist} on your wishlist` : ''}
        {missing > 0 ? `; missing ${run.missingRanges}.` : '; none missing.'}
      </p>
      {run.missingKeys.length > 0 && (
        <p class="run-keys" data-testid="run-keys">
          Key {run.missingKeys.length === 1 ? 'issue' : 'issues'} among them: {run.missingKeys.map((n) => `#${n}`).join(', ')}.
        </p>
      )}
      {canWishlist && (
        <>
          <button type="button" disabled={sending.value || said.value !== null} onClick={() => void wishlist()}>
            {sending.value ? 'Adding…' : `Wishlist the ${missing} missing`}
          </button>
          {writes && missing > writes.remaining && said.value === null && (
            <p class="muted" data-testid="run-cap">
              VerseDB takes {writes.remaining} more {writes.remaining === 1 ? 'change' : 'changes'} this hour: the rest go {formatAt(writes.resetsAt, now)}.
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
