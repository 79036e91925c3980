import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { REDUCED_MOTION, useMediaQuery, WIDE_SCREEN } from '#web/lib/media-query';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './scroll-row.css';

export interface ScrollRowLabels {
  previous: string;
  next: string;
}

/** Half a pixel of rounding still counts as the end. */
const EDGE = 1;

/**
 * A sideways-scrolling list with previous/next arrows on wide screens (phones swipe). Each arrow
 * moves by the visible width, and the scroll snap lines the next card up at the start; an arrow is
 * disabled at its end (docs/product.md §2, Home).
 */
export function ScrollRow({
  labels,
  children,
}: {
  labels: ScrollRowLabels;
  children: (ref: (list: HTMLUListElement | null) => void) => ReactNode;
}) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const list = useRef<HTMLUListElement | null>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const row = list.current;
    if (!row) return;
    const start = row.scrollLeft <= EDGE;
    const end = row.scrollLeft + row.clientWidth >= row.scrollWidth - EDGE;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);

  useEffect(() => {
    const row = list.current;
    if (!row || !wide) return;
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [wide, measure]);

  const move = (direction: -1 | 1) => {
    const row = list.current;
    if (!row) return;
    row.scrollBy({ left: direction * row.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  // Only a wide screen measures (in the effect above, once the list is attached): measuring on
  // attach forced a layout per row and a second render of its cards on phones, which have no arrows.
  const setList = useCallback((node: HTMLUListElement | null) => {
    list.current = node;
  }, []);

  return (
    <div className="scroll-row">
      {children(setList)}
      {wide && (
        <>
          <button
            type="button"
            className="scroll-row-arrow is-prev"
            aria-label={labels.previous}
            disabled={edges.start}
            onClick={() => move(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="scroll-row-arrow is-next"
            aria-label={labels.next}
            disabled={edges.end}
            onClick={() => move(1)}
          >
            <ChevronRightIcon />
          </button>
        </>
      )}
    </div>
  );
}
