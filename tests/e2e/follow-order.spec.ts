import { desktopOnly, paidOrder, staffTokenOverApi, test } from './fixtures/admin-orders';
import { CONSOLE_HEADERS } from './fixtures/console-sign-in';
import { expect, expectAccessible, LANGUAGES, textIn } from './fixtures/shop';
import { signInAs } from './fixtures/shopper';

/**
 * Following an order (docs/product.md, Following an order): a shopper keeps the order page open;
 * a manager ships the order through the console's API; the page's timeline and the bell's count
 * change without a reload, through the live stream. Desktop: a phone shows the bell on the tab
 * screens only, and the order page is not one.
 */
desktopOnly('the bell shows beside an order page on wide screens');

// A shopper, an order paid, a manager signed in (scrypt) and the stream: 42 s alone on a busy
// machine, past the default minute with a second worker beside it.
test.describe.configure({ timeout: 120_000 });

for (const language of LANGUAGES) {
  test(`an open order page and the bell hear the shipping as it happens (${language})`, async ({
    page,
    request,
    shop,
    server,
    catalogue,
  }) => {
    const t = textIn(language);
    const { orderNo, shopper } = await paidOrder(request, shop, catalogue);
    const token = await staffTokenOverApi(request, server, 'manager', `follow-${language}`);

    await signInAs(page, shopper, language);
    const streamOpened = page.waitForResponse(
      (res) => res.url().includes('/api/notifications/stream') && res.status() === 200,
    );
    await page.goto(`/order/${orderNo}`);
    const timeline = page.getByTestId('order-timeline');
    await expect(timeline.getByText(t('orders:timeline.kinds.placed'))).toBeVisible({ timeout: 15_000 });
    await expect(timeline.getByText(t('orders:timeline.kinds.paid'))).toBeVisible();
    const bell = page.getByRole('button', { name: t('nav.notificationsUnread', { count: 2 }) });
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('bell-badge')).toHaveText('2');
    // The stream is open (the page would otherwise poll): the shipping must come by it.
    await streamOpened;
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    const shipped = await request.post(`${server.url}/api/admin/orders/${orderNo}/ship`, {
      form: { carrier: 'UPS', tracking: '1Z999AA10123456784' },
      headers: { ...CONSOLE_HEADERS, authorization: token },
    });
    expect(shipped.status()).toBe(200);

    await expect(timeline.getByText(t('orders:timeline.kinds.shipped'))).toBeVisible();
    await expect(
      timeline.getByText(t('orders:timeline.detail.tracking', { tracking: '1Z999AA10123456784' }), {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByTestId('bell-badge')).toHaveText('3');
    await expect(page.getByRole('status').getByText(t('orders:status.shipped'))).toBeVisible();
    await expectAccessible(page);
    // No reload: the page's own state is still there.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // The bell's "See all" opens its page: the shipping first, linking to the order, and reading
    // it clears the count.
    await page.getByRole('button', { name: t('nav.notificationsUnread', { count: 3 }) }).click();
    await page.getByRole('link', { name: t('bell.seeAll') }).click();
    const list = page.getByTestId('notification-list');
    await expect(list.getByRole('link').first()).toContainText(t('orders:timeline.kinds.shipped'));
    await expect(list.getByRole('link').first()).toHaveAttribute('href', `/order/${orderNo}`);
    await expect(page.getByTestId('bell-badge')).toHaveCount(0);
    await expectAccessible(page);
  });
}
