import { createBrowserRouter } from 'react-router';
import { AccountPage } from '../features/account/pages/account-page';
import { TwoFactorPage } from '../features/account/pages/two-factor-page';
import { AuditPage } from '../features/audit/pages/audit-page';
import { CategoriesPage } from '../features/categories/pages/categories-page';
import { CustomerPage } from '../features/customers/pages/customer-page';
import { CustomersPage } from '../features/customers/pages/customers-page';
import { DELIVERY_ROUTES } from '../features/delivery/routes';
import { HomePage } from '../features/home/pages/home-page';
import { IMPORT_ROUTES } from '../features/import/routes';
import { ORDER_ROUTES } from '../features/orders/routes';
import { PACKING_ROUTES } from '../features/packing/routes';
import { productRoutes } from '../features/products/routes';
import { PROMO_ROUTES } from '../features/promos/routes';
import { REPORTS_ROUTES } from '../features/reports/routes';
import { SEARCHES_ROUTES } from '../features/searches/routes';
import { SETTINGS_ROUTES } from '../features/settings/routes';
import { SetPasswordPage } from '../features/sign-in/pages/set-password-page';
import { SignInPage } from '../features/sign-in/pages/sign-in-page';
import { SLOTS_ROUTES } from '../features/slots/routes';
import { StaffPage } from '../features/staff/pages/staff-page';
import { StockPanel } from '../features/stock/components/stock-panel';
import { STOCK_ROUTES } from '../features/stock/routes';
import { TAX_ROUTES } from '../features/tax/routes';
import { TodayPage } from '../features/today/pages/today-page';
import { accountPath, setPasswordPath, signInPath, twoFactorPath } from '../lib/urls/account';
import { auditPath } from '../lib/urls/audit';
import { customerListPath, customerPath } from '../lib/urls/customers';
import { categoriesPath, homePath, staffPath } from '../lib/urls/shop';
import { todayPath } from '../lib/urls/today';
import { AdminLayout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RequireStaff } from './require-staff';

/**
 * The console's routes, all under /admin (the server serves its page for every one). The pages
 * are in the console's entry chunk, not lazy: a lazy route needs Vite's preload helper, which the
 * two entries would then share as a chunk of its own, one more request on the storefront's first
 * load (scripts/check-bundle.ts). The console is small enough to load at once.
 */
export function createRouter() {
  return createBrowserRouter([
    { path: signInPath, Component: SignInPage },
    { path: setPasswordPath, Component: SetPasswordPage },
    {
      path: todayPath,
      Component: RequireStaff,
      children: [
        {
          Component: AdminLayout,
          children: [
            { index: true, Component: TodayPage },
            { path: twoFactorPath, Component: TwoFactorPage },
            { path: accountPath, Component: AccountPage },
            ...ORDER_ROUTES,
            ...PACKING_ROUTES,
            ...productRoutes({ StockPanel }),
            ...IMPORT_ROUTES,
            ...SEARCHES_ROUTES,
            { path: staffPath, Component: StaffPage },
            { path: customerListPath, Component: CustomersPage },
            { path: customerPath(':uuid'), Component: CustomerPage },
            ...REPORTS_ROUTES,
            { path: auditPath, Component: AuditPage },
            ...STOCK_ROUTES,
            { path: categoriesPath, Component: CategoriesPage },
            { path: homePath, Component: HomePage },
            ...PROMO_ROUTES,
            ...DELIVERY_ROUTES,
            ...TAX_ROUTES,
            ...SETTINGS_ROUTES,
            ...SLOTS_ROUTES,
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ]);
}
