import { useTranslation } from 'react-i18next';
import type { OrderAddress } from '../api/orders';

/** A delivery address as a label prints it: name, street, area, city, province and zip, phone. */
export function AddressLines({ address }: { address: OrderAddress }) {
  const { t } = useTranslation();
  const place = [address.area, address.city, address.province, address.zip].filter(Boolean).join(', ');
  return (
    <address className="orders-address">
      <span>{`${address.name} ${address.surname}`.trim()}</span>
      <span>{address.address}</span>
      {place ? <span>{place}</span> : null}
      {address.phone ? <span>{t('orders.fields.phone', { phone: address.phone })}</span> : null}
    </address>
  );
}
