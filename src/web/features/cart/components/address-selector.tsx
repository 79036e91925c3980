import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '#shared/schemas/address';
import { addressLines } from '#web/lib/address-lines';

interface AddressSelectorProps {
  address?: Address;
  onOpen: () => void;
  /** Focus the selector when it appears (after the first address is saved, docs/architecture.md §7). */
  takeFocus?: boolean;
}

/** The chosen shipping address; opens the picker modal. */
export function AddressSelector({ address, onOpen, takeFocus = false }: AddressSelectorProps) {
  const { t } = useTranslation('address');
  const lines = address ? addressLines(address) : undefined;
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    const focus = () => ref.current?.focus();
    // While the picker is still open the page behind it is inert: focus once it has closed.
    const dialog = document.querySelector('dialog[open]');
    if (!dialog) return focus();
    dialog.addEventListener('close', focus, { once: true });
    return () => dialog.removeEventListener('close', focus);
  }, [takeFocus]);
  return (
    <button ref={ref} type="button" className="address-selector" onClick={onOpen} aria-haspopup="dialog">
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
