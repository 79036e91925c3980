/** Snacks and drinks. */
import { cluster, solo } from './arrange';
import { bowlOf } from './draw-dry';
import { bottle, box, can, packs, pillowBag, pouch } from './packaging';
import {
  C,
  type Drawer,
  darken,
  E,
  G,
  hue,
  LEAF,
  LEAF_D,
  label,
  lighten,
  lightness,
  P,
  S,
  WHITE,
} from './svg-kit';

const chip = (x: number, y: number, a: number, s = 1) =>
  G(
    `translate(${x} ${y}) rotate(${a}) scale(${s})`,
    E(0, 0, 26, 18, '#e9a93a'),
    E(-2, -2, 23, 15, '#f7cf62'),
    S('M-14 -4Q0 4 14 -4', '#e9a93a', 2.5),
  );

export const chipsBag: Drawer = (ctx) => {
  const c = ctx.p.base;
  const inner = (v: number) =>
    C(0, -140, 52, '#fffaf2') +
    C(0, -140, 44, lighten(c, 0.5)) +
    chip(-14, -146, -20) +
    chip(16, -132, 15) +
    label(-60, -72, 120, 34, c, v, 6, '#fffaf2');
  return packs(
    ctx,
    (v) =>
      pillowBag(170, 250, c, inner(v)) +
      (ctx.simple ? '' : chip(-104, -14, -10, 0.8) + chip(-74, -6, 25, 0.8)),
    250,
    170,
  );
};

export const sodaCan: Drawer = (ctx) => packs(ctx, (v) => can(124, 220, ctx.p.base, v), 230, 124);

export const juiceBottle: Drawer = (ctx) => {
  const c = ctx.p.base;
  const slice = (x: number, y: number) =>
    C(x, y, 30, darken(c, 0.1)) +
    C(x, y, 26, lighten(c, 0.5)) +
    Array.from({ length: 8 }, (_, i) =>
      G(`translate(${x} ${y}) rotate(${i * 45})`, P('M0 0L-8 -22Q0 -26 8 -22Z', c)),
    ).join('');
  return packs(
    ctx,
    (v) =>
      bottle({
        w: 116,
        h: 262,
        neckW: 56,
        neckH: 22,
        shoulder: 44,
        capH: 28,
        cap: v % 2 ? LEAF : darken(c, 0.25),
        body: c,
        labelColor: hue(c, 20),
        v,
        labelLow: 0.14,
        labelHigh: 0.66,
        r: 20,
      }) + slice(0, -110),
    262,
    116,
  );
};

export const waterBottle: Drawer = (ctx) => {
  const c = ctx.p.base;
  return packs(
    ctx,
    (v) =>
      bottle({
        w: 104,
        h: 280,
        neckW: 40,
        neckH: 34,
        shoulder: 60,
        capH: 26,
        cap: c,
        body: '#cde6f5',
        labelColor: c,
        v: v + 1,
        labelLow: 0.36,
        labelHigh: 0.62,
        r: 20,
      }) + S('M-50 -40L50 -40M-50 -56L50 -56M-50 -200L50 -200M-50 -216L50 -216', '#a9cde4', 3, 0.8),
    280,
    104,
  );
};

export const teaBox: Drawer = (ctx) => {
  const c = ctx.p.base;
  const leaf = (x: number, y: number, a: number, fill: string) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M0 0C12 -16 34 -18 46 -8C34 6 12 8 0 0Z', fill),
      S('M4 -2L40 -8', darken(fill, 0.25), 2),
    );
  const teacup = () =>
    G(
      'translate(-96 0) scale(0.85)',
      S('M26 -40C44 -40 44 -16 24 -16', '#ffffff', 7),
      P('M-34 -52L34 -52Q32 0 0 0Q-32 0 -34 -52Z', '#ffffff'),
      E(0, -52, 34, 8, '#c9a05a'),
      S('M-6 -70q6 -10 0 -20M8 -72q6 -10 0 -20', WHITE, 3, 0.8),
    );
  return packs(
    ctx,
    (v) =>
      G(
        'translate(-18 0)',
        box(170, 190, 50, c, v),
        leaf(-10, -150, -30, LEAF),
        leaf(6, -150, -150, LEAF_D),
      ) + (ctx.simple ? '' : teacup()),
    270,
    200,
  );
};

export const coffeeBag: Drawer = (ctx) => {
  const c = ctx.p.base;
  const bean = (x: number, y: number, a: number, s = 1) =>
    G(
      `translate(${x} ${y}) rotate(${a}) scale(${s})`,
      E(0, 0, 14, 19, '#4e2f1e'),
      S('M0 -16Q-6 0 0 16', '#2e1a10', 3),
    );
  const inner = (v: number) =>
    C(0, -140, 40, '#fffaf2') +
    bean(-10, -140, -20) +
    bean(12, -138, 20) +
    label(-54, -80, 108, 36, c, v, 4, '#fffaf2') +
    C(0, -196, 9, darken(c, 0.3)) +
    C(0, -196, 4, darken(c, 0.5));
  return packs(
    ctx,
    (v) =>
      pouch(150, 250, c, inner(v)) +
      (ctx.simple ? '' : bean(-104, -12, 30, 0.9) + bean(-80, -6, -40, 0.9) + bean(94, -10, 10, 0.9)),
    250,
    160,
  );
};

export const cookies: Drawer = (ctx) => {
  const { p } = ctx;
  const cookie = (x: number, y: number, s: number) =>
    G(
      `translate(${x} ${y}) scale(${s})`,
      E(0, 8, 70, 24, p.dark),
      E(0, 0, 70, 24, p.base),
      E(-10, -4, 50, 14, p.light, 0.5),
      [
        [-30, -2],
        [10, -8],
        [30, 4],
        [-6, 8],
        [44, -6],
      ]
        .map(([cx, cy]) => E(cx as number, cy as number, 6, 4, '#4a2c1d'))
        .join(''),
    );
  const top = () =>
    G(
      'translate(54 -70)',
      C(0, 0, 54, p.dark),
      C(-3, -3, 50, p.base),
      [
        [-20, -20],
        [14, -26],
        [24, 6],
        [-10, 14],
        [-30, 6],
        [8, -2],
      ]
        .map(([x, y]) => E(x as number, y as number, 7, 5, '#4a2c1d', 1, 20))
        .join(''),
      E(-22, -30, 12, 6, WHITE, 0.3, -30),
    );
  const unit = () =>
    cookie(-20, 70, 1) + cookie(-20, 40, 1) + cookie(-20, 10, 1) + cookie(-20, -20, 1) + top();
  return cluster(ctx, unit, { foot: 100, half: 110, layouts: solo(200, 200, 1.05) });
};

export const candy: Drawer = (ctx) => {
  const { p } = ctx;
  const one = (x: number, y: number, a: number, c: string) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-34 0L-64 -22L-58 0L-64 22Z', darken(c, 0.1)),
      P('M34 0L64 -22L58 0L64 22Z', darken(c, 0.1)),
      C(0, 0, 36, darken(c, 0.12)),
      C(-2, -2, 33, c),
      S('M-20 -24L20 24M-30 -6L6 30M-6 -30L30 6', WHITE, 5, 0.55),
      E(-14, -16, 8, 5, WHITE, 0.6, -40),
    );
  const colors = [p.base, hue(p.base, 40), hue(p.base, -40), hue(p.base, 160), lighten(p.base, 0.2)];
  const unit = () =>
    one(-40, -40, -20, colors[1] as string) +
    one(50, -30, 25, colors[2] as string) +
    one(0, 20, 5, colors[0] as string) +
    one(-60, 50, 30, colors[3] as string) +
    one(66, 54, -15, colors[4] as string);
  return cluster(ctx, unit, { foot: 86, half: 120, layouts: solo(200, 200, 1.05) });
};

export const nuts: Drawer = (ctx) => {
  const { p } = ctx;
  const almond = (x: number, y: number, i: number) =>
    G(
      `translate(${x} ${y}) rotate(${(i * 53) % 180})`,
      P('M0 -16C12 -8 12 10 0 16C-12 10 -12 -8 0 -16Z', i % 3 ? p.base : p.dark),
      S('M-3 -8L-3 8M3 -6L3 6', p.darker, 1.6, 0.5),
    );
  const unit = () => bowlOf(almond, '#8d6242') + (ctx.simple ? '' : almond(-122, 70, 2) + almond(118, 72, 5));
  return cluster(ctx, unit, { foot: 84, half: 120, layouts: solo(200, 200, 1.15) });
};

export const riceCracker: Drawer = (ctx) => {
  const { p } = ctx;
  const cracker = (x: number, y: number, r: number, nori: boolean) =>
    G(
      `translate(${x} ${y})`,
      E(0, 6, r, r * 0.8, p.dark),
      E(0, 0, r, r * 0.8, p.base),
      E(-4, -4, r * 0.8, r * 0.62, p.light, 0.45),
      S(
        `M${-r * 0.55} ${-r * 0.3}L${r * 0.5} ${-r * 0.5}M${-r * 0.65} ${r * 0.05}L${r * 0.65} ${-r * 0.15}M${-r * 0.5} ${r * 0.4}L${r * 0.55} ${r * 0.2}`,
        darken(p.base, 0.3),
        4,
        0.55,
      ),
      nori
        ? P(
            `M${-r * 0.3} ${-r * 0.78}L${r * 0.3} ${-r * 0.78}L${r * 0.3} ${r * 0.78}L${-r * 0.3} ${r * 0.78}Z`,
            '#1f3a2a',
          )
        : '',
      E(-r * 0.4, -r * 0.4, r * 0.3, r * 0.1, WHITE, 0.45, -15),
    );
  const light = lightness(p.base) > 0.8;
  const unit = () =>
    cracker(-56, -30, 56, false) +
    cracker(56, -36, 54, !light) +
    cracker(-40, 46, 58, !light) +
    cracker(48, 42, 60, false) +
    cracker(0, 4, 62, true);
  return cluster(ctx, unit, { foot: 92, half: 116, layouts: solo(200, 196, 1.15) });
};

/** Preserved plums (话梅): a bowl heaped with big dark wrinkled dried plums, two loose in front. */
export const preservedPlums: Drawer = (ctx) => {
  const { p } = ctx;
  const plum = (x: number, y: number, i: number) =>
    G(
      `translate(${x} ${y}) rotate(${(i * 47) % 360})`,
      E(0, 2, 25, 21, p.darker),
      E(-1, -1, 22, 18, i % 3 ? p.base : p.dark),
      S('M-15 -5Q-5 -13 5 -7T17 -3M-13 7Q-3 2 7 8M-3 -16Q0 -7 -6 3M9 -12Q12 -4 8 4', p.darker, 2.4, 0.75),
      E(-8, -8, 6, 3, WHITE, 0.3, -30),
    );
  const heap = [
    [-66, 0],
    [-22, 4],
    [22, 2],
    [66, 0],
    [-44, -30],
    [0, -32],
    [44, -30],
    [-20, -58],
    [24, -58],
  ];
  const unit = () =>
    E(0, 0, 110, 24, darken('#c9a27a', 0.2)) +
    heap.map(([x, y], i) => plum(x as number, y as number, i)).join('') +
    P('M-116 0Q-110 80 0 84Q110 80 116 0Q0 24 -116 0Z', '#c9a27a') +
    S('M-96 20Q-84 58 -40 70', WHITE, 6, 0.45) +
    (ctx.simple ? '' : plum(-124, 74, 4) + plum(124, 76, 7));
  return cluster(ctx, unit, { foot: 96, half: 146, layouts: solo(200, 214, 1.1) });
};
