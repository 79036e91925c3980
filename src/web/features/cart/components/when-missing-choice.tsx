import type { CartItem } from '#shared/schemas/cart';
import { type ChoiceForm, useSetWhenMissing } from '#web/api/cart';
import { choiceForm, SubstituteChoice } from '#web/components/order/substitute-choice';
import { useChoiceAtOnce } from '#web/lib/choice-at-once';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';

/**
 * A cart line's "if it is out of stock" choice (docs/product.md, Substitutions): don't replace,
 * the packer's best match or a specific product, and whether to be asked first. Pre-selected from
 * the shopper's default; a change is saved on the cart line, so it survives a reload and goes with
 * the order.
 */
export function WhenMissingChoice({ line }: { line: CartItem }) {
  const language = useLanguage();
  const save = useSetWhenMissing();
  const saved = choiceForm(line.substitution, line.when_missing);
  const [current, choose] = useChoiceAtOnce(saved, (choice: ChoiceForm, settled) =>
    save.mutate({ id: line.id, choice }, settled),
  );
  return (
    <SubstituteChoice
      uuid={line.uuid}
      name={nameOf(line, language)}
      value={current ?? saved}
      onChange={choose}
    />
  );
}
