import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAddresses } from '#web/api/address';
import { useCartLines, useCartLineWrites } from '#web/api/cart';
import { usePlaceOrder } from '#web/api/order';
import { ErrorState, StateView } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { messageOf } from '#web/lib/api-client';
import { useSignedIn } from '#web/lib/auth';
import { centsOf } from '#web/lib/money';
import { AddressPicker } from '../components/address-picker';
import { AddressSelector } from '../components/address-selector';
import { CartDeliveryNote, useCartDelivery } from '../components/cart-delivery';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import { CartTotalBar } from '../components/cart-total-bar';
import { useSlotChoice } from '../components/slot-picker';
import { WaitingOrder } from '../components/waiting-order';
import '#web/components/ui/form.css';
import '#web/components/ui/panels.css';
import '../cart.css';
import { Loading } from '#web/components/ui/loading';

/** The cart tab (docs/product.md §2, Cart and checkout). A visitor gets the 'sign in now' prompt. */
export function CartPage() {
  const { t } = useTranslation('cart');
  const signedIn = useSignedIn();
  return (
    <TitlePage title={t('title')} tab>
      {signedIn ? (
        <CartContent />
      ) : (
        <StateView
          kind="noUser"
          action={
            <Link to="/account" className="button button-primary sign-in-now">
              {t('signInNow')}
            </Link>
          }
        />
      )}
    </TitlePage>
  );
}

function CartContent() {
  const { t } = useTranslation(['cart', 'address']);
  const navigate = useNavigate();
  const lines = useCartLines(true);
  const addresses = useAddresses();
  const writes = useCartLineWrites();
  const place = usePlaceOrder();
  /** undefined: the default address; null: none chosen. */
  const [chosen, setChosen] = useState<string | null>();
  const [picking, setPicking] = useState(false);
  /** A first address was just saved from the picker: the selector showing it takes the focus. */
  const [savedFirst, setSavedFirst] = useState(false);
  const [coupon, setCoupon] = useState('');
  const list = addresses.data ?? [];
  const address =
    chosen === null
      ? undefined
      : (list.find((a) => a.uuid === chosen) ??
        (chosen === undefined ? (list.find((a) => a.default_status === 1) ?? list[0]) : undefined));
  const ordered = (lines.data ?? []).filter((line) => line.available && line.amount > 0);
  const subtotal = ordered.reduce((sum, line) => sum + centsOf(line.price) * line.amount, 0);
  const delivery = useCartDelivery(
    ordered.map((line) => ({ cents: centsOf(line.price) * line.amount, taxClass: line.tax_class })),
    address?.zip,
  );
  const slotChoice = useSlotChoice();

  if (lines.isPending) return <Loading />;
  if (lines.isError) return <ErrorState error={lines.error} onRetry={() => void lines.refetch()} />;
  if (lines.data.length === 0) {
    return (
      <>
        <StateView
          kind="noProduct"
          action={
            <Link to="/home" className="button button-primary">
              {t('shop')}
            </Link>
          }
        />
        <WaitingOrder />
      </>
    );
  }

  const totals = delivery.totals;
  const canSubmit = subtotal > 0 && address !== undefined && !delivery.refusal && !slotChoice.missing;
  const hint =
    subtotal === 0
      ? t('hintEmpty')
      : address === undefined
        ? t('address:noneChosen')
        : (delivery.refusal ?? (slotChoice.missing ? t('slots.choose') : undefined));
  const placeError = place.error ? messageOf(place.error, t) : undefined;
  const lineError = writes.failure ? messageOf(writes.failure, t) : undefined;

  const submit = () => {
    if (!address) return;
    place.mutate(
      {
        address: address.uuid,
        coupon,
        lines: ordered.map((line) => ({ id: line.id, num: line.amount, when_missing: line.when_missing })),
        slot: slotChoice.slot,
      },
      {
        onSuccess: (orderNo) => {
          setChosen(null);
          navigate(`/pay/${orderNo}`);
        },
      },
    );
  };

  return (
    <div className="cart-layout">
      <div className="cart-main">
        {addresses.isSuccess && list.length === 0 ? (
          <div className="cart-no-address">
            <StateView
              kind="noAddress"
              size="section"
              action={
                <>
                  <button type="button" className="button button-primary" onClick={() => setPicking(true)}>
                    {t('address:add')}
                  </button>
                  <Link to="/profile/address" className="button button-secondary">
                    {t('address:manage')}
                  </Link>
                </>
              }
            />
          </div>
        ) : (
          <AddressSelector address={address} onOpen={() => setPicking(true)} takeFocus={savedFirst} />
        )}
        <CartDeliveryNote delivery={delivery} />
        {lineError && (
          <p className="form-error" role="alert">
            {lineError}
          </p>
        )}
        <ul className="cart-lines" aria-label={t('lines')}>
          {lines.data.map((line) => (
            <CartLine
              key={line.id}
              line={line}
              onAmount={(amount) => writes.setAmount(line.uuid, amount)}
              onRemove={() => writes.remove(line)}
            />
          ))}
        </ul>
        {slotChoice.picker}
      </div>
      <CartSummary
        totals={totals}
        delivery={delivery.row}
        coupon={coupon}
        onCoupon={setCoupon}
        canSubmit={canSubmit}
        pending={place.isPending}
        hint={hint}
        error={placeError}
        onSubmit={submit}
        estimate={ordered.some((line) => line.sold_by_weight !== null)}
      />
      <CartTotalBar
        total={totals.total}
        canSubmit={canSubmit}
        pending={place.isPending}
        hint={hint}
        error={placeError}
        onSubmit={submit}
      />
      <AddressPicker
        open={picking}
        onClose={() => setPicking(false)}
        addresses={list}
        chosen={address?.uuid}
        onChoose={setChosen}
        onSaved={() => setSavedFirst(list.length === 0)}
      />
    </div>
  );
}
