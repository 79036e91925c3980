import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BellIcon } from '#web/components/ui/icons';

const loadPanel = () => import('./bell-panel');
// The list is a chunk of its own: the home route's first load has no room for it (scripts/check-bundle.ts).
const BellPanel = lazy(() => loadPanel().then((m) => ({ default: m.BellPanel })));

/**
 * The top bar's bell for a signed-in shopper (docs/product.md, Shell): a button with the unread
 * count that opens the newest order events under it. Escape closes it and gives the focus back to
 * the bell; a click or the focus elsewhere, or a new page, closes it.
 */
export function BellMenu({ unread }: { unread: number }) {
  const { t } = useTranslation('common');
  // The page it was opened on: a new page closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (opened: boolean) => setOpenOn(opened ? pathname : null);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus leaving are caught for the button and its panel together
    <div
      ref={wrapper}
      className="bell-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={unread ? t('nav.notificationsUnread', { count: unread }) : t('nav.notifications')}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {unread ? (
          <span className="badge is-active" aria-hidden="true" data-testid="bell-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BellPanel id={panelId} />
        </Suspense>
      )}
    </div>
  );
}
