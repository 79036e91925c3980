import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Recovery codes as they are shown, once: a list to copy onto paper, a button that copies them
 * and a plain text file to download.
 */
export function RecoveryCodeList({ codes, email }: { codes: readonly string[]; email: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = [t('twoFactor.codesFileTitle', { email }), '', ...codes, ''].join('\n');
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <section className="admin-panel" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{t('twoFactor.codesTitle')}</h2>
      <p>{t('twoFactor.codesIntro')}</p>
      <ul className="admin-recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="admin-actions">
        <button type="button" className="button button-secondary" onClick={copy}>
          {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
        </button>
        <a
          className="button button-secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          {t('twoFactor.downloadCodes')}
        </a>
      </div>
    </section>
  );
}
