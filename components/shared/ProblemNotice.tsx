import type { Problem } from '@/lib/ui/problems';
import { formatAt } from '@/lib/ui/format';

/** One problem in plain words, and its way out. `onSignIn` is what "sign in again" does on this page. */
export function ProblemNotice({ problem, now, onSignIn }: { problem: Problem; now: number; onSignIn: () => void }) {
  const { way } = problem;
  return (
    <div class={`notice notice-${problem.tone}`} role={problem.tone === 'error' ? 'alert' : undefined} data-problem={problem.key}>
      <p>{problem.text}</p>
      {way.kind === 'sign-in' && (
        <button type="button" class="link-button" onClick={onSignIn}>
          {way.label}
        </button>
      )}
      {way.kind === 'add-scope' && (
        <p>
          <a href={way.tokensUrl} target="_blank" rel="noreferrer">
            Add {way.scopes.length === 1 ? 'it' : 'them'} on VerseDB
          </a>
          , then save the token again in the options.
        </p>
      )}
      {way.kind === 'wait' && <p class="muted">Nothing to do: Longbox carries on by itself {way.until > now ? `${formatAt(way.until, now)}` : 'now'}.</p>}
      {way.kind === 'upgrade' && way.url && (
        <a href={way.url} target="_blank" rel="noreferrer">
          About VerseDB PRO
        </a>
      )}
    </div>
  );
}
