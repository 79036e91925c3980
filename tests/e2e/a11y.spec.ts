import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { placeOrder, test } from './fixtures/order';
import {
  type Catalogue,
  chooseLanguage,
  expect,
  expectAccessible,
  LANGUAGES,
  NAME_HOLDS_LABEL,
  text,
} from './fixtures/shop';
import {
  callApi,
  type Shop,
  type SignedInShopper,
  shopperWithCart,
  signInAs,
  signUp,
} from './fixtures/shopper';

// Every kind of storefront screen, in both languages; the spec runs on the phone and desktop
// projects both, so each is checked at 375 px and 1440 px. Axe fails on serious and critical
// violations, and on a control whose name does not hold its visible text (NAME_HOLDS_LABEL).

interface Setup {
  page: Page;
  request: APIRequestContext;
  shop: Shop;
  shopper: SignedInShopper;
  catalogue: Catalogue;
}

interface Screen {
  name: string;
  /** Where it is; for a shopper's screen, made for the shopper first (an order, a saved card). */
  path: (s: Setup) => Promise<string>;
  /** What to do on the page before axe reads it (e.g. open a modal), in this language. */
  open?: (page: Page, language: Language) => Promise<void>;
}

const fixed = (path: string) => async () => path;

/** A visitor's screens: `path` reads only the catalogue. */
const VISITOR_SCREENS: Screen[] = [
  { name: 'home', path: fixed('/home') },
  { name: 'categories', path: fixed('/categories') },
  { name: 'category', path: fixed('/category/1/2') },
  {
    name: 'promotion',
    path: async ({ catalogue }) =>
      `/promotion/${(await catalogue.banners()).find((b) => b.type === 3)?.url ?? '1'}`,
  },
  { name: 'promotions list', path: fixed('/promotions') },
  { name: 'search results', path: fixed('/search?q=apple') },
  { name: 'search miss', path: fixed('/search?q=zzqxqzz') },
  {
    name: 'product',
    path: async ({ catalogue }) =>
      `/product/${(await catalogue.products('page=1&page_size=1')).list[0]?.uuid}`,
  },
  { name: 'sign in', path: fixed('/account') },
  { name: 'sign up', path: fixed('/account/signup') },
  { name: 'reset password', path: fixed('/account/resetpassword') },
  { name: "a visitor's profile", path: fixed('/profile') },
  { name: 'settings', path: fixed('/profile/settings') },
  { name: 'settings: languages', path: fixed('/profile/settings/languages') },
  { name: "a visitor's cart", path: fixed('/cart') },
  { name: '404', path: fixed('/no/such/page') },
];

/** The shopper's pending order, placed through the API. */
const withOrder = ({ request, shop, shopper, catalogue }: Setup) =>
  placeOrder(request, shop, shopper, catalogue);

/** A signed-in shopper's screens. */
const SHOPPER_SCREENS: Screen[] = [
  {
    name: 'cart with lines',
    path: async ({ request, shop, shopper, catalogue }) => {
      const lines = await catalogue.stocked(2);
      await shopperWithCart(
        request,
        shop,
        shopper,
        lines.map((p) => ({ uuid: p.uuid, amount: 2 })),
      );
      return '/cart';
    },
  },
  { name: 'profile menu', path: fixed('/profile') },
  {
    name: 'addresses',
    path: async (s) => {
      await shopperWithCart(s.request, s.shop, s.shopper, []);
      return '/profile/address';
    },
  },
  {
    name: 'payments with a saved card',
    path: async ({ request, shop, shopper }) => {
      await saveCard(request, shop, shopper);
      return '/profile/payments';
    },
  },
  {
    name: 'orders',
    path: async (s) => {
      await withOrder(s);
      return '/profile/orders';
    },
  },
  { name: 'order detail', path: async (s) => `/order/${await withOrder(s)}` },
  { name: 'pay page', path: async (s) => `/pay/${await withOrder(s)}` },
  {
    name: 'card modal: saved cards, then the card form',
    path: async (s) => {
      await saveCard(s.request, s.shop, s.shopper);
      return `/pay/${await withOrder(s)}`;
    },
    open: async (page, language) => {
      await page.getByRole('button', { name: text(language, 'pay:payNow') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('radio')).toHaveCount(1);
      await expectAccessible(page, NAME_HOLDS_LABEL);
      await dialog.getByRole('button', { name: text(language, 'pay:enterCard') }).click();
      await expect(dialog.getByLabel(text(language, 'pay:card.number'))).toBeFocused();
    },
  },
  { name: 'settings: account', path: fixed('/profile/settings/account') },
  { name: 'settings: profile', path: fixed('/profile/settings/profile') },
  { name: 'coupons', path: fixed('/profile/coupons') },
  {
    name: 'notifications',
    path: async (s) => {
      await withOrder(s);
      return '/profile/notifications';
    },
  },
];

/** A saved card, through the API, so pages that list cards have one. */
async function saveCard(request: APIRequestContext, shop: Shop, shopper: SignedInShopper): Promise<void> {
  await callApi(request, shop, shopper, 'PUT', '/api/credit_card', {
    card_no: '4111111111111111',
    expiration_time: '12/30',
    name: 'Mei Lin',
  });
}

const SCREENS = [
  ...VISITOR_SCREENS.map((screen) => ({ screen, signedIn: false })),
  ...SHOPPER_SCREENS.map((screen) => ({ screen, signedIn: true })),
];

for (const { screen, signedIn } of SCREENS) {
  test(`axe: no serious or critical violation on ${screen.name} (en, zh)`, async ({
    page,
    request,
    catalogue,
    shop,
  }) => {
    test.setTimeout(120_000); // axe takes seconds per page on a busy 2-core machine
    // A shopper is signed up only for the screens that need one; a visitor's screens never read it.
    const shopper = signedIn ? await signUp(shop, request) : ({} as SignedInShopper);
    const path = await screen.path({ page, request, shop, shopper, catalogue });
    for (const language of LANGUAGES) {
      if (signedIn) await signInAs(page, shopper, language);
      else await chooseLanguage(page, language);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('h1').first()).not.toHaveText('');
      await page.waitForLoadState('networkidle');
      if (screen.open) await screen.open(page, language);
      await expectAccessible(page, NAME_HOLDS_LABEL);
    }
  });
}
