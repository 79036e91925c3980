import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_NAME_MAX, PLATE_GRID_STYLE, PLATE_ITEMS_MAX, PLATE_STYLES } from '#shared/schemas/home.rules';
import { categoriesQueryOptions } from '../../../api/categories';
import { Field, SelectField } from '../../../components/ui/field';
import { ImageField } from '../../../components/ui/image-field';
import { FormError } from '../../../components/ui/states';
import { type AdminPlate, type PlateForm, saveHome, useHomeChange } from '../api/home';
import { PlatePreview } from './plate-preview';

const EMPTY: PlateForm = { style: PLATE_GRID_STYLE, en_name: '', zn_name: '', category_id: null, items: [] };

/**
 * Creates or edits a plate: an image grid (tiles: a picture and the shop page it leads to, in
 * order) or a category's best sellers; names in both languages; with its preview. Saved unpublished
 * when new.
 */
export function PlateEditor({ plate, onDone }: { plate?: AdminPlate; onDone(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<PlateForm>(plate ?? EMPTY);
  const categories = useQuery(categoriesQueryOptions());
  const save = useHomeChange('plates', (f: PlateForm) => saveHome('plates', plate?.id, f));
  const set = (change: Partial<PlateForm>) => setForm((f) => ({ ...f, ...change }));
  const setItem = (i: number, change: Partial<PlateForm['items'][number]>) =>
    setForm((f) => ({ ...f, items: f.items.map((item, j) => (j === i ? { ...item, ...change } : item)) }));
  const moveItem = (i: number, by: -1 | 1) =>
    setForm((f) => {
      const items = [...f.items];
      const [item] = items.splice(i, 1);
      if (item) items.splice(i + by, 0, item);
      return { ...f, items };
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: onDone });
  };
  const grid = form.style === PLATE_GRID_STYLE;
  return (
    <form className="admin-panel home-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{plate ? t('home.editPlate') : t('home.newPlate')}</h2>
      <SelectField
        label={t('home.plateStyle')}
        value={form.style}
        onChange={(e) => set({ style: Number(e.target.value) })}
      >
        {PLATE_STYLES.map((style) => (
          <option key={style} value={style}>
            {t(`home.style${style}`)}
          </option>
        ))}
      </SelectField>
      <div className="home-pair">
        <Field
          label={t('home.enName')}
          value={form.en_name}
          maxLength={HOME_NAME_MAX}
          required
          onChange={(e) => set({ en_name: e.target.value })}
        />
        <Field
          label={t('home.znName')}
          value={form.zn_name}
          maxLength={HOME_NAME_MAX}
          required
          onChange={(e) => set({ zn_name: e.target.value })}
        />
      </div>
      {grid ? (
        <fieldset className="home-form">
          <legend className="field-label">{t('home.tiles')}</legend>
          {form.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiles have no id until saved; their place is their identity here.
            <div key={i} className="tile-row">
              <ImageField
                kind="tile"
                label={t('home.tileImage', { n: i + 1 })}
                value={item.img}
                onChange={(img) => setItem(i, { img })}
              />
              <Field
                label={t('home.tilePath', { n: i + 1 })}
                value={item.url}
                placeholder="/category/1"
                onChange={(e) => setItem(i, { url: e.target.value })}
              />
              <div className="admin-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={i === 0}
                  aria-label={t('home.tileUp', { n: i + 1 })}
                  onClick={() => moveItem(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={i === form.items.length - 1}
                  aria-label={t('home.tileDown', { n: i + 1 })}
                  onClick={() => moveItem(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => set({ items: form.items.filter((_, j) => j !== i) })}
                >
                  {t('home.removeTile', { n: i + 1 })}
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="button button-secondary"
            disabled={form.items.length >= PLATE_ITEMS_MAX}
            onClick={() => set({ items: [...form.items, { img: '', url: '' }] })}
          >
            {t('home.addTile')}
          </button>
        </fieldset>
      ) : (
        <SelectField
          label={t('home.plateCategory')}
          value={form.category_id ?? ''}
          onChange={(e) => set({ category_id: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('home.choose')}</option>
          {(categories.data ?? [])
            .flatMap((c) => [c, ...c.children])
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.parent_id ? '— ' : ''}
                {c.en_name} · {c.zn_name}
              </option>
            ))}
        </SelectField>
      )}
      <h3>{t('home.preview')}</h3>
      <PlatePreview plate={form} />
      <FormError error={save.error} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {plate ? t('home.save') : t('home.saveDraft')}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t('home.cancel')}
        </button>
      </div>
    </form>
  );
}
