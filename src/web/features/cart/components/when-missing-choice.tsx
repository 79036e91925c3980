import { useTranslation } from 'react-i18next';
import type { CartItem } from '#shared/schemas/cart';
import { WHEN_MISSING, type WhenMissing } from '#shared/schemas/cart.rules';
import { useSetWhenMissing } from '#web/api/cart';
import { useChoiceAtOnce } from '#web/lib/choice-at-once';
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
  const [current, choose] = useChoiceAtOnce(line.when_missing, (choice: WhenMissing, settled) =>
    save.mutate({ id: line.id, choice }, settled),
  );
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
