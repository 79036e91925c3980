import { useTranslation } from 'react-i18next';
import { emailProblem } from '#shared/schemas/account.rules';
import { CodeField, useCodeSender } from './code-field';
import { Field, Notice } from './form';

/**
 * The email and its mailed code — what sign-up and reset share (docs/product.md §4, §5): Send checks the
 * address first; once a code is on its way the address is locked and the button counts down.
 */
export function useEmailCode(send: (email: string) => Promise<unknown>) {
  const sender = useCodeSender(send);
  /** Sends a code to `email` when it is a valid address; answers the problem otherwise. */
  const sendTo = (email: string): string | undefined => {
    const found = emailProblem(email);
    if (!found) sender.mutation.mutate(email.trim());
    return found;
  };
  return { sender, sendTo };
}

interface EmailCodeFieldsProps {
  sender: ReturnType<typeof useCodeSender>;
  email: string;
  code: string;
  onEmail: (value: string) => void;
  onCode: (value: string) => void;
  onSend: () => void;
  emailError?: string;
  codeError?: string;
}

export function EmailCodeFields(props: EmailCodeFieldsProps) {
  const { t } = useTranslation('account');
  const { sender } = props;
  return (
    <>
      <Field
        label={t('field.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={props.email}
        readOnly={sender.locked}
        hint={sender.locked ? t('field.emailLocked') : undefined}
        onChange={(event) => props.onEmail(event.target.value)}
        error={props.emailError}
      />
      <CodeField
        value={props.code}
        onChange={props.onCode}
        error={props.codeError}
        seconds={sender.seconds}
        sending={sender.mutation.isPending}
        onSend={props.onSend}
      />
    </>
  );
}

/** 'A code was sent to …', shown above the form once it is. */
export function CodeSentNotice({ sender }: { sender: ReturnType<typeof useCodeSender> }) {
  const { t } = useTranslation('account');
  return sender.sentTo ? <Notice>{t('code.sent', { email: sender.sentTo })}</Notice> : null;
}
