import type { ReactNode } from 'react';

export type DrawingName =
  | 'busy'
  | 'offline'
  | 'search'
  | 'alert'
  | 'basket'
  | 'person'
  | 'pin'
  | 'card'
  | 'receipt';

const G = '#1f8a4c';
const L = '#dff1e5';
const W = '#ffffff';
const S = '#98a2ad';

/** The figure in the middle of each drawing, on a 120-unit canvas. */
const figures: Record<DrawingName, ReactNode> = {
  busy: (
    <>
      <rect x="34" y="36" width="52" height="18" rx="5" fill={W} stroke={G} strokeWidth="3" />
      <rect x="34" y="60" width="52" height="18" rx="5" fill={W} stroke={G} strokeWidth="3" />
      <circle cx="44" cy="45" r="3" fill={G} />
      <circle cx="44" cy="69" r="3" fill={G} />
      <circle cx="84" cy="82" r="14" fill={W} stroke="#d9822b" strokeWidth="3" />
      <path d="M84 74v8l5 4" stroke="#d9822b" strokeWidth="3" strokeLinecap="round" fill="none" />
    </>
  ),
  offline: (
    <>
      <path
        d="M32 58a40 40 0 0 1 56 0M41 67a27 27 0 0 1 38 0M50 76a14 14 0 0 1 20 0"
        fill="none"
        stroke={G}
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="60" cy="86" r="4" fill={G} />
      <path d="M34 34l52 58" stroke="#c63b2f" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  search: (
    <>
      <circle cx="54" cy="54" r="22" fill={W} stroke={G} strokeWidth="4" />
      <path d="M70 70l16 16" stroke={G} strokeWidth="6" strokeLinecap="round" />
      <path d="M46 50h16M46 58h10" stroke={S} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  alert: (
    <>
      <path d="M60 30l32 56H28Z" fill={W} stroke="#d9822b" strokeWidth="4" strokeLinejoin="round" />
      <path d="M60 50v18" stroke="#d9822b" strokeWidth="4" strokeLinecap="round" />
      <circle cx="60" cy="77" r="3" fill="#d9822b" />
    </>
  ),
  basket: (
    <>
      <path d="M30 52h60l-7 34H37Z" fill={W} stroke={G} strokeWidth="4" strokeLinejoin="round" />
      <path d="M44 52l10-20M76 52L66 32" stroke={G} strokeWidth="4" strokeLinecap="round" />
      <path d="M50 62v14M60 62v14M70 62v14" stroke={S} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  person: (
    <>
      <circle cx="60" cy="48" r="14" fill={W} stroke={G} strokeWidth="4" />
      <path
        d="M34 88c3-14 13-21 26-21s23 7 26 21"
        fill={W}
        stroke={G}
        strokeWidth="4"
        strokeLinecap="round"
      />
    </>
  ),
  pin: (
    <>
      <path d="M60 90s-22-22-22-40a22 22 0 0 1 44 0c0 18-22 40-22 40Z" fill={W} stroke={G} strokeWidth="4" />
      <circle cx="60" cy="50" r="8" fill={L} stroke={G} strokeWidth="3" />
    </>
  ),
  card: (
    <>
      <rect x="28" y="38" width="64" height="44" rx="7" fill={W} stroke={G} strokeWidth="4" />
      <path d="M28 52h64" stroke={G} strokeWidth="6" />
      <path d="M38 70h18" stroke={S} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  receipt: (
    <>
      <path
        d="M38 30h44v58l-7-5-7 5-7-5-8 5-7-5-8 5Z"
        fill={W}
        stroke={G}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M48 46h24M48 56h24M48 66h14" stroke={S} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
};

/** A small decorative drawing for empty and error states: a soft disc and a line figure. */
export function StateDrawing({ name }: { name: DrawingName }) {
  return (
    <svg
      className="state-drawing"
      viewBox="0 0 120 120"
      width="120"
      height="120"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="60" cy="60" r="54" fill={L} />
      <ellipse cx="60" cy="100" rx="30" ry="4" fill="#c6e3cf" />
      {figures[name]}
    </svg>
  );
}
