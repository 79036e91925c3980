import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '#shared/schemas/cart';
import { WHEN_MISSING, type WhenMissing } from '#shared/schemas/cart.rules';
import { useSetWhenMissing } from '#web/api/cart';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import './when-missing-choice.css';

/**
 * A cart line's "if it is out of stock" choice (docs/product.md §5): replace with a similar item,
 * or refund it. Pre-selected from the shopper's default; a change is saved on the cart line, so it
 * survives a reload and goes with the order.
 */
export function WhenMissingChoice({ line }: { line: CartItem }) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const save = useSetWhenMissing();
  // Shown at once, in the click's own render: the saved line changes only once the write's turn
  // comes (cart writes go one at a time), and till then the controlled radio would spring back.
  const [chosen, setChosen] = useState<WhenMissing>();
  const current = chosen ?? line.when_missing;
  const choose = (choice: WhenMissing) => {
    setChosen(choice);
    save.mutate({ id: line.id, choice }, { onSettled: () => setChosen(undefined) });
  };
  return (
    <fieldset className="when-missing">
      <legend className="when-missing-legend">
        {t('whenMissing.legend')}
        <span className="visually-hidden"> {nameOf(line, language)}</span>
      </legend>
      <div className="when-missing-options">
        {[...WHEN_MISSING].reverse().map((choice) => (
          <label key={choice} className="when-missing-option">
            <input
              type="radio"
              name={`when-missing-${line.id}`}
              value={choice}
              checked={current === choice}
              onChange={() => choose(choice)}
            />
            <span>{t(`whenMissing.${choice}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
