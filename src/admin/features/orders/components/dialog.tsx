import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '#web/components/ui/modal';
import { FormError } from '../../../components/ui/states';

/**
 * A modal form for one action on the storefront's dialog (focus kept inside, Escape closes, focus
 * back to the button that opened it): its title, fields, the server's refusal and Back / the
 * action's button.
 */
export function ActionDialog({
  title,
  submitLabel,
  danger = false,
  pending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (form: FormData) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <Modal open onClose={onClose} title={title}>
      <form className="orders-dialog-form" onSubmit={submit} noValidate>
        {children}
        <FormError error={error} />
        <div className="admin-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('orders.actions.back')}
          </button>
          <button
            type="submit"
            className={`button ${danger ? 'button-danger' : 'button-primary'}`}
            disabled={pending}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
