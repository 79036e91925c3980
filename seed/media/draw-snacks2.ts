/** Snacks, part two: shapes the basic packs would misname. */
import { packs } from './packaging';
import { type Drawer, darken, G, label, lighten, P, R, WHITE } from './svg-kit';

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
