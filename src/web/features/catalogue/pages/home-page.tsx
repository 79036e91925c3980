import { useTranslation } from 'react-i18next';
import { useBanners, useCategories, useNewCategories, usePlates } from '#web/api/catalogue';
import { ErrorState } from '#web/components/ui/states';
import { useDocumentTitle } from '#web/lib/document-title';
import { BannerCarousel, BannerSkeleton } from '../components/banner-carousel';
import { CategoryChips, CategoryChipsSkeleton } from '../components/category-chips';
import { DeliveryCheck } from '../components/delivery-check';
import { NewProductRow } from '../components/new-products';
import { PlateSection } from '../components/plates';
import '../home.css';

/** Home (docs/product.md §2): banners, category chips, new products per new category, then the plates. */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  useDocumentTitle(undefined);
  const banners = useBanners();
  const categories = useCategories();
  const newCategories = useNewCategories();
  const plates = usePlates();
  const primary = [banners, categories, newCategories, plates];
  const failed = primary.find((q) => q.isError);

  if (failed) {
    return (
      <>
        <h1 className="visually-hidden">{t('common:title')}</h1>
        <ErrorState
          error={failed.error}
          onRetry={() => {
            for (const q of primary) if (q.isError) void q.refetch();
          }}
        />
      </>
    );
  }

  return (
    <div className="home">
      <h1 className="visually-hidden">{t('common:title')}</h1>
      {banners.data ? <BannerCarousel banners={banners.data} /> : <BannerSkeleton />}
      <section className="section" aria-label={t('categories')}>
        {categories.data ? <CategoryChips categories={categories.data} /> : <CategoryChipsSkeleton />}
      </section>
      {newCategories.data?.map((category) => (
        <NewProductRow key={category.id} category={category} />
      ))}
      {plates.data?.map((plate) => (
        <PlateSection key={plate.id} plate={plate} />
      ))}
      <DeliveryCheck />
    </div>
  );
}
