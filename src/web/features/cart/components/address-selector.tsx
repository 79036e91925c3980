import { useTranslation } from 'react-i18next';
import type { Address } from '#shared/schemas/address';
import { addressLines } from '#web/lib/address-lines';
import { useLanguage } from '#web/lib/i18n';

interface AddressSelectorProps {
  address?: Address;
  onOpen: () => void;
}

/** The chosen shipping address; opens the picker modal. */
export function AddressSelector({ address, onOpen }: AddressSelectorProps) {
  const { t } = useTranslation('address');
  const language = useLanguage();
  const lines = address ? addressLines(address, language) : undefined;
  return (
    <button type="button" className="address-selector" onClick={onOpen} aria-haspopup="dialog">
      <span className="address-selector-label">{t('select')}</span>
      {lines ? (
        <>
          <span className="address-who">{lines[0]}</span>
          <span className="address-where">{lines[1]}</span>
        </>
      ) : (
        <span className="address-who">{t('noneChosen')}</span>
      )}
      <span className="address-selector-change">{t('change')}</span>
    </button>
  );
}
