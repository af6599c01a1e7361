import type { Problem } from '@/lib/ui/problems';
import { formatAt } from '@/lib/ui/format';
import { plural, t } from '@/lib/i18n';
import { withElements } from './with-elements';

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
          {withElements(
            (link) => t('ui_add_scope_then_save', link),
            <a href={way.tokensUrl} target="_blank" rel="noreferrer">
              {plural('ui_add_scope_link', way.scopes.length)}
            </a>,
          )}
        </p>
      )}
      {way.kind === 'wait' && <p class="muted">{way.until > now ? t('ui_carries_on_at', formatAt(way.until, now)) : t('ui_carries_on_now')}</p>}
      {way.kind === 'upgrade' && way.url && (
        <a href={way.url} target="_blank" rel="noreferrer">
          {t('ui_about_pro')}
        </a>
      )}
    </div>
  );
}
