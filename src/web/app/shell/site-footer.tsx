import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INFO_PAGES } from '#shared/schemas/site.rules';
import { PaymentMarks } from '#web/components/ui/payment-marks';
import './site-footer.css';

const HELP_PAGES = new Set<string>(['delivery', 'returnsPolicy', 'contact']);

/**
 * The shop's footer: its pages and the payment methods it takes. On wide screens under every page;
 * on phones only where a route asks for it (`footer` in its handle), so it never sits behind the
 * tab bar of a page that scrolls to a form or a button.
 */
export function SiteFooter({ onPhones }: { onPhones: boolean }) {
  // The footer never holds up the page: it appears once its texts are there.
  const { t, ready } = useTranslation('site', { useSuspense: false });
  if (!ready) return null;
  const link = (to: string, label: string) => (
    <li key={to}>
      <Link to={to}>{label}</Link>
    </li>
  );
  return (
    <footer className={`site-footer${onPhones ? ' on-phones' : ''}`} data-testid="site-footer">
      <div className="container site-footer-inner">
        <nav className="site-footer-links" aria-label={t('footer.label')}>
          <div>
            <h2>{t('footer.shop')}</h2>
            <ul>
              {link('/categories', t('footer.allCategories'))}
              {link('/promotions', t('footer.promotions'))}
              {link('/profile/orders', t('footer.orders'))}
            </ul>
          </div>
          <div>
            <h2>{t('footer.help')}</h2>
            <ul>
              {INFO_PAGES.filter((p) => HELP_PAGES.has(p.key)).map((p) => link(p.path, t(`pages.${p.key}`)))}
            </ul>
          </div>
          <div>
            <h2>{t('footer.company')}</h2>
            <ul>
              {INFO_PAGES.filter((p) => !HELP_PAGES.has(p.key)).map((p) => link(p.path, t(`pages.${p.key}`)))}
            </ul>
          </div>
        </nav>
        <div className="site-footer-pay">
          <h2>{t('footer.payments')}</h2>
          <PaymentMarks />
        </div>
        <p className="site-footer-note">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
