import { chooseLanguage, expect, LANGUAGES, paired, test } from './fixtures/shop';

/**
 * A product description is shop-owned HTML (docs/product.md §3). Whatever it holds — a compromised import, a
 * careless paste — the product page must show its text and run nothing. The real server answers;
 * the description in its answer is replaced by each payload on the way to the browser.
 */
const PAYLOADS = [
  '<script>window.__pwned = "script"</script>',
  '<img src="/does-not-exist.png" onerror="window.__pwned = \'onerror\'">',
  '<p onclick="window.__pwned = \'onclick\'" onmouseover="window.__pwned = \'hover\'">Hover me</p>',
  '<a href="javascript:window.__pwned = \'href\'">Tap me</a>',
  '<iframe src="javascript:parent.__pwned = \'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned = \'srcdoc\'</script>"></iframe>',
  '<svg onload="window.__pwned = \'svg\'"><script>window.__pwned = "svg script"</script></svg>',
  '<svg><animate onbegin="window.__pwned = \'animate\'" attributeName="x" dur="1s"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned = \'mxss\'">',
  '<style>body { display: none !important }</style>',
  '<div style="position:fixed;inset:0;background:red">Cover</div>',
  '<form action="https://evil.example/"><button formaction="javascript:window.__pwned=1">Pay</button></form>',
  '<object data="javascript:window.__pwned = \'object\'"></object><embed src="javascript:window.__pwned=1">',
  '<details open ontoggle="window.__pwned = \'toggle\'">x</details>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=\'noscript\'>">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
  '<base href="https://evil.example/">',
];
const MARKER = 'Fresh and crisp — a description the shopper should still read.';

for (const lang of LANGUAGES) {
  test(
    `${lang}: a product description with script, handlers, javascript: links, frames, styles and SVG tricks runs nothing`,
    paired(lang),
    async ({ page, catalogue }) => {
      const list = await catalogue.products('page=1&page_size=1');
      const uuid = list.list[0]?.uuid;
      if (!uuid) throw new Error('no product');
      // Unclosed payloads swallow what follows them, so the text to read comes first.
      const html = `<p><strong>${MARKER}</strong></p>${PAYLOADS.join('\n')}`;
      await page.route(`**/api/index_product/${uuid}`, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.en_describe = html;
        body.data.zn_describe = html;
        await route.fulfill({ response, json: body });
      });
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await chooseLanguage(page, lang);
      await page.goto(`/product/${uuid}`);

      const description = page.locator('.rich-text');
      await expect(description.locator('p > strong')).toHaveText(MARKER);
      // Give every handler its chance: hover and click what could carry one.
      await description.getByText('Hover me').hover();
      await description.getByText('Hover me').click();
      await description.getByText('Tap me').click();
      await expect(page).toHaveURL(new RegExp(`/product/${uuid}$`));

      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      await expect(
        description.locator(
          'script, iframe, object, embed, svg, math, style, form, button, img, a, meta, base',
        ),
      ).toHaveCount(0);
      expect(
        await description.evaluate((root) =>
          Array.from(root.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes, (a) => a.name)),
        ),
      ).toEqual([]);
      await expect(page.locator('body')).toBeVisible();
      expect(
        requests.filter((url) => url.includes('evil.example') || url.includes('does-not-exist')),
      ).toEqual([]);
    },
  );
}
