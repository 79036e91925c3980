import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { TimeZoneHint } from '../../../components/ui/time-zone-hint';
import { usePageTitle } from '../../../lib/page-title';
import { type AdminBanner, type AdminPlate, bannersQueryOptions, platesQueryOptions } from '../api/home';
import { BannerEditor } from '../components/banner-editor';
import { BannerPreview } from '../components/banner-preview';
import { HomeRowActions } from '../components/home-row-actions';
import { PlateEditor } from '../components/plate-editor';
import { PlatePreview } from '../components/plate-preview';
import '../../../components/merchandising/merchandising.css';

/** Which editor is open: none, a new one, or the one of this id. */
type Editing = null | 'new' | number;

function bannerName(b: AdminBanner): string {
  return b.en_headline || b.en_name || b.url;
}

function BannersSection() {
  const { t } = useTranslation();
  const list = useQuery(bannersQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<unknown>(null);
  // The shop's wall clock, as the server answers it (as the promotions list shows theirs).
  const when = (wall: string | null) => wall?.replace('T', ' ') || '—';
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} retry={() => void list.refetch()} />;
  const { banners, promotions, time_zone: timeZone } = list.data;
  const close = () => setEditing(null);
  return (
    <section aria-labelledby="home-banners">
      <h2 id="home-banners">{t('home.banners')}</h2>
      <p className="admin-hint">{t('home.bannersIntro')}</p>
      <TimeZoneHint zone={timeZone} />
      {editing === 'new' ? (
        <BannerEditor promotions={promotions} timeZone={timeZone} onDone={close} />
      ) : (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('home.newBanner')}
        </button>
      )}
      <FormError error={error} />
      <ol className="category-tree">
        {banners.map((b, i) =>
          editing === b.id ? (
            <li key={b.id}>
              <BannerEditor banner={b} promotions={promotions} timeZone={timeZone} onDone={close} />
            </li>
          ) : (
            <li key={b.id} className="home-row">
              <BannerPreview banner={{ ...b, starts_at: b.starts_at ?? '', ends_at: b.ends_at ?? '' }} />
              <div className="home-row-text">
                <span className={`home-state is-${b.state}`}>{t(`home.state.${b.state}`)}</span>
                <span>{t(`home.type${b.type}`)}</span>
                <span>{b.en_name || b.url}</span>
                <span className="admin-hint">
                  {t('home.window', { from: when(b.starts_at), to: when(b.ends_at) })}
                </span>
              </div>
              <HomeRowActions
                kind="banners"
                id={b.id}
                name={bannerName(b)}
                published={b.published}
                first={i === 0}
                last={i === banners.length - 1}
                onEdit={() => setEditing(b.id)}
                onError={setError}
              />
            </li>
          ),
        )}
      </ol>
    </section>
  );
}

function PlatesSection() {
  const { t } = useTranslation();
  const list = useQuery(platesQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<unknown>(null);
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} retry={() => void list.refetch()} />;
  const plates: AdminPlate[] = list.data;
  const close = () => setEditing(null);
  return (
    <section aria-labelledby="home-plates">
      <h2 id="home-plates">{t('home.plates')}</h2>
      {editing === 'new' ? (
        <PlateEditor onDone={close} />
      ) : (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('home.newPlate')}
        </button>
      )}
      <FormError error={error} />
      <ol className="category-tree">
        {plates.map((p, i) =>
          editing === p.id ? (
            <li key={p.id}>
              <PlateEditor plate={p} onDone={close} />
            </li>
          ) : (
            <li key={p.id} className="home-row">
              <div className="home-row-text">
                <span className={`home-state is-${p.published ? 'showing' : 'draft'}`}>
                  {t(`home.state.${p.published ? 'showing' : 'draft'}`)}
                </span>
                <strong>{p.en_name}</strong> <span lang="zh">{p.zn_name}</span>
              </div>
              <HomeRowActions
                kind="plates"
                id={p.id}
                name={p.en_name}
                published={p.published}
                first={i === 0}
                last={i === plates.length - 1}
                onEdit={() => setEditing(p.id)}
                onError={setError}
              />
              <PlatePreview plate={p} />
            </li>
          ),
        )}
      </ol>
    </section>
  );
}

/** The home page's banners and plates (`catalogue.manage`): edit, preview, publish, order. */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  const staff = useStaff();
  if (!can(staff.role, 'catalogue.manage')) return <Forbidden />;
  return (
    <section className="admin-page">
      <h1>{t('home.title')}</h1>
      <BannersSection />
      <PlatesSection />
    </section>
  );
}
