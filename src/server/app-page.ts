import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BANNER_SIZES, mediaSrcSet } from '../shared/media';
import type { CatalogueStore } from './modules/catalogue/catalogue.store';

const HOME_PATHS = new Set(['/', '/home']);

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The single-page app's index.html, as served for every page path. For the home page it carries a
 * preload of the first banner — the largest thing on the first screen — so the browser fetches it
 * alongside the JavaScript instead of after the script, the banner call and a render. The banner
 * is the catalogue's, so the page is rebuilt when the catalogue snapshot changes.
 */
export class AppPage {
  private readonly index: Buffer;
  private home?: { snapshot: unknown; html: Buffer };

  constructor(
    webDir: string,
    private readonly catalogue: Pick<CatalogueStore, 'snapshot'>,
  ) {
    this.index = readFileSync(join(webDir, 'index.html'));
  }

  htmlFor(path: string): Buffer {
    if (!HOME_PATHS.has(path)) return this.index;
    const snapshot = this.catalogue.snapshot;
    if (this.home?.snapshot !== snapshot) this.home = { snapshot, html: this.withBannerPreload() };
    return this.home.html;
  }

  private withBannerPreload(): Buffer {
    const first = this.catalogue.snapshot.banners[0];
    if (!first) return this.index;
    const srcset = mediaSrcSet(first.image, 'banner');
    const attributes = [
      'rel="preload"',
      'as="image"',
      `href="${escapeAttribute(first.image)}"`,
      ...(srcset ? [`imagesrcset="${escapeAttribute(srcset)}"`, `imagesizes="${BANNER_SIZES}"`] : []),
      'fetchpriority="high"',
    ];
    const html = this.index.toString('utf8');
    const at = html.indexOf('</head>');
    if (at < 0) return this.index;
    return Buffer.from(`${html.slice(0, at)}  <link ${attributes.join(' ')}>\n  ${html.slice(at)}`);
  }
}
