/** Vegetables, part one: each unit is drawn around (0, 0) with a radius of about 90. */
import { cluster, shaded, solo } from './arrange';
import {
  C,
  type Drawer,
  darken,
  E,
  G,
  LEAF,
  LEAF_D,
  lighten,
  lightness,
  P,
  R,
  rot,
  S,
  shine,
  starPath,
  WHITE,
} from './svg-kit';

const calyx = (x: number, y: number, r: number): string =>
  P(starPath(x, y, r, r * 0.32, 5, 0.5), LEAF) + R(x - 3, y - r * 0.55, 6, r * 0.5, 3, LEAF_D);

export const tomato: Drawer = (ctx) => {
  const { p } = ctx;
  const unit = () =>
    shaded((c) => E(0, 6, 92, 80, c), p.base, p.dark) +
    S('M-26 -64Q-8 -40 -30 -6M26 -64Q8 -40 30 -6', p.dark, 5, 0.3) +
    shine(-44, -28, 20, 11, -35) +
    C(-62, -4, 6, WHITE, 0.4) +
    calyx(0, -70, 34);
  const cut = () =>
    E(0, 0, 82, 74, p.dark) +
    E(0, -2, 74, 66, p.light) +
    [-40, 40, 0]
      .map((x, i) => E(x, i === 2 ? -36 : 10, 24, 20, p.base) + C(x, i === 2 ? -36 : 10, 6, '#f4e39a'))
      .join('') +
    E(0, 10, 10, 18, p.lighter);
  return cluster(ctx, unit, { foot: 86, cut, cutFoot: 74 });
};

export const leafyGreens: Drawer = (ctx) => {
  const { p } = ctx;
  const stem = '#e4f0c8';
  const stemD = '#c9dfa0';
  const leaf = (a: number, fill: string, len: number) =>
    G(
      rot(a, 0, 88),
      P(`M-22 90C-34 50 -20 10 -10 ${-len * 0.3}L10 ${-len * 0.3}C20 10 34 50 22 90Z`, stemD),
      P(`M-16 90C-28 50 -16 10 -8 ${-len * 0.3}L8 ${-len * 0.3}C14 10 26 50 16 90Z`, stem),
      E(0, -len * 0.6, 36, len * 0.5, fill),
      E(-8, -len * 0.62, 22, len * 0.4, lighten(fill, 0.12), 0.6),
      S(`M0 ${-len * 0.25}L0 ${-len * 1.0}`, stem, 4),
    );
  const unit = () =>
    leaf(-34, p.dark, 92) +
    leaf(34, p.dark, 92) +
    leaf(-16, p.base, 110) +
    leaf(16, p.base, 108) +
    leaf(0, p.light, 118);
  return cluster(ctx, unit, { foot: 92, half: 80, scale: 0.95, tilt: ctx.v === 3 ? -40 : 0 });
};

export const cabbage: Drawer = (ctx) => {
  const { p } = ctx;
  const unit = () =>
    shaded((c) => C(0, 0, 88, c), p.light, p.base) +
    E(0, -16, 56, 50, p.lighter) +
    S('M-30 -58Q0 -10 -6 40M30 -58Q4 -20 6 40', p.light, 4) +
    P('M-88 0C-90 60 -40 92 0 90C-30 60 -40 20 -70 -40Z', p.dark) +
    P('M88 0C90 60 40 92 0 90C30 60 40 20 70 -40Z', p.base) +
    S('M-70 -20Q-50 40 -4 84M-80 30Q-60 40 -52 58M72 -20Q50 40 4 84M80 30Q60 40 52 58', p.lighter, 4, 0.7) +
    shine(-30, -44, 18, 10, -30, 0.4);
  return cluster(ctx, unit, { foot: 90 });
};

export const broccoli: Drawer = (ctx) => {
  const { p } = ctx;
  const stalk = lighten(p.base, 0.45);
  const florets: [number, number, number][] = [
    [-52, -20, 34],
    [52, -20, 34],
    [-28, -50, 36],
    [28, -50, 36],
    [0, -70, 36],
    [0, -28, 36],
  ];
  const unit = () =>
    P('M-18 90L-12 20L-44 -6L-36 -16L-6 8L0 -20L8 8L38 -16L46 -6L14 20L20 90Z', stalk) +
    P('M6 90L14 20L20 24L20 90Z', darken(stalk, 0.12)) +
    florets.map(([x, y, r]) => C(x, y + 4, r, p.dark)).join('') +
    florets
      .map(([x, y, r]) => C(x - 3, y, r * 0.86, p.base) + C(x - 10, y - 8, r * 0.32, p.light, 0.8))
      .join('');
  return cluster(ctx, unit, { foot: 90, half: 86 });
};

export const carrot: Drawer = (ctx) => {
  const { p } = ctx;
  const unit = () =>
    G(
      'rotate(35)',
      P('M-10 -80C-20 -110 -44 -118 -52 -104C-36 -100 -24 -92 -14 -78Z', LEAF),
      P('M10 -80C20 -112 44 -118 52 -104C36 -100 24 -92 14 -78Z', LEAF),
      P('M0 -80C-6 -112 -4 -126 6 -132C10 -118 8 -100 4 -78Z', LEAF_D),
      P('M-28 -78C-28 -90 28 -90 28 -78C26 -20 8 60 0 96C-8 60 -26 -20 -28 -78Z', p.dark),
      P('M-26 -78C-26 -88 18 -90 18 -78C16 -20 2 60 -2 92C-8 60 -24 -20 -26 -78Z', p.base),
      S('M-20 -40L-6 -40M4 -10L16 -10M-14 20L-2 20M2 48L8 48', p.dark, 4),
      S('M-14 -70Q-14 -20 -6 30', WHITE, 5, 0.35),
    );
  return cluster(ctx, unit, { foot: 80, half: 70, tilt: -10 });
};

export const cucumber: Drawer = (ctx) => {
  const { p } = ctx;
  const unit = () =>
    G(
      'rotate(-30)',
      R(-28, -104, 56, 208, 28, p.dark),
      R(-28, -104, 48, 204, 26, p.base),
      S('M-14 -80L-14 80M4 -84L4 84', p.light, 5, 0.6),
      [-70, -40, -10, 20, 50, 80].map((y, i) => C(i % 2 ? -18 : 14, y, 3, p.darker)).join(''),
      R(-6, -116, 12, 16, 4, LEAF_D),
    );
  const cut = () =>
    E(0, 0, 40, 38, p.dark) +
    E(0, 0, 34, 32, lighten(p.base, 0.6)) +
    E(0, 0, 18, 16, lighten(p.base, 0.45)) +
    [0, 60, 120, 180, 240, 300].map((a) => E(Math.cos(a) * 10, Math.sin(a) * 9, 3, 5, '#fffbe8')).join('');
  return cluster(ctx, unit, {
    foot: 86,
    half: 60,
    cut: () => G('translate(-30 10)', cut()) + G('translate(30 22)', cut()),
    cutFoot: 60,
  });
};

export const eggplant: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) => P('M-20 -60C-60 -50 -70 40 -40 82C-10 110 50 96 60 56C72 10 30 -20 20 -60Z', c);
  const unit = () =>
    G(
      'rotate(-25)',
      shaded(body, p.base, p.dark, -5, -3, 0.94),
      S('M-36 0Q-40 40 -20 70', WHITE, 8, 0.3),
      P('M-34 -56C-24 -80 24 -80 34 -56L24 -40L12 -54L0 -36L-12 -54L-24 -40Z', LEAF),
      R(-7, -100, 14, 34, 6, LEAF_D),
    );
  return cluster(ctx, unit, { foot: 84, half: 70 });
};

export const bellPepper: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P(
      'M-70 -40C-90 0 -80 70 -50 84C-30 94 -14 78 0 84C14 78 30 94 50 84C80 70 90 0 70 -40C50 -70 -50 -70 -70 -40Z',
      c,
    );
  const unit = () =>
    shaded(body, p.base, p.dark) +
    S('M-26 -40Q-34 20 -22 80M26 -40Q34 20 22 80', p.dark, 6, 0.5) +
    shine(-50, -14, 10, 26, 10) +
    P('M-24 -54C-20 -70 20 -70 24 -54C10 -48 -10 -48 -24 -54Z', LEAF_D) +
    P('M-6 -58C-6 -80 0 -92 16 -96L20 -88C8 -84 6 -72 6 -58Z', LEAF);
  return cluster(ctx, unit, { foot: 88 });
};

export const chili: Drawer = (ctx) => {
  const { p } = ctx;
  const one = (x: number, a: number) =>
    G(
      `translate(${x} 0) rotate(${a})`,
      P('M-14 -70C-30 -20 -20 40 14 96C6 40 20 -20 14 -70Z', p.dark),
      P('M-12 -70C-26 -20 -16 40 12 92C2 40 12 -20 10 -70Z', p.base),
      S('M-8 -56Q-14 0 0 50', WHITE, 4, 0.4),
      P('M-16 -70C-16 -80 16 -80 16 -70Z', LEAF),
      S('M0 -76Q0 -96 14 -102', LEAF_D, 7),
    );
  const n = ctx.simple ? 2 : 2 + (ctx.v % 3);
  const xs = [-30, 30, 0, -60, 60].slice(0, n);
  const unit = () => xs.map((x, i) => one(x, -30 + i * 22)).join('');
  return cluster(ctx, unit, { foot: 90, half: 90, layouts: solo(200, 200, 1.2) });
};

export const mushroom: Drawer = (ctx) => {
  const { p } = ctx;
  const stem = '#f3e8d2';
  const cap = p.base;
  const unit = () =>
    P('M-26 0C-30 40 -34 70 -30 88L30 88C34 70 30 40 26 0Z', darken(stem, 0.1)) +
    P('M-26 0C-30 40 -34 70 -30 88L14 88C18 70 16 40 14 0Z', stem) +
    E(0, 4, 80, 16, darken(stem, 0.18)) +
    P('M-92 6C-92 -60 -40 -84 0 -84C40 -84 92 -60 92 6C60 18 -60 18 -92 6Z', p.dark) +
    P('M-86 0C-86 -56 -40 -78 0 -78C36 -78 78 -56 80 -6C50 8 -60 10 -86 0Z', cap) +
    C(-40, -40, 8, p.lighter, 0.6) +
    C(10, -56, 6, p.lighter, 0.6) +
    C(40, -30, 7, p.lighter, 0.5) +
    shine(-44, -52, 20, 9, -25, 0.35);
  return cluster(ctx, unit, { foot: 88 });
};

export const enoki: Drawer = (ctx) => {
  const { p } = ctx;
  const stem = '#faf3e0';
  const band = lightness(p.base) > 0.8 ? LEAF : p.base;
  const stems: string[] = [];
  const caps: string[] = [];
  const n = 15;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1) - 0.5;
    const x = t * 150;
    const top = -100 + Math.abs(t) * 60 + (i % 3) * 10;
    stems.push(S(`M${t * 30} 90Q${t * 40} 20 ${x} ${top}`, i % 2 ? stem : '#efe4c8', 7));
    caps.push(E(x, top - 4, 9, 7, i % 2 ? '#f1e2bc' : '#e9d6a8'));
  }
  const unit = () =>
    stems.join('') +
    caps.join('') +
    P('M-46 30L46 30L40 96L-40 96Z', band) +
    P('M-46 30L46 30L44 46L-44 46Z', darken(band, 0.2)) +
    R(-20, 58, 40, 20, 4, WHITE, 0.8);
  return cluster(ctx, unit, { foot: 96, half: 80, tilt: ctx.v === 3 ? -20 : 0 });
};

export const potato: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P('M-90 0C-92 -46 -50 -70 -6 -66C40 -70 92 -50 90 6C88 54 40 70 -4 66C-50 68 -88 44 -90 0Z', c);
  const unit = () =>
    shaded(body, p.base, p.dark) +
    [
      [-40, -20],
      [20, -34],
      [50, 20],
      [-10, 30],
      [-56, 26],
    ]
      .map(([x, y]) => E(x as number, y as number, 6, 3, p.darker, 0.7))
      .join('') +
    shine(-46, -36, 18, 8, -15, 0.35);
  return cluster(ctx, unit, { foot: 68 });
};

export const onion: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P('M0 -96C10 -70 80 -40 80 14C80 64 40 86 0 86C-40 86 -80 64 -80 14C-80 -40 -10 -70 0 -96Z', c);
  const unit = () =>
    shaded(body, p.base, p.dark, -5, -2, 0.93) +
    S('M-4 -80Q-46 -20 -30 80M4 -80Q46 -20 30 80M0 -80L0 84', p.dark, 3.5, 0.45) +
    S('M-12 86L-18 100M0 86L0 104M12 86L18 100', '#c9b48a', 4) +
    S('M0 -94Q4 -110 -6 -118', darken(p.base, 0.3), 6) +
    shine(-44, -6, 10, 26, 15, 0.35);
  return cluster(ctx, unit, { foot: 96 });
};
