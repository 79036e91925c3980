import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFormProblem, type SavedCard } from '../../../../shared/schemas/card';
import { messageOf } from '../../../api/cart';
import { PlusIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { ErrorState, StateView } from '../../../components/ui/states';
import { TitlePage } from '../../../components/ui/title-page';
import { apiRequest } from '../../../lib/api-client';
import { CARDS_KEY, codeProblem, useSavedCards } from '../../pay/api/pay';
import { CardFields, type CardValues, EMPTY_CARD } from '../../pay/components/card-fields';
import '../../address/address.css';
import '../../cart/cart.css';

/** Saved cards (/profile/payments): the list, add and edit in a modal (spec §5), delete. */
export function PaymentsPage() {
  const { t } = useTranslation('pay');
  const client = useQueryClient();
  const cards = useSavedCards();
  /** undefined: closed; null: a new card; a card: replacing it. */
  const [editing, setEditing] = useState<SavedCard | null>();
  const remove = useMutation({
    mutationFn: (uuid: string) => apiRequest<null>(`/api/credit_card/${uuid}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: CARDS_KEY }),
  });
  const list = cards.data ?? [];
  return (
    <TitlePage title={t('payments.title')} backTo="/profile">
      <div className="page-body">
        {cards.isPending && <p className="page-loading">{t('common:loading')}</p>}
        {cards.isError && <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />}
        {cards.isSuccess && list.length === 0 && <StateView kind="noCard" size="section" />}
        {remove.isError && (
          <p className="form-error" role="alert">
            {messageOf(remove.error) ?? t('common:error.errorShort')}
          </p>
        )}
        {cards.isSuccess && (
          <ul className="address-book">
            {list.map((card) => (
              <li key={card.uuid} className="address-card">
                <div>
                  <span className="address-who">
                    {t(`brand.${card.brand}`, { defaultValue: card.brand })} {card.card_no}
                  </span>
                  <span className="address-where">
                    {card.name} · {card.expiration_time}
                  </span>
                </div>
                <div className="address-card-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('payments.editNamed', { last4: card.last4 })}
                    onClick={() => setEditing(card)}
                  >
                    {t('payments.edit')}
                  </button>
                  <button
                    type="button"
                    className="text-button"
                    aria-label={t('payments.deleteNamed', { last4: card.last4 })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(card.uuid)}
                  >
                    {t('payments.delete')}
                  </button>
                </div>
              </li>
            ))}
            <li>
              <button type="button" className="add-card" onClick={() => setEditing(null)}>
                <PlusIcon width={28} height={28} aria-hidden="true" />
                {t('payments.add')}
              </button>
            </li>
          </ul>
        )}
      </div>
      <Modal
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('payments.edit') : t('payments.add')}
      >
        {editing !== undefined && (
          <CardForm
            key={editing?.uuid ?? 'new'}
            card={editing ?? undefined}
            onSaved={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </TitlePage>
  );
}

const FIELD_OF: Record<string, keyof CardValues> = {
  holderRequired: 'holderName',
  holderInvalid: 'holderName',
  numberRequired: 'number',
  numberInvalid: 'number',
  expiryRequired: 'expiry',
  expiryInvalid: 'expiry',
  codeRequired: 'code',
  codeInvalid: 'code',
};

function CardForm({ card, onSaved }: { card?: SavedCard; onSaved: () => void }) {
  const { t } = useTranslation('pay');
  const client = useQueryClient();
  const [values, setValues] = useState<CardValues>(
    card ? { ...EMPTY_CARD, holderName: card.name, expiry: card.expiration_time } : EMPTY_CARD,
  );
  const [problem, setProblem] = useState<{ text: string; field?: keyof CardValues }>();
  const save = useMutation({
    mutationFn: () =>
      apiRequest<SavedCard>(card ? `/api/credit_card/${card.uuid}` : '/api/credit_card', {
        method: 'PUT',
        form: {
          card_no: values.number.replace(/\D/g, ''),
          expiration_time: values.expiry,
          name: values.holderName.trim(),
          code: values.code,
        },
      }),
    onSuccess: onSaved,
    onError: (error) => setProblem({ text: messageOf(error) ?? t('common:error.errorShort') }),
    onSettled: () => client.invalidateQueries({ queryKey: CARDS_KEY }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = cardFormProblem(values) ?? codeProblem(values.code);
    if (found) return setProblem({ text: t(`problem.${found}`), field: FIELD_OF[found] });
    setProblem(undefined);
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <CardFields values={values} onChange={setValues} invalid={problem?.field} />
      {problem && (
        <p className="form-error" role="alert">
          {problem.text}
        </p>
      )}
      <button type="submit" className="button button-primary form-submit" disabled={save.isPending}>
        {t('payments.save')}
      </button>
    </form>
  );
}
