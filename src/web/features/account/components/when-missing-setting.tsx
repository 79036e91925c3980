import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WHEN_MISSING, type WhenMissing } from '#shared/schemas/cart.rules';
import { rememberUser, updateProfile, userQueryOptions } from '#web/api/account';
import { useUser } from '#web/lib/auth';
import { useChoiceAtOnce } from '#web/lib/choice-at-once';
import { Notice, ServerBanner } from './form';

/**
 * The shopper's default for items out of stock at packing (docs/product.md §5): it pre-selects
 * every cart line's choice, which each line can still change. Saved as soon as it is chosen.
 */
export function WhenMissingSetting() {
  const { t } = useTranslation('profile');
  const user = useUser();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...userQueryOptions(user?.token ?? ''), enabled: !!user });
  const save = useMutation({
    mutationFn: (choice: WhenMissing) => updateProfile({ when_missing: choice }),
    onSuccess: (saved) => rememberUser(saved, queryClient),
  });
  const [current, choose] = useChoiceAtOnce(profile.data?.when_missing, (choice: WhenMissing, settled) =>
    save.mutate(choice, settled),
  );
  return (
    <>
      <fieldset className="language-choice when-missing-setting" disabled={!profile.isSuccess}>
        <legend className="when-missing-setting-legend">{t('settings.whenMissing')}</legend>
        {[...WHEN_MISSING].reverse().map((choice) => (
          <label key={choice} className="menu-row">
            <span>{t(`settings.whenMissingChoice.${choice}`)}</span>
            <input
              type="radio"
              name="when_missing"
              value={choice}
              checked={current === choice}
              onChange={() => choose(choice)}
            />
          </label>
        ))}
      </fieldset>
      <p className="when-missing-setting-note">{t('settings.whenMissingNote')}</p>
      <ServerBanner error={save.error} />
      {save.isSuccess && <Notice>{t('settings.whenMissingSaved')}</Notice>}
    </>
  );
}
