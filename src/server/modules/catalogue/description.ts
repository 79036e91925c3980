import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_DROPPED, RICH_TEXT_TAGS } from '#shared/rich-text';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED],
};

/**
 * A product description as it may be stored: only the storefront's allow-listed elements
 * (#shared/rich-text), with no attributes at all (so no `on…` handler, `style` or `href`); other
 * elements are unwrapped to their text, and scripts, styles, frames and forms are dropped with
 * their content. docs/architecture.md: descriptions are sanitized when written and again when
 * rendered.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
