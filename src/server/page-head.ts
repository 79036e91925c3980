import { listProducts } from '#server/modules/catalogue/catalogue.service';
import type { ProductEntry } from '#server/modules/catalogue/catalogue.snapshot';
import type { CatalogueStore } from '#server/modules/catalogue/catalogue.store';
import { CURRENCY, type Language } from '#shared/constants';
import {
  CARD_SIZES,
  CATEGORY_EAGER_CARDS,
  NARROW_SCREEN,
  PRODUCT_PHOTO_SIZES,
  WIDE_SCREEN,
} from '#shared/media';
import type { Category, UnitPriceAnswer } from '#shared/schemas/catalogue';
import { ProductListInput } from '#shared/schemas/catalogue.zod';
import { INFO_PAGES, LANGUAGE_PARAM } from '#shared/schemas/site.rules';
import { BASIS_REFERENCE } from '#shared/unit-price';
import type { FirstScreen } from './app-page';
import { escapeHtml, imagePreload } from './html';
import { translate } from './i18n';

type Snapshot = CatalogueStore['snapshot'];

/** What one page says about itself in its <head> (docs/architecture.md §7, findability). */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path (the canonical URL's), or undefined for a page that search engines skip. */
  path?: string;
  image?: string;
  type: 'website' | 'product';
  /** Price and availability for a product's share tags. */
  offer?: { price: string; inStock: boolean };
  /** schema.org objects, written as JSON-LD. */
  data: object[];
  /** Preload hints for the picture the page shows first (imagePreload). */
  preloads?: string[];
  /** The same pictures, for the page's static first screen (app-page.ts). */
  firstScreen?: FirstScreen;
}

const DESCRIPTION_MAX = 160;
const nameIn = (item: { en_name: string; zn_name: string }, language: Language) =>
  language === 'zh' ? item.zn_name || item.en_name : item.en_name;

/** Plain text from a product description's allow-listed HTML, shortened for a meta description. */
export function plainText(html: string, max = DESCRIPTION_MAX): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The price per unit as schema.org has it (docs/product.md, Price per unit): the price of
 * `referenceQuantity` of the product, e.g. $0.80 for 100 GRM.
 */
function unitPriceSpecification(unit: UnitPriceAnswer) {
  const reference = BASIS_REFERENCE[unit.per];
  return {
    '@type': 'UnitPriceSpecification',
    price: unit.amount.toFixed(2),
    priceCurrency: CURRENCY,
    referenceQuantity: { '@type': 'QuantitativeValue', value: reference.value, unitCode: reference.unitCode },
  };
}

/** The app's path of a category: a child's sits under its parent (`/category/1/12`). */
export function categoryPath(category: Pick<Category, 'id' | 'parent_id'>): string {
  return category.parent_id === null
    ? `/category/${category.id}`
    : `/category/${category.parent_id}/${category.id}`;
}

/**
 * The head of the page at `path` in `language`, from the in-memory catalogue: catalogue pages get
 * their names, prices, pictures and schema.org data; the shop's other public pages a title; pages
 * about one visitor (cart, profile, orders) no canonical URL, so search engines leave them out.
 */
export class PageHeads {
  constructor(
    private readonly catalogue: Pick<CatalogueStore, 'snapshot'>,
    private readonly publicUrl: string,
  ) {}

  /** An absolute URL of the shop's `path`, in `language` (English is the default, no parameter). */
  url(path: string, language: Language = 'en'): string {
    return `${this.publicUrl}${path}${language === 'en' ? '' : `?${LANGUAGE_PARAM}=${language}`}`;
  }

  /** An absolute URL of a picture the catalogue names by path. */
  private absolute(link: string): string {
    try {
      return new URL(link, `${this.publicUrl}/`).href;
    } catch {
      return `${this.publicUrl}/`;
    }
  }

  /** `query`: the page's query string (a search page's first cards are its results for `q`). */
  headFor(path: string, language: Language, query?: URLSearchParams): PageHead {
    const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
    const shop = t('common:title');
    const titled = (name: string) => `${name} · ${shop}`;
    const page = (name: string, own: string | undefined): PageHead => ({
      title: titled(name),
      description: t('site:description'),
      path: own,
      type: 'website',
      data: [],
    });
    const snapshot = this.catalogue.snapshot;
    if (path === '/' || path === '/home') {
      const banner = snapshot.banners[0];
      return {
        title: shop,
        description: t('site:description'),
        path: '/home',
        image: banner ? this.absolute(banner.image) : undefined,
        type: 'website',
        data: [this.organization(shop)],
      };
    }
    const product = /^\/product\/([^/]+)$/.exec(path);
    if (product) return this.productHead(snapshot, product[1] ?? '', language) ?? page(shop, undefined);
    const category = /^\/category\/(\d{1,9})(?:\/(\d{1,9}))?$/.exec(path);
    if (category) {
      const id = Number(category[2] ?? category[1]);
      return this.categoryHead(snapshot, id, language) ?? page(shop, undefined);
    }
    const promotion = /^\/promotion\/(\d{1,9})$/.exec(path);
    if (promotion) {
      const entry = snapshot.promotionById.get(Number(promotion[1]));
      if (!entry) return page(shop, undefined);
      const name = nameIn(entry.promotion, language);
      return {
        ...page(name, path),
        description: t('site:promotionDescription', { name }),
        image: this.absolute(entry.promotion.ad_img),
      };
    }
    const info = INFO_PAGES.find((p) => p.path === path);
    if (info) return page(t(`site:pages.${info.key}`), path);
    if (path === '/categories') return page(t('site:pages.categories'), path);
    if (path === '/promotions') return page(t('site:pages.promotions'), path);
    if (path === '/search')
      return { ...page(t('site:pages.search'), undefined), ...this.searchCards(snapshot, query) };
    if (path === '/cart') return page(t('site:pages.cart'), undefined);
    if (path === '/profile' || path.startsWith('/profile/')) return page(t('site:pages.profile'), undefined);
    if (path === '/account' || path.startsWith('/account/')) return page(t('site:pages.account'), undefined);
    return page(shop, undefined);
  }

  private organization(shop: string): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: shop,
      url: this.url('/home'),
      logo: this.absolute('/icons/icon-512.png'),
    };
  }

  /** Home › parent › category (› product), as schema.org's BreadcrumbList. */
  private breadcrumbs(language: Language, trail: { name: string; path: string }[]): object {
    const items = [{ name: translate(language, 'site:breadcrumbHome'), path: '/home' }, ...trail];
    return {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: items.map((item, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: item.name,
        item: this.url(item.path, language),
      })),
    };
  }

  /** The category's trail: its parent (if any), then itself. */
  private categoryTrail(snapshot: Snapshot, id: number, language: Language) {
    const category = snapshot.categoryById.get(id)?.category;
    if (!category) return [];
    const parent = category.parent_id === null ? undefined : snapshot.categoryById.get(category.parent_id);
    return [
      ...(parent ? [{ name: nameIn(parent.category, language), path: categoryPath(parent.category) }] : []),
      { name: nameIn(category, language), path: categoryPath(category) },
    ];
  }

  private categoryHead(snapshot: Snapshot, id: number, language: Language): PageHead | undefined {
    const entry = snapshot.categoryById.get(id);
    if (!entry) return undefined;
    const name = nameIn(entry.category, language);
    const examples = entry.products.slice(0, 4).map((p) => nameIn(p.card, language));
    const description = translate(language, 'site:categoryDescription', {
      name,
      count: entry.products.length,
      examples: examples.join(language === 'zh' ? '、' : ', '),
    });
    const first = entry.products[0];
    // The cards a phone shows first (two rows of two; the page loads them eagerly too): the page's
    // largest pictures once it has drawn.
    const firstCards = listProducts(snapshot, {
      category_id: id,
      page: 1,
      page_size: CATEGORY_EAGER_CARDS,
    }).list;
    return {
      title: `${name} · ${translate(language, 'common:title')}`,
      description: plainText(description),
      path: categoryPath(entry.category),
      image: first ? this.absolute(first.card.product_image) : undefined,
      type: 'website',
      data: [this.breadcrumbs(language, this.categoryTrail(snapshot, id, language))],
      ...this.firstCards(firstCards),
    };
  }

  /**
   * A search page's first cards, as its listing will answer them (the same call the page makes, with
   * the same limits): their pictures are the page's largest once it has drawn.
   */
  private searchCards(snapshot: Snapshot, query: URLSearchParams | undefined): Partial<PageHead> {
    const term = (query?.get('q') ?? '').trim();
    if (!term) return {};
    const input = ProductListInput.safeParse({
      en_search: term,
      page: '1',
      page_size: String(CATEGORY_EAGER_CARDS),
    });
    if (!input.success) return {};
    return this.firstCards(listProducts(snapshot, input.data).list);
  }

  /** Preload hints and the first screen for the first cards of a listing. */
  private firstCards(cards: { product_image: string }[]): Pick<PageHead, 'preloads' | 'firstScreen'> {
    return {
      preloads: cards.map((card) => imagePreload(card.product_image, 'product', CARD_SIZES)),
      firstScreen: { cards: cards.map((card) => card.product_image) },
    };
  }

  private productHead(snapshot: Snapshot, uuid: string, language: Language): PageHead | undefined {
    const entry: ProductEntry | undefined = snapshot.productByUuid.get(uuid);
    if (!entry) return undefined;
    const { card, detail } = entry;
    const name = nameIn(card, language);
    const price = (card.promotion_price ?? card.price).toFixed(2);
    const weight = language === 'zh' ? detail.zn_weight || detail.en_weight : detail.en_weight;
    const about = plainText(
      language === 'zh' ? detail.zn_describe || detail.en_describe : detail.en_describe,
    );
    const description = plainText(
      translate(language, 'site:productDescription', { name, weight, price: `$${price}`, about }),
    );
    const path = `/product/${card.uuid}`;
    const image = this.absolute(card.product_image);
    const inStock = card.real_stock > 0;
    const brand = language === 'zh' ? detail.brand_zn_name || detail.brand_en_name : detail.brand_en_name;
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      image: [image],
      description: about || name,
      sku: card.uuid,
      ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
      offers: {
        '@type': 'Offer',
        url: this.url(path, language),
        price,
        priceCurrency: CURRENCY,
        availability: `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
        itemCondition: 'https://schema.org/NewCondition',
        ...(card.unit_price ? { priceSpecification: unitPriceSpecification(card.unit_price) } : {}),
      },
    };
    const trail = [...this.categoryTrail(snapshot, card.category_id, language), { name, path }];
    const photo = detail.images[0]?.link ?? card.product_image;
    return {
      title: `${name} · ${translate(language, 'common:title')}`,
      description,
      path,
      image,
      type: 'product',
      offer: { price, inStock },
      preloads: this.firstPicture(photo),
      firstScreen: { photo },
      data: [product, this.breadcrumbs(language, trail)],
    };
  }

  /**
   * The product page's largest picture, its first, fetched before the scripts have run: the phone's
   * carousel and the wide screen's gallery show it at different sizes, so one hint for each.
   */
  private firstPicture(src: string): string[] {
    return [
      imagePreload(src, 'product', PRODUCT_PHOTO_SIZES.narrow, NARROW_SCREEN),
      imagePreload(src, 'product', PRODUCT_PHOTO_SIZES.wide, WIDE_SCREEN),
    ];
  }

  /**
   * The head's tags: title, description, canonical and alternates and share tags (`meta`, where
   * index.html has its title), and JSON-LD (`data`, at the head's end, after the scripts).
   */
  tags(head: PageHead, language: Language): HeadTags {
    const meta = (attribute: 'name' | 'property' | 'itemprop', key: string, value: string) =>
      `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
    const link = (rel: string, href: string, extra = '') =>
      `<link rel="${rel}"${extra} href="${escapeHtml(href)}">`;
    const lines = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
    if (head.path) {
      lines.push(
        link('canonical', this.url(head.path, language)),
        link('alternate', this.url(head.path, 'en'), ' hreflang="en"'),
        link('alternate', this.url(head.path, 'zh'), ' hreflang="zh"'),
        link('alternate', this.url(head.path, 'en'), ' hreflang="x-default"'),
      );
    } else {
      lines.push(meta('name', 'robots', 'noindex'));
    }
    const image = head.image ?? this.absolute('/icons/icon-512.png');
    lines.push(
      meta('property', 'og:site_name', translate(language, 'common:title')),
      meta('property', 'og:type', head.type),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:image', image),
      meta('property', 'og:locale', language === 'zh' ? 'zh_CN' : 'en_US'),
      meta('property', 'og:locale:alternate', language === 'zh' ? 'en_US' : 'zh_CN'),
      // WeChat's in-app browser reads schema.org microdata when it builds a shared link's card.
      meta('itemprop', 'name', head.title),
      meta('itemprop', 'description', head.description),
      meta('itemprop', 'image', image),
      meta('name', 'twitter:card', head.type === 'product' ? 'summary_large_image' : 'summary'),
    );
    if (head.path) lines.push(meta('property', 'og:url', this.url(head.path, language)));
    lines.push(...(head.preloads ?? []));
    if (head.offer) {
      lines.push(
        meta('property', 'product:price:amount', head.offer.price),
        meta('property', 'product:price:currency', CURRENCY),
        meta('property', 'og:price:amount', head.offer.price),
        meta('property', 'og:price:currency', CURRENCY),
        meta('property', 'product:availability', head.offer.inStock ? 'in stock' : 'out of stock'),
      );
    }
    const data = head.data.map((item) => `<script type="application/ld+json">${jsonLd(item)}</script>`);
    return { meta: lines.join('\n    '), data: data.map((line) => `  ${line}\n  `).join('') };
  }
}

/** JSON for a <script> element: nothing in it can close the element or open a comment. */
export function jsonLd(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface HeadTags {
  meta: string;
  data: string;
}

const OWN_TITLE = /<title>[\s\S]*?<\/title>/;
const OWN_DESCRIPTION = /<meta name="description"[^>]*>\s*/g;

/**
 * `html` with the page's own head tags where index.html has its title (its description dropped),
 * its JSON-LD at the head's end, and `<html lang>` and the manifest link in the page's language.
 */
export function withHead(html: string, tags: HeadTags, language: Language): string {
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  let head = html.slice(0, at).replace(OWN_DESCRIPTION, '');
  head = OWN_TITLE.test(head) ? head.replace(OWN_TITLE, () => tags.meta) : `${head}${tags.meta}\n  `;
  head += tags.data;
  if (language !== 'en') {
    head = head
      .replace(/<html lang="en"/, `<html lang="${language}"`)
      .replace('href="/manifest.webmanifest"', `href="/manifest.webmanifest?${LANGUAGE_PARAM}=${language}"`);
  }
  return `${head}${html.slice(at)}`;
}
