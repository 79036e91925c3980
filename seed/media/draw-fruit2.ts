/** Fruit, part two: berries, melons and tropical fruit. */
import { cluster, shaded, solo } from './arrange';
import { leafAt } from './draw-fruit';
import {
  C,
  clip,
  type Drawer,
  darken,
  E,
  G,
  LEAF,
  LEAF_D,
  lighten,
  P,
  R,
  S,
  STEM,
  shine,
  starPath,
  WHITE,
} from './svg-kit';

export const dragonFruit: Drawer = (ctx) => {
  const { p } = ctx;
  const flap = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-16 12C-14 -10 0 -30 22 -42C14 -16 16 0 14 12Z', p.dark),
      P('M6 -22C12 -30 16 -36 22 -42C14 -26 14 -18 14 -8Z', '#7cb342'),
    );
  const body = (c: string) => E(0, 0, 80, 92, c);
  const unit = () =>
    shaded(body, p.base, p.dark) +
    flap(-40, -40, -40) +
    flap(30, -50, 20) +
    flap(-50, 20, -70) +
    flap(50, 10, 60) +
    flap(-10, 40, 0) +
    flap(20, -10, 10) +
    flap(0, -86, 0) +
    shine(-40, -30, 12, 22, 20);
  const cut = () => {
    const seeds = Array.from({ length: 22 }, (_, i) =>
      C(((i * 37) % 100) - 50, ((i * 53) % 110) - 55, 2.6, '#222222'),
    ).join('');
    return E(0, 0, 62, 74, p.base) + E(0, 0, 54, 66, '#fbfbf6') + seeds;
  };
  return cluster(ctx, unit, { foot: 92, cut, cutFoot: 74 });
};

export const strawberry: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P('M0 92C-50 70 -88 10 -84 -36C-80 -70 -40 -76 0 -66C40 -76 80 -70 84 -36C88 10 50 70 0 92Z', c);
  const seeds: string[] = [];
  for (let r = 0; r < 5; r++) {
    for (let c = -3; c <= 3; c++) {
      const y = -40 + r * 26;
      const w = 70 - r * 12;
      if (Math.abs(c * 22) > w) continue;
      seeds.push(E(c * 22 + (r % 2) * 11, y, 3, 5, '#ffe08a'));
    }
  }
  const unit = () =>
    shaded(body, p.base, p.dark) +
    seeds.join('') +
    shine(-46, -30, 10, 20, 20, 0.35) +
    P(starPath(0, -66, 56, 18, 6, 0.45), LEAF) +
    P(starPath(0, -68, 36, 12, 6, 0.45, -60), LEAF_D) +
    R(-4, -96, 8, 26, 4, LEAF_D);
  return cluster(ctx, unit, { foot: 90 });
};

export const watermelon: Drawer = (ctx) => {
  const { p } = ctx;
  const greenish = /^#([0-9a-f]{2})([0-9a-f]{2})/i.exec(p.base);
  const g = greenish
    ? Number.parseInt(greenish[2] as string, 16) > Number.parseInt(greenish[1] as string, 16)
    : false;
  const flesh = g ? '#ef4b4b' : p.base;
  const rind = g ? p.base : '#3f8f3a';
  const slice = () => {
    const seeds = [
      [-30, -20],
      [0, -10],
      [30, -20],
      [-14, 20],
      [16, 20],
      [0, 48],
    ]
      .map(([x, y]) => E(x as number, y as number, 4, 7, '#2b2b2b'))
      .join('');
    return (
      P('M-96 -50A96 96 0 0 0 96 -50Z', darken(rind, 0.1)) +
      P('M-90 -50A90 90 0 0 0 90 -50Z', rind) +
      P('M-80 -50A80 80 0 0 0 80 -50Z', '#eef6d6') +
      P('M-74 -50A74 74 0 0 0 74 -50Z', flesh) +
      P('M-74 -50L74 -50L70 -40L-70 -40Z', lighten(flesh, 0.15)) +
      seeds
    );
  };
  const whole = () =>
    C(0, 0, 92, darken(rind, 0.15)) +
    [-60, -30, 0, 30, 60].map((x) => S(`M${x} -86Q${x * 1.4} 0 ${x} 86`, darken(rind, 0.35), 12)).join('') +
    shine(-40, -40, 22, 12, -40, 0.3);
  const v = ctx.simple ? 1 : ctx.v;
  const unit = (i: number) => (v === 0 || v === 2 || i === 1 ? G('translate(0 20)', slice()) : whole());
  return cluster(ctx, unit, { foot: 70 });
};

export const banana: Drawer = (ctx) => {
  const { p } = ctx;
  const one = (a: number) =>
    G(
      `rotate(${a} -70 -60)`,
      P('M-70 -60C-50 40 40 80 100 40C96 30 92 28 86 30C30 60 -30 20 -56 -64Z', p.dark),
      P('M-70 -60C-56 20 20 64 86 30C50 40 -24 20 -56 -64Z', p.base),
      S('M-60 -40C-40 20 10 44 60 40', p.light, 6, 0.7),
      R(-80, -76, 20, 20, 5, '#6e5a2c'),
      C(98, 38, 5, '#4a3b1c'),
    );
  const n = ctx.simple ? 2 : 2 + (ctx.v % 3);
  const unit = () => Array.from({ length: n }, (_, i) => one(-10 + i * 12)).join('');
  return cluster(ctx, unit, { foot: 70, half: 96, scale: 1, layouts: solo(196, 192, 1.15) });
};

export const grapes: Drawer = (ctx) => {
  const { p } = ctx;
  const rows = [5, 4, 4, 3, 2, 1];
  const berries: string[] = [];
  rows.forEach((n, r) => {
    for (let i = 0; i < n; i++) {
      const x = (i - (n - 1) / 2) * 34;
      const y = -50 + r * 28;
      berries.push(C(x, y + 2, 19, p.dark), C(x - 2, y, 17, p.base), C(x - 7, y - 6, 5, WHITE, 0.4));
    }
  });
  const unit = () => S('M0 -66Q4 -90 -10 -104', STEM, 7) + leafAt(0, -84, -10, 1.1) + berries.join('');
  return cluster(ctx, unit, { foot: 110, half: 90, scale: 0.95, layouts: GRAPE_LAYOUTS });
};

/** Bunches never overlap: a cluster of berries drawn over another reads as one shapeless mass. */
const GRAPE_LAYOUTS = [
  [{ x: 200, y: 196, s: 1.3, a: 0 }],
  [
    { x: 130, y: 206, s: 0.86, a: -8 },
    { x: 272, y: 206, s: 0.86, a: 8 },
  ],
  [{ x: 200, y: 198, s: 1.26, a: 10 }],
  [{ x: 200, y: 198, s: 1.3, a: -14 }],
];

/** Durian: a big oval husk covered in pyramid spikes; variant 3 shows an opened segment. */
export const durian: Drawer = (ctx) => {
  const { p } = ctx;
  const spikes: string[] = [];
  for (let r = 0; r < 6; r++) {
    for (let i = 0; i < 6; i++) {
      const x = -75 + i * 30 + (r % 2) * 15;
      const y = -80 + r * 30;
      if ((x / 96) ** 2 + (y / 104) ** 2 > 0.82) continue;
      spikes.push(
        P(`M${x - 11} ${y + 8}L${x} ${y - 12}L${x + 11} ${y + 8}Z`, p.dark),
        P(`M${x - 5} ${y + 6}L${x} ${y - 6}L${x + 2} ${y + 6}Z`, p.light, 0.6),
      );
    }
  }
  const unit = () =>
    shaded((c) => E(0, 0, 100, 110, c), p.base, p.dark) + spikes.join('') + R(-8, -134, 16, 30, 6, STEM);
  const cut = () =>
    E(0, 0, 96, 62, p.dark) +
    E(0, -4, 86, 52, '#f7f0e0') +
    E(-30, -6, 34, 26, '#f2cd52') +
    E(30, -4, 36, 28, '#f5d45e');
  return cluster(ctx, unit, { foot: 112, half: 100, scale: 0.95, cut, cutFoot: 62 });
};

/** Raspberries: cones of small red drupelets, hollow at the base. */
export const raspberry: Drawer = (ctx) => {
  const { p } = ctx;
  const rows: [number, number][] = [
    [4, -36],
    [5, -14],
    [5, 8],
    [4, 30],
    [3, 50],
  ];
  const unit = () =>
    rows
      .map(([n, y], r) =>
        Array.from({ length: n }, (_, i) => {
          const x = (i - (n - 1) / 2) * (22 - r);
          return C(x, y + 2, 12, p.dark) + C(x - 1, y, 10.5, p.base) + C(x - 4, y - 4, 3, WHITE, 0.45);
        }).join(''),
      )
      .join('') +
    E(0, -50, 26, 8, LEAF_D) +
    P('M-22 -50L-34 -62L-10 -54L0 -68L10 -54L34 -62L22 -50Z', LEAF);
  return cluster(ctx, unit, { foot: 64, half: 56, scale: 1.3 });
};

/** Hami melon: a long oval with pale netting over its yellow-green skin. */
export const hamiMelon: Drawer = (ctx) => {
  const { p } = ctx;
  const net =
    'M-110 -20Q-40 -60 40 -30T120 -10M-110 20Q-30 -20 50 10T120 30M-90 -50Q-40 0 -50 60M-30 -68Q10 -10 -4 70M30 -66Q60 0 50 66M80 -50Q104 0 90 50';
  const unit = () =>
    shaded((c) => E(0, 0, 130, 78, c), p.base, p.dark) +
    clip(E(0, 0, 128, 76, '#000'), S(net, lighten(p.base, 0.55), 3.5, 0.9)) +
    shine(-60, -36, 26, 10, -10) +
    R(124, -8, 18, 12, 4, STEM);
  const cut = () =>
    P('M-110 0A110 60 0 0 0 110 0Z', p.dark) +
    P('M-100 0A100 52 0 0 0 100 0Z', '#f6a85a') +
    E(0, 8, 60, 16, '#f3d79a');
  return cluster(ctx, unit, { foot: 78, half: 140, scale: 0.85, cut, cutFoot: 60 });
};

export const blueberry: Drawer = (ctx) => {
  const { p } = ctx;
  const berry = (x: number, y: number, r: number) =>
    C(x, y, r, p.dark) +
    C(x - 2, y - 2, r * 0.86, p.base) +
    C(x - 2, y - 2, r * 0.86, '#b8c8e8', 0.18) +
    P(starPath(x, y - r * 0.3, r * 0.32, r * 0.13, 5), p.darker) +
    C(x - r * 0.45, y - r * 0.4, r * 0.16, WHITE, 0.4);
  const spots: [number, number][] = [
    [-66, 40],
    [-22, 44],
    [22, 44],
    [66, 40],
    [-44, 4],
    [0, 6],
    [44, 4],
    [-22, -32],
    [22, -32],
    [0, -66],
  ];
  const n = ctx.simple ? 6 : ([10, 9, 10, 8][ctx.v] ?? 10);
  const unit = () =>
    leafAt(10, -80, -40, 1.1) +
    spots
      .slice(0, n)
      .reverse()
      .map(([x, y]) => berry(x, y, 27))
      .join('');
  return cluster(ctx, unit, { foot: 70, half: 96, layouts: solo(200, 200, 1.2) });
};

export const pineapple: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) => E(0, 30, 62, 78, c);
  const grid: string[] = [];
  for (let i = -4; i <= 4; i++) {
    grid.push(`M${i * 26 - 60} -50L${i * 26 + 60} 110`, `M${i * 26 + 60} -50L${i * 26 - 60} 110`);
  }
  const crown = [-40, -20, 0, 20, 40]
    .map((a, i) =>
      G(
        `rotate(${a} 0 -44)`,
        P(
          `M-10 -40Q-6 ${-96 - (i % 2) * 16} 0 ${-110 + Math.abs(a)}Q6 ${-96 - (i % 2) * 16} 10 -40Z`,
          i % 2 ? LEAF_D : LEAF,
        ),
      ),
    )
    .join('');
  const unit = () =>
    crown +
    shaded(body, p.base, p.dark, -4, -2, 0.95) +
    clip(E(0, 30, 60, 76, '#000'), S(grid.join(''), p.darker, 3, 0.35)) +
    shine(-30, 0, 10, 30, 10, 0.3);
  return cluster(ctx, unit, { foot: 108, half: 70, scale: 0.9 });
};

/**
 * Longan: small smooth tan-brown balls hanging in a cluster from thin twigs; variant 3 adds a
 * peeled one (translucent white flesh around a dark seed).
 */
export const longan: Drawer = (ctx) => {
  const { p } = ctx;
  const spots: [number, number][] = [
    [-50, -6],
    [-4, -20],
    [42, -8],
    [-70, 40],
    [-24, 30],
    [22, 36],
    [64, 38],
    [-42, 78],
    [4, 80],
    [48, 78],
  ];
  const ball = ([x, y]: [number, number]) =>
    C(x, y + 2, 24, p.dark) + C(x - 1, y, 22.5, p.base) + E(x - 8, y - 9, 7, 4.5, WHITE, 0.4, -30);
  const twigs = spots
    .map(([x, y]) => S(`M0 -76Q${x * 0.3} ${(y - 76) / 2} ${x} ${y - 18}`, STEM, 3))
    .join('');
  const unit = () => S('M0 -76Q-6 -96 6 -112', STEM, 6) + twigs + spots.map(ball).join('');
  const cut = () =>
    C(0, 4, 34, darken(p.base, 0.1)) +
    C(0, 0, 30, '#f4f0e4') +
    E(-10, -10, 12, 8, WHITE, 0.8, -30) +
    C(4, 4, 11, '#2b1d16') +
    C(1, 1, 3, WHITE, 0.5);
  return cluster(ctx, unit, {
    foot: 104,
    half: 96,
    cut,
    cutFoot: 34,
    layouts: solo(200, 190, 1.25),
  });
};
