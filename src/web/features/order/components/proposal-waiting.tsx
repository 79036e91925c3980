import { useTranslation } from 'react-i18next';
import type { OrderLine } from '#shared/schemas/order';
import './line-substitution.css';

/** The id of a line's proposal card (line-substitution.tsx), for the notice to lead to it. */
export const proposalCardId = (lineId: number) => `proposal-${lineId}`;

/**
 * At the top of the order page while a proposed substitute waits for the shopper (docs/product.md,
 * Substitutions): the cards sit under their lines, below the fold on a phone, where the top bar
 * and its bell are not shown on an order page. "Answer now" brings the first one into view.
 */
export function ProposalWaiting({ lines }: { lines: OrderLine[] }) {
  const { t } = useTranslation('orders');
  const waiting = lines.find((line) => line.proposal?.status === 'pending');
  if (!waiting) return null;
  return (
    <section className="proposal-waiting" aria-labelledby="proposal-waiting-title">
      <p id="proposal-waiting-title">{t('proposalWaiting.title')}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          const card = document.getElementById(proposalCardId(waiting.id));
          card?.scrollIntoView({ block: 'center' });
          card?.focus({ preventScroll: true });
        }}
      >
        {t('proposalWaiting.answer')}
      </button>
    </section>
  );
}
