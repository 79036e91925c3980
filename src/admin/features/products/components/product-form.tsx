import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import { PRODUCT_TEXT_MAX } from '#shared/schemas/product-admin.rules';
import { ratePercent } from '#shared/tax';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/states';
import type { CategoryOption, ProductForm, TaxClassOption } from '../api/products';
import { categoryName, PAIRED_FIELDS, SHARED_FIELDS } from '../lib/product-form';
import { RichTextEditor } from './rich-text-editor';

const MAX_OF: Record<string, number> = {
  name: PRODUCT_TEXT_MAX.name,
  unit: PRODUCT_TEXT_MAX.label,
  weightText: PRODUCT_TEXT_MAX.label,
  brand: PRODUCT_TEXT_MAX.brand,
};

/**
 * Every field of a product: English and Chinese side by side (stacked on phones), then the fields
 * both languages share, then the two descriptions with their previews. Saving sends them all.
 */
export function ProductFormFields({
  initial,
  categories,
  taxClasses,
  language,
  saving,
  error,
  onSave,
}: {
  initial: ProductForm;
  categories: CategoryOption[];
  /** The tax classes to choose from; none loaded: the product keeps its class. */
  taxClasses: TaxClassOption[];
  language: Language;
  saving: boolean;
  error: unknown;
  onSave: (form: ProductForm) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState(initial);
  const set = (key: keyof ProductForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };
  return (
    <form className="product-form" onSubmit={submit} aria-label={t('products.editor.form')}>
      <div className="product-pairs">
        <h2 className="product-lang">{t('products.editor.english')}</h2>
        <h2 className="product-lang" lang="zh">
          {t('products.editor.chinese')}
        </h2>
        {PAIRED_FIELDS.map(([en, zh, key]) => (
          <div className="product-pair" key={key}>
            <Field
              label={t(`products.fields.${key}En`)}
              value={form[en]}
              maxLength={MAX_OF[key]}
              onChange={(e) => set(en)(e.target.value)}
            />
            <Field
              label={t(`products.fields.${key}Zh`)}
              value={form[zh]}
              lang="zh"
              maxLength={MAX_OF[key]}
              onChange={(e) => set(zh)(e.target.value)}
            />
          </div>
        ))}
      </div>
      <div className="product-shared">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-category`}>
            {t('products.fields.category')}
          </label>
          <select
            id={`${id}-category`}
            className="input"
            value={form.category_id}
            onChange={(e) => set('category_id')(e.target.value)}
          >
            <option value="">{t('products.editor.chooseCategory')}</option>
            {categories.map((c) => (
              <optgroup key={c.id} label={categoryName(c, language)}>
                <option value={c.id}>{categoryName(c, language)}</option>
                {c.childCategory.map((child) => (
                  <option key={child.id} value={child.id}>
                    {categoryName(child, language)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {taxClasses.length > 0 ? (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-tax`}>
              {t('products.fields.taxClass')}
            </label>
            <select
              id={`${id}-tax`}
              className="input"
              value={form.tax_class}
              onChange={(e) => set('tax_class')(e.target.value)}
            >
              {taxClasses.map((c) => (
                <option key={c.code} value={c.code}>
                  {categoryName(c, language)} ({ratePercent(c.rate_ppm)} %)
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-sold-by`}>
            {t('products.fields.soldBy')}
          </label>
          <select
            id={`${id}-sold-by`}
            className="input"
            value={form.sold_by}
            onChange={(e) => set('sold_by')(e.target.value)}
          >
            <option value="unit">{t('products.fields.byUnit')}</option>
            <option value="weight">{t('products.fields.byWeight')}</option>
          </select>
        </div>
        {form.sold_by === 'weight' ? <WeighedFields form={form} set={set} /> : null}
        {SHARED_FIELDS.filter(([key]) => form.sold_by !== 'weight' || key !== 'price').map(([key, mode]) => (
          <Field
            key={key}
            label={t(`products.fields.${key}`)}
            value={form[key]}
            inputMode={mode === 'text' ? undefined : mode}
            maxLength={mode === 'text' ? PRODUCT_TEXT_MAX.label : 14}
            onChange={(e) => set(key)(e.target.value)}
          />
        ))}
      </div>
      <div className="product-pair product-descriptions">
        <RichTextEditor
          label={t('products.fields.describeEn')}
          lang="en"
          value={form.en_describe}
          onChange={set('en_describe')}
        />
        <RichTextEditor
          label={t('products.fields.describeZh')}
          lang="zh"
          value={form.zn_describe}
          onChange={set('zn_describe')}
        />
      </div>
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? t('products.editor.saving') : t('products.editor.save')}
      </button>
    </form>
  );
}

/**
 * A product sold by weight (docs/product.md, Sold by weight): its price per lb or kg, and a step
 * in that unit or a piece weight in grams (one of the two); the server prices one step or piece.
 */
function WeighedFields({
  form,
  set,
}: {
  form: ProductForm;
  set: (key: keyof ProductForm) => (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const unit = t(`packing.weight.unit.${form.weight_unit === 'kg' ? 'kg' : 'lb'}`);
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-unit`}>
          {t('settings.fields.weightUnit')}
        </label>
        <select
          id={`${id}-unit`}
          className="input"
          value={form.weight_unit}
          onChange={(e) => set('weight_unit')(e.target.value)}
        >
          <option value="lb">{t('settings.fields.lb')}</option>
          <option value="kg">{t('settings.fields.kg')}</option>
        </select>
      </div>
      <Field
        label={t('products.fields.unitPrice', { unit })}
        value={form.unit_price}
        inputMode="decimal"
        maxLength={12}
        onChange={(e) => set('unit_price')(e.target.value)}
      />
      <Field
        label={t('products.fields.step', { unit })}
        value={form.step}
        inputMode="decimal"
        maxLength={6}
        onChange={(e) => set('step')(e.target.value)}
      />
      <Field
        label={t('products.fields.pieceGrams')}
        value={form.piece_grams}
        inputMode="numeric"
        maxLength={5}
        onChange={(e) => set('piece_grams')(e.target.value)}
      />
      <p className="admin-hint">{t('products.fields.weighedHint')}</p>
    </>
  );
}
