import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../lib/api-client';

/** The answer to a page or action this staff member's role may not use (an API 403, or can() says no). */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <div className="admin-state is-forbidden" role="alert">
      <h1>{t('error.forbidden')}</h1>
      <p>{t('error.forbiddenHint')}</p>
    </div>
  );
}

/** A failed load: no access, or what went wrong and a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.kind === 'forbidden') return <Forbidden />;
  return (
    <div className="admin-state" role="alert">
      <p>{messageOf(error, t)}</p>
      <button type="button" className="button button-secondary" onClick={retry}>
        {t('state.retry')}
      </button>
    </div>
  );
}

/** A form's or an action's latest failure, announced. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {messageOf(error, t)}
    </p>
  );
}
