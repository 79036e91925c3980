import { createElement, Fragment, type ReactNode, useMemo } from 'react';

/** Elements kept as they are (without any attribute); everything else is unwrapped to its text. */
const KEPT = new Set([
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
]);
/** Elements dropped together with their content. */
const DROPPED = new Set([
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
]);
const VOID = new Set(['br']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).localName;
  if (DROPPED.has(tag)) return null;
  const children = Array.from(node.childNodes, toReact);
  if (!KEPT.has(tag)) return createElement(Fragment, { key }, ...children);
  return VOID.has(tag) ? createElement(tag, { key }) : createElement(tag, { key }, ...children);
}

/**
 * Product HTML (spec §3 `…_describe`), sanitized by rebuilding it: the markup is parsed into an
 * inert document (no script runs, nothing loads), and only allow-listed elements are recreated as
 * React elements, with no attributes at all. No HTML string ever reaches the page, so there is
 * nothing for a crafted description to smuggle through.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(doc.body.childNodes, toReact);
  }, [html]);
  return <div className={className}>{content}</div>;
}
