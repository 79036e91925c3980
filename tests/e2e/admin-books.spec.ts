import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { formatCents } from '#shared/money';
import type { Report } from '#shared/schemas/admin/reports.zod';
import type { Today } from '#shared/schemas/admin/today.zod';
import type { OrderDetail } from '#shared/schemas/order';
import {
  adminText,
  openConsoleAs,
  type StaffSession,
  staffSession,
  test,
} from './fixtures/admin-shop-server';
import { expect as base, LANGUAGES, text } from './fixtures/shop';
import { ADDRESS, callApi, payByTestCard } from './fixtures/shopper';

/*
 * The owner's books in the console, in both languages (docs/product.md, Tax and Reports): the Tax page adds a
 * class and an area, the product form puts a product in the class, the order shows the tax at the
 * area's rate, Reports shows a range's totals and daily chart and exports a CSV that adds up, Today
 * shows sales net of refunds, and a rate above 100 % or a backwards range gets the translated
 * message. Desktop only: the console is desktop-first.
 */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});
test.describe.configure({ timeout: 120_000 });
const expect = base.configure({ timeout: 15_000 });

const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Client: 'fresh-market-console' };

/** A console API call as `who`, which must succeed: its `data`. */
async function adminApi<T>(
  request: APIRequestContext,
  who: StaffSession,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${who.url}${path}`, {
    method,
    headers: { ...JSON_HEADERS, authorization: who.token },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as { data: T; message: string };
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${body.message}`);
  return body.data;
}

/**
 * What a test changed in the worker's shop, which other specs share (worker-servers.ts): its
 * product goes back to groceries and its area and class go, so no later order there is taxed at
 * this test's rates.
 */
let undo: { owner: StaffSession; productId?: number; code: string; area: string } | undefined;
test.afterEach(async ({ request }) => {
  if (!undo) return;
  const { owner, productId, code, area } = undo;
  undo = undefined;
  if (productId !== undefined)
    await adminApi(request, owner, 'POST', `/api/admin/products/${productId}`, { tax_class: 'groceries' });
  const setup = await adminApi<{ areas: { id: number; name: string }[]; classes: { code: string }[] }>(
    request,
    owner,
    'GET',
    '/api/admin/tax',
  );
  const made = setup.areas.find((a) => a.name === area);
  if (made) await adminApi(request, owner, 'DELETE', `/api/admin/tax/areas/${made.id}`);
  if (setup.classes.some((c) => c.code === code))
    await adminApi(request, owner, 'DELETE', `/api/admin/tax/classes/${code}`);
});

/** Half-up tax of `cents` at a rate typed in percent with at most 4 decimals. */
const taxAt = (cents: number, percent: string) =>
  Math.floor((cents * Math.round(Number(percent) * 10_000) + 500_000) / 1_000_000);

for (const [n, language] of LANGUAGES.entries()) {
  const t = (key: string, params: Record<string, string | number> = {}) => adminText(language, key, params);

  test(`${language}: the owner sets tax, sees it on an order, and reads the books`, async ({
    page,
    request,
    server,
    shopper,
  }) => {
    const owner = await staffSession(request, server, 'owner', `Olive ${language}`);
    await openConsoleAs(page, owner, language);
    // Each language's run has its own class and area (the shop is the worker's).
    const code = `hot_food_${language}`;
    const names = language === 'en' ? { en: 'Hot food', zh: '热食' } : { en: 'Deli counter', zh: '现做熟菜' };
    const className = language === 'en' ? names.en : names.zh;
    const zip = ['94107', '10001'][n] ?? '94107';
    const areaRate = ['9', '8.25'][n] ?? '9';
    undo = { owner, code, area: `Area ${language}` };

    // The Tax page: a rate above 100 % is refused with the message in the page's language.
    await page.goto('/admin/tax');
    await expect(page.getByRole('heading', { level: 1, name: t('tax.title') })).toBeVisible();
    const newClass = page.getByRole('form', { name: t('tax.newClass') });
    await newClass.getByLabel(t('tax.fields.code'), { exact: true }).fill(code);
    await newClass.getByLabel(t('tax.fields.enName'), { exact: true }).fill(names.en);
    await newClass.getByLabel(t('tax.fields.znName'), { exact: true }).fill(names.zh);
    const rate = newClass.getByLabel(t('tax.fields.ratePercent'), { exact: true });
    await rate.fill('120');
    await newClass.getByRole('button', { name: t('tax.addClass') }).click();
    await expect(newClass.getByRole('alert')).toHaveText(text(language, 'errors:tax.rateBad'));
    await rate.fill('7.5');
    await newClass.getByRole('button', { name: t('tax.addClass') }).click();
    const row = page.getByRole('row').filter({ has: page.getByText(code, { exact: true }) });
    await expect(row).toContainText(className);
    await expect(row.getByLabel(t('tax.rateOf', { name: className }), { exact: true })).toHaveValue('7.5');

    // An area by ZIP prefix, with its own rate for the new class.
    const newArea = page.getByRole('form', { name: t('tax.newArea') });
    await newArea.getByLabel(t('tax.fields.name'), { exact: true }).fill(`Area ${language}`);
    await newArea.getByLabel(t('tax.fields.zips'), { exact: true }).fill(zip.slice(0, 3));
    await newArea.getByLabel(t('tax.rateOf', { name: className }), { exact: true }).fill(areaRate);
    await newArea.getByRole('button', { name: t('tax.addArea') }).click();
    const area = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: `Area ${language}` }) });
    await expect(area).toContainText(`${className}: ${areaRate} %`);

    // The product form puts a product in the class.
    const list = await adminApi<{
      items: { id: number; uuid: string; real_stock: number; published: boolean }[];
    }>(request, owner, 'GET', '/api/admin/products?q=&pageSize=100');
    const product = list.items.filter((p) => p.published && p.real_stock >= 20)[n + 3];
    if (!product) throw new Error('no stocked product on sale');
    undo.productId = product.id;
    await page.goto(`/admin/products/${product.id}`);
    await page.getByLabel(t('products.fields.taxClass'), { exact: true }).selectOption(code);
    await page.getByRole('button', { name: t('products.editor.save'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t('products.editor.saved') })).toBeVisible();

    // A shopper orders three of it to the area and pays: the console's order shows the area's rate.
    await callApi(request, server, shopper, 'POST', '/api/address', { ...ADDRESS, zip, default_status: 1 });
    const addresses = await callApi<{ uuid: string; zip: string }[]>(
      request,
      server,
      shopper,
      'GET',
      '/api/address',
    );
    const line = await callApi<{ item: { id: number } }>(request, server, shopper, 'POST', '/api/cart', {
      uuid: product.uuid,
      amount: 3,
    });
    const orderNo = await callApi<string>(request, server, shopper, 'POST', '/api/order', {
      uuid: addresses.find((a) => a.zip === zip)?.uuid ?? '',
      coupon: '',
      'items[0][id]': line.item.id,
      'items[0][num]': 3,
    });
    expect(await payByTestCard(request, server, shopper, orderNo)).toBe(2);
    const order = await callApi<OrderDetail>(request, server, shopper, 'GET', `/api/order/${orderNo}`);
    const taxCents = taxAt(Math.round(order.subtotal * 100), areaRate);
    await page.goto(`/admin/orders/${orderNo}`);
    const facts = page.locator('dt').filter({ hasText: t('orders.fields.taxAt', { rate: areaRate }) });
    await expect(facts).toHaveCount(1);
    await expect(facts.locator('+ dd')).toHaveText(formatCents(taxCents));

    // A partial refund; Today shows the day's sales net of it.
    await adminApi(request, owner, 'POST', `/api/admin/orders/${orderNo}/refund`, {
      amount: '1.00',
      reason: 'one was cold',
    });
    const today = await adminApi<Today>(request, owner, 'GET', '/api/admin/today');
    const report = await adminApi<Report>(
      request,
      owner,
      'GET',
      `/api/admin/reports?from=${today.date}&to=${today.date}`,
    );
    expect(Math.round((today.paid_today?.revenue ?? 0) * 100)).toBe(
      report.totals.collectedCents - report.totals.refundCents,
    );
    await page.goto('/admin');
    const paidToday = page.getByRole('region', { name: t('today.paid.title') });
    await expect(paidToday).toContainText(formatCents(report.totals.netCents));
    await expect(paidToday).toContainText(
      t('today.paid.refunded', { amount: formatCents(report.totals.refundCents) }),
    );

    // Reports for today: the totals, the chart of daily net sales, a CSV that adds up to them.
    await page.goto(`/admin/reports?from=${today.date}&to=${today.date}`);
    await expect(page.getByRole('heading', { level: 1, name: t('reports.title') })).toBeVisible();
    const totals = page.getByRole('region', {
      name: t('reports.totals', { from: today.date, to: today.date }),
    });
    for (const [key, cents] of [
      ['collected', report.totals.collectedCents],
      ['refunds', -report.totals.refundCents],
      ['net', report.totals.netCents],
    ] as const) {
      await expect(totals.locator('div').filter({ hasText: t(`reports.columns.${key}`) })).toContainText(
        formatCents(cents),
      );
    }
    await expect(page.getByRole('img', { name: t('reports.chart.title') })).toBeVisible();
    const byDay = page
      .locator('.report-table')
      .filter({ has: page.getByRole('heading', { name: t('reports.byDay') }) });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byDay.getByRole('button', { name: t('reports.export.csv') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-days-${today.date}-${today.date}.csv`);
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const [head = '', ...rows] = csv.trim().split(/\r\n/);
    const column = (name: string) => head.split(',').indexOf(name);
    const centsIn = (name: string) =>
      rows.reduce((s, r) => s + Math.round(Number(r.split(',')[column(name)]) * 100), 0);
    expect([centsIn('collected'), centsIn('refunded'), centsIn('net')]).toEqual([
      report.totals.collectedCents,
      report.totals.refundCents,
      report.totals.netCents,
    ]);

    // A range that ends before it starts: said in the page's language, under To, and not shown.
    await page.getByLabel(t('dateRange.from'), { exact: true }).fill('2026-03-10');
    await page.getByLabel(t('dateRange.to'), { exact: true }).fill('2026-03-01');
    await page.getByRole('button', { name: t('reports.range.show') }).click();
    await expect(page.getByText(t('dateRange.backwards'))).toBeVisible();
    await expect(page).not.toHaveURL(/from=2026-03-10/);
  });
}
