import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * Where the layout turns from phone to wide screen. The same as #shared/media's WIDE_SCREEN (the
 * server's preload hints use that one; media-query.test.ts keeps them equal): importing it from
 * there splits that module and the picture component out of the first load's chunk.
 */
export const WIDE_SCREEN = '(min-width: 960px)';
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
