import { type PointerEvent, type MouseEvent as ReactMouseEvent, useRef, useState } from 'react';

/** Movement under this many pixels is a tap, not a drag. */
const TAP_SLOP_PX = 6;

interface SwipeOptions {
  /** Fraction of the element's width a drag must pass to count (docs/product.md §9: 0.25). */
  threshold: number;
  onSwipe: (direction: 1 | -1) => void;
  /** Drags beyond the first or last slide move with resistance. */
  resist: (dx: number) => boolean;
}

/**
 * Pointer-driven swipe for a carousel viewport (mouse, pen and touch alike). Returns the live drag
 * offset and the handlers; a click that ends a drag is swallowed so a slide's link does not open.
 */
export function useSwipe({ threshold, onSwipe, resist }: SwipeOptions) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const moved = useRef(false);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>, commit: boolean) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    start.current = null;
    const dx = event.clientX - from.x;
    const width = event.currentTarget.clientWidth || 1;
    setOffset(0);
    if (commit && Math.abs(dx) >= threshold * width) onSwipe(dx < 0 ? 1 : -1);
  };

  return {
    offset,
    dragging: offset !== 0,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
        moved.current = false;
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const from = start.current;
        if (!from || from.id !== event.pointerId) return;
        const dx = event.clientX - from.x;
        if (!moved.current && Math.abs(dx) > TAP_SLOP_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) {
          moved.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        if (moved.current) setOffset(resist(dx) ? dx / 3 : dx);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, moved.current),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, false),
      onClickCapture(event: ReactMouseEvent<HTMLElement>) {
        if (moved.current) {
          event.preventDefault();
          event.stopPropagation();
          moved.current = false;
        }
      },
      onDragStart(event: ReactMouseEvent<HTMLElement>) {
        event.preventDefault();
      },
    },
  };
}
