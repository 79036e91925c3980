import { createElement, Fragment, type ReactNode, useMemo } from 'react';
import { RICH_TEXT_DROPPED, RICH_TEXT_TAGS } from '#shared/rich-text';

/** Kept (without any attribute; any other element is unwrapped to its text) and dropped with its content. */
const KEPT: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
const DROPPED: ReadonlySet<string> = new Set(RICH_TEXT_DROPPED);
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
 * Product HTML (docs/product.md §3 `…_describe`; the server sanitizes it by the same allow-list when it is
 * written), sanitized again by rebuilding it: the markup is parsed into an inert document (no
 * script runs, nothing loads), and only allow-listed elements are recreated as React elements,
 * with no attributes at all. No HTML string ever reaches the page, so there is
 * nothing for a crafted description to smuggle through.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(doc.body.childNodes, toReact);
  }, [html]);
  return <div className={className}>{content}</div>;
}
