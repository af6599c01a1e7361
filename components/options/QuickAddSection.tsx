import { useModel } from '../context';
import { CONDITIONS } from '@/lib/versedb/schemas';
import type { Preferences } from '@/lib/settings';

const PLACEMENTS: { value: Preferences['badgePlacement']; label: string }[] = [
  { value: 'after', label: 'After the comic’s title' },
  { value: 'before', label: 'Before the comic’s title' },
];

/** The default condition for quick adds, and where badges sit on store pages. */
export function QuickAddSection() {
  const model = useModel();
  const preferences = model.preferences.value;
  return (
    <section class="card-section" aria-labelledby="quick-heading">
      <h2 id="quick-heading">Quick adds and badges</h2>
      <div class="field">
        <label for="default-condition">Default condition for new copies</label>
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
          Used when you add a copy from a badge, and chosen first in the popup’s add form.
        </p>
      </div>
      <fieldset>
        <legend>Badge placement</legend>
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
            {placement.label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
