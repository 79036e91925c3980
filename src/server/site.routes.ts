import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language } from '#shared/constants';
import { INFO_PAGES, LANGUAGE_PARAM, languageParam } from '#shared/schemas/site.rules';
import { escapeHtml } from './html';
import { translate } from './i18n';
import type { CatalogueStore } from './modules/catalogue/catalogue.store';
import { categoryPath, type PageHeads } from './page-head';
import { projectPath } from './project-root';

const ICONS_DIR = projectPath('public/icons');
/** The shop's colour (index.html's theme-color, the brand mark's green). */
const THEME_COLOR = '#1a7f43';
const BACKGROUND_COLOR = '#f4f6f5';
const HOUR_SECONDS = 3600;

/** Paths that only one visitor sees, or that answer data: search engines leave them out. */
const PRIVATE_PATHS = [
  '/api/',
  '/admin',
  '/sandbox/',
  '/account',
  '/cart',
  '/profile',
  '/order/',
  '/pay/',
  '/search',
];

/** The web app manifest in `language`: what a phone's "add to home screen" installs. */
export function manifestOf(language: Language): object {
  const t = (key: string) => translate(language, key);
  return {
    name: t('common:title'),
    short_name: t('site:shortName'),
    description: t('site:description'),
    lang: language === 'zh' ? 'zh-CN' : 'en',
    start_url: language === 'en' ? '/home' : `/home?${LANGUAGE_PARAM}=${language}`,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Every public page of the shop: home, the lists, each category and product, the info pages. */
function publicPaths(catalogue: Pick<CatalogueStore, 'snapshot'>): string[] {
  const snapshot = catalogue.snapshot;
  return [
    '/home',
    '/categories',
    '/promotions',
    ...[...snapshot.categoryById.values()].map((entry) => categoryPath(entry.category)),
    ...snapshot.products.map((entry) => `/product/${entry.card.uuid}`),
    ...INFO_PAGES.map((page) => page.path),
  ];
}

/** sitemap.xml: each page in each language, each naming its other languages (hreflang). */
export function sitemapOf(paths: string[], heads: PageHeads): string {
  const alternates = (path: string) =>
    [...LANGUAGES, 'x-default' as const]
      .map((lang) => {
        const href = escapeHtml(heads.url(path, lang === 'x-default' ? 'en' : lang));
        return `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`;
      })
      .join('');
  const urls = paths.flatMap((path) =>
    LANGUAGES.map((lang) => `<url><loc>${escapeHtml(heads.url(path, lang))}</loc>${alternates(path)}</url>`),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt, sitemap.xml, the web app manifest and its icons (docs/architecture.md §7,
 * findability): public, read-only, built from the in-memory catalogue.
 */
export async function siteRoutes(
  app: FastifyInstance,
  opts: { heads: PageHeads; catalogue: Pick<CatalogueStore, 'snapshot'> },
): Promise<void> {
  const { heads, catalogue } = opts;
  let sitemap: { snapshot: unknown; xml: string } | undefined;
  const publicCache = `public, max-age=${HOUR_SECONDS}`;

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      'Allow: /',
      '',
      `Sitemap: ${heads.url('/sitemap.xml')}`,
      '',
    ];
    return reply
      .header('cache-control', publicCache)
      .type('text/plain; charset=utf-8')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const snapshot = catalogue.snapshot;
    if (sitemap?.snapshot !== snapshot) sitemap = { snapshot, xml: sitemapOf(publicPaths(catalogue), heads) };
    return reply
      .header('cache-control', publicCache)
      .type('application/xml; charset=utf-8')
      .send(sitemap.xml);
  });

  app.get('/manifest.webmanifest', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const language = languageParam(typeof query[LANGUAGE_PARAM] === 'string' ? query[LANGUAGE_PARAM] : '');
    return reply
      .header('cache-control', publicCache)
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifestOf(language ?? 'en')));
  });

  await app.register(fastifyStatic, {
    root: ICONS_DIR,
    prefix: '/icons/',
    decorateReply: false,
    setHeaders: (reply) => reply.header('cache-control', `public, max-age=${HOUR_SECONDS * 24}`),
  });
}
