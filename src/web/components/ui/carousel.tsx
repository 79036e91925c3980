import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SWIPE_THRESHOLD } from '#shared/constants';
import { REDUCED_MOTION, useMediaQuery } from '#web/lib/media-query';
import './carousel.css';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons';
import { useSwipe } from './use-swipe';

interface CarouselProps {
  /** Names the region for screen readers, e.g. "Featured offers". */
  label: string;
  slides: ReactNode[];
  /** Advance every CAROUSEL_AUTOPLAY_MS, back to the first after the last (docs/product.md §2, Home). */
  autoplay?: boolean;
  className?: string;
}

/**
 * Slides with arrows, dots, swipe (a quarter of the width) and optional autoplay. The back arrow is
 * disabled on the first slide and the forward one on the last. Autoplay pauses while the pointer
 * is over it, while it holds focus, when the user prefers reduced motion, and from the pause button
 * until its play (WCAG 2.2.2).
 */
export function Carousel({ label, slides, autoplay = false, className }: CarouselProps) {
  const { t } = useTranslation('common');
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** The shopper's own pause (the button), kept until they press play. */
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (i: number) => setIndex(Math.max(0, Math.min(count - 1, i)));
  const swipe = useSwipe({
    threshold: CAROUSEL_SWIPE_THRESHOLD,
    onSwipe: (direction) => go(current + direction),
    resist: (dx) => (current === 0 && dx > 0) || (current === count - 1 && dx < 0),
  });
  const rotates = autoplay && count > 1 && !reducedMotion;
  const playing = rotates && !paused && !hovered && !focused && !swipe.dragging;

  useEffect(() => {
    if (!playing) return;
    // Restarts on every change of slide, so a manual move also gets the full interval.
    const timer = setTimeout(() => setIndex((current + 1) % count), CAROUSEL_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, current, count]);

  return (
    <section
      className={`carousel${className ? ` ${className}` : ''}`}
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="carousel-viewport" {...swipe.handlers}>
        <div
          className={`carousel-track${swipe.dragging ? ' is-dragging' : ''}`}
          style={{ transform: `translateX(calc(${-current * 100}% + ${swipe.offset}px))` }}
          aria-live={playing ? 'off' : 'polite'}
        >
          {slides.map((slide, i) => (
            // The APG carousel pattern: each slide is a group with the role description "slide".
            // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional, their order is fixed
              key={i}
              className="carousel-slide"
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideOf', { n: i + 1, count })}
              aria-hidden={i !== current}
              inert={i !== current}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel-arrow is-prev"
            aria-label={t('carousel.previous')}
            disabled={current === 0}
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="carousel-arrow is-next"
            aria-label={t('carousel.next')}
            disabled={current === count - 1}
            onClick={() => go(current + 1)}
          >
            <ChevronRightIcon />
          </button>
          {rotates && (
            <button
              type="button"
              className="carousel-pause"
              aria-label={t(paused ? 'carousel.play' : 'carousel.pause')}
              onClick={() => setPaused(!paused)}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
          <div className="carousel-dots">
            {slides.map((_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
                key={i}
                type="button"
                className="carousel-dot"
                aria-label={t('carousel.goTo', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <span />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
