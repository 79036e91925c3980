import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import type { OrderLine } from '#shared/schemas/order';
import { useOrderTimeline } from '#web/api/notifications';
import { useAnswerProposal, useSetOrderLineChoice } from '#web/api/order';
import { choiceForm, SubstituteChoice } from '#web/components/order/substitute-choice';
import { formatWhen } from '#web/lib/date-time';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { centsOf } from '#web/lib/money';
import './line-substitution.css';
import { proposalCardId } from './proposal-waiting';

/**
 * An order line's substitution (docs/product.md, Substitutions): its choice, changeable until
 * packing starts, and a substitute the packer proposed, with its price (and how much dearer it is),
 * the deadline, and Approve / Decline while it waits.
 */
export function LineSubstitution({ orderNo, line }: { orderNo: string; line: OrderLine }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const choose = useSetOrderLineChoice(orderNo);
  const answer = useAnswerProposal(orderNo);
  // The deadline on the shop's clock, as the page's timeline shows its events (the same query).
  const timeZone = useOrderTimeline(orderNo).data?.time_zone;
  const proposal = line.proposal;
  const name = nameOf(line, language);
  const error = (choose.error ?? answer.error)?.message;
  return (
    <>
      {line.choice_open && (
        <SubstituteChoice
          uuid={line.uuid}
          name={name}
          value={choiceForm(line.substitution, line.when_missing)}
          disabled={choose.isPending}
          onChange={(choice) => choose.mutate({ line: line.id, choice })}
        />
      )}
      {proposal && (
        <section
          id={proposalCardId(line.id)}
          tabIndex={-1}
          className="proposal-card"
          data-status={proposal.status}
          aria-label={t('substitution.proposal')}
        >
          <p className="proposal-what">
            {t('substitution.proposed', {
              name: nameOf(proposal, language),
              price: formatCents(centsOf(proposal.price)),
            })}
          </p>
          {proposal.price > line.price && proposal.status === 'pending' && (
            <p className="proposal-dearer">
              {t('substitution.dearer', {
                amount: formatCents(centsOf(proposal.price) - centsOf(line.price)),
              })}
            </p>
          )}
          {proposal.status === 'pending' ? (
            <>
              <p className="proposal-deadline">
                {t('substitution.deadline', { when: formatWhen(proposal.deadline, language, { timeZone }) })}
              </p>
              <div className="proposal-actions">
                {(['approve', 'decline'] as const).map((a, i) => (
                  <button
                    key={a}
                    type="button"
                    className={i === 0 ? 'button button-primary' : 'button'}
                    disabled={answer.isPending}
                    onClick={() => answer.mutate({ line: line.id, answer: a })}
                  >
                    {t(`substitution.${a}`)}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="proposal-status" role="status">
              {t(`substitution.status.${proposal.status}`)}
            </p>
          )}
        </section>
      )}
      {error && (
        <p className="proposal-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
