import { useModel } from '../context';
import { t } from '@/lib/i18n';

/** The start for a member not signed in: what Longbox does, and the way to the options page. */
export function SignedOut() {
  const model = useModel();
  return (
    <section class="start" aria-labelledby="start-heading">
      <h2 id="start-heading">{t('popup_signed_out_heading')}</h2>
      <p>{t('popup_signed_out_intro')}</p>
      <ol>
        <li>{t('popup_signed_out_step_options')}</li>
        <li>{t('popup_signed_out_step_token')}</li>
      </ol>
      <button type="button" class="primary" onClick={model.openSignIn}>
        {t('popup_signed_out_button')}
      </button>
    </section>
  );
}
