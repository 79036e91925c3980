import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { lineAvailability } from '#shared/schemas/cart.rules';
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
import { useCartCoupon } from '../components/cart-coupon';
import { CartDeliveryNote, useCartDelivery } from '../components/cart-delivery';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import { CartTotalBar } from '../components/cart-total-bar';
import { RemovedLine, useUndoableRemove } from '../components/removed-line';
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
  const removal = useUndoableRemove(writes.remove);
  const list = addresses.data ?? [];
  const address =
    chosen === null
      ? undefined
      : (list.find((a) => a.uuid === chosen) ??
        (chosen === undefined ? (list.find((a) => a.default_status === 1) ?? list[0]) : undefined));
  // What can be bought now: a sold-out line counts nothing, a short one what is left (docs/product.md).
  const ordered = (lines.data ?? [])
    .filter((line) => line.id !== removal.held?.id)
    .map((line) => ({ line, num: lineAvailability(line).can_order }))
    .filter(({ num }) => num > 0);
  const subtotal = ordered.reduce((sum, { line, num }) => sum + centsOf(line.price) * num, 0);
  const orderLines = ordered.map(({ line, num }) => ({ id: line.id, num }));
  const coupon = useCartCoupon(address?.uuid, orderLines, subtotal);
  const delivery = useCartDelivery(
    ordered.map(({ line, num }) => ({ cents: centsOf(line.price) * num, taxClass: line.tax_class })),
    address?.zip,
    coupon.discountCents,
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
  const canSubmit =
    subtotal > 0 && address !== undefined && !delivery.refusal && !slotChoice.missing && !coupon.waiting;
  const hint =
    subtotal === 0
      ? t('hintEmpty')
      : address === undefined
        ? t('address:noneChosen')
        : (delivery.refusal ?? (slotChoice.missing ? t('slots.choose') : coupon.waiting));
  const placeError = place.error ? messageOf(place.error, t) : undefined;
  const lineError = writes.failure ? messageOf(writes.failure, t) : undefined;

  const submit = () => {
    if (!address) return;
    removal.commit();
    place.mutate(
      {
        address: address.uuid,
        coupon: coupon.code,
        lines: ordered.map(({ line, num }) => ({ id: line.id, num, when_missing: line.when_missing })),
        slot: slotChoice.slot,
      },
      {
        onSuccess: (orderNo) => {
          setChosen(null);
          navigate(`/pay/${orderNo}`);
        },
        // The stock may have gone since the cart was read: read it again, so the line says so.
        onError: () => void lines.refetch(),
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
          {lines.data.map((line) =>
            line.id === removal.held?.id ? (
              <RemovedLine key={line.id} line={line} onUndo={removal.undo} />
            ) : (
              <CartLine
                key={line.id}
                line={line}
                onAmount={(amount) => {
                  removal.commit();
                  writes.setAmount(line.uuid, amount);
                }}
                onRemove={() => removal.hold(line)}
                kept={line.kept}
                onKeep={() => {
                  removal.commit();
                  writes.keep(line.id);
                }}
              />
            ),
          )}
        </ul>
        {slotChoice.picker}
      </div>
      <CartSummary
        totals={totals}
        delivery={delivery.row}
        couponField={coupon.field}
        discount={coupon.row}
        canSubmit={canSubmit}
        pending={place.isPending}
        hint={hint}
        error={placeError}
        onSubmit={submit}
        estimate={ordered.some(({ line }) => line.sold_by_weight !== null)}
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
