import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '#shared/schemas/card';
import { cardFormProblem, securityCodeProblem } from '#shared/schemas/card.rules';
import { useDeleteCard, useSaveCard, useSavedCards } from '#web/api/card';
import {
  CARD_PROBLEM_FIELD,
  CardFields,
  type CardValues,
  EMPTY_CARD,
} from '#web/components/payment/card-fields';
import { ManagedList } from '#web/components/ui/managed-list';
import { TitlePage } from '#web/components/ui/title-page';
import { messageOf } from '#web/lib/api-client';

/** Saved cards (/profile/payments): the list, add and edit in a modal (docs/product.md §5), delete. */
export function CardsPage() {
  const { t } = useTranslation('pay');
  const cards = useSavedCards();
  const remove = useDeleteCard();
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
  const [values, setValues] = useState<CardValues>(
    card ? { ...EMPTY_CARD, holderName: card.name, expiry: card.expiration_time } : EMPTY_CARD,
  );
  const [problem, setProblem] = useState<{ text: string; field?: keyof CardValues }>();
  const save = useSaveCard(card?.uuid, {
    onSuccess: onSaved,
    onError: (error) => setProblem({ text: messageOf(error, t) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = cardFormProblem(values) ?? securityCodeProblem(values.code);
    if (found) return setProblem({ text: t(`problem.${found}`), field: CARD_PROBLEM_FIELD[found] });
    setProblem(undefined);
    save.mutate({
      card_no: values.number.replace(/\D/g, ''),
      expiration_time: values.expiry,
      name: values.holderName.trim(),
      code: values.code,
    });
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
