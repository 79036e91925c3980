import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Address } from '#shared/schemas/address';
import { AddressForm } from '#web/components/address/address-form';
import { Modal } from '#web/components/ui/modal';
import { addressLines } from '#web/lib/address-lines';

interface AddressPickerProps {
  open: boolean;
  onClose: () => void;
  addresses: Address[];
  chosen?: string;
  onChoose: (uuid: string) => void;
  /** A new address was saved here (and chosen). */
  onSaved?: (uuid: string) => void;
}

/** The address picker modal of the cart: choose one, add a new one, or go manage them. */
export function AddressPicker({ open, onClose, addresses, chosen, onChoose, onSaved }: AddressPickerProps) {
  const { t } = useTranslation('address');
  const [adding, setAdding] = useState(false);
  const showForm = adding || addresses.length === 0;
  const close = () => {
    setAdding(false);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={showForm ? t('add') : t('choose')}>
      {showForm ? (
        <AddressForm
          first={addresses.length === 0}
          focusFirst
          onSaved={(saved) => {
            onChoose(saved.uuid);
            onSaved?.(saved.uuid);
            close();
          }}
        />
      ) : (
        <>
          <fieldset className="address-choices">
            <legend className="visually-hidden">{t('choose')}</legend>
            {addresses.map((address) => {
              const [who, where] = addressLines(address);
              return (
                <label key={address.uuid} className="address-choice">
                  <input
                    type="radio"
                    name="address"
                    checked={address.uuid === chosen}
                    onChange={() => onChoose(address.uuid)}
                    // A click (or Space) on any choice, the chosen one too, closes the picker.
                    onClick={close}
                  />
                  <span>
                    <span className="address-who">
                      {who}
                      {address.default_status === 1 && <span className="tag">{t('defaultBadge')}</span>}
                    </span>
                    <span className="address-where">{where}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <div className="modal-actions">
            <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
              {t('add')}
            </button>
            <Link to="/profile/address" className="button button-secondary">
              {t('manage')}
            </Link>
          </div>
        </>
      )}
    </Modal>
  );
}
