/**
 * The allow-list for product descriptions (HTML, `en_describe`/`zn_describe`): the server keeps only
 * these when a description is written (src/server/modules/catalogue/description.ts), and the
 * storefront rebuilds only these when it renders one (src/web/components/ui/rich-text.tsx).
 */

/** Elements kept as they are, without any attribute; any other element is unwrapped to its text. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'h3',
  'h4',
  'h5',
  'small',
  'sub',
  'sup',
  'blockquote',
] as const;

/** Elements dropped together with their content. */
export const RICH_TEXT_DROPPED = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'form',
  'textarea',
  'select',
  'button',
] as const;
