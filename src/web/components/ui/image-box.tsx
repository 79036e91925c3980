import { useState } from 'react';
import { DEFAULT_WIDTH, MEDIA_ASPECT, type MediaKind, mediaSrcSet } from '#shared/media';
import './image-box.css';

interface ImageBoxProps {
  src: string;
  kind: MediaKind;
  /** Empty for a decorative picture whose meaning is in nearby text. */
  alt: string;
  /** The rendered width, for the browser's choice from `srcset`. */
  sizes: string;
  /** Above the fold: load at once and early; otherwise lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A picture in a box of its kind's fixed aspect ratio, so nothing moves when it arrives; the
 * box's skeleton colour shows until it does.
 */
export function ImageBox({ src, kind, alt, sizes, priority = false, className }: ImageBoxProps) {
  const [loaded, setLoaded] = useState(false);
  const width = DEFAULT_WIDTH[kind];
  const height = Math.round(width * MEDIA_ASPECT[kind]);
  return (
    <div
      className={`image-box${loaded ? ' is-loaded' : ''}${className ? ` ${className}` : ''}`}
      style={{ '--ratio': `${width} / ${height}` } as React.CSSProperties}
    >
      <img
        src={src}
        srcSet={mediaSrcSet(src, kind)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        ref={(img) => {
          if (img?.complete && img.naturalWidth > 0) setLoaded(true);
        }}
      />
    </div>
  );
}
