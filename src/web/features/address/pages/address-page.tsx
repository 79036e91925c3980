import { useTranslation } from 'react-i18next';
import { useAddresses, useDeleteAddress } from '#web/api/address';
import { AddressForm } from '#web/components/address/address-form';
import { ManagedList } from '#web/components/ui/managed-list';
import { TitlePage } from '#web/components/ui/title-page';
import { addressLines, personName } from '#web/lib/address-lines';
import '#web/components/ui/form.css';

/** The address book (/profile/address): each entry with edit and delete, an add-new card, a modal form. */
export function AddressPage() {
  const { t } = useTranslation('address');
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  return (
    <TitlePage title={t('title')} backTo="/profile">
      <ManagedList
        items={addresses}
        remove={remove}
        empty="noAddress"
        lines={(address) => {
          const [who, where] = addressLines(address);
          return [
            <>
              {who}
              {address.default_status === 1 && <span className="tag">{t('defaultBadge')}</span>}
            </>,
            where,
          ];
        }}
        texts={{
          add: t('add'),
          edit: t('edit'),
          delete: t('delete'),
          editNamed: (address) => t('editNamed', { name: personName(address) }),
          deleteNamed: (address) => t('deleteNamed', { name: personName(address) }),
        }}
        form={(address, done) => (
          <AddressForm address={address} first={(addresses.data ?? []).length === 0} onSaved={done} />
        )}
      />
    </TitlePage>
  );
}
