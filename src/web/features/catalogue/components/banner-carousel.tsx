import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BANNER_SIZES } from '#shared/media';
import type { Banner } from '#shared/schemas/catalogue';
import { bannerTexts } from '#shared/schemas/home.rules';
import { Carousel } from '#web/components/ui/carousel';
import { ImageBox } from '#web/components/ui/image-box';
import { useLanguage } from '#web/lib/i18n';

/** Where a banner goes when tapped (docs/product.md §2): 1 a product, 2 a path in the shop, 3 a promotion. */
export function bannerHref(banner: Banner): string {
  if (banner.type === 1) return `/product/${banner.url}`;
  if (banner.type === 3) return `/promotion/${banner.url}`;
  return banner.url.startsWith('/') ? banner.url : `/${banner.url}`;
}

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const slides = banners.map((banner, i) => {
    // The shop's headline and call to action when it wrote them, else the target's name and ours.
    const { headline, cta } = bannerTexts(banner, language);
    return (
      <Link key={banner.id} to={bannerHref(banner)} className="banner-link" draggable={false}>
        <ImageBox
          src={banner.image}
          kind="banner"
          alt={headline ? t('banner.alt', { name: headline }) : ''}
          sizes={BANNER_SIZES}
          priority={i === 0}
        />
        <span className="banner-text">
          {headline && <span className="banner-headline">{headline}</span>}
          <span className="banner-cta">{cta || t(`banner.type${banner.type}`)}</span>
        </span>
      </Link>
    );
  });
  return <Carousel label={t('banner.label')} slides={slides} autoplay className="home-banner" />;
}

export function BannerSkeleton() {
  return <div className="home-banner banner-skeleton" aria-hidden="true" />;
}
