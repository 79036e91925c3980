import { type RefCallback, useCallback, useState } from 'react';

/**
 * Whether an element has come within `rootMargin` of the viewport (once true, it stays true). Home
 * uses it to fetch and draw the rows further down only when the shopper scrolls towards them.
 */
export function useInView<T extends Element>(rootMargin = '600px'): [RefCallback<T>, boolean] {
  const [inView, setInView] = useState(false);
  const ref = useCallback(
    (node: T | null) => {
      if (!node || inView) return;
      if (typeof IntersectionObserver === 'undefined') {
        setInView(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setInView(true);
            observer.disconnect();
          }
        },
        { rootMargin },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [inView, rootMargin],
  );
  return [ref, inView];
}
