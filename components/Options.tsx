import { useEffect } from 'preact/hooks';
import { useModel } from './context';
import { AccountSection } from './options/AccountSection';
import { FocRemindersSection } from './options/FocRemindersSection';
import { LibrarySection } from './options/LibrarySection';
import { PrivacySection } from './options/PrivacySection';
import { QuickAddSection } from './options/QuickAddSection';
import { StoresSection } from './options/StoresSection';
import { t } from '@/lib/i18n';

export function Options() {
  const model = useModel();
  useEffect(() => {
    const stop = model.start();
    void model.loadPreferences();
    return stop;
  }, []);
  return (
    <main class="options">
      <h1>{t('options_title')}</h1>
      <AccountSection />
      <StoresSection />
      <QuickAddSection />
      <FocRemindersSection />
      <LibrarySection />
      <PrivacySection />
    </main>
  );
}
