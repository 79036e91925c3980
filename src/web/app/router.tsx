import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { categoriesQueryOptions } from '../api/categories';
import {
  bannersQueryOptions,
  newCategoriesQueryOptions,
  platesQueryOptions,
} from '../features/home/api/get-home';
import { HomePage } from '../features/home/pages/home-page';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { RequireUser } from './shell/require-user';
import { RootLayout, type RouteHandle } from './shell/root-layout';
import { RouteError } from './shell/route-error';
import { ShellFallback } from './shell/shell-fallback';

type PageModule = Record<string, unknown>;

/** A lazy route: its code chunk and its translation namespaces load together. */
function page<M extends PageModule>(load: () => Promise<M>, name: keyof M & string, ...ns: Namespace[]) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(...ns)]);
    return { Component: module[name] as React.ComponentType };
  };
}

const tab: RouteHandle = { tab: true };

/** The route table of spec §2. Home is in the first chunk; every other screen is its own lazy chunk. */
export function routes(queryClient: QueryClient): RouteObject[] {
  const account = () => import('../features/account/pages/account-pages');
  const profile = () => import('../features/profile/pages/profile-pages');
  const settings = () => import('../features/profile/pages/settings-pages');
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
              handle: tab,
              Component: HomePage,
              loader: async () => {
                // Start home's calls at once instead of after its texts and first render.
                void queryClient.prefetchQuery(bannersQueryOptions());
                void queryClient.prefetchQuery(categoriesQueryOptions());
                void queryClient.prefetchQuery(newCategoriesQueryOptions());
                void queryClient.prefetchQuery(platesQueryOptions());
                await loadNamespaces('home');
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
            { path: 'profile', handle: tab, lazy: page(profile, 'ProfilePage', 'profile') },
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
            { path: 'profile/coupons', lazy: page(profile, 'CouponsPage', 'profile') },
            { path: 'profile/notifications', lazy: page(profile, 'NotificationsPage', 'profile') },
            { path: 'profile/returns', lazy: page(profile, 'ReturnsPage', 'profile') },
            { path: 'profile/reviews', lazy: page(profile, 'ReviewsPage', 'profile') },
            { path: 'profile/settings', lazy: page(settings, 'SettingsPage', 'profile') },
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
                  lazy: page(() => import('../features/payments/pages/payments-page'), 'PaymentsPage', 'pay'),
                },
                {
                  path: 'profile/orders',
                  lazy: page(() => import('../features/orders/pages/orders-page'), 'OrdersPage', 'orders'),
                },
                {
                  path: 'order/:id',
                  lazy: page(() => import('../features/orders/pages/order-page'), 'OrderPage', 'orders'),
                },
                {
                  path: 'pay/:id',
                  lazy: page(() => import('../features/pay/pages/pay-page'), 'PayPage', 'pay'),
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
              lazy: page(
                () => import('../features/catalogue/pages/category-page'),
                'CategoryPage',
                'catalogue',
              ),
            },
            {
              path: 'product/:id',
              lazy: page(
                () => import('../features/catalogue/pages/product-page'),
                'ProductPage',
                'catalogue',
              ),
            },
            {
              path: 'search',
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
