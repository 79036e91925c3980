import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFormProblem, type SavedCard, securityCodeProblem } from '../../../../shared/schemas/card';
import { messageOf } from '../../../api/cart';
import { ManagedList } from '../../../components/ui/managed-list';
import { TitlePage } from '../../../components/ui/title-page';
import { apiRequest } from '../../../lib/api-client';
import { CARDS_KEY, useSavedCards } from '../../pay/api/pay';
import {
  CARD_PROBLEM_FIELD,
  CardFields,
  type CardValues,
  EMPTY_CARD,
} from '../../pay/components/card-fields';
import '../../address/address.css';
import '../../cart/cart.css';

/** Saved cards (/profile/payments): the list, add and edit in a modal (spec §5), delete. */
export function PaymentsPage() {
  const { t } = useTranslation('pay');
  const client = useQueryClient();
  const cards = useSavedCards();
  const remove = useMutation({
    mutationFn: (uuid: string) => apiRequest<null>(`/api/credit_card/${uuid}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: CARDS_KEY }),
  });
  return (
    <TitlePage title={t('payments.title')} backTo="/profile">
      <ManagedList
        items={cards}
        remove={remove}
        empty="noCard"
        lines={(card) => [
          `${t(`brand.${card.brand}`, { defaultValue: card.brand })} ${card.card_no}`,
          `${card.name} · ${card.expiration_time}`,
        ]}
        texts={{
          add: t('payments.add'),
          edit: t('payments.edit'),
          delete: t('payments.delete'),
          deleteFailed: t('common:error.errorShort'),
          editNamed: (card) => t('payments.editNamed', { last4: card.last4 }),
          deleteNamed: (card) => t('payments.deleteNamed', { last4: card.last4 }),
        }}
        form={(card, done) => <CardForm card={card} onSaved={done} />}
      />
    </TitlePage>
  );
}

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
    const found = cardFormProblem(values) ?? securityCodeProblem(values.code);
    if (found) return setProblem({ text: t(`problem.${found}`), field: CARD_PROBLEM_FIELD[found] });
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
