import { type ReactElement, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliverySlot } from '#shared/schemas/slots.zod';
import { slotDayLabel, slotLabel, slotTimeLabel } from '#shared/slot-label';
import { useDeliverySlots } from '#web/api/slots';
import { useLanguage } from '#web/lib/i18n';
import './slot-picker.css';

export interface SlotChoice {
  /** The chosen window's start (the order's `slot`), if any. */
  slot: string | undefined;
  /** The shop requires a window and none is chosen. */
  missing: boolean;
  /** The picker, or nothing when the shop offers no windows. */
  picker: ReactElement | null;
}

/**
 * The cart's delivery window: the shop's coming days as chips, each day's windows
 * under it; full and past-cut-off windows shown but not selectable, saying why, and a day with no
 * open window a chip that cannot be chosen, saying why. Times are on the
 * shop's clock, in the shopper's language.
 */
export function useSlotChoice(): SlotChoice {
  const slots = useDeliverySlots();
  const [slot, setSlot] = useState<string>();
  const list = slots.data?.offered ? slots.data.slots : [];
  // A chosen window that filled up (or closed) since is no longer chosen.
  const stillOpen = list.some((s) => s.starts_at === slot && s.state === 'open');
  useEffect(() => {
    if (slot && slots.isSuccess && !stillOpen) setSlot(undefined);
  }, [slot, slots.isSuccess, stillOpen]);
  const required = slots.data?.required === true;
  return {
    slot: stillOpen ? slot : undefined,
    missing: required && !stillOpen,
    picker: slots.data?.offered ? (
      <SlotPicker
        slots={list}
        timeZone={slots.data.time_zone}
        required={required}
        chosen={stillOpen ? slot : undefined}
        onChoose={setSlot}
      />
    ) : null,
  };
}

interface SlotPickerProps {
  slots: DeliverySlot[];
  timeZone: string;
  required: boolean;
  chosen: string | undefined;
  onChoose: (start: string | undefined) => void;
}

/**
 * Why a day offers nothing: every window full, or closed (past its cut-off, or some of each);
 * undefined while one window is open. Such a day's chip cannot be chosen (Today after its last
 * cut-off) and says why.
 */
function closedWhy(ofDay: DeliverySlot[]): 'full' | 'closed' | undefined {
  if (ofDay.some((s) => s.state === 'open')) return undefined;
  return ofDay.every((s) => s.state === 'full') ? 'full' : 'closed';
}

function SlotPicker({ slots, timeZone, required, chosen, onChoose }: SlotPickerProps) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const titleId = useId();
  const days = [...new Set(slots.map((s) => s.date))];
  const chosenSlot = slots.find((s) => s.starts_at === chosen);
  const chosenDay = chosenSlot?.date;
  const firstOpen = slots.find((s) => s.state === 'open')?.date;
  const [day, setDay] = useState<string | undefined>(chosenDay ?? firstOpen ?? days[0]);
  const shown = days.includes(day ?? '') ? day : (firstOpen ?? days[0]);
  const ofDay = slots.filter((s) => s.date === shown);
  const dayLabel = (date: string) => {
    const first = slots.find((s) => s.date === date);
    return first ? slotDayLabel(new Date(first.starts_at), timeZone, language) : date;
  };

  return (
    <section className="cart-summary slot-picker" aria-labelledby={titleId}>
      <h2 id={titleId} className="slot-picker-title">
        {t('slots.title')}
        {!required && <span className="slot-picker-optional">{t('slots.optional')}</span>}
      </h2>
      {days.length === 0 ? (
        <p className="slot-picker-none">{t('slots.none')}</p>
      ) : (
        <>
          <ul className="slot-days" aria-label={t('slots.days')}>
            {days.map((date) => {
              const why = closedWhy(slots.filter((s) => s.date === date));
              return (
                <li key={date}>
                  <button
                    type="button"
                    className="slot-day"
                    aria-pressed={date === shown}
                    disabled={why !== undefined}
                    onClick={() => setDay(date)}
                  >
                    {dayLabel(date)}
                    {why && <span className="slot-day-why"> · {t(`slots.state.${why}`)}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
          <fieldset className="slot-windows">
            <legend className="visually-hidden">{shown ? dayLabel(shown) : ''}</legend>
            {ofDay.map((s) => {
              const open = s.state === 'open';
              const times = slotTimeLabel(new Date(s.starts_at), new Date(s.ends_at), timeZone);
              return (
                <label key={s.starts_at} className={`slot-window${open ? '' : ' is-disabled'}`}>
                  <input
                    type="radio"
                    name="delivery-slot"
                    value={s.starts_at}
                    checked={chosen === s.starts_at}
                    disabled={!open}
                    onChange={() => onChoose(s.starts_at)}
                  />
                  <span className="slot-window-time">{times}</span>
                  {!open && <span className="slot-window-why">{t(`slots.state.${s.state}`)}</span>}
                </label>
              );
            })}
          </fieldset>
          {chosenSlot && (
            <p className="slot-picker-chosen" aria-live="polite">
              {t('slots.chosen', {
                slot: slotLabel(
                  new Date(chosenSlot.starts_at),
                  new Date(chosenSlot.ends_at),
                  timeZone,
                  language,
                ),
              })}
              {!required && (
                <button type="button" className="slot-clear" onClick={() => onChoose(undefined)}>
                  {t('slots.clear')}
                </button>
              )}
            </p>
          )}
        </>
      )}
    </section>
  );
}
