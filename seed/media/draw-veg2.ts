/** Vegetables, part two. */
import { cluster, shaded, solo } from './arrange';
import {
  C,
  type Drawer,
  darken,
  E,
  G,
  LEAF,
  LEAF_D,
  LEAF_L,
  lighten,
  lightness,
  P,
  R,
  rot,
  S,
  shine,
  WHITE,
} from './svg-kit';

export const garlic: Drawer = (ctx) => {
  const { p } = ctx;
  const skin = lightness(p.base) > 0.75 ? p.base : lighten(p.base, 0.7);
  const streak = lightness(p.base) > 0.75 ? '#c9a3c8' : p.base;
  const body = (c: string) =>
    P(
      'M0 -92C8 -70 30 -58 60 -40C92 -20 96 40 62 70C40 88 -40 88 -62 70C-96 40 -92 -20 -60 -40C-30 -58 -8 -70 0 -92Z',
      c,
    );
  const unit = () =>
    shaded(body, skin, darken(skin, 0.14), -4, -3, 0.95) +
    S('M-4 -84Q-60 -20 -40 80M4 -84Q60 -20 40 80M0 -80Q-14 0 -6 84M0 -80Q14 0 6 84', darken(skin, 0.2), 3.5) +
    S('M-40 20Q-44 50 -34 70M40 20Q44 50 34 70', streak, 5, 0.45) +
    S('M-20 84L-24 96M0 86L0 100M20 84L24 96', '#c8b48e', 4) +
    shine(-44, -10, 9, 24, 15, 0.5);
  const clove = () =>
    G(
      'rotate(20)',
      P('M0 -56C24 -30 34 20 20 56L-20 56C-30 20 -20 -30 0 -56Z', darken(skin, 0.1)),
      P('M0 -52C18 -30 26 20 12 52L-18 52C-26 20 -16 -30 0 -52Z', skin),
    );
  return cluster(ctx, unit, { foot: 92, cut: clove, cutFoot: 56 });
};

/** Peeled cloves, no papery bulb: creamy, smooth and a little glossy. */
export const peeledGarlic: Drawer = (ctx) => {
  const { p } = ctx;
  const clove = (c: string) => P('M0 -58C26 -32 38 18 22 58C8 64 -8 64 -22 58C-34 18 -24 -32 0 -58Z', c);
  const unit = () =>
    shaded(clove, p.base, darken(p.base, 0.16), -3, -3, 0.94) +
    S('M2 -50Q16 0 8 54', darken(p.base, 0.12), 3, 0.6) +
    C(0, -56, 3, darken(p.base, 0.3)) +
    shine(-10, -6, 5, 20, 10, 0.55);
  return cluster(ctx, unit, { foot: 60, scale: 1.5 });
};

/** Fuzzy green pods, each swelling over its three beans. */
export const edamame: Drawer = (ctx) => {
  const { p } = ctx;
  const pod = (c: string) =>
    C(-50, 4, 30, c) + C(0, -4, 32, c) + C(50, 4, 30, c) + R(-60, -14, 120, 40, 18, c) + C(-82, 10, 8, c);
  const unit = () =>
    G(
      'rotate(-14)',
      shaded(pod, p.base, p.dark, -2, -3, 0.95) +
        C(-50, 2, 18, p.light, 0.55) +
        C(0, -6, 19, p.light, 0.55) +
        C(50, 2, 18, p.light, 0.55) +
        S('M-84 22Q0 44 80 22', p.dark, 3, 0.5) +
        S('M84 2L98 -8', LEAF_D, 5),
    );
  return cluster(ctx, unit, { foot: 40, scale: 1.05 });
};

/** Gai lan: a bunch of thick, pale stems with dark blue-green leaves and a few flower buds. */
export const gaiLan: Drawer = (ctx) => {
  const { p } = ctx;
  const stemColor = '#a9cf7a';
  const stalk = (a: number, len: number) =>
    G(
      `rotate(${a})`,
      R(-9, -len, 18, len, 9, darken(stemColor, 0.12)),
      R(-6, -len, 11, len, 6, stemColor),
      E(-26, -len * 0.55, 30, 14, p.base, 1, -30),
      E(-20, -len * 0.55, 20, 6, p.light, 0.5, -30),
      E(0, -len - 30, 44, 54, p.dark),
      E(-4, -len - 32, 38, 48, p.base),
      S(`M0 ${-len + 10}L0 ${-len - 70}`, stemColor, 4, 0.9),
      S(`M0 ${-len - 30}l-22 -18M0 ${-len - 50}l20 -16`, stemColor, 2.5, 0.7),
      C(14, -len - 86, 7, '#9cc46a'),
      C(24, -len - 78, 6, '#f2d43a'),
    );
  const unit = () =>
    stalk(-26, 120) +
    stalk(22, 124) +
    stalk(-8, 140) +
    stalk(8, 132) +
    R(-30, -40, 60, 14, 6, '#7a5cb0', 0.9);
  return cluster(ctx, unit, { foot: 4, half: 140, layouts: solo(200, 330, 0.95) });
};

export const ginger: Drawer = (ctx) => {
  const { p } = ctx;
  const knobs: [number, number, number, number, number][] = [
    [0, 10, 70, 36, -10],
    [-60, -20, 36, 24, -50],
    [50, -30, 34, 22, 40],
    [-20, -50, 26, 20, -80],
    [70, 30, 28, 20, 20],
    [-70, 30, 26, 18, 30],
  ];
  const unit = () =>
    knobs.map(([x, y, rx, ry, a]) => E(x, y + 5, rx, ry, p.dark, 1, a)).join('') +
    knobs.map(([x, y, rx, ry, a]) => E(x - 2, y, rx * 0.94, ry * 0.86, p.base, 1, a)).join('') +
    S('M-40 0Q-36 14 -40 28M10 -6Q14 10 10 30M40 4Q44 18 40 34M-60 -30Q-52 -22 -50 -10', p.darker, 3, 0.5) +
    knobs
      .slice(1, 4)
      .map(([x, y, rx]) => E(x - rx * 0.3, y - 6, rx * 0.35, 5, lighten(p.base, 0.4), 0.7))
      .join('');
  return cluster(ctx, unit, { foot: 50, half: 96 });
};

export const scallion: Drawer = (ctx) => {
  const { p } = ctx;
  const stalk = (a: number, len: number, fill: string) =>
    G(
      rot(a, 0, 90),
      P(`M-7 90L-6 ${-len}Q0 ${-len - 16} 6 ${-len}L7 90Z`, fill),
      P('M-9 92L-9 40L9 40L9 92Z', '#f4f4e6'),
      S(`M-3 ${-len + 10}L-3 20`, lighten(fill, 0.3), 3, 0.6),
    );
  const unit = () =>
    G(
      'rotate(-40) translate(0 -20)',
      stalk(-9, 118, p.dark),
      stalk(9, 112, p.dark),
      stalk(-3, 130, p.base),
      stalk(4, 124, p.base),
      stalk(-14, 100, p.light),
      stalk(0, 100, p.light),
      S('M-10 96L-16 120M0 96L0 124M10 96L16 120M-5 96L-8 122M5 96L8 122', '#d8cfa8', 3),
      R(-16, 30, 32, 14, 5, '#c0392b'),
    );
  return cluster(ctx, unit, {
    foot: 60,
    half: 110,
    layouts: solo(206, 214, 1.15),
  });
};

export const corn: Drawer = (ctx) => {
  const { p } = ctx;
  const kernels: string[] = [];
  for (let row = 0; row < 9; row++) {
    for (let col = -2; col <= 2; col++) {
      const y = -84 + row * 18;
      const w = 40 - Math.abs(y) * 0.12;
      const x = (col * w) / 2.6;
      kernels.push(R(x - 7, y - 7, 14, 14, 5, col > 0 ? p.dark : p.base));
      kernels.push(C(x - 2, y - 3, 2.5, WHITE, 0.5));
    }
  }
  const unit = () =>
    G(
      'rotate(-30)',
      R(-40, -100, 80, 196, 40, p.darker),
      ...kernels,
      P('M-8 96C-60 60 -70 -20 -50 -60C-40 -10 -30 40 8 80Z', LEAF),
      P('M8 96C60 60 70 -20 52 -50C44 -10 30 40 -8 80Z', LEAF_D),
      P('M-10 96C-40 40 -10 0 0 -10C4 30 10 60 10 96Z', LEAF_L),
    );
  return cluster(ctx, unit, { foot: 80, half: 70 });
};

export const pumpkin: Drawer = (ctx) => {
  const { p } = ctx;
  const lobes = [-52, 52, -26, 26, 0];
  const unit = () =>
    lobes.map((x, i) => E(x, 8, i < 2 ? 46 : 48, 72, i % 2 ? p.dark : p.base)).join('') +
    E(0, 8, 40, 72, p.base) +
    lobes
      .slice(2)
      .map((x) => E(x - 10, -14, 8, 30, p.light, 0.55))
      .join('') +
    P('M-8 -60L-10 -90Q0 -100 14 -92L8 -60Z', '#6d8f3a') +
    S('M12 -88Q40 -104 46 -80', LEAF, 5);
  return cluster(ctx, unit, { foot: 80, half: 98 });
};

export const radish: Drawer = (ctx) => {
  const { p } = ctx;
  const daikon = lightness(p.base) > 0.78;
  const tops = () =>
    P('M-6 -70C-40 -100 -60 -150 -30 -150C-10 -130 -4 -100 0 -72Z', LEAF) +
    P('M6 -70C40 -100 60 -150 30 -150C10 -130 4 -100 0 -72Z', LEAF_D) +
    P('M0 -70C-14 -110 -6 -160 8 -160C16 -120 8 -100 2 -70Z', LEAF_L);
  const unit = daikon
    ? () =>
        G(
          'rotate(-35) translate(0 20)',
          tops(),
          P('M-34 -72C-40 -20 -30 60 0 120C30 60 40 -20 34 -72Z', darken(p.base, 0.12)),
          P('M-32 -72C-38 -20 -28 60 -2 114C18 60 26 -20 22 -72Z', p.base),
          P('M-34 -72L34 -72L32 -50L-32 -50Z', '#cfe3a8'),
          S('M-14 -10L0 -10M-4 30L10 30', darken(p.base, 0.2), 3),
        )
    : () =>
        tops() +
        shaded((c) => C(0, 0, 66, c), p.base, p.dark) +
        P('M-10 60Q0 80 2 108Q6 80 10 60Z', lighten(p.base, 0.7)) +
        shine(-28, -24, 16, 10, -30);
  return cluster(ctx, unit, { foot: daikon ? 80 : 70, half: 70, scale: daikon ? 0.85 : 0.9 });
};

export const lotusRoot: Drawer = (ctx) => {
  const { p } = ctx;
  const flesh = lighten(p.base, 0.55);
  const holes = (cx: number, cy: number, r: number) =>
    C(cx, cy, r * 0.16, darken(p.base, 0.15)) +
    [0, 60, 120, 180, 240, 300]
      .map((a) =>
        C(
          cx + Math.cos((a * Math.PI) / 180) * r * 0.55,
          cy + Math.sin((a * Math.PI) / 180) * r * 0.55,
          r * 0.17,
          darken(p.base, 0.15),
        ),
      )
      .join('');
  const slice = (x: number, y: number, r: number) =>
    C(x, y + 4, r, p.dark) + C(x, y, r, flesh) + holes(x, y, r);
  const unit = () =>
    G(
      'rotate(-20)',
      R(-96, -40, 150, 80, 40, p.dark),
      R(-96, -44, 146, 76, 38, p.base),
      S('M-60 -30L-60 30M0 -30L0 30', p.dark, 4, 0.5),
      E(54, -4, 24, 38, flesh),
      holes(54, -4, 34).replace(/r="/g, 'r="'),
    ) +
    slice(-40, 64, 36) +
    slice(40, 70, 32);
  return cluster(ctx, unit, { foot: 100, half: 100, scale: 0.95 });
};

export const greenBeans: Drawer = (ctx) => {
  const { p } = ctx;
  const pod = (x: number, a: number, fill: string) =>
    G(
      `translate(${x} 0) rotate(${a})`,
      S('M0 -100Q-20 0 6 100', darken(fill, 0.15), 22),
      S('M-2 -100Q-20 0 4 98', fill, 16),
      S('M-6 -80Q-18 0 0 70', WHITE, 4, 0.3),
      S('M0 -100Q2 -110 10 -114', LEAF_D, 5),
    );
  const n = ctx.simple ? 4 : 5 + (ctx.v % 3);
  const unit = () =>
    Array.from({ length: n }, (_, i) =>
      pod((i - (n - 1) / 2) * 22, -40 + i * 8 + (i % 2) * 6, i % 2 ? p.base : p.dark),
    ).join('');
  return cluster(ctx, unit, { foot: 96, half: 90, layouts: solo(200, 200, 1.15) });
};

export const beanSprouts: Drawer = (ctx) => {
  const { p } = ctx;
  const head = lightness(p.base) > 0.8 ? '#f2d75a' : p.base;
  const under: string[] = [];
  const over: string[] = [];
  for (let i = 0; i < 24; i++) {
    const x = -84 + ((i * 37) % 168);
    const y = -44 + ((i * 53) % 90);
    const a = ((i * 71) % 120) - 60;
    const d = `M${x} ${y}q${a * 0.3} 20 ${a * 0.6} 40t${a * 0.2} 40`;
    under.push(S(d, '#cdb98a', 11));
    over.push(S(d, i % 3 ? '#fbf6e6' : '#efe6c8', 7));
    over.push(
      E(x, y - 4, 10, 8, darken(head, 0.25), 1, a),
      E(x - 1, y - 5, 8, 6, i % 4 ? head : '#b9d36a', 1, a),
    );
  }
  const unit = () => under.join('') + over.join('');
  return cluster(ctx, unit, { foot: 80, half: 100, layouts: solo(200, 186, 1.15) });
};
