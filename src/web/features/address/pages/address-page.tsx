import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../../../shared/schemas/address';
import { messageOf } from '../../../api/cart';
import { PlusIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { ErrorState, StateView } from '../../../components/ui/states';
import { TitlePage } from '../../../components/ui/title-page';
import { addressLines, useAddresses, useDeleteAddress } from '../api/addresses';
import { AddressForm } from '../components/address-form';
import '../address.css';
import '../../cart/cart.css';

/** The address book (/profile/address): each entry with edit and delete, an add-new card, a modal form. */
export function AddressPage() {
  const { t } = useTranslation('address');
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  /** undefined: closed; null: a new address; an address: editing it. */
  const [editing, setEditing] = useState<Address | null>();
  const list = addresses.data ?? [];

  return (
    <TitlePage title={t('title')} backTo="/profile">
      <div className="page-body">
        {addresses.isPending && <p className="page-loading">{t('common:loading')}</p>}
        {addresses.isError && <ErrorState error={addresses.error} onRetry={() => void addresses.refetch()} />}
        {addresses.isSuccess && list.length === 0 && <StateView kind="noAddress" size="section" />}
        {remove.isError && (
          <p className="form-error" role="alert">
            {messageOf(remove.error) ?? t('deleteFailed')}
          </p>
        )}
        {addresses.isSuccess && (
          <ul className="address-book">
            {list.map((address) => {
              const [who, where] = addressLines(address);
              const name = `${address.name} ${address.surname}`;
              return (
                <li key={address.uuid} className="address-card">
                  <div>
                    <span className="address-who">
                      {who}
                      {address.default_status === 1 && <span className="tag">{t('defaultBadge')}</span>}
                    </span>
                    <span className="address-where">{where}</span>
                  </div>
                  <div className="address-card-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('editNamed', { name })}
                      onClick={() => setEditing(address)}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      className="text-button"
                      aria-label={t('deleteNamed', { name })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(address.uuid)}
                    >
                      {t('delete')}
                    </button>
                  </div>
                </li>
              );
            })}
            <li>
              <button type="button" className="add-card" onClick={() => setEditing(null)}>
                <PlusIcon width={28} height={28} aria-hidden="true" />
                {t('add')}
              </button>
            </li>
          </ul>
        )}
      </div>
      <Modal
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('edit') : t('add')}
      >
        {editing !== undefined && (
          <AddressForm
            key={editing?.uuid ?? 'new'}
            address={editing ?? undefined}
            first={list.length === 0}
            onSaved={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </TitlePage>
  );
}
