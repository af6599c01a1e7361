import { useModel } from '../context';
import { CONDITIONS } from '@/lib/versedb/schemas';
import type { Preferences } from '@/lib/settings';
import { t, type MessageId } from '@/lib/i18n';

const PLACEMENTS = [
  { value: 'after', message: 'options_placement_after' },
  { value: 'before', message: 'options_placement_before' },
] as const satisfies readonly { value: Preferences['badgePlacement']; message: MessageId }[];

/** The default condition for quick adds, and where badges sit on store pages. */
export function QuickAddSection() {
  const model = useModel();
  const preferences = model.preferences.value;
  return (
    <section class="card-section" aria-labelledby="quick-heading">
      <h2 id="quick-heading">{t('options_quick_heading')}</h2>
      <div class="field">
        <label for="default-condition">{t('options_default_condition')}</label>
        <select
          id="default-condition"
          value={preferences?.defaultCondition ?? 'NM'}
          disabled={!preferences}
          aria-describedby="condition-hint"
          onChange={(e) => void model.savePreferences({ defaultCondition: e.currentTarget.value })}
        >
          {CONDITIONS.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </select>
        <p id="condition-hint" class="hint">
          {t('options_default_condition_hint')}
        </p>
      </div>
      <fieldset>
        <legend>{t('options_placement_legend')}</legend>
        {PLACEMENTS.map((placement) => (
          <label key={placement.value} class="radio">
            <input
              type="radio"
              name="badge-placement"
              value={placement.value}
              checked={(preferences?.badgePlacement ?? 'after') === placement.value}
              disabled={!preferences}
              onChange={() => void model.savePreferences({ badgePlacement: placement.value })}
            />{' '}
            {t(placement.message)}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
