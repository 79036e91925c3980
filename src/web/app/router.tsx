import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject } from 'react-router';
import { UUID_PATTERN } from '#shared/schemas/common.rules';
import { INFO_PAGES, type InfoPageKey } from '#shared/schemas/site.rules';
import {
  bannersQueryOptions,
  categoriesQueryOptions,
  categoryQueryOptions,
  newCategoriesQueryOptions,
  platesQueryOptions,
  productListQueryOptions,
  productQueryOptions,
} from '../api/catalogue';
import { HomePage } from '../features/catalogue/pages/home-page';
import type { InfoPages } from '../features/info/pages/info-pages';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { RequireUser } from './shell/require-user';
import { RootLayout, type RouteHandle } from './shell/root-layout';
import { RouteError } from './shell/route-error';
import { ShellFallback } from './shell/shell-fallback';

type PageModule = Record<string, unknown>;

/** The info pages' components (features/info), by their key in INFO_PAGES. */
const infoPageName: Record<InfoPageKey, keyof InfoPages> = {
  about: 'AboutPage',
  contact: 'ContactPage',
  delivery: 'DeliveryPage',
  returnsPolicy: 'ReturnsPolicyPage',
  privacy: 'PrivacyPage',
};

/** A lazy route: its code chunk and its translation namespaces load together. */
function page<M extends PageModule>(load: () => Promise<M>, name: keyof M & string, ...ns: Namespace[]) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(...ns)]);
    return { Component: module[name] as React.ComponentType };
  };
}

const tab: RouteHandle = { tab: true };
/** Pages that end with the site footer on phones too: home, profile, settings and the info pages. */
const tabWithFooter: RouteHandle = { tab: true, footer: true };
const withFooter: RouteHandle = { footer: true };

const ID = /^\d{1,9}$/;

/**
 * Loaders of the catalogue's lazy pages: they start the page's first calls alongside its code and
 * texts instead of after them (the page's own hooks then find the calls under way), and wait for none.
 */
function catalogueLoaders(queryClient: QueryClient) {
  const category: LoaderFunction = ({ params }) => {
    const { id = '', subId } = params;
    if (ID.test(id) && (subId === undefined || ID.test(subId))) {
      void queryClient.prefetchQuery(categoryQueryOptions(Number(id)));
      void queryClient.prefetchQuery(productListQueryOptions({ category_id: Number(subId ?? id) }));
    }
    return null;
  };
  const product: LoaderFunction = ({ params }) => {
    if (params.id && UUID_PATTERN.test(params.id))
      void queryClient.prefetchQuery(productQueryOptions(params.id));
    return null;
  };
  const search: LoaderFunction = ({ request }) => {
    const term = (new URL(request.url).searchParams.get('q') ?? '').trim();
    if (term) void queryClient.prefetchQuery(productListQueryOptions({ en_search: term }));
    return null;
  };
  return { category, product, search };
}

/** The route table of docs/product.md §2. Home is in the first chunk; every other screen is its own lazy chunk. */
export function routes(queryClient: QueryClient): RouteObject[] {
  const account = () => import('../features/account/pages/account-pages');
  const profile = () => import('../features/account/pages/profile-pages');
  const settings = () => import('../features/account/pages/settings-pages');
  const info = () => import('../features/info/pages/info-pages');
  const loaders = catalogueLoaders(queryClient);
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback: ShellFallback,
      ErrorBoundary: RouteError,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, element: <Navigate to="/home" replace /> },
            {
              path: 'home',
              handle: tabWithFooter,
              Component: HomePage,
              loader: async () => {
                // Start home's calls at once instead of after its texts and first render. The page
                // waits for the banners too, so its first frame has the banner index.html already
                // shows (app/shell/boot-shell.ts) rather than a placeholder in its place.
                void queryClient.prefetchQuery(categoriesQueryOptions());
                void queryClient.prefetchQuery(newCategoriesQueryOptions());
                void queryClient.prefetchQuery(platesQueryOptions());
                await Promise.all([queryClient.prefetchQuery(bannersQueryOptions()), loadNamespaces('home')]);
                return null;
              },
            },
            {
              path: 'categories',
              handle: tab,
              lazy: page(
                () => import('../features/catalogue/pages/categories-page'),
                'CategoriesPage',
                'catalogue',
              ),
            },
            {
              path: 'cart',
              handle: tab,
              lazy: page(() => import('../features/cart/pages/cart-page'), 'CartPage', 'cart', 'address'),
            },
            { path: 'profile', handle: tabWithFooter, lazy: page(profile, 'ProfilePage', 'profile') },
            { path: 'promotions', handle: tab, lazy: page(profile, 'PromotionsPage', 'profile') },
            {
              path: 'account',
              lazy: page(account, 'AccountLayout', 'account'),
              children: [
                { index: true, lazy: page(account, 'SignInPage', 'account') },
                { path: 'signup', lazy: page(account, 'SignUpPage', 'account') },
                { path: 'resetpassword', lazy: page(account, 'ResetPasswordPage', 'account') },
              ],
            },
            { path: 'profile/coupons', lazy: page(profile, 'CouponsPage', 'profile', 'info') },
            {
              path: 'profile/notifications',
              lazy: page(profile, 'NotificationsPage', 'profile', 'info', 'orders'),
            },
            { path: 'profile/returns', lazy: page(profile, 'ReturnsPage', 'profile', 'info') },
            { path: 'profile/reviews', lazy: page(profile, 'ReviewsPage', 'profile', 'info') },
            {
              path: 'profile/settings',
              handle: withFooter,
              lazy: page(settings, 'SettingsPage', 'profile'),
            },
            ...INFO_PAGES.map(({ path, key }) => ({
              path: path.slice(1),
              handle: withFooter,
              lazy: page(info, infoPageName[key], 'info'),
            })),
            { path: 'profile/settings/languages', lazy: page(settings, 'LanguagesPage', 'profile') },
            {
              Component: RequireUser,
              children: [
                { path: 'profile/settings/account', lazy: page(settings, 'AccountSettingsPage', 'profile') },
                { path: 'profile/settings/profile', lazy: page(settings, 'ProfileSettingsPage', 'profile') },
                {
                  path: 'profile/address',
                  lazy: page(
                    () => import('../features/address/pages/address-page'),
                    'AddressPage',
                    'address',
                  ),
                },
                {
                  path: 'profile/payments',
                  lazy: page(() => import('../features/card/pages/cards-page'), 'CardsPage', 'pay'),
                },
                {
                  path: 'profile/orders',
                  lazy: page(() => import('../features/order/pages/orders-page'), 'OrdersPage', 'orders'),
                },
                {
                  path: 'order/:id',
                  lazy: page(() => import('../features/order/pages/order-page'), 'OrderPage', 'orders'),
                },
                {
                  path: 'order/:id/confirmation',
                  lazy: page(
                    () => import('../features/order/pages/order-confirmation-page'),
                    'OrderConfirmationPage',
                    'orders',
                  ),
                },
                {
                  path: 'pay/:id',
                  lazy: page(() => import('../features/payment/pages/pay-page'), 'PayPage', 'pay', 'orders'),
                },
              ],
            },
            {
              path: 'promotion/:id',
              lazy: page(
                () => import('../features/catalogue/pages/promotion-page'),
                'PromotionPage',
                'catalogue',
              ),
            },
            {
              path: 'category/:id/:subId?',
              loader: loaders.category,
              lazy: page(
                () => import('../features/catalogue/pages/category-page'),
                'CategoryPage',
                'catalogue',
              ),
            },
            {
              path: 'product/:id',
              loader: loaders.product,
              lazy: page(
                () => import('../features/catalogue/pages/product-page'),
                'ProductPage',
                'catalogue',
              ),
            },
            {
              path: 'search',
              loader: loaders.search,
              lazy: page(() => import('../features/search/pages/search-page'), 'SearchPage', 'search'),
            },
            { path: '*', lazy: page(() => import('./shell/not-found-page'), 'NotFoundPage') },
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}
