import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/constants';
import { PLATE_GRID_STYLE } from '#shared/schemas/home.rules';
import { categoriesQueryOptions } from '../../../api/categories';
import type { PlateForm } from '../api/home';

/** A plate as the home will show it, in both languages: its title and its tiles or its category. */
export function PlatePreview({ plate }: { plate: PlateForm }) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQueryOptions());
  const category = (categories.data ?? [])
    .flatMap((c) => [c, ...c.children])
    .find((c) => c.id === plate.category_id);
  return (
    <section className="home-previews" aria-label={t('home.preview')}>
      {LANGUAGES.map((language) => (
        <div key={language} className="admin-panel" lang={language === 'zh' ? 'zh' : 'en'}>
          <p className="admin-hint">{t(`home.previewIn.${language}`)}</p>
          <h4>{language === 'zh' ? plate.zn_name || plate.en_name : plate.en_name}</h4>
          {plate.style === PLATE_GRID_STYLE ? (
            <div className="plate-preview-grid">
              {plate.items.map((item, i) =>
                item.img ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the form's tiles by place.
                  <img key={i} src={item.img} alt={item.url} />
                ) : null,
              )}
            </div>
          ) : (
            <p>
              {t(`home.bestSellersOf.${language}`, {
                name: category ? (language === 'zh' ? category.zn_name : category.en_name) : '…',
              })}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
