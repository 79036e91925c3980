import { useEffect, useState } from 'react';

/** Seconds from `now` to `expiresAt` (an ISO instant), never below 0. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** "9:05": minutes and seconds, as a countdown reads. */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The seconds left until the order's expiry as the server gave it, counted down by the browser's
 * clock once a second (page.clock in the tests); 0 once it has passed.
 */
export function useSecondsLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(expiresAt, now);
  const over = left === 0;
  useEffect(() => {
    if (over) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [over]);
  return left;
}
