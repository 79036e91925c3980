import type { Language } from '../constants';

/**
 * The shop's own pages beside the catalogue (docs/architecture.md §7): their paths, shared by the
 * server (head tags, sitemap) and the web (routes, footer). Each has a `site:pages.<key>` title.
 */
export const INFO_PAGES = [
  { path: '/about', key: 'about' },
  { path: '/contact', key: 'contact' },
  { path: '/delivery', key: 'delivery' },
  { path: '/returns-policy', key: 'returnsPolicy' },
  { path: '/privacy', key: 'privacy' },
] as const;
export type InfoPageKey = (typeof INFO_PAGES)[number]['key'];

/**
 * The query parameter that picks a page's language in a shared or indexed link (`?lang=zh`): the
 * app takes it as the shopper's choice, the server writes the page's head in it.
 */
export const LANGUAGE_PARAM = 'lang';

/** The language a `?lang=` value names, or undefined when it names none. */
export function languageParam(value: string | null | undefined): Language | undefined {
  return value === 'en' || value === 'zh' ? value : undefined;
}
