import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import {
  BANNER_SIZES,
  CARD_SIZES,
  DEFAULT_WIDTH,
  MEDIA_ASPECT,
  type MediaKind,
  mediaSrcSet,
  PRODUCT_PHOTO_SIZES,
} from '#shared/media';
import { attributesOf, imagePreload } from './html';
import type { CatalogueStore } from './modules/catalogue/catalogue.store';

const HOME_PATHS = new Set(['/', '/home']);
/** Catalogue pages that open with a phone's page bar (the app's PageHeader). */
const INNER_PATHS = /^\/(?:category|product|promotion)\/|^\/search$/;

/** index.html's static first screens (src/web/index.html), each between two markers. */
type ShellKind = 'home' | 'inner';
const SHELL_KINDS: ShellKind[] = ['home', 'inner'];
const BANNER_SLOT = '<!--banner-->';
const MODULE_SCRIPT = /<script type="module"|<link rel="modulepreload"/g;

const shellStart = (kind: ShellKind) => `<!--boot-shell:${kind}-->`;
const shellEnd = (kind: ShellKind) => `<!--/boot-shell:${kind}-->`;

/**
 * index.html writes a piece both first screens show once, between `<!--part:NAME-->` and
 * `<!--/part:NAME-->`; `<!--use:NAME-->` stands for a copy of it, `<!--use:NAME*N-->` for N copies.
 */
export function withParts(html: string): string {
  const parts = new Map<string, string>();
  for (const [, name, body] of html.matchAll(/<!--part:([\w-]+)-->\n?([\s\S]*?)[ \t]*<!--\/part:\1-->/g))
    if (name !== undefined && body !== undefined) parts.set(name, body);
  return html.replace(
    /[ \t]*<!--use:([\w-]+)(?:\*(\d{1,2}))?-->\n?/g,
    (use, name: string, times?: string) => {
      const body = parts.get(name);
      return body === undefined ? use : body.repeat(times === undefined ? 1 : Number(times));
    },
  );
}

/**
 * The pictures a catalogue page shows first (page-head.ts decides which): a category's first cards,
 * or a product's first photo. Its static first screen draws them, so the largest picture paints as
 * soon as it arrives instead of after the scripts; the app then draws the same files in the same
 * sizes, from the browser's cache.
 */
export type FirstScreen = { cards: string[] } | { photo: string };

/** The inner first screen's part the server fills: the skeleton grid (index.html). */
const FIRST_SCREEN = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
const EMPTY_CARD_MEDIA = '<div class="product-card-media"><div class="image-box"></div></div>';

/** A picture as the app's ImageBox draws it once loaded: the same box, `srcset` and `sizes`. */
function pictureBox(src: string, kind: MediaKind, sizes: string): string {
  const width = DEFAULT_WIDTH[kind];
  const height = Math.round(width * MEDIA_ASPECT[kind]);
  const srcset = mediaSrcSet(src, kind);
  const picture = attributesOf([
    ['src', src],
    ...(srcset
      ? ([
          ['srcset', srcset],
          ['sizes', sizes],
        ] as [string, string][])
      : []),
    ['alt', ''],
    ['width', String(width)],
    ['height', String(height)],
    ['fetchpriority', 'high'],
  ]);
  return `<div class="image-box is-loaded" style="--ratio: ${width} / ${height}"><img ${picture}></div>`;
}

/** The inner first screen with the pictures of `first` in it: in its first cards, or a photo instead of the grid. */
export function withFirstScreen(html: string, first: FirstScreen): string {
  if ('photo' in first) {
    const photo = `<div class="boot-photo">${pictureBox(first.photo, 'product', PRODUCT_PHOTO_SIZES.either)}</div>`;
    return html.replace(FIRST_SCREEN, () => photo);
  }
  let next = 0;
  return html.replace(FIRST_SCREEN, (grid) =>
    grid.replaceAll(EMPTY_CARD_MEDIA, (empty) => {
      const src = first.cards[next++];
      return src === undefined
        ? empty
        : `<div class="product-card-media">${pictureBox(src, 'product', CARD_SIZES)}</div>`;
    }),
  );
}

/** The build's stylesheet links in index.html (the entry's CSS). */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The page with the entry's stylesheets written into it, so the first paint waits for no request
 * but the page itself (they are small: about 5 KB compressed). Each link stays, `disabled` — a
 * disabled stylesheet is not fetched — because the app's chunk loader goes by the page's links to
 * know which stylesheets are already applied, and would otherwise fetch it again for a lazy page.
 * `cssOf` answers a stylesheet's text, or undefined to keep its link as it is.
 */
export function withInlineStyles(html: string, cssOf: (href: string) => string | undefined): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = cssOf(href);
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style>${css.trimEnd()}</style>\n    <link rel="stylesheet" href="${href}" disabled>`;
  });
}

/** The stylesheet a link of index.html names, from the build's directory. */
function builtStylesheet(webDir: string): (href: string) => string | undefined {
  return (href) => {
    const file = join(webDir, href);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
}

/** The page without one first screen: whole lines, from its first marker's to its last marker's. */
function withoutShell(html: string, kind: ShellKind): string {
  const start = html.indexOf(shellStart(kind));
  const end = html.indexOf(shellEnd(kind), start);
  if (start < 0 || end < 0) return html;
  const from = html.lastIndexOf('\n', start) + 1;
  const to = html.indexOf('\n', end);
  return html.slice(0, from) + (to < 0 ? '' : html.slice(to + 1));
}

/** The page with one first screen and none of the others. */
function withShell(html: string, kind: ShellKind): string {
  let page = html;
  for (const other of SHELL_KINDS) if (other !== kind) page = withoutShell(page, other);
  // The scripts yield the network to what the first paint needs (the stylesheet, home's banner).
  // Module scripts never hold back a paint; the hint also says so to tools that go by priority.
  return page.replace(MODULE_SCRIPT, '$& fetchpriority="low"');
}

/**
 * The single-page app's index.html, as served for every page path. Home and the catalogue's pages
 * get a static first screen that paints before the JavaScript has run; other pages get none. Home
 * carries its first banner — the largest thing on the first screen — twice: as a preload, ahead of
 * the scripts, and as the picture in its first screen (the app then draws the same banner in the
 * same place). The banner is the catalogue's, so home is rebuilt when the catalogue snapshot changes.
 */
export class AppPage {
  private readonly index: string;
  private readonly plain: Buffer;
  private readonly innerHtml: string;
  private readonly inner: Buffer;
  private home?: { snapshot: unknown; html: Buffer };

  constructor(
    webDir: string,
    private readonly catalogue: Pick<CatalogueStore, 'snapshot'>,
  ) {
    const html = readFileSync(join(webDir, 'index.html'), 'utf8');
    this.index = withInlineStyles(withParts(html), builtStylesheet(webDir));
    this.plain = Buffer.from(SHELL_KINDS.reduce(withoutShell, this.index));
    this.innerHtml = withShell(this.index, 'inner');
    this.inner = Buffer.from(this.innerHtml);
  }

  /** The page for `path`; a catalogue page's first screen shows the pictures of `first`, if given. */
  htmlFor(path: string, first?: FirstScreen): Buffer {
    if (INNER_PATHS.test(path))
      return first ? Buffer.from(withFirstScreen(this.innerHtml, first)) : this.inner;
    if (!HOME_PATHS.has(path)) return this.plain;
    const snapshot = this.catalogue.snapshot;
    if (this.home?.snapshot !== snapshot) this.home = { snapshot, html: this.withBanner() };
    return this.home.html;
  }

  private withBanner(): Buffer {
    const first = this.catalogue.snapshot.banners[0];
    if (!first || !this.index.includes('</head>')) return this.plain;
    const preload = imagePreload(first.image, 'banner', BANNER_SIZES);
    // The same attributes as the carousel's first ImageBox, so the browser picks the same file.
    const image = pictureBox(first.image, 'banner', BANNER_SIZES);
    const html = startAfterPicture(withShell(this.index, 'home').replace(BANNER_SLOT, () => image));
    // The banner's request goes first, ahead of the scripts.
    const script = html.indexOf('<script');
    const at = script >= 0 && script < html.indexOf('</head>') ? script : html.indexOf('</head>');
    return Buffer.from(`${html.slice(0, at)}${preload}\n    ${html.slice(at)}`);
  }
}

const ENTRY_SCRIPT = /<script type="module"[^>]*? src="([^"]+)"><\/script>\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*? href="([^"]+)">\n?/g;
/** public/boot/start-after-picture.js: starts the app's scripts once the first screen's picture has arrived. */
export const START_AFTER_PICTURE = '/boot/start-after-picture.js';

/**
 * Home with its scripts started by START_AFTER_PICTURE instead of by the page: the entry and the
 * modules to preload become data on that script's element. Simulated slow networks (Lighthouse)
 * count every request made before the largest picture paints; the scripts no longer are.
 */
export function startAfterPicture(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const boot = `<script type="module" src="${START_AFTER_PICTURE}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>\n`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => boot);
}

/** The operator console's page (docs/architecture.md §7): /admin and every path under it. */
const ADMIN_PATHS = /^\/admin(?:\/|$)/;
/** The console is for staff: search engines neither index it nor follow its links (robots.txt disallows it too). */
const NO_INDEX = 'noindex, nofollow';

export function isAdminPath(path: string): boolean {
  return ADMIN_PATHS.test(path);
}

/** The console's index.html (dist/web/admin/index.html, the build's second entry), or undefined before a build. */
export function adminPageOf(webDir: string): Buffer | undefined {
  const file = join(webDir, 'admin', 'index.html');
  return existsSync(file) ? readFileSync(file) : undefined;
}

/**
 * The console's single-page app for any /admin path, which routes itself; never the storefront's
 * page or its first screens. It carries the document security headers like every page.
 */
export function sendAdminPage(reply: FastifyReply, html: Buffer | undefined): FastifyReply {
  reply.header('x-robots-tag', NO_INDEX).header('cache-control', 'no-cache');
  if (!html) {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The console is not built yet: run `npm run build` (npm start does it for you).');
  }
  return reply.type('text/html; charset=utf-8').send(html);
}
