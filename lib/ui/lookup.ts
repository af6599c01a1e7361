import { signal, type ReadonlySignal } from '@preact/signals';
import { t } from '../i18n';
import type { PageItem } from '../items';
import type { Ask } from './messages';
import { explainError, type Problem } from './problems';

// The lookup panel ("Look up in VerseDB" on selected text): asks the background once which comic the
// text names and keeps its answer for the panel to draw as a popup row, with the row's actions.

export interface LookupModel {
  /** The text the member selected, as the panel's address carries it. */
  text: string;
  item: ReadonlySignal<PageItem | null>;
  /** Why Longbox cannot tell more than the row shows ("Not on VerseDB: …"). */
  note: ReadonlySignal<string | null>;
  problem: ReadonlySignal<Problem | null>;
  loading: ReadonlySignal<boolean>;
  load(): Promise<void>;
}

export function createLookupModel(deps: { ask: Ask; text: string; address: () => string | null; now?: () => number }): LookupModel {
  const item = signal<PageItem | null>(null);
  const note = signal<string | null>(null);
  const problem = signal<Problem | null>(null);
  const loading = signal(false);
  return {
    text: deps.text,
    item,
    note,
    problem,
    loading,
    async load() {
      if (deps.text.trim() === '') {
        problem.value = explainError({ kind: 'malformed', message: t('lookup_nothing_selected') }, (deps.now ?? Date.now)(), null);
        return;
      }
      loading.value = true;
      try {
        const answer = await deps.ask({ type: 'look-up-text', text: deps.text });
        if (answer.ok) {
          item.value = answer.value.item;
          note.value = answer.value.note;
          problem.value = null;
        } else {
          problem.value = explainError(answer.error, (deps.now ?? Date.now)(), deps.address());
        }
      } finally {
        loading.value = false;
      }
    },
  };
}
