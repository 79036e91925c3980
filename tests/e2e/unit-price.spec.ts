import { expect, LANGUAGES, nameIn, paired, price, text } from './fixtures/shop';
import { shopperWithCart, signInAs, test } from './fixtures/shopper';

// A shopper is signed up per walk against a shop started per worker.
test.describe.configure({ timeout: 120_000 });

for (const language of LANGUAGES) {
  test(
    `the price per unit on the card, the product page and the cart line (${language})`,
    paired(language),
    async ({ page, catalogue, request, shop, shopper }) => {
      const { list } = await catalogue.products('page=1&page_size=10000');
      const card = list.find((p) => p.en_name === 'Large Brown Eggs');
      if (!card?.unit_price) throw new Error('the demo eggs have no unit price');
      const shown = text(language, 'common:unitPrice.label', {
        price: price(card.unit_price.amount),
        per: text(language, `common:unitPrice.per.${card.unit_price.per}`),
      });
      expect(card.unit_price.per).toBe('ea');
      await shopperWithCart(request, shop, shopper, [{ uuid: card.uuid, amount: 1 }]);
      await signInAs(page, shopper, language);

      // The card in its category's grid.
      await page.goto(`/category/${card.category_id}`);
      const onCard = page.locator('article.product-card').filter({ hasText: nameIn(language, card) });
      await expect(onCard.getByTestId('unit-price')).toHaveText(shown, { timeout: 15_000 });

      // The product page, and its JSON-LD for search engines.
      await page.goto(`/product/${card.uuid}`);
      await expect(page.locator('.product-price').getByTestId('unit-price')).toHaveText(shown);
      const data = await page.locator('script[type="application/ld+json"]').first().textContent();
      expect(JSON.parse(data ?? '{}').offers.priceSpecification).toEqual({
        '@type': 'UnitPriceSpecification',
        price: card.unit_price.amount.toFixed(2),
        priceCurrency: 'USD',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'H87' },
      });

      // The cart line.
      await page.goto('/cart');
      const line = page.getByRole('listitem').filter({ hasText: nameIn(language, card) });
      await expect(line.getByTestId('unit-price')).toHaveText(shown, { timeout: 15_000 });
    },
  );
}
