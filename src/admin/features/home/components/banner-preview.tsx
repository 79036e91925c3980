import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/constants';
import { bannerTexts } from '#shared/schemas/home.rules';
import type { BannerForm } from '../api/home';

/** What a banner shows, as the storefront's banner strip draws it, in one language. */
function BannerSlide({
  banner,
  language,
}: {
  banner: BannerForm & { en_name: string; zn_name: string };
  language: Language;
}) {
  const { t } = useTranslation();
  const { headline, cta } = bannerTexts(banner, language);
  // The storefront's own call to action for the type when the shop wrote none (home.json banner.typeN).
  const shownCta = cta || t(`home.defaultCta.${language}.type${banner.type}`);
  return (
    <figure className="banner-preview" lang={language === 'zh' ? 'zh' : 'en'}>
      {banner.image ? <img src={banner.image} alt="" /> : null}
      <figcaption>{t(`home.previewIn.${language}`)}</figcaption>
      <div className="banner-preview-text">
        {headline ? <span className="banner-preview-headline">{headline}</span> : null}
        <span className="banner-preview-cta">{shownCta}</span>
      </div>
    </figure>
  );
}

/** The banner in both languages, before the owner publishes it. */
export function BannerPreview({ banner }: { banner: BannerForm & { en_name: string; zn_name: string } }) {
  const { t } = useTranslation();
  return (
    <section className="home-previews" aria-label={t('home.preview')}>
      {LANGUAGES.map((language) => (
        <BannerSlide key={language} banner={banner} language={language} />
      ))}
    </section>
  );
}
