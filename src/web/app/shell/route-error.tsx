import { useTranslation } from 'react-i18next';
import { StateView } from '#web/components/ui/states';
import { useRemoveBootShell } from './boot-shell';

/**
 * When a screen itself fails (its code could not load, or it threw): the error state, and a reload,
 * which also fetches a newer build if one replaced the chunk.
 */
export function RouteError() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  useRemoveBootShell();
  if (!ready) return null;
  return (
    <StateView
      kind="error"
      action={
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </button>
      }
    />
  );
}
