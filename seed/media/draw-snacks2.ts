/** Snacks, part two: shapes the basic packs would misname. */
import { cluster, solo } from './arrange';
import { packs } from './packaging';
import { C, clip, type Drawer, darken, E, G, label, lighten, P, R, S, WHITE } from './svg-kit';

/** Chocolate-dipped biscuit sticks (Pocky) poking out of their slim box, two lying in front. */
export const biscuitSticks: Drawer = (ctx) => {
  const c = ctx.p.base;
  const choc = '#5a3020';
  const stick = (x: number, y: number, a: number, len: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      R(-5, -len, 10, len, 5, '#e2b26c'),
      R(-6, -len, 12, len * 0.72, 6, choc),
      R(-3, -len + 4, 3, len * 0.6, 1.5, lighten(choc, 0.3), 0.6),
    );
  const one = (v: number) =>
    [-36, -18, 0, 18, 36].map((x, i) => stick(x, -190, (i - 2) * 4, 90 + (i % 2) * 16)).join('') +
    P('M-70 -210L70 -210L70 0L-70 0Z', darken(c, 0.15)) +
    R(-70, -206, 134, 206, 2, c) +
    P('M-70 -210L-70 -236L70 -236L70 -210Z', lighten(c, 0.18)) +
    label(-60, -150, 120, 96, c, v, 4, '#fff8ef') +
    R(-60, -196, 10, 180, 5, '#ffffff', 0.22) +
    (v === 2 ? '' : stick(84, -8, -84, 170));
  return packs(ctx, one, 300, 160);
};

/** Cling film: a long box with its roll showing at the open end and a clear sheet drawn out. */
export const clingWrap: Drawer = (ctx) => {
  const c = ctx.p.base;
  const box = (v: number) =>
    G(
      'translate(0 -60) rotate(-8)',
      P('M-150 -40L150 -40L170 -60L-130 -60Z', lighten(c, 0.3)),
      P('M150 -40L170 -60L170 10L150 30Z', darken(c, 0.25)),
      R(-150, -40, 300, 70, 4, c),
      label(-120, -36, 200, 62, darken(c, 0.2), v, 4, '#ffffff'),
      P('M-150 -40L150 -40L150 -52L-150 -52Z', '#c8ced4'),
      P('M-150 -52L150 -52L120 -110L-170 -110Z', '#dceaf3', 0.55),
      P('M-150 -52L150 -52L150 -56L-150 -56Z', '#9aa3ab'),
      P('M-140 30L140 30L132 74L-132 74Z', '#dceaf3', 0.6),
      P('M-132 74L132 74L126 80L-126 80Z', WHITE, 0.5),
    );
  return packs(ctx, (v) => G('scale(0.95)', box(v)), 300, 280);
};

/** Dried mango: a heap of chewy orange slices, wavy and translucent at the edges. */
export const driedMango: Drawer = (ctx) => {
  const { p } = ctx;
  const slice = (x: number, y: number, a: number, fill: string) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P(
        'M-60 -10C-40 -30 30 -34 62 -14C70 -4 66 10 56 14C20 26 -40 26 -60 12C-68 4 -66 -4 -60 -10Z',
        darken(fill, 0.18),
      ),
      P('M-56 -10C-36 -26 28 -30 58 -12C62 0 56 8 48 10C18 20 -38 20 -56 8C-60 0 -60 -6 -56 -10Z', fill),
      P('M-40 -10C-20 -20 20 -22 40 -10C20 -4 -20 -2 -40 -10Z', lighten(fill, 0.3), 0.6),
    );
  const unit = () =>
    slice(-40, -40, -16, p.dark) +
    slice(40, -46, 14, p.base) +
    slice(-50, 6, 10, p.base) +
    slice(44, 4, -12, p.dark) +
    slice(-4, -14, 4, lighten(p.base, 0.08)) +
    slice(0, 40, -4, p.base);
  return cluster(ctx, unit, { foot: 66, half: 120, layouts: solo(200, 200, 1.2) });
};

/** Hawthorn flakes (山楂片): a paper roll, opened at one end, and a stack of thin red-brown discs. */
export const hawthornFlakes: Drawer = (ctx) => {
  const { p } = ctx;
  const disc = (x: number, y: number) => E(x, y + 3, 34, 12, darken(p.base, 0.25)) + E(x, y, 34, 12, p.base);
  const stack =
    Array.from({ length: 7 }, (_, i) => disc(60, 70 - i * 8)).join('') + E(54, 18, 14, 4, WHITE, 0.3);
  const roll = G(
    'rotate(-18)',
    R(-130, -36, 170, 72, 10, '#f2e6cc'),
    R(-130, -36, 170, 14, 6, '#e5d3ae'),
    R(-80, -36, 60, 72, 0, p.base, 0.85),
    R(-72, -28, 44, 56, 4, '#fff8ea'),
    C(-50, 0, 12, p.base),
    ...Array.from({ length: 6 }, (_, i) => E(48 + i * 7, 0, 6, 34, i % 2 ? p.base : darken(p.base, 0.2))),
  );
  const unit = () => G('translate(-6 -20)', roll) + stack;
  return cluster(ctx, unit, { foot: 86, half: 130, layouts: solo(200, 200, 1.15) });
};

/** A round biscuit gift tin, lid propped against it, a few biscuits in front. */
export const biscuitTin: Drawer = (ctx) => {
  const { p } = ctx;
  const cookie = (x: number, y: number, r: number) =>
    E(x, y + 3, r, r * 0.45, darken('#e0b06a', 0.2)) +
    E(x, y, r, r * 0.45, '#e0b06a') +
    E(x, y, r * 0.6, r * 0.25, '#eecb8e');
  const unit = () =>
    E(0, 40, 130, 40, darken(p.base, 0.3)) +
    R(-130, -40, 260, 80, 0, p.base) +
    R(-130, -40, 260, 10, 0, lighten(p.base, 0.4)) +
    R(-130, 22, 260, 8, 0, lighten(p.base, 0.4)) +
    E(0, -40, 130, 40, darken(p.base, 0.2)) +
    E(0, -40, 120, 34, '#f4ead6') +
    cookie(-50, -48, 30) +
    cookie(20, -30, 30) +
    cookie(40, -58, 26) +
    cookie(-20, -24, 24) +
    R(-100, -30, 14, 64, 7, WHITE, 0.25) +
    (ctx.simple ? '' : cookie(-110, 88, 26) + cookie(104, 90, 24));
  return cluster(ctx, unit, { foot: 96, half: 134, layouts: solo(200, 196, 1.08) });
};

/** A fish-shaped wafer (taiyaki, Samanco) with ice cream showing at its open mouth. */
export const fishWafer: Drawer = (ctx) => {
  const { p } = ctx;
  const body = 'M-110 0C-80 -60 40 -70 80 -20L124 -56Q132 0 124 56L80 20C40 70 -80 60 -110 0Z';
  const unit = () =>
    P(body, darken(p.base, 0.25)) +
    G('translate(-3 -4) scale(0.97)', P(body, p.base)) +
    E(-104, 0, 12, 22, '#f3ead8') +
    C(-70, -16, 9, darken(p.base, 0.35)) +
    C(-72, -18, 3, WHITE, 0.6) +
    S('M-30 -30Q-10 0 -30 30M0 -34Q20 0 0 34M30 -30Q50 0 30 30', darken(p.base, 0.28), 4, 0.55) +
    S('M90 -30L110 -20M92 0L116 0M90 30L110 20', darken(p.base, 0.28), 4, 0.55) +
    E(-40, -34, 30, 7, WHITE, 0.35, -10);
  return cluster(ctx, unit, { foot: 60, half: 124, layouts: solo(204, 200, 1.2) });
};

/** Ramune: a pale glass codd-neck bottle, the marble caught in its pinched neck, a coloured cap. */
export const coddBottle: Drawer = (ctx) => {
  const c = ctx.p.base;
  const glass =
    'M-44 -150Q-44 -170 -24 -182Q-30 -200 -18 -212L-18 -232L18 -232L18 -212Q30 -200 24 -182Q44 -170 44 -150L44 -12Q44 0 32 0L-32 0Q-44 0 -44 -12Z';
  const one = (v: number) =>
    P(glass, darken(c, 0.2)) +
    clip(
      `<path d="${glass}"/>`,
      R(-44, -232, 80, 232, 0, lighten(c, 0.25)),
      R(-44, -110, 88, 110, 0, lighten(c, 0.1), 0.6),
      R(-34, -220, 8, 200, 4, WHITE, 0.4),
    ) +
    C(0, -194, 12, '#eef6fa') +
    C(-4, -198, 4, WHITE) +
    label(-44, -120, 88, 60, darken(c, 0.4), v, 2, WHITE) +
    R(-22, -250, 44, 22, 6, darken(c, 0.3)) +
    R(-22, -250, 44, 7, 3, darken(c, 0.45));
  return packs(ctx, one, 270, 100);
};
