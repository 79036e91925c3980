import { swipe } from './fixtures/carousel';
import { chooseLanguage, expect, LANGUAGES, nameIn, paired, test, text } from './fixtures/shop';

const slideDot = (n: number) => ({ name: text('en', 'carousel.goTo', { n }) });

test.describe('banner carousel', () => {
  test('autoplays every 6000 ms and comes back to the first after the last', async ({ page, catalogue }) => {
    const banners = await catalogue.banners();
    // Time stands still except when the test moves it, so the carousel's start is known to 50 ms.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: text('en', 'home:banner.label') });
    const firstDot = carousel.getByRole('button', slideDot(1));
    await expect
      .poll(
        async () => {
          await page.clock.runFor(50);
          return firstDot.count();
        },
        { intervals: [20], timeout: 20_000 },
      )
      .toBe(1);
    await expect(firstDot).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5_900);
    await expect(firstDot).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(100);
    await expect(carousel.getByRole('button', slideDot(2))).toHaveAttribute('aria-current', 'true');
    for (let n = 3; n <= banners.length; n++) {
      await page.clock.runFor(6_000);
      await expect(carousel.getByRole('button', slideDot(n))).toHaveAttribute('aria-current', 'true');
    }
    await page.clock.runFor(6_000);
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
  });

  test('autoplay pauses under the pointer and for reduced motion', async ({ page, isPhone }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: text('en', 'home:banner.label') });
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(13_000);
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    if (isPhone) return;
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await carousel.hover();
    await page.clock.runFor(13_000);
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_100);
    await expect(carousel.getByRole('button', slideDot(2))).toHaveAttribute('aria-current', 'true');
  });

  test('the pause button stops autoplay until play is pressed, and is reached by keyboard', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: text('en', 'home:banner.label') });
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    const pause = carousel.getByRole('button', { name: text('en', 'carousel.pause') });
    await pause.focus();
    await page.keyboard.press('Enter');
    const play = carousel.getByRole('button', { name: text('en', 'carousel.play') });
    await expect(play).toBeVisible();
    // Focus leaves the carousel (which pauses it too): only the button holds it still now.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page.clock.runFor(13_000);
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    await play.click();
    await expect(pause).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_100);
    await expect(carousel.getByRole('button', slideDot(2))).toHaveAttribute('aria-current', 'true');
  });

  test('arrows: back disabled on the first slide, forward on the last; dots jump', async ({
    page,
    catalogue,
  }) => {
    const count = (await catalogue.banners()).length;
    await page.emulateMedia({ reducedMotion: 'reduce' }); // autoplay off: only the test moves slides
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: text('en', 'home:banner.label') });
    const back = carousel.getByRole('button', { name: text('en', 'carousel.previous') });
    const forward = carousel.getByRole('button', { name: text('en', 'carousel.next') });
    await expect(back).toBeDisabled();
    await expect(forward).toBeEnabled();
    await forward.click();
    await expect(carousel.getByRole('button', slideDot(2))).toHaveAttribute('aria-current', 'true');
    await expect(back).toBeEnabled();
    await carousel.getByRole('button', slideDot(count)).click();
    await expect(forward).toBeDisabled();
    await expect(
      carousel.getByRole('group', { name: text('en', 'carousel.slideOf', { n: count, count }) }),
    ).toBeVisible();
    await back.click();
    await expect(carousel.getByRole('button', slideDot(count - 1))).toHaveAttribute('aria-current', 'true');
  });

  test('a swipe past a quarter of the width turns the slide; a shorter one does not', async ({
    page,
    isPhone,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // autoplay off: only the test moves slides
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: text('en', 'home:banner.label') });
    const viewport = carousel.locator('.carousel-viewport');
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    await swipe(page, viewport, -0.18, isPhone);
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(/\/home$/);
    await swipe(page, viewport, -0.35, isPhone);
    await expect(carousel.getByRole('button', slideDot(2))).toHaveAttribute('aria-current', 'true');
    await swipe(page, viewport, 0.35, isPhone);
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    // Back past the first slide: nothing to go to.
    await swipe(page, viewport, 0.35, isPhone);
    await expect(carousel.getByRole('button', slideDot(1))).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('tapping a banner opens its product (type 1), path (type 2) or promotion (type 3)', async ({
    page,
    catalogue,
  }) => {
    const banners = await catalogue.banners();
    expect(new Set(banners.map((b) => b.type))).toEqual(new Set([1, 2, 3]));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const type of [1, 2, 3] as const) {
      const index = banners.findIndex((b) => b.type === type);
      const banner = banners[index];
      if (!banner) continue;
      await page.goto('/home');
      const carousel = page.getByRole('region', { name: text('en', 'home:banner.label') });
      await carousel.getByRole('button', slideDot(index + 1)).click();
      await carousel.getByRole('link', { name: text('en', `home:banner.type${type}`) }).click();
      const heading = page.getByRole('heading', { level: 1 });
      if (type === 1) {
        await expect(page).toHaveURL(`/product/${banner.url}`);
        await expect(heading).toHaveText((await catalogue.product(banner.url)).en_name);
      } else if (type === 3) {
        await expect(page).toHaveURL(`/promotion/${banner.url}`);
        await expect(heading).toHaveText((await catalogue.promotion(banner.url)).en_name);
      } else {
        await expect(page).toHaveURL(banner.url);
        await expect(heading).not.toHaveText('');
      }
    }
  });
});

for (const lang of LANGUAGES) {
  test(
    `${lang}: home shows category chips, new products per new category, and the plates`,
    paired(lang),
    async ({ page, catalogue }) => {
      const [categories, plates] = await Promise.all([catalogue.categories(), catalogue.plates()]);
      await chooseLanguage(page, lang);
      await page.goto('/home');
      const chips = page.getByRole('navigation', { name: text(lang, 'home:categories') });
      await expect(chips.getByRole('link')).toHaveCount(categories.length);
      const first = categories[0];
      if (!first) throw new Error('no categories');
      await expect(chips.getByRole('link', { name: nameIn(lang, first), exact: true })).toBeVisible();

      const newRows = page.getByRole('heading', {
        level: 2,
        name: text(lang, 'home:newIn', { name: '' }).trim(),
      });
      await expect(newRows.first()).toBeVisible();

      const samples = [plates.find((p) => p.style === 2), plates.find((p) => p.style !== 2)];
      for (const plate of samples) {
        if (!plate) continue;
        const section = page.getByRole('region', { name: nameIn(lang, plate), exact: true });
        await section.scrollIntoViewIfNeeded();
        if (plate.style === 2) {
          await expect(section.getByRole('link')).toHaveCount(plate.item.length);
        } else {
          await expect(section.getByRole('article').first()).toBeVisible();
          const best = await catalogue.products(
            `category_id=${plate.category_id}&most_sold=true&page_size=30`,
          );
          const top = best.list[0];
          if (top) await expect(section.getByRole('article').first()).toContainText(nameIn(lang, top));
        }
      }
      await chips.getByRole('link', { name: nameIn(lang, first), exact: true }).click();
      await expect(page).toHaveURL(`/category/${first.id}`);
    },
  );
}

for (const lang of LANGUAGES) {
  test(`${lang}: a new-product row on desktop shows part of the next card and scrolls with arrows`, async ({
    page,
    isPhone,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // the arrows jump instead of gliding
    await chooseLanguage(page, lang);
    await page.goto('/home');
    const section = page.getByRole('region', { name: text(lang, 'home:newIn', { name: '' }).trim() }).first();
    const row = section.getByRole('list');
    await expect(row.getByRole('article').first()).toBeVisible();
    const name = (await row.getAttribute('aria-label')) ?? '';
    const back = section.getByRole('button', { name: text(lang, 'home:row.previous', { name }) });
    const forward = section.getByRole('button', { name: text(lang, 'home:row.next', { name }) });
    if (isPhone) {
      // Phones swipe: no arrows.
      await expect(back).toHaveCount(0);
      await expect(forward).toHaveCount(0);
      return;
    }
    // The sixth card shows in part, so the row reads as one that goes on.
    const cards = row.getByRole('listitem');
    const [rowBox, sixth] = await Promise.all([row.boundingBox(), cards.nth(5).boundingBox()]);
    if (!rowBox || !sixth) throw new Error('row not laid out');
    expect(sixth.x).toBeLessThan(rowBox.x + rowBox.width - 20);
    expect(sixth.x + sixth.width).toBeGreaterThan(rowBox.x + rowBox.width);

    await expect(back).toBeDisabled();
    await expect(forward).toBeEnabled();
    await forward.click();
    await expect.poll(() => row.evaluate((list) => list.scrollLeft)).toBeGreaterThan(0);
    await expect(back).toBeEnabled();
    await forward.click();
    await expect(forward).toBeDisabled();
    // At the end the last card shows whole.
    const last = await cards.last().boundingBox();
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(rowBox.x + rowBox.width + 1);
    await back.click();
    await back.click();
    await expect.poll(() => row.evaluate((list) => list.scrollLeft)).toBe(0);
    await expect(back).toBeDisabled();
  });
}

for (const lang of LANGUAGES) {
  test(
    `${lang}: banners and occasion tiles show a headline, a call to action and alt text`,
    paired(lang),
    async ({ page, catalogue }) => {
      const [banners, plates] = await Promise.all([catalogue.banners(), catalogue.plates()]);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await chooseLanguage(page, lang);
      await page.goto('/home');
      const carousel = page.getByRole('region', { name: text(lang, 'home:banner.label') });
      for (const [i, banner] of banners.entries()) {
        const headline = nameIn(lang, banner);
        expect(headline, `banner ${banner.id} has a headline`).not.toBe('');
        await carousel.getByRole('button', { name: text(lang, 'carousel.goTo', { n: i + 1 }) }).click();
        const link = carousel.getByRole('link', { name: headline });
        await expect(link).toBeVisible();
        await expect(link).toContainText(text(lang, `home:banner.type${banner.type}`));
        await expect(link.getByRole('img')).toHaveAttribute(
          'alt',
          text(lang, 'home:banner.alt', { name: headline }),
        );
      }
      const occasion = plates.find((p) => p.style === 2);
      if (!occasion) throw new Error('no tile plate');
      const section = page.getByRole('region', { name: nameIn(lang, occasion), exact: true });
      await section.scrollIntoViewIfNeeded();
      for (const item of occasion.item) {
        const headline = nameIn(lang, item);
        expect(headline, `tile ${item.url} has a headline`).not.toBe('');
        const tile = section.getByRole('link', { name: headline }).first();
        await expect(tile).toContainText(text(lang, 'home:tileCta'));
        await expect(tile.getByRole('img')).toHaveAttribute(
          'alt',
          text(lang, 'home:banner.alt', { name: headline }),
        );
      }
    },
  );
}
