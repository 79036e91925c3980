import { useTranslation } from 'react-i18next';
import { personName } from '#shared/person-name';
import { shownArea } from '#shared/schemas/address.rules';
import type { OrderAddress } from '../api/orders';

/**
 * A delivery address as a label prints it: name (ordered by its script), street, area, city, province
 * and zip, phone, then the shopper's delivery instructions for the driver and the packer.
 */
export function AddressLines({ address }: { address: OrderAddress }) {
  const { t } = useTranslation();
  const place = [shownArea(address.area), address.city, address.province, address.zip]
    .filter(Boolean)
    .join(', ');
  return (
    <address className="orders-address">
      <span>{personName(address)}</span>
      <span>{address.address}</span>
      {place ? <span>{place}</span> : null}
      {address.phone ? <span>{t('orders.fields.phone', { phone: address.phone })}</span> : null}
      {address.instructions ? (
        <strong className="orders-instructions">
          {t('orders.fields.instructions', { instructions: address.instructions })}
        </strong>
      ) : null}
    </address>
  );
}
