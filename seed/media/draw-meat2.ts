/** Meat, part two: cuts the basic drawings would misname (duck, oxtail, wings, hot-pot slices …). */
import { cluster, type Place, solo } from './arrange';
import { BONE, board, FAT } from './draw-meat';
import { C, type Drawer, darken, E, G, lighten, P, R, S, shine, WHITE } from './svg-kit';

/** Long pieces lying flat: one per variant, but two one above the other for variant 1. */
const oneOrTwo = (x: number, y: number, s: number, dy: number): Place[][] => [
  [{ x, y, s, a: -8 }],
  [
    { x: x - 6, y: y - dy, s: s * 0.82, a: -8 },
    { x: x + 8, y: y + dy, s: s * 0.82, a: 6 },
  ],
  [{ x, y, s, a: 8 }],
  [{ x, y, s, a: -14 }],
];

/**
 * A whole duck lying on a platter (pale raw or mahogany roast, by colour), a long neck curving up to the
 * head with its flat bill, a pointed tail (a chicken is round with its legs up).
 */
export const wholeDuck: Drawer = (ctx) => {
  const { p } = ctx;
  const body = 'M-84 14C-92 -40 -20 -66 44 -58C96 -52 132 -22 136 -2C112 34 64 54 4 56C-52 56 -80 44 -84 14Z';
  const platter = ctx.simple ? '' : E(0, 66, 158, 36, darken('#dfe6ec', 0.08)) + E(0, 62, 150, 30, WHITE);
  const unit = () =>
    platter +
    S('M-70 -4Q-112 -16 -116 -56', p.darker, 32) +
    S('M-70 -4Q-110 -16 -116 -56', p.base, 25) +
    P(body, p.darker) +
    G('translate(-3 -4) scale(0.97)', P(body, p.base)) +
    P('M-20 -36C20 -50 80 -40 104 -10C70 4 20 6 -16 -6Z', p.dark) +
    S('M0 -24Q40 -30 86 -14M10 -10Q46 -12 80 -2', p.darker, 3, 0.5) +
    E(-116, -66, 24, 18, p.dark) +
    E(-118, -70, 21, 15, p.base) +
    P('M-136 -70Q-164 -70 -168 -56Q-158 -50 -136 -58Z', darken(p.base, 0.45)) +
    C(-116, -76, 3.5, darken(p.base, 0.6)) +
    E(70, 26, 30, 20, p.dark, 0.6, -12) +
    shine(-30, -30, 40, 10, -14, 0.45) +
    shine(60, -40, 22, 6, 8, 0.35) +
    shine(-100, -34, 14, 5, -20, 0.35);
  return cluster(ctx, unit, { foot: 100, half: 160, layouts: solo(208, 206, 1.05) });
};

/** Oxtail: round cross-cut pieces, each a ring of red meat and fat around a bone. */
export const oxtail: Drawer = (ctx) => {
  const { p } = ctx;
  const piece = (x: number, y: number, r: number) =>
    G(
      `translate(${x} ${y})`,
      E(0, 8, r, r * 0.86, darken(FAT, 0.14)),
      E(0, 0, r, r * 0.86, FAT),
      E(1, 1, r * 0.86, r * 0.73, p.dark),
      E(-1, -1, r * 0.8, r * 0.68, p.base),
      S(
        `M${-r * 0.6} ${-r * 0.1}Q${-r * 0.3} ${-r * 0.4} 0 ${-r * 0.5}M${r * 0.2} ${r * 0.45}Q${r * 0.5} ${r * 0.3} ${r * 0.62} 0`,
        FAT,
        3,
        0.7,
      ),
      E(0, 0, r * 0.36, r * 0.31, darken(BONE, 0.12)),
      E(-1, -1, r * 0.32, r * 0.27, BONE),
      E(0, 0, r * 0.14, r * 0.12, lighten(p.base, 0.35)),
      shine(-r * 0.5, -r * 0.45, r * 0.22, r * 0.08, -20, 0.3),
    );
  const unit = () => piece(-70, -20, 62) + piece(62, -28, 52) + piece(-4, 34, 58);
  return board(ctx.simple) + cluster(ctx, unit, { foot: 86, half: 132, layouts: solo(200, 226, 1.12) });
};

/** Chicken wings: the drumette and the flat joined at an angle like a boomerang, tip at the end. */
export const chickenWing: Drawer = (ctx) => {
  const { p } = ctx;
  const parts = (c: string) =>
    E(-50, 10, 58, 27, c, 1, -28) +
    C(-2, -18, 26, c) +
    E(52, 8, 60, 30, c, 1, 28) +
    P('M92 26Q124 44 132 78Q110 70 84 46Z', c);
  const wing = () =>
    C(-104, 40, 13, darken(BONE, 0.15)) +
    C(-104, 40, 10, BONE) +
    parts(p.dark) +
    G('translate(-3 -4) scale(0.96)', parts(p.base)) +
    S('M-82 18Q-50 -4 -16 -16M20 -10Q50 4 84 24', p.dark, 3, 0.35) +
    shine(-58, -4, 20, 6, -28, 0.4) +
    shine(44, -8, 22, 6, 28, 0.4);
  return cluster(ctx, wing, { foot: 44, half: 132, layouts: oneOrTwo(200, 206, 1.2, 50) });
};

/** Pork trotters: split pig's feet, pale pink skin with the cloven hooves at one end. */
export const trotters: Drawer = (ctx) => {
  const { p } = ctx;
  const foot = (c: string) =>
    P(
      'M-100 -26C-60 -40 30 -40 70 -30L96 -34Q112 -20 100 -2L104 20Q90 34 70 26C30 36 -60 36 -100 24Q-112 0 -100 -26Z',
      c,
    );
  const unit = () =>
    foot(p.dark) +
    G('translate(-2 -3) scale(0.97)', foot(p.base)) +
    E(-100, 0, 14, 24, p.dark) +
    E(-100, 0, 10, 19, FAT) +
    C(-100, 0, 6, BONE) +
    P('M90 -34Q118 -36 122 -20Q110 -12 94 -14Z', '#8a6a58') +
    P('M92 2Q120 0 124 16Q112 24 96 22Z', '#8a6a58') +
    S('M-70 -14Q0 -24 70 -14M-60 12Q0 20 70 10', p.dark, 3, 0.4) +
    shine(-30, -20, 40, 6, -4, 0.4);
  return (
    board(ctx.simple) + cluster(ctx, unit, { foot: 40, half: 126, layouts: oneOrTwo(194, 212, 1.15, 36) })
  );
};

/** Unagi kabayaki: glazed, grilled eel fillets, dark caramel brown with char marks, on a tray. */
export const eelFillet: Drawer = (ctx) => {
  const { p } = ctx;
  const fillet = (y: number, a: number) =>
    G(
      `translate(0 ${y}) rotate(${a})`,
      R(-120, -24, 240, 50, 20, darken(p.base, 0.3)),
      R(-120, -26, 236, 44, 18, p.base),
      S(
        'M-90 -18L-84 14M-50 -20L-44 14M-10 -20L-4 14M30 -20L36 14M70 -18L76 12',
        darken(p.base, 0.35),
        5,
        0.6,
      ),
      S('M-104 -14Q0 -22 100 -14', lighten(p.base, 0.35), 4, 0.6),
    );
  const unit = () =>
    (ctx.simple ? '' : R(-150, -70, 300, 150, 22, '#2b2b2b') + R(-142, -62, 284, 134, 18, '#3a3a3a')) +
    fillet(-24, -2) +
    fillet(34, 2);
  return cluster(ctx, unit, { foot: 80, half: 150, layouts: solo(200, 206, 1.15) });
};

/** Hot-pot slices: paper-thin marbled slices curled into rolls, fanned on a plate. */
export const meatRolls: Drawer = (ctx) => {
  const { p } = ctx;
  const roll = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      R(-44, -20, 88, 40, 18, p.dark),
      R(-44, -22, 86, 38, 17, p.base),
      S('M-34 -10Q-10 -18 10 -6T38 -8M-30 8Q0 0 20 10', FAT, 3.5, 0.85),
      E(44, -2, 8, 19, FAT),
      E(44, -2, 5, 14, p.dark),
      S('M46 -12Q40 -2 46 8', FAT, 2.5),
    );
  const plate = ctx.simple ? '' : E(0, 14, 150, 70, darken('#dfe6ec', 0.08)) + E(0, 10, 144, 64, WHITE);
  const unit = () =>
    plate +
    roll(-60, -24, -14) +
    roll(34, -36, 10) +
    roll(-74, 24, -6) +
    roll(20, 12, 4) +
    roll(-26, 54, 8) +
    roll(66, 42, -10);
  return cluster(ctx, unit, { foot: 80, half: 150, layouts: solo(200, 200, 1.15) });
};

/** Char siu: strips of glazed barbecue pork, lacquered red outside, sliced to show the pale meat. */
export const charSiu: Drawer = (ctx) => {
  const { p } = ctx;
  const slice = (x: number, y: number) =>
    G(
      `translate(${x} ${y}) rotate(-16)`,
      P('M-30 -26L30 -30L34 26L-26 30Z', p.darker),
      P('M-26 -20L27 -24L30 22L-22 25Z', '#eab8a2'),
      P('M-30 -26L30 -30L30 -20L-28 -16Z', p.base),
      S('M-16 -6L18 -10M-14 8L20 4', '#d48f78', 3, 0.6),
    );
  const unit = () =>
    G(
      'rotate(-10)',
      R(-130, -76, 200, 56, 22, darken(p.base, 0.3)),
      R(-130, -78, 196, 50, 20, p.base),
      S('M-112 -66Q-30 -74 50 -66', lighten(p.base, 0.4), 5, 0.6),
      R(-118, -72, 20, 44, 8, darken(p.base, 0.45), 0.5),
      E(-40, -40, 16, 6, darken(p.base, 0.45), 0.5),
      E(20, -58, 12, 5, darken(p.base, 0.45), 0.45),
    ) +
    slice(-84, 44) +
    slice(-44, 40) +
    slice(-4, 36) +
    slice(36, 32) +
    slice(76, 28);
  return board(ctx.simple) + cluster(ctx, unit, { foot: 60, half: 130, layouts: solo(200, 220, 1.05) });
};

/** Boneless, skinless thighs: irregular pale-pink pieces with creamy fat edges, in a tray. */
export const chickenThigh: Drawer = (ctx) => {
  const { p } = ctx;
  const piece = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-56 -8C-50 -40 0 -44 30 -36C60 -28 64 6 50 26C30 46 -20 44 -44 30C-60 20 -60 6 -56 -8Z', FAT),
      P('M-50 -8C-44 -34 0 -38 28 -30C54 -22 56 4 44 22C26 38 -18 38 -40 26C-54 16 -54 4 -50 -8Z', p.base),
      S('M-30 -10Q0 -20 30 -6M-24 14Q4 6 30 16', p.dark, 3, 0.45),
      shine(-20, -20, 16, 5, -10, 0.4),
    );
  const unit = () =>
    (ctx.simple ? '' : R(-150, -80, 300, 170, 24, '#dfe6ec') + R(-140, -70, 280, 150, 18, '#f4f7f9')) +
    piece(-62, -20, -8) +
    piece(60, -26, 10) +
    piece(-4, 34, 4);
  return cluster(ctx, unit, { foot: 90, half: 150, layouts: solo(200, 206, 1.1) });
};
