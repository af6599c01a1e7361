import { t } from '@/lib/i18n';

/** What leaves the browser, in plain words. */
export function PrivacySection() {
  return (
    <section class="card-section" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">{t('options_privacy_heading')}</h2>
      <p>
        <strong>{t('options_privacy_lead')}</strong> {t('options_privacy_one_place')}
      </p>
      <ul class="plain-list">
        <li>{t('options_privacy_codes')}</li>
        <li data-testid="privacy-titles">{t('options_privacy_titles')}</li>
        <li>{t('options_privacy_changes')}</li>
        <li>{t('options_privacy_token')}</li>
        <li>{t('options_privacy_never_sent')}</li>
      </ul>
    </section>
  );
}
