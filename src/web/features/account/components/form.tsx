import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '#web/lib/api-client';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's problem, already translated; shown under it and announced. */
  error?: string;
  hint?: string;
  /** A control beside the input (e.g. the code's Send button). */
  addon?: ReactNode;
}

/** A labelled input with its hint and its message, tied together for assistive technology. */
export function Field({ label, error, hint, addon, id, ...input }: FieldProps) {
  const own = useId();
  const inputId = id ?? own;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field-row">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A failed call's message in a red banner (docs/product.md §8), as `messageOf` words it. */
export function ServerBanner({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  return (
    <p className="form-banner" role="alert">
      {messageOf(error, t)}
    </p>
  );
}

/** A green note (e.g. "code sent", "password changed"). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="form-notice" role="status">
      {children}
    </p>
  );
}

/** Seconds left until `until` (a Date.now() value), ticking once a second; 0 when over. */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `until`, the only input
  useEffect(() => {
    setSeconds(left());
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}
