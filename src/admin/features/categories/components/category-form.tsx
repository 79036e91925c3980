import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_NAME_MAX } from '#shared/schemas/home.rules';
import { type AdminCategory, type CategoryForm, useSaveCategory } from '../../../api/categories';
import { Field, SelectField } from '../../../components/ui/field';
import { ImageField } from '../../../components/ui/image-field';
import { FormError } from '../../../components/ui/states';

const EMPTY: CategoryForm = { en_name: '', zn_name: '', icon: '', parent_id: null };

/**
 * Creates a category or edits one: both names, the icon, and the parent (a top-level category;
 * none puts it at the top level). A category with children keeps the top level: no parent offered.
 */
export function CategoryEditor({
  tree,
  category,
  onDone,
}: {
  tree: AdminCategory[];
  category?: AdminCategory;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const initial = category
    ? {
        en_name: category.en_name,
        zn_name: category.zn_name,
        icon: category.icon,
        parent_id: category.parent_id,
      }
    : EMPTY;
  const [form, setForm] = useState<CategoryForm>(initial);
  const save = useSaveCategory();
  const parents = tree.filter((c) => c.id !== category?.id);
  const staysOnTop = (category?.children.length ?? 0) > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...(category ? { id: category.id } : {}), form },
      {
        onSuccess: () => {
          if (!category) setForm(EMPTY);
          onDone?.();
        },
      },
    );
  };
  return (
    <form className="admin-panel home-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{category ? t('categories.editTitle') : t('categories.newTitle')}</h2>
      <div className="home-pair">
        <Field
          label={t('categories.enName')}
          value={form.en_name}
          maxLength={HOME_NAME_MAX}
          required
          onChange={(e) => setForm({ ...form, en_name: e.target.value })}
        />
        <Field
          label={t('categories.znName')}
          value={form.zn_name}
          maxLength={HOME_NAME_MAX}
          required
          onChange={(e) => setForm({ ...form, zn_name: e.target.value })}
        />
      </div>
      <SelectField
        label={t('categories.parent')}
        hint={staysOnTop ? <p className="admin-hint">{t('categories.staysOnTop')}</p> : null}
        value={form.parent_id ?? ''}
        disabled={staysOnTop}
        onChange={(e) => setForm({ ...form, parent_id: e.target.value ? Number(e.target.value) : null })}
      >
        <option value="">{t('categories.topLevel')}</option>
        {parents.map((p) => (
          <option key={p.id} value={p.id}>
            {p.en_name} · {p.zn_name}
          </option>
        ))}
      </SelectField>
      <ImageField
        kind="icon"
        label={t('categories.icon')}
        value={form.icon}
        onChange={(icon) => setForm((f) => ({ ...f, icon }))}
      />
      <FormError error={save.error} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {category ? t('categories.save') : t('categories.create')}
        </button>
        {onDone ? (
          <button type="button" className="button button-secondary" onClick={onDone}>
            {t('categories.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
