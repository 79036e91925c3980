import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '#web/lib/api-client';
import './form.css';
import { PlusIcon } from './icons';
import './managed-list.css';
import { Loading } from './loading';
import { Modal } from './modal';
import { ErrorState, type StateKind, StateView } from './states';

interface ManagedListProps<T extends { uuid: string }> {
  items: UseQueryResult<T[]>;
  /** Deletes by uuid. */
  remove: UseMutationResult<unknown, Error, string>;
  /** What an empty list shows. */
  empty: StateKind;
  /** Each entry's two lines: who or what it is, and its details. */
  lines(item: T): [ReactNode, ReactNode];
  texts: {
    add: string;
    edit: string;
    delete: string;
    /** The buttons' accessible names, naming the entry. */
    editNamed(item: T): string;
    deleteNamed(item: T): string;
  };
  /** The add (undefined) or edit form, in the modal; `done` closes it, given what was saved if known. */
  form(item: T | undefined, done: (saved?: unknown) => void): ReactNode;
}

/**
 * A shopper's own list (addresses, saved cards): loading and error states, each entry with Edit
 * and Delete, an add card, and the form in a modal. Pages give the texts, the lines and the form.
 */
export function ManagedList<T extends { uuid: string }>(props: ManagedListProps<T>) {
  const { items, remove, empty, lines, texts, form } = props;
  const { t } = useTranslation();
  /** undefined: closed; null: a new entry; an entry: editing it. */
  const [editing, setEditing] = useState<T | null>();
  const list = items.data ?? [];
  const close = () => setEditing(undefined);
  /** A new entry just saved: it takes the focus once the list shows it. */
  const [added, setAdded] = useState<string>();
  const book = useRef<HTMLUListElement>(null);
  const saved = (entry?: unknown) => {
    const uuid = (entry as { uuid?: unknown } | undefined)?.uuid;
    if (editing === null && typeof uuid === 'string') setAdded(uuid);
    // A delete's failure is old news once something has been saved.
    remove.reset();
    close();
  };
  useEffect(() => {
    if (!added || !items.data) return;
    const entry = book.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(added)}"]`);
    if (!entry) return;
    entry.focus();
    setAdded(undefined);
  }, [added, items.data]);
  return (
    <>
      <div className="page-body">
        {items.isPending && <Loading />}
        {items.isError && <ErrorState error={items.error} onRetry={() => void items.refetch()} />}
        {items.isSuccess && list.length === 0 && <StateView kind={empty} size="section" />}
        {remove.isError && (
          <p className="form-error" role="alert">
            {messageOf(remove.error, t)}
          </p>
        )}
        {items.isSuccess && (
          <ul className="address-book" ref={book}>
            {list.map((item) => {
              const [first, second] = lines(item);
              return (
                <li key={item.uuid} className="address-card" data-entry={item.uuid} tabIndex={-1}>
                  <div>
                    <span className="address-who">{first}</span>
                    <span className="address-where">{second}</span>
                  </div>
                  <div className="address-card-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={texts.editNamed(item)}
                      onClick={() => setEditing(item)}
                    >
                      {texts.edit}
                    </button>
                    <button
                      type="button"
                      className="text-button"
                      aria-label={texts.deleteNamed(item)}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(item.uuid)}
                    >
                      {texts.delete}
                    </button>
                  </div>
                </li>
              );
            })}
            <li>
              <button type="button" className="add-card" onClick={() => setEditing(null)}>
                <PlusIcon width={28} height={28} aria-hidden="true" />
                {texts.add}
              </button>
            </li>
          </ul>
        )}
      </div>
      <Modal open={editing !== undefined} onClose={close} title={editing ? texts.edit : texts.add}>
        {editing !== undefined && (
          // A new form for each entry, so nothing typed for one shows up in another.
          <Fragment key={editing?.uuid ?? 'new'}>{form(editing ?? undefined, saved)}</Fragment>
        )}
      </Modal>
    </>
  );
}
