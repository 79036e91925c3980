import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '#shared/constants';
import { Field, useCountdown } from './form';

/** Sending a code: after a send the button waits CODE_RESEND_SECONDS and the email stays locked (docs/product.md §4). */
export function useCodeSender(send: (email: string) => Promise<unknown>) {
  const [until, setUntil] = useState(0);
  const [sentTo, setSentTo] = useState('');
  const seconds = useCountdown(until);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (_data, email) => {
      setSentTo(email);
      setUntil(Date.now() + CODE_RESEND_SECONDS * 1000);
    },
  });
  return { seconds, locked: seconds > 0, sentTo, mutation };
}

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  seconds: number;
  sending: boolean;
  onSend: () => void;
}

/** The verification code with its Send button, which counts down after a send. */
export function CodeField({ value, onChange, error, seconds, sending, onSend }: CodeFieldProps) {
  const { t } = useTranslation('account');
  const waiting = seconds > 0;
  return (
    <Field
      label={t('field.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      addon={
        <button
          type="button"
          className="button button-secondary code-send"
          disabled={waiting || sending}
          onClick={onSend}
          aria-label={waiting ? t('code.waitLabel', { seconds }) : undefined}
        >
          {waiting ? t('code.wait', { seconds }) : t('code.send')}
        </button>
      }
    />
  );
}
