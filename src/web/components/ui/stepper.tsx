import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MinusIcon, PlusIcon } from './icons';
import './stepper.css';

interface StepperProps {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** Names the number field for screen readers. */
  label: string;
  /** Why `max` is the limit (e.g. "Only 3 left"), said when a typed quantity was cut to it. */
  limitMessage?: string;
  className?: string;
}

/** Digits only, clamped to [min, max]; anything that is not a number becomes the minimum (docs/product.md §5). */
export function clampQuantity(text: string, min: number, max: number): number {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return min;
  return Math.max(min, Math.min(max, Number(digits)));
}

/** A quantity with − and + buttons: − is disabled at the minimum and + at the maximum. */
export function Stepper({ value, min, max, onChange, label, limitMessage, className }: StepperProps) {
  const { t } = useTranslation('common');
  const [cut, setCut] = useState(false);
  const change = (next: number, typed = false) => {
    setCut(typed);
    onChange(next);
  };
  return (
    <>
      <div className={`stepper${className ? ` ${className}` : ''}`}>
        <button
          type="button"
          aria-label={t('stepper.decrease')}
          disabled={value <= min}
          onClick={() => change(Math.max(min, value - 1))}
        >
          <MinusIcon width={18} height={18} />
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={label}
          value={String(value)}
          onChange={(event) => {
            const typed = event.target.value;
            change(clampQuantity(typed, min, max), Number(typed.replace(/\D/g, '') || 0) > max);
          }}
        />
        <button
          type="button"
          aria-label={t('stepper.increase')}
          disabled={value >= max}
          onClick={() => change(Math.min(max, value + 1))}
        >
          <PlusIcon width={18} height={18} />
        </button>
      </div>
      {cut && limitMessage && (
        <p className="stepper-note" role="alert">
          {limitMessage}
        </p>
      )}
    </>
  );
}
