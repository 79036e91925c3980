import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '#shared/constants';
import { formatCents } from '#shared/money';
import type { OrderDetail as AdminOrderDetail } from '#shared/schemas/admin/orders.zod';
import type { CartItem, SubstituteSuggestion } from '#shared/schemas/cart';
import type { NotificationList } from '#shared/schemas/notification';
import type { OrderDetail } from '#shared/schemas/order';
import { formatWhen } from '#web/lib/date-time';
import { staffSignedIn, staffTokenOverApi, test } from './fixtures/admin-orders';
import { CONSOLE_HEADERS, consoleWriteHeaders } from './fixtures/console-sign-in';
import { type Catalogue, expect, expectAccessible, LANGUAGES, nameIn, price, textIn } from './fixtures/shop';
import {
  callApi,
  payByTestCard,
  type Shop,
  type SignedInShopper,
  shopperWithCart,
  signInAs,
  signUp,
} from './fixtures/shopper';

/**
 * Substitutions with consent in the browser (docs/product.md, Substitutions): the
 * shopper asked to be asked first about a specific substitute, keeps the order page open, and the
 * packer proposes it (the console's API, as its Packing page sends it). The proposal must come by
 * the live stream (docs/decisions/024-event-stream-tickets.md): within 2 s, with no reload, the
 * page shows it with its price difference and Approve / Decline. On a desktop the bell lists it
 * too; on a phone, where the order page has no top bar, the page itself must make it plain.
 */
test.describe.configure({ timeout: 120_000 });

/** How soon a proposal must show on an open order page (docs/product.md, Following an order). */
const LIVE_MS = 2000;

/** A product of the first catalogue page with a dearer substitute in stock in its category. */
async function withDearerSubstitute(
  request: APIRequestContext,
  shop: Shop,
  shopper: SignedInShopper,
  catalogue: Catalogue,
) {
  for (const ordered of await catalogue.stocked(20)) {
    const found = await callApi<SubstituteSuggestion[]>(
      request,
      shop,
      shopper,
      'GET',
      `/api/substitutes?uuid=${ordered.uuid}`,
    );
    const substitute = found.find((s) => s.real_stock >= 5 && s.price > ordered.price);
    if (substitute) return { ordered, substitute };
  }
  throw new Error('no product with a dearer substitute in its category');
}

/** Orders the cart's one line and pays for it by card, through the API. */
async function orderAndPay(request: APIRequestContext, shop: Shop, shopper: SignedInShopper) {
  const [cartLine] = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
  const address = await callApi<{ uuid: string }[]>(request, shop, shopper, 'GET', '/api/address');
  const orderNo = await callApi<string>(request, shop, shopper, 'POST', '/api/order', {
    uuid: address[0]?.uuid ?? '',
    coupon: '',
    'items[0][id]': cartLine?.id ?? 0,
    'items[0][num]': 1,
  });
  expect(await payByTestCard(request, shop, shopper, orderNo)).toBe(2);
  const order = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
  const line = order.item[0];
  if (!line) throw new Error('the order has no line');
  return { orderNo, line };
}

/**
 * Opens the order page and waits until its live stream is open (it would otherwise poll): what
 * happens next must come by the stream. Marks the window, so a reload would show.
 */
async function openOrderLive(page: Page, orderNo: string, lineName: string): Promise<void> {
  const streamOpened = page.waitForResponse(
    (res) => res.url().includes('/api/notifications/stream') && res.status() === 200,
  );
  await page.goto(`/order/${orderNo}`);
  await expect(page.getByText(lineName).first()).toBeVisible({ timeout: 15_000 });
  await streamOpened;
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
}

const stayed = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

/** The packer proposes `product` for the line, with the body the console's Packing page sends. */
function proposeBody(orderNo: string, product: string, language: Language) {
  return { state: 'replaced', product, key: `e2e-${orderNo}-${language}` };
}

test.describe('desktop: the order page and the bell', () => {
  test.beforeEach(({ isMobile }, testInfo) => {
    test.skip(
      isMobile || testInfo.project.name !== 'desktop',
      'the bell beside an order page is the desktop’s',
    );
  });

  for (const language of LANGUAGES) {
    test(`a proposal reaches the open order page live, the shopper approves it (${language})`, async ({
      page,
      browser,
      request,
      shop,
      server,
      catalogue,
    }) => {
      const t = textIn(language);
      const shopper = await signUp(shop, request);
      const { ordered, substitute } = await withDearerSubstitute(request, shop, shopper, catalogue);
      await shopperWithCart(request, shop, shopper, [{ uuid: ordered.uuid, amount: 1 }]);
      const [cartLine] = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
      await callApi(request, shop, shopper, 'PATCH', `/api/cart/${cartLine?.id ?? 0}`, {
        when_missing: 'replace',
        substitute: substitute.uuid,
        ask_first: 'true',
      });
      const { orderNo, line } = await orderAndPay(request, shop, shopper);
      // The packer is signed in on the console before the shopper looks, so the wait below is
      // the proposal's way to the page and nothing else.
      await staffSignedIn(page, server, 'packer', language);

      // The shopper's computer keeps another zone than the shop's: times follow the shop.
      const desk = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        baseURL: server.url,
        timezoneId: 'Asia/Shanghai',
      });
      const shopperPage = await desk.newPage();
      await signInAs(shopperPage, shopper, language);
      await openOrderLive(shopperPage, orderNo, nameIn(language, line));
      const bellNamed = (count: number) =>
        shopperPage.getByRole('button', {
          name: count ? t('nav.notificationsUnread', { count }) : t('nav.notifications'),
          exact: true,
        });
      await expect(bellNamed(2)).toBeVisible();

      const proposed = await page.request.post(`/api/admin/packing/${orderNo}/lines/${line.id}`, {
        data: proposeBody(orderNo, substitute.uuid, language),
        headers: await consoleWriteHeaders(page),
      });
      expect(proposed.status()).toBe(200);

      // Within 2 s, no reload: the proposal, how much dearer it is, Approve and Decline.
      const card = shopperPage.getByRole('region', { name: t('common:substitution.proposal') });
      await expect(card).toContainText(
        t('common:substitution.proposed', {
          name: nameIn(language, substitute),
          price: price(substitute.price),
        }),
        { timeout: LIVE_MS },
      );
      const dearerBy = formatCents(Math.round(substitute.price * 100) - Math.round(line.price * 100));
      await expect(card).toContainText(t('common:substitution.dearer', { amount: dearerBy }));
      // The deadline on the shop's clock, as the timeline's times, whatever the computer's zone.
      const { time_zone: shopZone } = await callApi<NotificationList>(
        request,
        shop,
        shopper,
        'GET',
        '/api/notifications',
      );
      const asked = await callApi<OrderDetail>(request, shop, shopper, 'GET', `/api/order/${orderNo}`);
      await expect(card).toContainText(
        t('common:substitution.deadline', {
          when: formatWhen(asked.item[0]?.proposal?.deadline, language, { timeZone: shopZone }),
        }),
      );
      const approve = card.getByRole('button', { name: t('common:substitution.approve') });
      await expect(approve).toBeVisible();
      await expect(card.getByRole('button', { name: t('common:substitution.decline') })).toBeVisible();
      await expect(bellNamed(3)).toBeVisible({ timeout: LIVE_MS });
      expect(await stayed(shopperPage)).toBe(true);

      // The bell opens on the newest events, in the shop's time, each into its order; opening
      // it reads them.
      await bellNamed(3).click();
      const menu = shopperPage.getByRole('region', { name: t('nav.notifications'), exact: true });
      const first = menu.getByRole('link').first();
      await expect(first).toContainText(t('orders:timeline.kinds.substitution_proposed'));
      await expect(first).toHaveAttribute('href', `/order/${orderNo}`);
      const { events, time_zone } = await callApi<NotificationList>(
        request,
        shop,
        shopper,
        'GET',
        '/api/notifications',
      );
      const newest = events[0];
      expect(newest?.kind).toBe('substitution_proposed');
      await expect(first.locator('time')).toHaveText(
        formatWhen(newest?.at, language, { timeZone: time_zone }),
      );
      await expect(menu.getByRole('link', { name: t('bell.seeAll') })).toHaveAttribute(
        'href',
        '/profile/notifications',
      );
      await expect(bellNamed(0)).toBeVisible();
      await expectAccessible(shopperPage);
      // Escape closes it and gives the focus back to the bell.
      await shopperPage.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(bellNamed(0)).toBeFocused();

      // Approved: the card says so, the bell hears it, and so does the packer's page.
      await approve.click();
      await expect(card.getByRole('status')).toHaveText(t('common:substitution.status.approved'));
      await expect(bellNamed(1)).toBeVisible({ timeout: LIVE_MS });
      await bellNamed(1).press('Enter');
      await expect(menu.getByRole('link').first()).toContainText(
        t('orders:timeline.kinds.substitution_approved'),
      );
      await expect(menu.getByRole('link').first()).toBeFocused();
      expect(await stayed(shopperPage)).toBe(true);

      await page
        .getByRole('navigation')
        .getByRole('link', { name: t('admin:packing.title') })
        .click();
      const packing = page.getByRole('article', { name: t('admin:packing.order', { orderNo }) });
      await expect(packing).toContainText(t('admin:packing.proposal.approved'), { timeout: 10_000 });
      await desk.close();
    });
  }
});

test.describe('phone: the order page on its own', () => {
  test.beforeEach(({ isMobile }, testInfo) => {
    test.skip(!isMobile || testInfo.project.name !== 'phone', 'a phone’s order page has no bell');
  });

  for (const language of LANGUAGES) {
    test(`a shopper picks a substitute, is asked on the open order page, and declines (${language})`, async ({
      page,
      request,
      shop,
      server,
      catalogue,
    }) => {
      const t = textIn(language);
      const shopper = await signUp(shop, request);
      const { ordered, substitute } = await withDearerSubstitute(request, shop, shopper, catalogue);
      await shopperWithCart(request, shop, shopper, [{ uuid: ordered.uuid, amount: 1 }]);
      const token = await staffTokenOverApi(request, server, 'packer', `subst-${language}`);

      // A specific substitute and "ask me first" on the cart line.
      await signInAs(page, shopper, language);
      await page.goto('/cart');
      const cartLine = page.getByRole('listitem').filter({ hasText: nameIn(language, ordered) });
      const choice = cartLine.getByRole('combobox', {
        name: t('common:substitution.legend', { name: nameIn(language, ordered) }),
      });
      await expect(choice).toHaveValue('refund', { timeout: 15_000 });
      await choice.selectOption('specific');
      const product = cartLine.getByRole('combobox', {
        name: t('common:substitution.product', { name: nameIn(language, ordered) }),
      });
      await expect(product).toBeVisible();
      await product.selectOption(substitute.uuid);
      await cartLine.getByRole('checkbox', { name: t('common:substitution.askFirst') }).check();
      await expect
        .poll(async () => {
          const lines = await callApi<CartItem[]>(request, shop, shopper, 'GET', '/api/cart');
          const s = lines[0]?.substitution;
          return `${s?.substitute?.uuid}:${s?.ask_first}`;
        })
        .toBe(`${substitute.uuid}:true`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);

      // Ordered and paid; the order page is open when the packer proposes.
      const { orderNo, line } = await orderAndPay(request, shop, shopper);
      await openOrderLive(page, orderNo, nameIn(language, line));
      const proposed = await request.post(`${server.url}/api/admin/packing/${orderNo}/lines/${line.id}`, {
        data: proposeBody(orderNo, substitute.uuid, language),
        headers: { ...CONSOLE_HEADERS, authorization: token },
      });
      expect(proposed.status()).toBe(200);

      // No bell here: a notice at the top of the page, in view, says a substitute waits, and
      // leads to the proposal.
      const notice = page.getByRole('button', { name: t('orders:proposalWaiting.answer') });
      await expect(notice).toBeInViewport({ timeout: LIVE_MS });
      await expect(page.getByText(t('orders:proposalWaiting.title'))).toBeInViewport();
      const card = page.getByRole('region', { name: t('common:substitution.proposal') });
      await expect(card).toContainText(
        t('common:substitution.proposed', {
          name: nameIn(language, substitute),
          price: price(substitute.price),
        }),
      );
      await notice.click();
      const decline = card.getByRole('button', { name: t('common:substitution.decline') });
      await expect(decline).toBeInViewport();
      await expectAccessible(page);
      await decline.click();
      await expect(card.getByRole('status')).toHaveText(t('common:substitution.status.declined'));
      await expect(notice).toHaveCount(0);
      expect(await stayed(page)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // On a tab screen the phone's top bar has the bell: its list opens across the screen.
      await page.goto('/home');
      // However many are unread by now (the refund's event may come yet).
      const unread = new RegExp(`^${t('nav.notificationsUnread', { count: 99 }).replace('99', '\\d+')}$`);
      await page.getByRole('button', { name: unread }).click();
      const menu = page.getByRole('region', { name: t('nav.notifications'), exact: true });
      await expect(menu.getByRole('link').first()).toBeFocused();
      const declined = menu
        .getByRole('link')
        .filter({ hasText: t('orders:timeline.kinds.substitution_declined') });
      await expect(declined).toHaveAttribute('href', `/order/${orderNo}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await declined.click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderNo}$`));
      await expect(card.getByRole('status')).toHaveText(t('common:substitution.status.declined'));

      // The packer's side hears the answer: the line is short (all of it refunded, the order
      // leaves the packing bench), its proposal declined.
      const read = await request.get(`${server.url}/api/admin/orders/${orderNo}`, {
        headers: { ...CONSOLE_HEADERS, authorization: token },
      });
      expect(read.status()).toBe(200);
      const packed = ((await read.json()) as { data: AdminOrderDetail }).data.lines[0]?.packing;
      expect(packed?.state).toBe('short');
      expect(packed?.proposal?.status).toBe('declined');
    });
  }
});
