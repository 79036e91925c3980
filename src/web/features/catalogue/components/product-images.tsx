import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_PHOTO_SIZES } from '#shared/media';
import { Carousel } from '#web/components/ui/carousel';
import { ImageBox } from '#web/components/ui/image-box';
import { useMediaQuery, WIDE_SCREEN } from '#web/lib/media-query';

const PHONE_SIZES = PRODUCT_PHOTO_SIZES.narrow;
const WIDE_SIZES = PRODUCT_PHOTO_SIZES.wide;

/** Product pictures (docs/product.md §2): a swipeable carousel on phones, a gallery with thumbnails on wide screens. */
export function ProductImages({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation('catalogue');
  const wide = useMediaQuery(WIDE_SCREEN);
  const [selected, setSelected] = useState(0);
  const alt = (i: number) => t('product.imageAlt', { name, n: i + 1, count: images.length });

  if (!wide) {
    return (
      <Carousel
        label={t('product.images')}
        className="product-carousel"
        slides={images.map((src, i) => (
          <ImageBox key={src} src={src} kind="product" alt={alt(i)} sizes={PHONE_SIZES} priority={i === 0} />
        ))}
      />
    );
  }
  const current = images[Math.min(selected, images.length - 1)] ?? '';
  return (
    <div className="product-gallery">
      <ImageBox key={current} src={current} kind="product" alt={alt(selected)} sizes={WIDE_SIZES} priority />
      {images.length > 1 && (
        <ul className="product-thumbs" aria-label={t('product.images')}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="product-thumb"
                aria-label={t('product.showImage', { n: i + 1 })}
                aria-pressed={i === selected}
                onClick={() => setSelected(i)}
              >
                <ImageBox src={src} kind="product" alt="" sizes="88px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
