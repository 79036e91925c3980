import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_MOST_SOLD_PAGE_SIZE } from '#shared/constants';
import type { Plate } from '#shared/schemas/catalogue';
import { useAddToCart } from '#web/api/cart';
import { useProductList } from '#web/api/catalogue';
import { AddProblem } from '#web/components/catalogue/add-problem';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-grid';
import { ChevronRightIcon } from '#web/components/ui/icons';
import { ImageBox } from '#web/components/ui/image-box';
import { ErrorState } from '#web/components/ui/states';
import { useLanguage } from '#web/lib/i18n';
import { useInView } from '#web/lib/in-view';
import { nameOf } from '#web/lib/localized';

/** Best sellers shown on home per plate; the category page has the rest. */
const SHOWN = 10;

/** A plate (docs/product.md §2): style 2 is a grid of promo tiles; any other style a category's best sellers. */
export function PlateSection({ plate }: { plate: Plate }) {
  const language = useLanguage();
  const [ref, near] = useInView<HTMLElement>();
  const headingId = `plate-${plate.id}`;
  const title = nameOf(plate, language);
  return (
    <section className="section" aria-labelledby={headingId} ref={ref}>
      {plate.style === 2 ? (
        <>
          <h2 className="section-title section-head" id={headingId}>
            {title}
          </h2>
          <TileGrid plate={plate} />
        </>
      ) : plate.category_id !== null ? (
        <MostSold categoryId={plate.category_id} headingId={headingId} title={title} near={near} />
      ) : null}
    </section>
  );
}

function TileGrid({ plate }: { plate: Plate }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  return (
    <ul className="tile-grid">
      {plate.item.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two tiles may share a link; their order is fixed
        <li key={`${item.url}-${i}`}>
          <Link to={item.url.startsWith('/') ? item.url : `/${item.url}`} className="tile">
            <ImageBox
              src={item.img}
              kind="tile"
              alt={nameOf(item, language) ? t('banner.alt', { name: nameOf(item, language) }) : ''}
              sizes="(min-width: 960px) 600px, 50vw"
            />
            <span className="banner-text">
              {nameOf(item, language) && <span className="banner-headline">{nameOf(item, language)}</span>}
              <span className="banner-cta">{t('tileCta')}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface MostSoldProps {
  categoryId: number;
  headingId: string;
  title: string;
  /** Fetch only once the section nears the viewport. */
  near: boolean;
}

function MostSold({ categoryId, headingId, title, near }: MostSoldProps) {
  const { t } = useTranslation('home');
  const { add, message } = useAddToCart();
  const query = useProductList(
    { category_id: categoryId, most_sold: true, page_size: HOME_MOST_SOLD_PAGE_SIZE },
    near,
  );
  // As in the new-product rows: the cards draw in a background render that yields to the browser.
  const products = useDeferredValue(query.data?.list);
  return (
    <>
      <div className="section-head">
        <h2 className="section-title" id={headingId}>
          {title}
        </h2>
        <Link to={`/category/${categoryId}`} className="section-link">
          {t('seeAll')}
          <span className="visually-hidden"> {title}</span>
          <ChevronRightIcon />
        </Link>
      </div>
      <AddProblem message={message} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} size="section" />
      ) : products ? (
        <ProductGrid products={products.slice(0, SHOWN)} onAdd={add} label={title} />
      ) : (
        <ProductGridSkeleton count={near ? 4 : 2} />
      )}
    </>
  );
}
