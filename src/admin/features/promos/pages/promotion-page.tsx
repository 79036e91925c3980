import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatCents } from '#shared/money';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { amountField, centsOf } from '#web/lib/money';
import { useStaff } from '../../../api/me';
import { Field } from '../../../components/ui/field';
import { ImageField } from '../../../components/ui/image-field';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { promoListPath } from '../../../lib/urls/promotions';
import {
  type PickedProduct,
  type Promotion,
  productSearchQuery,
  promotionQuery,
  useSave,
} from '../api/promos';
import { PromoStateBadge } from '../components/promo-state';
import '../promos.css';

interface Line {
  product: PickedProduct;
  /** The promotion price as typed (dollars). */
  price: string;
}

interface Draft {
  en_name: string;
  zn_name: string;
  ad_img: string;
  starts_at: string;
  ends_at: string;
  lines: Line[];
}

const EMPTY: Draft = { en_name: '', zn_name: '', ad_img: '', starts_at: '', ends_at: '', lines: [] };

const draftOf = (p: Promotion): Draft => ({
  en_name: p.en_name,
  zn_name: p.zn_name,
  ad_img: p.ad_img,
  starts_at: p.starts_at,
  ends_at: p.ends_at,
  lines: p.products.map((l) => ({ product: l, price: amountField(centsOf(l.promotion_price)) })),
});

/** `/admin/promotions/new` and `/admin/promotions/:id`: the editor, loaded first when editing. */
export function PromotionPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  const allowed = can(useStaff().role, 'catalogue.manage');
  const promotion = useQuery({ ...promotionQuery(Number(id)), enabled: allowed && editing });
  usePageTitle(t(editing ? 'promotions.edit' : 'promotions.new'));
  if (!allowed) return <Forbidden />;
  if (!editing) return <PromotionEditor />;
  if (promotion.isPending) return <Loading />;
  if (promotion.isError) return <LoadError error={promotion.error} retry={() => void promotion.refetch()} />;
  return <PromotionEditor key={promotion.data.id} promotion={promotion.data} />;
}

function PromotionEditor({ promotion }: { promotion?: Promotion }) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(promotion ? draftOf(promotion) : EMPTY);
  const [q, setQ] = useState('');
  const found = useQuery(productSearchQuery(q));
  const { save, remove, submit: saveDraft, saved } = useSave<Promotion>('promotions');
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const nameOf = (p: PickedProduct) => (zh ? p.zn_name : p.en_name);

  const add = (product: PickedProduct) => {
    if (draft.lines.some((l) => l.product.id === product.id)) return;
    set({ lines: [...draft.lines, { product, price: '' }] });
  };
  const setPrice = (productId: number, price: string) =>
    set({ lines: draft.lines.map((l) => (l.product.id === productId ? { ...l, price } : l)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { lines, ...fields } = draft;
    saveDraft({
      id: promotion?.id,
      body: { ...fields, products: lines.map((l) => ({ id: l.product.id, price: l.price })) },
    });
  };
  const del = () => {
    if (!promotion || !window.confirm(t('promotions.deleteConfirm'))) return;
    remove.mutate(promotion.id, { onSuccess: () => navigate(promoListPath('promotions')) });
  };

  return (
    <section className="admin-page">
      <h1>
        {t(promotion ? 'promotions.edit' : 'promotions.new')}{' '}
        {promotion ? <PromoStateBadge state={promotion.state} /> : null}
      </h1>
      <form className="promo-form" onSubmit={submit}>
        <ImageField
          kind="ad"
          label={t('promotions.fields.ad')}
          value={draft.ad_img}
          onChange={(ad_img) => set({ ad_img })}
        />
        <div className="promo-pair">
          <Field
            label={t('promotions.fields.enName')}
            value={draft.en_name}
            maxLength={100}
            onChange={(e) => set({ en_name: e.target.value })}
          />
          <Field
            label={t('promotions.fields.znName')}
            lang="zh"
            value={draft.zn_name}
            maxLength={100}
            onChange={(e) => set({ zn_name: e.target.value })}
          />
        </div>
        <div className="promo-pair">
          <Field
            label={t('promotions.fields.startsAt')}
            type="datetime-local"
            value={draft.starts_at}
            onChange={(e) => set({ starts_at: e.target.value })}
          />
          <Field
            label={t('promotions.fields.endsAt')}
            type="datetime-local"
            value={draft.ends_at}
            onChange={(e) => set({ ends_at: e.target.value })}
          />
        </div>
        <p className="admin-hint">{t('promotions.timeHint')}</p>

        <fieldset className="promo-products">
          <legend>{t('promotions.fields.products')}</legend>
          <Field
            label={t('promotions.pick.label')}
            type="search"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
          {found.data ? (
            <ul className="promo-found" aria-label={t('promotions.pick.results')}>
              {found.data.items.map((p) => (
                <li key={p.id}>
                  <span>
                    {nameOf(p)} · {formatCents(centsOf(p.price))}
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={draft.lines.some((l) => l.product.id === p.id)}
                    onClick={() => add(p)}
                  >
                    {t('promotions.pick.add', { name: nameOf(p) })}
                  </button>
                </li>
              ))}
              {found.data.items.length === 0 ? <li>{t('promotions.pick.none')}</li> : null}
            </ul>
          ) : null}
          {draft.lines.length === 0 ? (
            <p className="admin-hint">{t('promotions.noProducts')}</p>
          ) : (
            <ul className="promo-lines">
              {draft.lines.map((l) => (
                <li key={l.product.id}>
                  <span>
                    {nameOf(l.product)} ·{' '}
                    {t('promotions.regular', { price: formatCents(centsOf(l.product.price)) })}
                  </span>
                  <Field
                    label={t('promotions.priceOf', { name: nameOf(l.product) })}
                    inputMode="decimal"
                    value={l.price}
                    maxLength={12}
                    onChange={(e) => setPrice(l.product.id, e.target.value)}
                  />
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => set({ lines: draft.lines.filter((x) => x.product.id !== l.product.id) })}
                  >
                    {t('promotions.remove', { name: nameOf(l.product) })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <FormError error={save.error ?? remove.error} />
        <p className="admin-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('promotions.save')}
          </button>
          {promotion ? (
            <button type="button" className="button button-danger" disabled={remove.isPending} onClick={del}>
              {t('promotions.delete')}
            </button>
          ) : null}
        </p>
        {saved ? (
          <p className="admin-hint" role="status">
            {t('promotions.saved')}
          </p>
        ) : null}
      </form>
      <PromotionPreview draft={draft} zh={zh} />
    </section>
  );
}

/** The promotion as the storefront shows it: its ad, its name, and each product's card with both prices. */
function PromotionPreview({ draft, zh }: { draft: Draft; zh: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="promo-preview" aria-label={t('promotions.preview')}>
      <h2>{t('promotions.preview')}</h2>
      {draft.ad_img ? <img className="promo-preview-ad" src={draft.ad_img} alt="" /> : null}
      <h3>{zh ? draft.zn_name : draft.en_name}</h3>
      <ul className="promo-preview-cards">
        {draft.lines.map((l) => (
          <li key={l.product.id} className="promo-preview-card">
            {l.product.product_image ? <img src={l.product.product_image} alt="" loading="lazy" /> : null}
            <span>{zh ? l.product.zn_name : l.product.en_name}</span>
            <span>
              <strong>{l.price ? `$${l.price}` : '—'}</strong> <s>{formatCents(centsOf(l.product.price))}</s>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
