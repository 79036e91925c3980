/**
 * Arrangements for loose items (produce, meat): a unit drawn around (0, 0) with a radius of about
 * 90 is placed once, twice, three times or next to a cut half, depending on the variant.
 */
import { at, type Ctx, G, shadow } from './svg-kit';

export interface Place {
  x: number;
  y: number;
  s: number;
  a: number;
}

export interface ClusterOptions {
  /** Distance from the unit's centre to its lowest point, at scale 1. */
  foot?: number;
  /** Half width of the unit at scale 1. */
  half?: number;
  /** Scale multiplier for units that are larger or smaller than the nominal 90 radius. */
  scale?: number;
  /** Draws a cut half (or slice) of the item; used by variant 3 when present. */
  cut?: () => string;
  /** Where the cut lies relative to the whole: the cut is always drawn in front. */
  cutFoot?: number;
  /** Extra rotation for every unit. */
  tilt?: number;
  /** Overrides the layouts per variant. */
  layouts?: Place[][];
}

const LAYOUTS: Place[][] = [
  [{ x: 200, y: 196, s: 1.3, a: 0 }],
  [
    { x: 148, y: 200, s: 1.0, a: -14 },
    { x: 255, y: 212, s: 1.04, a: 10 },
  ],
  [
    { x: 200, y: 160, s: 0.86, a: 4 },
    { x: 136, y: 228, s: 0.86, a: -14 },
    { x: 264, y: 230, s: 0.86, a: 12 },
  ],
  [{ x: 200, y: 198, s: 1.3, a: -18 }],
];

const WITH_CUT: Place[] = [
  { x: 168, y: 185, s: 1.08, a: -8 },
  { x: 262, y: 258, s: 0.82, a: 0 },
];

/** Draws unit(i) at the places of the variant, with one soft shadow under them all. */
export function cluster(ctx: Ctx, unit: (i: number) => string, o: ClusterOptions = {}): string {
  const foot = o.foot ?? 88;
  const half = o.half ?? 88;
  const k = o.scale ?? 1;
  const v = ctx.simple ? 0 : ctx.v % 4;
  const useCut = !!o.cut && v === 3;
  const places = (useCut ? WITH_CUT : (o.layouts?.[v] ?? LAYOUTS[v])) as Place[];
  let lo = 999;
  let hi = -999;
  let ground = 0;
  const items = places.map((pl, i) => {
    const s = pl.s * k * (ctx.simple ? 1.08 : 1);
    const isCut = useCut && i === 1;
    const f2 = isCut ? (o.cutFoot ?? foot) : foot;
    lo = Math.min(lo, pl.x - half * s);
    hi = Math.max(hi, pl.x + half * s);
    ground = Math.max(ground, pl.y + f2 * s);
    const a = pl.a + (o.tilt ?? 0);
    const body = isCut && o.cut ? o.cut() : unit(i);
    return G(at(pl.x, pl.y, s, isCut ? 0 : a), body);
  });
  const sh = shadow((lo + hi) / 2, ground - 2, ((hi - lo) / 2) * 0.88);
  return sh + items.join('');
}

/** A shape drawn twice: a darker copy, then the base colour shrunk towards the upper left. */
export function shaded(
  shape: (fill: string) => string,
  base: string,
  dark: string,
  dx = -6,
  dy = -5,
  s = 0.92,
): string {
  return shape(dark) + G(`translate(${dx} ${dy}) scale(${s})`, shape(base));
}

/** One item per variant with small changes of angle and size (bowls, boards, bundles). */
export function solo(x: number, y: number, s: number): Place[][] {
  return [
    [{ x, y, s, a: 0 }],
    [{ x, y, s: s * 0.97, a: -7 }],
    [{ x, y, s, a: 7 }],
    [{ x, y, s: s * 1.03, a: -3 }],
  ];
}
