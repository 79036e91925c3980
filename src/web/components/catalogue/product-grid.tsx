import { useTranslation } from 'react-i18next';
import type { ProductCard as Card } from '#shared/schemas/catalogue';
import { useCardCart } from '#web/api/cart';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { ScrollRow, type ScrollRowLabels } from '../ui/scroll-row';
import { AddProblem } from './add-problem';
import { ProductCard, ProductCardSkeleton } from './product-card';

interface ProductGridProps {
  products: Card[];
  onAdd: (uuid: string) => void;
  /** How many leading cards are above the fold and load their pictures at once. */
  eager?: number;
  /** `row` scrolls sideways in one line (home's new products); `grid` wraps. */
  layout?: 'grid' | 'row';
  label?: string;
  headingLevel?: 2 | 3;
  /** A row's previous/next arrows on wide screens, with these names. */
  arrows?: ScrollRowLabels;
}

export function ProductGrid({
  products,
  onAdd,
  eager = 0,
  layout = 'grid',
  label,
  headingLevel,
  arrows,
}: ProductGridProps) {
  const cart = useCardCart();
  const { t } = useTranslation('common');
  const language = useLanguage();
  const changed = cart.changed && products.find((p) => p.uuid === cart.changed?.uuid);
  const list = (ref?: (node: HTMLUListElement | null) => void) => (
    <ul className={`product-${layout}`} aria-label={label} ref={ref}>
      {products.map((product, i) => (
        <li key={product.uuid}>
          <ProductCard
            product={product}
            onAdd={onAdd}
            inCart={cart.inCart(product.uuid)}
            onAmount={cart.change}
            priority={i < eager}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <AddProblem message={cart.message} />
      {/* A stepper's button keeps the focus, so what the change did is said here. */}
      <p className="visually-hidden" aria-live="polite">
        {changed && cart.changed
          ? cart.changed.amount === 0
            ? t('product.leftCart', { name: nameOf(changed, language) })
            : t('product.nowInCart', { name: nameOf(changed, language), count: cart.changed.amount })
          : ''}
      </p>
      {layout === 'row' && arrows ? <ScrollRow labels={arrows}>{list}</ScrollRow> : list()}
    </>
  );
}

export function ProductGridSkeleton({
  count = 8,
  layout = 'grid',
}: {
  count?: number;
  layout?: 'grid' | 'row';
}) {
  const { t } = useTranslation('common');
  return (
    <div className={`product-${layout}`} role="status" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
