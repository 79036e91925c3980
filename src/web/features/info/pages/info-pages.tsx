import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INFO_PAGES, type InfoPageKey } from '#shared/schemas/site.rules';
import { TitlePage } from '#web/components/ui/title-page';
import '#web/components/ui/panels.css';
import '../info.css';

/** One of the shop's own pages (about, contact, delivery, returns, privacy): short texts from info.json. */
function InfoPage({ page }: { page: InfoPageKey }) {
  const { t } = useTranslation(['info', 'site']);
  const paragraphs = t(`${page}.paragraphs`, { returnObjects: true }) as unknown;
  const others = INFO_PAGES.filter((p) => p.key !== page);
  return (
    <TitlePage title={t(`site:pages.${page}`)} description={t(`${page}.paragraphs.0`)}>
      <article className="info-page panel">
        {Array.isArray(paragraphs) && paragraphs.map((text) => <p key={String(text)}>{String(text)}</p>)}
      </article>
      <nav className="info-related" aria-label={t('related')}>
        <h2>{t('related')}</h2>
        <ul className="wrap-row">
          {others.map((p) => (
            <li key={p.key}>
              <Link to={p.path} className="button button-secondary">
                {t(`site:pages.${p.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </TitlePage>
  );
}

export const AboutPage = () => <InfoPage page="about" />;
export const ContactPage = () => <InfoPage page="contact" />;
export const DeliveryPage = () => <InfoPage page="delivery" />;
export const ReturnsPolicyPage = () => <InfoPage page="returnsPolicy" />;
export const PrivacyPage = () => <InfoPage page="privacy" />;

export type InfoPages = {
  AboutPage: typeof AboutPage;
  ContactPage: typeof ContactPage;
  DeliveryPage: typeof DeliveryPage;
  ReturnsPolicyPage: typeof ReturnsPolicyPage;
  PrivacyPage: typeof PrivacyPage;
};
