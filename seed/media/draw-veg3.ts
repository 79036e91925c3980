/** Vegetables, part three: herbs and mushrooms the basic drawings would misname. */
import { cluster } from './arrange';
import { C, type Drawer, darken, E, G, lighten, P, R, S, shine, WHITE } from './svg-kit';

/**
 * A bunch of tender herbs (cilantro): thin stems fanning up from a tied bundle, each ending in
 * a spray of small round, lobed leaves (bok choy has broad spoon leaves on thick white stems).
 */
export const herbs: Drawer = (ctx) => {
  const { p } = ctx;
  const sprig = (x: number, y: number, a: number, s: number, fill: string) =>
    G(
      `translate(${x} ${y}) rotate(${a}) scale(${s})`,
      ...[-40, 0, 40].map((b) =>
        G(
          `rotate(${b})`,
          S('M0 0L0 -22', darken(fill, 0.2), 2.5),
          C(-7, -26, 8, fill),
          C(7, -26, 8, fill),
          C(0, -34, 9, fill),
          S('M0 -22L-5 -30M0 -22L5 -30M0 -22L0 -34', darken(fill, 0.25), 1.5, 0.6),
        ),
      ),
    );
  const tips: [number, number, number][] = [
    [-70, -60, -30],
    [-40, -92, -14],
    [-6, -104, 0],
    [30, -94, 14],
    [64, -66, 30],
    [-46, -30, -40],
    [48, -34, 40],
    [12, -62, 6],
    [-22, -64, -6],
  ];
  const unit = () =>
    tips.map(([x, y]) => S(`M0 84Q${x * 0.2} 20 ${x} ${y + 10}`, lighten(p.base, 0.3), 4)).join('') +
    tips.map(([x, y, a], i) => sprig(x, y, a, 1.15, i % 2 ? p.base : lighten(p.base, 0.12))).join('') +
    R(-14, 40, 28, 14, 5, '#d9534f') +
    S('M-8 84L-4 54M0 86L0 54M8 84L4 54', lighten(p.base, 0.35), 4);
  return cluster(ctx, unit, {
    foot: 86,
    half: 100,
    layouts: [
      [{ x: 200, y: 214, s: 1.3, a: 0 }],
      [{ x: 200, y: 214, s: 1.25, a: -8 }],
      [{ x: 200, y: 214, s: 1.3, a: 8 }],
      [{ x: 200, y: 214, s: 1.3, a: -4 }],
    ],
  });
};

/** King oyster mushrooms: thick cream stems with small flat brown caps. */
export const kingOyster: Drawer = (ctx) => {
  const { p } = ctx;
  const cap = '#9a7650';
  const one = (x: number, y: number, a: number, h: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P(
        `M-22 ${-h}C-26 ${-h * 0.4} -30 -10 -24 0L24 0C30 -10 26 ${-h * 0.4} 22 ${-h}Z`,
        darken(p.base, 0.14),
      ),
      P(`M-20 ${-h}C-24 ${-h * 0.4} -27 -10 -21 -3L16 -3C22 -10 20 ${-h * 0.4} 16 ${-h}Z`, p.base),
      S(`M-8 ${-h + 10}Q-12 ${-h * 0.5} -10 -12`, WHITE, 5, 0.45),
      E(0, -h, 34, 14, darken(cap, 0.2)),
      E(-2, -h - 3, 31, 11, cap),
      shine(-12, -h - 6, 10, 3, -10, 0.35),
    );
  const unit = () => one(-46, 80, -10, 150) + one(44, 80, 9, 140) + one(0, 86, 0, 172);
  return cluster(ctx, unit, {
    foot: 86,
    half: 90,
    layouts: [
      [{ x: 200, y: 200, s: 1.2, a: 0 }],
      [{ x: 200, y: 200, s: 1.15, a: -8 }],
      [{ x: 200, y: 200, s: 1.2, a: 8 }],
      [{ x: 200, y: 200, s: 1.2, a: -16 }],
    ],
  });
};
