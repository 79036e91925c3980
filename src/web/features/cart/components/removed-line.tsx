import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '#shared/schemas/cart';
import { shiftCartCount } from '#web/api/cart';
import { browserTimer, type NoticeTimer } from '#web/components/ui/added-notice';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { ActionButton } from './cart-line';

/** How long a removed line can be put back (docs/product.md, Cart and checkout). */
export const UNDO_REMOVE_MS = 8000;

/**
 * Remove with Undo: the line leaves the list (and the badge) at once, but the server is told only
 * when the few seconds pass, at the shopper's next action, or when the cart page closes. Until
 * then Undo puts it back exactly as it was: its quantity, when-missing and substitute choice.
 */
export function useUndoableRemove(remove: (line: CartItem) => void, timer: NoticeTimer = browserTimer) {
  const client = useQueryClient();
  const [held, setHeld] = useState<CartItem>();
  const heldRef = useRef<CartItem | undefined>(undefined);
  const commit = useCallback(() => {
    const line = heldRef.current;
    if (!line) return;
    heldRef.current = undefined;
    setHeld(undefined);
    remove(line);
  }, [remove]);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const hold = useCallback(
    (line: CartItem) => {
      commitRef.current();
      heldRef.current = line;
      setHeld(line);
      shiftCartCount(client, -line.amount);
    },
    [client],
  );
  const undo = useCallback(() => {
    const line = heldRef.current;
    if (!line) return;
    heldRef.current = undefined;
    setHeld(undefined);
    shiftCartCount(client, line.amount);
  }, [client]);
  useEffect(() => {
    if (!held) return;
    return timer.start(() => commitRef.current(), UNDO_REMOVE_MS);
  }, [held, timer]);
  // Leaving the cart removes it for good.
  useEffect(() => () => commitRef.current(), []);
  return { held, hold, undo, commit };
}

/** Where the removed line was: "Pea Shoots removed." and Undo, which takes the focus Remove had. */
export function RemovedLine({ line, onUndo }: { line: CartItem; onUndo: () => void }) {
  const { t } = useTranslation('cart');
  const name = nameOf(line, useLanguage());
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => row.current?.querySelector('button')?.focus(), []);
  return (
    <li className="cart-line-removed" ref={row}>
      <p role="status">{t('removed', { name })}</p>
      <ActionButton label={t('undoNamed', { name })} onClick={onUndo}>
        {t('undo')}
      </ActionButton>
    </li>
  );
}
