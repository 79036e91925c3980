import { useLayoutEffect } from 'react';

/** index.html's static first screen (the server keeps at most one), shown until the app's layout is. */
const BOOT_SHELL = '[data-boot-shell]';

/** Whether the static first screen is still up: the app's own fallbacks then draw nothing over it. */
export function hasBootShell(): boolean {
  return document.querySelector(BOOT_SHELL) !== null;
}

/**
 * Removes the static first screen in the commit that draws the app's own layout (a layout effect
 * runs before the browser paints), so the two never show together and nothing moves between them.
 */
export function useRemoveBootShell(): void {
  useLayoutEffect(() => {
    for (const shell of document.querySelectorAll(BOOT_SHELL)) shell.remove();
  }, []);
}
