import { type ComponentProps, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled input with its problem under it (aria-describedby, aria-invalid), as the storefront's forms. */
export function Field({
  label,
  problem,
  ...input
}: { label: string; problem?: string | undefined } & ComponentProps<'input'>) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        {...input}
      />
      {problem ? (
        <p id={problemId} className="field-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled select, as `Field` is a labelled input; `hint` (a note under it) is optional. */
export function SelectField({
  label,
  hint,
  children,
  ...select
}: { label: string; hint?: ReactNode } & ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" {...select}>
        {children}
      </select>
      {hint}
    </div>
  );
}

/** The authenticator app's 6-digit code: a numeric keypad and the browser's one-time-code fill. */
export function CodeField(
  props: { problem?: string | undefined } & Omit<ComponentProps<'input'>, 'inputMode'>,
) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}
