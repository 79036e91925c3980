import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANGUAGES } from '#shared/constants';
import { signOut as quit } from '#web/api/account';
import { ChevronRightIcon } from '#web/components/ui/icons';
import { Modal } from '#web/components/ui/modal';
import { TitlePage } from '#web/components/ui/title-page';
import { useUser } from '#web/lib/auth';
import { loadNamespaces, switchLanguage, useLanguage } from '#web/lib/i18n';
import { saveUser } from '#web/lib/storage';
import '../profile.css';

export { AccountSettingsPage } from './account-settings-page';
export { ProfileSettingsPage } from './profile-settings-page';

// The settings forms show the account namespace's field messages: fetch them with this chunk.
void loadNamespaces('account');

/** Settings (docs/product.md §2): language, profile, account, help and about (modals), and sign out. */
export function SettingsPage() {
  const { t } = useTranslation('profile');
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<'help' | 'about' | null>(null);
  const signOut = async () => {
    // docs/product.md §4: tell the server, then forget the user whatever it answered.
    await quit().catch(() => undefined);
    saveUser(null);
    queryClient.clear();
    navigate('/');
  };
  return (
    <TitlePage title={t('menu.settings')} backTo="/profile">
      <ul className="menu-list">
        {(['languages', 'profile', 'account'] as const).map((key) => (
          <li key={key}>
            <Link to={`/profile/settings/${key}`} className="menu-row">
              <span>{t(key === 'languages' ? 'settings.language' : `settings.${key}`)}</span>
              <ChevronRightIcon />
            </Link>
          </li>
        ))}
        {(['help', 'about'] as const).map((key) => (
          <li key={key}>
            <button type="button" className="menu-row" onClick={() => setPanel(key)}>
              <span>{t(`settings.${key}`)}</span>
              <ChevronRightIcon />
            </button>
          </li>
        ))}
      </ul>
      {user && (
        <button type="button" className="button button-secondary sign-out" onClick={signOut}>
          {t('settings.signOut')}
        </button>
      )}
      <Modal open={panel !== null} onClose={() => setPanel(null)} title={panel ? t(`settings.${panel}`) : ''}>
        {panel && <p className="modal-text">{t(`settings.${panel}Text`)}</p>}
      </Modal>
    </TitlePage>
  );
}

/** The settings page's language choice; choosing reloads the page in that language. */
export function LanguagesPage() {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  return (
    <TitlePage title={t('settings.language')} backTo="/profile/settings">
      <fieldset className="language-choice">
        <legend className="visually-hidden">{t('settings.language')}</legend>
        {LANGUAGES.map((lng) => (
          <label key={lng} className="menu-row" lang={lng}>
            <span>{t(`settings.languageName.${lng}`)}</span>
            <input
              type="radio"
              name="language"
              checked={language === lng}
              onChange={() => switchLanguage(lng)}
            />
          </label>
        ))}
      </fieldset>
    </TitlePage>
  );
}
