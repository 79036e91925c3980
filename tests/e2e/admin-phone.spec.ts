import { desktopOnly, openConsoleAs, staffSession, test } from './fixtures/admin-shop-server';
import { expect as base, LANGUAGES, text } from './fixtures/shop';

/**
 * The console is desktop-first, but an owner checks it on a phone too: at 375 px every page of its
 * navigation, and the editors behind them, fit the screen's width (tables scroll inside their own
 * box) and still show their heading. Run once, on the desktop project, at a phone's viewport.
 */
desktopOnly();
test.describe.configure({ timeout: 120_000 });
const expect = base.configure({ timeout: 15_000 });

const PAGES = [
  '/admin',
  '/admin/orders',
  '/admin/products',
  '/admin/products/new',
  '/admin/stock',
  '/admin/categories',
  '/admin/home',
  '/admin/promotions',
  '/admin/promotions/new',
  '/admin/coupons',
  '/admin/coupons/new',
  '/admin/searches',
  '/admin/import',
  '/admin/delivery',
  '/admin/customers',
  '/admin/audit',
  '/admin/staff',
  '/admin/account',
];

for (const language of LANGUAGES) {
  test(`every console page fits a phone's width (${language})`, async ({ page, request, server }) => {
    const owner = await staffSession(request, server, 'owner', `Phone ${language}`);
    await openConsoleAs(page, owner, language);
    await page.setViewportSize({ width: 375, height: 812 });
    // A product's editor and stock page, with their real content.
    const res = await request.get(`${server.url}/api/admin/products?page=1&page_size=1`, {
      headers: { authorization: owner.token, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const [product] = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
    // A delivery, so the product's pages show their table of stock movements too.
    const received = await request.post(`${server.url}/api/admin/stock`, {
      headers: { authorization: owner.token, 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        changes: [{ productId: product?.id, reason: 'received', quantity: 5, note: 'Morning delivery' }],
      },
    });
    expect(received.status()).toBe(200);
    const overflowing: string[] = [];
    for (const path of [...PAGES, `/admin/products/${product?.id}`, `/admin/stock/${product?.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(text(language, 'common:loading'))).toHaveCount(0);
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      if (scroll > width) overflowing.push(`${path}: ${scroll} px wide`);
    }
    expect(overflowing).toEqual([]);
  });
}
