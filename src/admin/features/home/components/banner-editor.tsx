import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_TYPES, type BannerType, HEADLINE_MAX, HOME_NAME_MAX } from '#shared/schemas/home.rules';
import { Field, SelectField } from '../../../components/ui/field';
import { ImageField } from '../../../components/ui/image-field';
import { FormError } from '../../../components/ui/states';
import { TimeZoneHint } from '../../../components/ui/time-zone-hint';
import {
  type AdminBanner,
  type BannerForm,
  type PromotionChoice,
  productSearchOptions,
  saveHome,
  useHomeChange,
} from '../api/home';
import { BannerPreview } from './banner-preview';

const EMPTY: BannerForm = {
  type: 1,
  url: '',
  image: '',
  en_headline: '',
  zn_headline: '',
  en_cta: '',
  zn_cta: '',
  starts_at: '',
  ends_at: '',
};

interface Names {
  en_name: string;
  zn_name: string;
}

/** Finds a product by name (English, Chinese or pinyin) and picks it as the banner's target. */
function ProductPicker({ onPick }: { onPick(uuid: string, names: Names): void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useQuery(productSearchOptions(q));
  return (
    <div className="field">
      <Field label={t('home.findProduct')} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      {found.data ? (
        <ul className="target-results" aria-label={t('home.productResults')}>
          {found.data.map((p) => (
            <li key={p.uuid}>
              {p.product_image ? <img src={p.product_image} alt="" width={32} height={32} /> : null}
              <span>
                {p.en_name} · {p.zn_name}
              </span>
              <button type="button" className="button button-secondary" onClick={() => onPick(p.uuid, p)}>
                {t('home.pick')}
                <span className="visually-hidden"> {p.en_name}</span>
              </button>
            </li>
          ))}
          {found.data.length === 0 ? <li>{t('home.noProducts')}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Creates or edits a banner: what it leads to (a product found by name, a promotion, or a page of
 * the shop), its picture, headline and call to action in both languages, its schedule; with the
 * preview of how the home's banner strip will show it. A new banner is saved unpublished.
 */
export function BannerEditor({
  banner,
  promotions,
  timeZone,
  onDone,
}: {
  banner?: AdminBanner;
  promotions: PromotionChoice[];
  /** The shop's time zone: the schedule is typed on its wall clock, as promotions' are. */
  timeZone: string;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<BannerForm>(
    banner ? { ...banner, starts_at: banner.starts_at ?? '', ends_at: banner.ends_at ?? '' } : EMPTY,
  );
  const [names, setNames] = useState<Names>(banner ?? { en_name: '', zn_name: '' });
  const save = useHomeChange('banners', (f: BannerForm) => saveHome('banners', banner?.id, f));
  const set = (change: Partial<BannerForm>) => setForm((f) => ({ ...f, ...change }));
  const setTarget = (url: string, target: Names) => {
    set({ url });
    setNames(target);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: onDone });
  };
  const text = (key: keyof BannerForm, label: string, max: number) => (
    <Field
      label={label}
      value={String(form[key])}
      maxLength={max}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  return (
    <form className="admin-panel home-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{banner ? t('home.editBanner') : t('home.newBanner')}</h2>
      <SelectField
        label={t('home.bannerType')}
        value={form.type}
        onChange={(e) => {
          set({ type: Number(e.target.value) as BannerType, url: '' });
          setNames({ en_name: '', zn_name: '' });
        }}
      >
        {BANNER_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`home.type${type}`)}
          </option>
        ))}
      </SelectField>
      {form.type === 1 ? (
        <>
          <p className="admin-hint" aria-live="polite">
            {form.url
              ? t('home.chosenProduct', { name: `${names.en_name} · ${names.zn_name}` })
              : t('home.noTarget')}
          </p>
          <ProductPicker onPick={setTarget} />
        </>
      ) : form.type === 3 ? (
        <SelectField
          label={t('home.promotion')}
          value={form.url}
          onChange={(e) => {
            const p = promotions.find((x) => String(x.id) === e.target.value);
            setTarget(e.target.value, p ?? { en_name: '', zn_name: '' });
          }}
        >
          <option value="">{t('home.choose')}</option>
          {promotions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.en_name} · {p.zn_name}
            </option>
          ))}
        </SelectField>
      ) : (
        <Field
          label={t('home.path')}
          value={form.url}
          placeholder="/category/1"
          onChange={(e) => setTarget(e.target.value, { en_name: '', zn_name: '' })}
        />
      )}
      <ImageField
        kind="banner"
        label={t('home.bannerImage')}
        value={form.image}
        onChange={(image) => set({ image })}
      />
      <div className="home-pair">
        {text('en_headline', t('home.enHeadline'), HEADLINE_MAX)}
        {text('zn_headline', t('home.znHeadline'), HEADLINE_MAX)}
        {text('en_cta', t('home.enCta'), HOME_NAME_MAX)}
        {text('zn_cta', t('home.znCta'), HOME_NAME_MAX)}
      </div>
      <p className="admin-hint">{t('home.headlineHint')}</p>
      <div className="home-pair">
        <Field
          label={t('home.startsAt')}
          type="datetime-local"
          value={form.starts_at}
          onChange={(e) => set({ starts_at: e.target.value })}
        />
        <Field
          label={t('home.endsAt')}
          type="datetime-local"
          value={form.ends_at}
          onChange={(e) => set({ ends_at: e.target.value })}
        />
      </div>
      <p className="admin-hint">{t('home.scheduleHint')}</p>
      <TimeZoneHint zone={timeZone} />
      <h3>{t('home.preview')}</h3>
      <BannerPreview banner={{ ...form, ...names }} />
      <FormError error={save.error} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {banner ? t('home.save') : t('home.saveDraft')}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t('home.cancel')}
        </button>
      </div>
    </form>
  );
}
