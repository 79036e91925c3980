import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it is online (`navigator.onLine`); re-renders on its `online` and
 * `offline` events. Offline is certain; online only means a network is there, not that the shop answers.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
