/** Vegetables, part three: herbs, mushrooms and gourds the basic drawings would misname. */
import { cluster, solo } from './arrange';
import { C, type Drawer, darken, E, G, LEAF_D, lighten, P, R, S, shine, WHITE } from './svg-kit';

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
  return cluster(ctx, unit, { foot: 86, half: 100, layouts: solo(200, 214, 1.3) });
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
  return cluster(ctx, unit, { foot: 86, half: 90, layouts: solo(200, 200, 1.2) });
};

/** Chinese chives: a tied bundle of long, thin, flat dark-green blades, cut square (no white bulb). */
export const chives: Drawer = (ctx) => {
  const { p } = ctx;
  const blade = (a: number, len: number, fill: string) =>
    G(
      rotate(a),
      P(`M-4 96L-5 ${-len}L5 ${-len - 6}L4 96Z`, fill),
      S(`M0 ${-len + 8}L0 90`, lighten(fill, 0.25), 1.6, 0.6),
    );
  const unit = () =>
    G(
      'translate(0 10) rotate(-62 0 8)',
      ...[-14, -9, -4, 1, 6, 11, 15, -11, -1, 9, -6, 4].map((a, i) =>
        blade(a, 140 + ((i * 13) % 36), [p.dark, p.base, p.light][i % 3] as string),
      ),
      R(-18, 40, 36, 14, 5, '#c0392b'),
    );
  return cluster(ctx, unit, { foot: 70, half: 130, layouts: solo(200, 200, 1) });
};

const rotate = (a: number) => `rotate(${a} 0 96)`;

/** Snow peas: flat, pale-green pods with the peas only faintly showing, a calyx at one end. */
export const snowPeas: Drawer = (ctx) => {
  const { p } = ctx;
  const pod = (x: number, y: number, a: number, fill: string) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-70 0C-60 -22 40 -30 70 -6C74 0 72 4 66 6C30 20 -50 20 -70 0Z', darken(fill, 0.15)),
      P('M-66 -2C-56 -20 38 -26 66 -6C36 12 -46 14 -66 -2Z', fill),
      ...[-40, -16, 8, 32].map((px) => E(px, -4, 9, 7, lighten(fill, 0.2), 0.7)),
      S('M-62 -6C-40 -18 30 -22 62 -8', WHITE, 2.5, 0.4),
      P('M-70 0L-88 -12L-84 4L-92 12Z', LEAF_D),
      S('M70 -6Q84 -10 92 -22', lighten(fill, 0.25), 2),
    );
  const unit = () =>
    pod(0, -44, -10, p.dark) + pod(10, 0, 4, p.base) + pod(-6, 46, -4, p.light) + pod(14, 88, 6, p.base);
  return cluster(ctx, unit, { foot: 110, half: 100, layouts: solo(200, 178, 1.2) });
};

/** Water spinach (ong choy): long hollow pale stems with narrow arrow-shaped leaves, tied. */
export const waterSpinach: Drawer = (ctx) => {
  const { p } = ctx;
  const stemColor = '#b9d98f';
  const leaf = (x: number, y: number, a: number, fill: string) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M0 0C-12 -20 -10 -50 0 -70C10 -50 12 -20 0 0ZM-8 -4L-14 8L0 0L14 8L8 -4Z', fill),
      S('M0 -4L0 -62', darken(fill, 0.2), 1.8, 0.6),
    );
  const tips: [number, number, number][] = [
    [-70, -50, -40],
    [-40, -80, -20],
    [-8, -96, -4],
    [26, -88, 16],
    [60, -60, 36],
    [-20, -46, -14],
    [30, -40, 22],
  ];
  const unit = () =>
    tips.map(([x, y]) => S(`M0 90Q${x * 0.15} 20 ${x} ${y}`, stemColor, 7)).join('') +
    tips.map(([x, y]) => S(`M0 90Q${x * 0.15} 20 ${x} ${y}`, lighten(stemColor, 0.3), 2.5, 0.7)).join('') +
    tips.map(([x, y, a], i) => leaf(x, y + 6, a, i % 2 ? p.base : p.dark)).join('') +
    tips.map(([x, y, a], i) => leaf(x * 0.6, y * 0.4 + 30, a + (i % 2 ? 40 : -40), p.base)).join('') +
    R(-16, 50, 32, 14, 5, '#d9534f');
  return cluster(ctx, unit, { foot: 90, half: 100, layouts: solo(200, 206, 1.2) });
};

/** Brown beech mushrooms (shimeji): a clump of thin white stems from one base, small brown caps. */
export const shimeji: Drawer = (ctx) => {
  const { p } = ctx;
  const tops: [number, number, number][] = [
    [-66, -30, 17],
    [-40, -62, 19],
    [-8, -80, 20],
    [26, -68, 19],
    [58, -40, 18],
    [-24, -24, 16],
    [16, -26, 17],
    [76, -4, 15],
    [-80, 6, 15],
  ];
  const unit = () =>
    P('M-40 90Q0 70 40 90L34 60Q0 50 -34 60Z', '#e9e1cf') +
    tops.map(([x, y]) => S(`M${x * 0.2} 70Q${x * 0.5} 30 ${x} ${y}`, '#d9cfb8', 12)).join('') +
    tops.map(([x, y]) => S(`M${x * 0.2} 70Q${x * 0.5} 30 ${x} ${y}`, '#f6f1e4', 8)).join('') +
    tops
      .map(
        ([x, y, r]) =>
          E(x, y - 2, r, r * 0.75, darken(p.base, 0.2)) +
          E(x - 1, y - 4, r * 0.92, r * 0.66, p.base) +
          C(x - r * 0.3, y - r * 0.4, r * 0.16, lighten(p.base, 0.4), 0.8),
      )
      .join('');
  return cluster(ctx, unit, { foot: 92, half: 100, layouts: solo(200, 200, 1.25) });
};

/** Bitter melon: a long pale-green gourd, tapered at both ends, warty along its ridges. */
export const bitterMelon: Drawer = (ctx) => {
  const { p } = ctx;
  // The half-width along the length, and a wavy edge so the outline itself looks bumpy.
  const half = (y: number) => 36 * Math.cos((y / 116) * (Math.PI / 2)) ** 0.7;
  const side = (sign: number) =>
    Array.from({ length: 23 }, (_, i) => {
      const y = -110 + i * 10;
      return `${(sign * (half(y) + (i % 2 ? 3 : 0))).toFixed(1)} ${y}`;
    });
  const outline = `M0 -116L${side(1).join('L')}L0 116L${side(-1).reverse().join('L')}Z`;
  const warts = [-24, -12, 0, 12, 24]
    .map((x, col) =>
      Array.from({ length: 10 }, (_, i) => {
        const y = -92 + i * 20 + (col % 2) * 10;
        const w = half(y) / 36;
        return E(x * w, y, 4 * w + 1.5, 8, i % 2 ? p.light : lighten(p.base, 0.15), 0.9);
      }).join(''),
    )
    .join('');
  const unit = () =>
    G(
      'rotate(-28)',
      P(outline, p.dark),
      G('translate(-3 -2) scale(0.96)', P(outline, p.base)),
      S('M-18 -90Q-24 0 -18 90M-6 -100Q-8 0 -6 100M6 -100Q8 0 6 100M18 -90Q24 0 18 90', p.dark, 2.5, 0.5),
      warts,
      R(-5, -132, 10, 22, 4, LEAF_D),
    );
  const cut = () =>
    C(0, 0, 38, p.dark) +
    C(0, 0, 33, lighten(p.base, 0.55)) +
    C(0, 0, 19, '#f7f1dc') +
    [0, 72, 144, 216, 288]
      .map((a) => {
        const r = (a * Math.PI) / 180;
        return E(Math.cos(r) * 11, Math.sin(r) * 11, 3, 5, '#e7d7a8');
      })
      .join('');
  return cluster(ctx, unit, {
    foot: 96,
    half: 60,
    cut: () => G('translate(-30 10)', cut()) + G('translate(34 20)', cut()),
    cutFoot: 44,
  });
};
