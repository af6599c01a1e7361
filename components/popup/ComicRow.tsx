import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import { Cover } from '../shared/Cover';
import { ComicActions } from './ComicActions';
import { stateLabel, type ComicView } from '@/lib/ui/comics';
import { t } from '@/lib/i18n';

/** One comic: cover, title and number, status; its title opens its actions. */
interface ComicRowProps {
  comic: ComicView;
  showPullMark?: boolean;
  startOpen?: boolean;
  /** Called once an action went through: a view that shows the comic's state reads it again. */
  onChanged?: () => void;
}

export function ComicRow({ comic, showPullMark = true, startOpen = false, onChanged }: ComicRowProps) {
  const open = useSignal(startOpen);
  const id = useId();
  return (
    <li class="comic" data-issue-id={comic.issueId ?? undefined}>
      <Cover url={comic.coverUrl} />
      <div class="comic-main">
        <button
          type="button"
          class="comic-title"
          aria-expanded={open.value}
          aria-controls={open.value ? `${id}-actions` : undefined}
          onClick={() => (open.value = !open.value)}
        >
          {comic.label}
        </button>
        {comic.detail && <p class="comic-detail">{comic.detail}</p>}
        {(comic.state || (showPullMark && comic.onPullList)) && (
          <p class="tags">
            {comic.state && <span class={`pill pill-${comic.state}`}>{stateLabel(comic.state, comic.copies)}</span>}
            {showPullMark && comic.onPullList && comic.state !== 'pull-list' && <span class="pill pill-pull-list">{t('state_pull_list')}</span>}
          </p>
        )}
        {open.value && <ComicActions comic={comic} id={`${id}-actions`} onChanged={onChanged} />}
      </div>
    </li>
  );
}
