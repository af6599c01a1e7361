import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useModel, useOptionsEnv } from '../context';
import { t, uiLocale } from '@/lib/i18n';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => new Date(2000, 0, 1, hour).toLocaleTimeString(uiLocale(), { hour: 'numeric', minute: '2-digit' });

/** FOC reminders: off until turned on, which asks the browser for the notifications permission. */
export function FocRemindersSection() {
  const model = useModel();
  const env = useOptionsEnv();
  const granted = useSignal<boolean | null>(null);
  const said = useSignal<string | null>(null);
  useEffect(() => {
    void env.hasNotifications().then((has) => (granted.value = has), () => (granted.value = false));
  }, []);

  const preferences = model.preferences.value;
  const on = (preferences?.focReminders ?? false) && granted.value === true;

  async function setOn(box: HTMLInputElement) {
    const wanted = box.checked;
    // The box shows what is in force until the browser has answered.
    box.checked = !wanted;
    said.value = null;
    if (wanted) {
      said.value = t('options_permission_waiting');
      // Asked first, while the click still counts as the member's gesture.
      const allowed = await env.requestNotifications().catch(() => false);
      granted.value = allowed;
      if (!allowed) {
        said.value = t('options_foc_denied');
        return;
      }
    }
    await model.savePreferences({ focReminders: wanted });
    said.value = wanted ? t('options_foc_on', hourLabel(model.preferences.value?.focReminderHour ?? 9)) : t('options_foc_off');
    box.checked = wanted;
  }

  return (
    <section class="card-section" aria-labelledby="foc-heading">
      <h2 id="foc-heading">{t('options_foc_heading')}</h2>
      <div class="field">
        <label>
          <input type="checkbox" checked={on} disabled={!preferences || granted.value === null} aria-describedby="foc-hint" onChange={(e) => void setOn(e.currentTarget)} />{' '}
          {t('options_foc_toggle')}
        </label>
        <p id="foc-hint" class="hint">
          {t('options_foc_hint')}
        </p>
      </div>
      <div class="field">
        <label for="foc-hour">{t('options_foc_hour')}</label>
        <select
          id="foc-hour"
          value={String(preferences?.focReminderHour ?? 9)}
          disabled={!preferences}
          onChange={(e) => void model.savePreferences({ focReminderHour: Number(e.currentTarget.value) })}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={String(hour)}>
              {hourLabel(hour)}
            </option>
          ))}
        </select>
      </div>
      <p role="status" class="said" data-testid="foc-said">
        {said.value}
      </p>
    </section>
  );
}
