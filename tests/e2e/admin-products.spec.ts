import type { Language } from '#shared/constants';
import { photo } from '../helpers/uploads';
import { staffSignedIn, test } from './fixtures/admin-orders';
import { consoleWriteHeaders } from './fixtures/console-sign-in';
import { expect as base, chooseLanguage, expectAccessible, LANGUAGES, text } from './fixtures/shop';

/** The console is desktop-first (admin-console.spec.ts): these run on the desktop project, with one phone-width look. */
test.beforeEach(({ isMobile }, testInfo) => {
  test.skip(isMobile || testInfo.project.name !== 'desktop', 'the console is desktop-first');
});

// One long walk (sign-in hashes a password, a picture is resized): more than the default budget
// on a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = base.configure({ timeout: 15_000 });

const tIn =
  (language: Language) =>
  (key: string, params: Record<string, string | number> = {}) =>
    text(language, `admin:products.${key}`, params);

/** A product per language run (one server serves both): its names and the pinyin of its Chinese name. */
const NEW_PRODUCT: Record<Language, { en: string; zh: string; pinyin: string }> = {
  en: { en: 'Yacon root', zh: '雪莲果', pinyin: 'xuelianguo' },
  zh: { en: 'Golden passion fruit', zh: '黄金百香果', pinyin: 'huangjinbaixiangguo' },
};

for (const language of LANGUAGES) {
  const t = tIn(language);
  const product = NEW_PRODUCT[language];

  test(`console products (${language}): a manager creates a product in both languages, is told what publishing lacks, adds a picture, publishes, and shoppers find it by pinyin`, async ({
    page,
    server,
  }) => {
    await staffSignedIn(page, server, 'manager', language);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: t('title') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: t('list.new') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('editor.new') })).toBeVisible();
    await page.getByLabel(t('fields.nameEn')).fill(product.en);
    await page.getByLabel(t('fields.nameZh')).fill(product.zh);
    await page.getByLabel(t('fields.unitEn')).fill('1 lb');
    await page.getByLabel(t('fields.unitZh')).fill('1磅');
    await page.getByLabel(t('fields.price')).fill('4.25');
    const categories = (await (await page.request.get('/api/product_category')).json()).data as {
      id: number;
    }[];
    await page.getByLabel(t('fields.category')).selectOption(String(categories[0]?.id));
    // The description through the small editor: words made bold; the preview renders them.
    const describe = page.getByRole('textbox', { name: t('fields.describeEn') });
    await describe.click();
    await page.keyboard.type('Crunchy and sweet');
    await page.keyboard.press('ControlOrMeta+A');
    await page
      .getByRole('button', { name: t('editor.bold') })
      .first()
      .click();
    const preview = page.locator('.rich-editor-preview').first();
    await expect(preview.locator('b, strong')).toHaveText('Crunchy and sweet');
    await page.getByRole('button', { name: t('editor.save') }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: product.en })).toBeVisible();
    // What the server stored (sanitized) is what the editor shows again.
    await expect(page.locator('.rich-editor-preview').first().locator('b, strong')).toHaveText(
      'Crunchy and sweet',
    );
    await expect(page.getByText(t('state.draft'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('missingField.picture'))).toBeVisible();
    await expectAccessible(page);

    // Publishing is refused: the picture is missing, said in the staff member's language.
    await page.getByRole('button', { name: t('editor.publish') }).click();
    const fields = text(language, 'errors:catalogueAdmin.products.field.picture');
    await expect(
      page.getByRole('alert').filter({
        hasText: text(language, 'errors:catalogueAdmin.products.cannotPublish', { fields }),
      }),
    ).toBeVisible();

    // A picture through the API (the picture manager is another helper's part), then publish.
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const upload = await page.request.post(`/api/admin/products/${id}/images`, {
      headers: await consoleWriteHeaders(page),
      multipart: {
        file: { name: 'yacon.png', mimeType: 'image/png', buffer: await photo(800, 800).png().toBuffer() },
      },
    });
    expect(upload.status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: t('editor.publish') }).click();
    await expect(page.getByText(t('state.published'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('editor.unpublish') })).toBeVisible();

    // On a phone's width the two languages stack: the Chinese name comes under the English one.
    await page.setViewportSize({ width: 375, height: 812 });
    const en = await page.getByLabel(t('fields.nameEn')).boundingBox();
    const zh = await page.getByLabel(t('fields.nameZh')).boundingBox();
    expect(zh?.y ?? 0).toBeGreaterThan((en?.y ?? 0) + (en?.height ?? 0));
    await page.setViewportSize({ width: 1440, height: 900 });

    // The storefront's search finds it by the pinyin of its Chinese name.
    await chooseLanguage(page, language);
    await page.goto(`/search?q=${product.pinyin}`);
    await expect(
      page.getByRole('article').filter({ hasText: language === 'zh' ? product.zh : product.en }),
    ).toBeVisible();
  });
}
