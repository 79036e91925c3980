import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/states';

/**
 * A modal form (the browser's <dialog>: focus kept inside, Escape closes) for one action: its
 * title, fields, the server's refusal and Cancel / the action's button.
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <dialog ref={ref} className="orders-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form className="orders-dialog-form" onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        {children}
        <FormError error={error} />
        <div className="admin-actions">
          <button type="button" className="button button-secondary" onClick={() => ref.current?.close()}>
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
    </dialog>
  );
}
