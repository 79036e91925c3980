import { type MediaKind, mediaSrcSet } from '#shared/media';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `name="value"` pairs, each value escaped. */
export function attributesOf(pairs: [string, string][]): string {
  return pairs.map(([name, value]) => `${name}="${escapeHtml(value)}"`).join(' ');
}

/**
 * A preload hint for a catalogue picture the page shows first, with the same `srcset` and `sizes`
 * as its <img>, so the browser fetches the very file the page then draws; `media` limits it to the
 * screens that show it there.
 */
export function imagePreload(src: string, kind: MediaKind, sizes: string, media?: string): string {
  const srcset = mediaSrcSet(src, kind);
  return `<link ${attributesOf([
    ['rel', 'preload'],
    ['as', 'image'],
    ['href', src],
    ...(srcset
      ? ([
          ['imagesrcset', srcset],
          ['imagesizes', sizes],
        ] as [string, string][])
      : []),
    ...(media ? ([['media', media]] as [string, string][]) : []),
    ['fetchpriority', 'high'],
  ])}>`;
}

/** Text made safe for HTML the server writes, in an element or a quoted attribute (pages, mail). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
