/** Fruit: units around (0, 0) with a radius of about 90; many have a cut half for variant 3. */
import { cluster, shaded } from './arrange';
import {
  C,
  clip,
  type Drawer,
  darken,
  E,
  G,
  hue,
  LEAF,
  LEAF_D,
  lighten,
  P,
  S,
  STEM,
  shine,
  softSpot,
  starPath,
  WHITE,
} from './svg-kit';

export const leafAt = (x: number, y: number, a: number, s = 1): string =>
  G(
    `translate(${x} ${y}) rotate(${a}) scale(${s})`,
    P('M0 0C10 -16 34 -20 48 -10C34 4 12 8 0 0Z', LEAF),
    S('M4 -2L40 -10', LEAF_D, 2.5),
  );

const segments = (r: number, fill: string, n = 8): string =>
  Array.from({ length: n }, (_, i) => {
    const a1 = ((i + 0.08) / n) * Math.PI * 2;
    const a2 = ((i + 0.92) / n) * Math.PI * 2;
    const p1 = `${(Math.cos(a1) * r).toFixed(1)} ${(Math.sin(a1) * r).toFixed(1)}`;
    const p2 = `${(Math.cos(a2) * r).toFixed(1)} ${(Math.sin(a2) * r).toFixed(1)}`;
    return P(`M0 0L${p1}A${r} ${r} 0 0 1 ${p2}Z`, fill);
  }).join('');

export const apple: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P(
      'M0 -62C30 -92 95 -80 92 -10C90 50 50 92 18 88C8 86 -8 86 -18 88C-50 92 -90 50 -92 -10C-95 -80 -30 -92 0 -62Z',
      c,
    );
  const unit = () =>
    shaded(body, p.base, p.dark) +
    shine(-50, -30, 14, 24, 25) +
    C(-44, 10, 5, WHITE, 0.4) +
    S('M0 -62Q2 -84 12 -98', STEM, 7) +
    leafAt(10, -84, -20, 0.9);
  const cut = () =>
    body(p.base) +
    G('scale(0.9)', body('#fff6dc')) +
    E(0, 0, 22, 30, '#f6e7b8') +
    E(-8, -6, 4, 8, STEM, 1, -20) +
    E(8, -6, 4, 8, STEM, 1, 20);
  return cluster(ctx, unit, { foot: 88, cut, cutFoot: 88 });
};

export const orange: Drawer = (ctx) => {
  const { p } = ctx;
  const dots = [
    [-30, -40],
    [20, -50],
    [40, 10],
    [-10, 30],
    [-50, 20],
    [10, 60],
    [50, -30],
  ];
  const unit = () =>
    shaded((c) => C(0, 0, 88, c), p.base, p.dark) +
    dots.map(([x, y]) => C(x as number, y as number, 2.5, p.dark, 0.6)).join('') +
    shine(-40, -40, 20, 12, -40) +
    C(0, -84, 5, LEAF_D) +
    leafAt(2, -84, -30, 0.8);
  const cut = () =>
    C(0, 0, 80, p.dark) + C(0, 0, 72, p.lighter) + segments(64, p.light, 9) + C(0, 0, 6, p.lighter);
  return cluster(ctx, unit, { foot: 88, cut, cutFoot: 80 });
};

/** Sumo citrus: a big mandarin with its top-knot and bumpy, loose rind. */
export const sumoCitrus: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) => C(0, 10, 84, c) + E(0, -70, 40, 30, c);
  const dots = [
    [-30, -20],
    [24, -30],
    [44, 24],
    [-12, 44],
    [-52, 30],
    [10, 70],
    [0, -78],
  ];
  const unit = () =>
    shaded(body, p.base, p.dark) +
    S('M-34 -62Q0 -48 34 -62', p.dark, 4, 0.55) +
    dots.map(([x, y]) => C(x as number, y as number, 3, p.dark, 0.55)).join('') +
    shine(-40, -14, 18, 11, -40) +
    C(0, -98, 5, LEAF_D) +
    leafAt(4, -98, -30, 0.7);
  return cluster(ctx, unit, { foot: 94 });
};

export const lemon: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P('M-100 0C-92 -6 -86 -60 0 -64C86 -60 92 -6 100 0C92 6 86 60 0 64C-86 60 -92 6 -100 0Z', c);
  const unit = () =>
    G(
      'rotate(-20)',
      shaded(body, p.base, p.dark, -4, -4, 0.94),
      shine(-36, -30, 26, 9, -5),
      C(20, 10, 2.5, p.dark),
      C(40, -20, 2.5, p.dark),
    ) + leafAt(60, -40, -50, 0.8);
  const cut = () => C(0, 0, 70, p.dark) + C(0, 0, 64, lighten(p.base, 0.8)) + segments(56, p.light, 8);
  return cluster(ctx, unit, { foot: 60, cut, cutFoot: 70 });
};

export const peach: Drawer = (ctx) => {
  const { p } = ctx;
  const blush = hue(darken(p.base, 0.12), -14);
  const body = (c: string) =>
    P('M0 -70C50 -100 96 -50 88 10C82 70 40 92 0 88C-40 92 -82 70 -88 10C-96 -50 -50 -100 0 -70Z', c);
  const unit = () =>
    shaded(body, p.base, p.dark) +
    clip(body('#000'), softSpot(40, 10, 80, 100, blush, 0.85)) +
    S('M0 -68Q26 0 6 84', darken(blush, 0.15), 5, 0.35) +
    shine(-44, -26, 14, 22, 25) +
    S('M0 -70Q0 -86 8 -92', STEM, 6) +
    leafAt(6, -88, -15, 0.9);
  return cluster(ctx, unit, { foot: 88 });
};

export const pear: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P(
      'M0 -92C26 -92 34 -60 40 -30C48 0 84 20 80 56C76 90 40 96 0 96C-40 96 -76 90 -80 56C-84 20 -48 0 -40 -30C-34 -60 -26 -92 0 -92Z',
      c,
    );
  const unit = () =>
    shaded(body, p.base, p.dark, -5, -2, 0.94) +
    shine(-40, 30, 12, 24, 20) +
    [-20, 30, 10, 50, -50].map((x, i) => C(x, 40 + ((i * 23) % 40) - 20, 2.5, p.darker, 0.5)).join('') +
    S('M0 -90Q2 -104 10 -112', STEM, 6) +
    leafAt(8, -104, -30, 0.7);
  return cluster(ctx, unit, { foot: 96, half: 80 });
};

export const mango: Drawer = (ctx) => {
  const { p } = ctx;
  const blush = hue(darken(p.base, 0.1), -30);
  const body = (c: string) =>
    P('M-70 -40C-40 -90 60 -86 86 -30C104 20 70 84 10 88C-50 92 -100 40 -70 -40Z', c);
  const unit = () =>
    G(
      'rotate(-15)',
      shaded(body, p.base, p.dark),
      clip(body('#000'), softSpot(50, -40, 80, 70, blush, 0.9), softSpot(-60, 40, 60, 60, '#8fbf3f', 0.5)),
      shine(10, -50, 26, 9, 15),
      S('M-54 -54Q-64 -70 -60 -80', STEM, 6),
    );
  return cluster(ctx, unit, { foot: 86 });
};

export const lychee: Drawer = (ctx) => {
  const { p } = ctx;
  const bumps = Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return C(Math.cos(a) * 76, Math.sin(a) * 76, 9, p.base);
  }).join('');
  const unit = () =>
    C(0, 4, 84, p.dark) +
    bumps +
    C(-2, 0, 77, p.base) +
    Array.from({ length: 19 }, (_, i) => {
      const a = i * 137.5 * (Math.PI / 180);
      const r = 62 * Math.sqrt((i + 0.5) / 19);
      return starPathDot(Math.cos(a) * r, Math.sin(a) * r, p.dark);
    }).join('') +
    shine(-34, -34, 16, 9, -30) +
    S('M0 -80Q0 -96 -8 -110', STEM, 5);
  const cut = () =>
    C(0, 0, 70, p.dark) +
    C(0, -4, 62, '#fbf6ec') +
    E(-14, -20, 20, 12, WHITE, 0.8, -30) +
    E(10, 12, 14, 18, '#efe6d6', 0.7);
  return cluster(ctx, unit, { foot: 84, cut, cutFoot: 64 });
};

const starPathDot = (x: number, y: number, fill: string): string => P(starPath(x, y, 7, 3, 4), fill, 0.8);

export const kiwi: Drawer = (ctx) => {
  const { p } = ctx;
  const skin = '#8b6a45';
  const whole = () =>
    E(0, 4, 92, 70, darken(skin, 0.15)) +
    E(-6, 0, 84, 64, skin) +
    [-50, -20, 10, 40, -30, 20, 50]
      .map((x, i) => S(`M${x} ${-30 + (i % 3) * 20}l4 6`, '#6b4e30', 2.5))
      .join('') +
    shine(-40, -30, 20, 8, -15, 0.25);
  const cut = () => {
    const seeds = Array.from({ length: 16 }, (_, i) => {
      const a = (i / 16) * 360;
      const r = 30 + (i % 2) * 8;
      return E(
        Math.cos((a * Math.PI) / 180) * r,
        Math.sin((a * Math.PI) / 180) * r,
        2.6,
        5,
        '#2d2418',
        1,
        a + 90,
      );
    }).join('');
    return (
      C(0, 0, 74, skin) +
      C(0, 0, 66, p.base) +
      C(0, 0, 48, p.light) +
      C(0, 0, 22, lighten(p.base, 0.75)) +
      seeds
    );
  };
  const v = ctx.simple ? 0 : ctx.v;
  const last = v === 2 ? 2 : 1;
  const layouts = [
    [
      { x: 160, y: 190, s: 1.0, a: -10 },
      { x: 262, y: 250, s: 0.95, a: 0 },
    ],
  ];
  return cluster(ctx, (i) => (i === last && v !== 3 ? cut() : whole()), {
    foot: 74,
    cut,
    cutFoot: 74,
    layouts,
  });
};

export const cherry: Drawer = (ctx) => {
  const { p } = ctx;
  const one = (x: number, y: number) =>
    G(
      `translate(${x} ${y})`,
      shaded((c) => C(0, 0, 44, c), p.base, p.dark, -3, -3, 0.94),
      shine(-18, -16, 10, 6, -30),
    );
  const unit = () =>
    S('M-36 40Q-20 -60 20 -96M40 50Q30 -40 20 -96', '#5f7a2e', 6) +
    leafAt(20, -96, -20, 1) +
    one(-38, 50) +
    one(44, 60);
  return cluster(ctx, unit, { foot: 104, half: 90 });
};

/**
 * Pomelo: a big, slightly pear-shaped yellow-green citrus; the cut shows its very thick white
 * pith around pale segments.
 */
export const pomelo: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P('M0 -96C40 -96 60 -70 76 -30C96 10 90 72 0 86C-90 72 -96 10 -76 -30C-60 -70 -40 -96 0 -96Z', c);
  const unit = () =>
    shaded(body, p.base, p.dark) +
    [-30, 20, 44, -10, -50, 10, 50].map((x, i) => C(x, -40 + ((i * 37) % 110), 2.5, p.dark, 0.5)).join('') +
    shine(-36, -30, 18, 12, -40) +
    C(0, -94, 6, LEAF_D) +
    leafAt(2, -94, -30, 0.8);
  const cut = () =>
    C(0, 0, 82, p.dark) +
    C(0, 0, 76, '#fbf6e8') +
    C(0, 0, 50, '#f6d3c4') +
    segments(46, '#f2b7a6', 11) +
    C(0, 0, 6, '#fbf6e8');
  return cluster(ctx, unit, { foot: 86, cut, cutFoot: 82 });
};
