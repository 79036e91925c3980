import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeProblem } from '#shared/schemas/account.rules';
import { CodeField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/states';

/**
 * A panel that asks for a current authenticator code before a change to two-factor: the code's
 * problem shows under it once submitted, the server's refusal (`error`) above the button, and only
 * a well-formed code reaches `onCode` (with `clear`, to empty the field after a success).
 */
export function CurrentCodeForm({
  title,
  hint,
  submitLabel,
  pending,
  error,
  onCode,
}: {
  title: string;
  hint?: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onCode: (code: string, clear: () => void) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = codeProblem(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!problem) onCode(code.trim(), () => setCode(''));
  };
  return (
    <form className="admin-panel" onSubmit={submit} noValidate>
      <h2>{title}</h2>
      {hint ? <p className="admin-hint">{hint}</p> : null}
      <CodeField
        value={code}
        problem={checked && problem ? t(`problems.${problem}`) : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormError error={error} />
      <button type="submit" className="button button-secondary form-submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
