/** Meat and seafood. */
import { cluster, shaded, solo } from './arrange';
import { C, clip, type Drawer, darken, E, G, lighten, P, R, S, shadow, shine, WHITE } from './svg-kit';

export const FAT = '#fbeee2';
export const BONE = '#f6ecd6';

/** A wooden cutting board under meat. */
export const board = (simple: boolean): string =>
  simple
    ? ''
    : shadow(200, 318, 170, 20) +
      R(40, 200, 320, 120, 36, '#b97d45') +
      R(40, 192, 320, 118, 36, '#dca36a') +
      C(330, 250, 10, '#b97d45') +
      S('M80 230L240 230M100 270L300 270', '#c98f55', 4, 0.6);

export const steak: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P('M-90 -20C-90 -70 -20 -80 30 -70C80 -60 96 -10 86 30C76 76 10 84 -40 70C-80 60 -90 20 -90 -20Z', c);
  const unit = () =>
    body(darken(FAT, 0.12)) +
    G('translate(-2 -5)', body(FAT)) +
    G('translate(6 2) scale(0.84)', body(p.dark)) +
    G('translate(4 -1) scale(0.8)', body(p.base)) +
    S('M-50 -20Q-20 -30 0 -10T50 0M-30 30Q0 20 20 40M10 -50Q30 -30 60 -36', FAT, 4, 0.7) +
    E(-20, 0, 16, 10, FAT, 0.9) +
    shine(-40, -40, 20, 6, -15, 0.3);
  return (
    board(ctx.simple) + cluster(ctx, unit, { foot: 70, layouts: [[{ x: 200, y: 215, s: 1.25, a: -8 }]] })
  );
};

export const porkBelly: Drawer = (ctx) => {
  const { p } = ctx;
  const skin = '#f2d3a6';
  const layers = (x0: number, x1: number, slope: number) =>
    [
      [-10, 6, skin],
      [-4, 16, FAT],
      [12, 18, p.base],
      [30, 12, FAT],
      [42, 20, p.dark],
      [62, 8, FAT],
    ]
      .map(([y, h, c]) =>
        P(
          `M${x0} ${y}L${x1} ${(y as number) + slope}L${x1} ${(y as number) + (h as number) + slope}L${x0} ${(y as number) + (h as number)}Z`,
          c as string,
        ),
      )
      .join('');
  const unit = () =>
    P('M-100 -10L-66 -46L104 -46L70 -10Z', skin) +
    S('M-70 -28L80 -28', darken(skin, 0.1), 3, 0.5) +
    layers(-100, 70, 0) +
    G('translate(0 0)', layers(70, 104, -36)) +
    P('M70 -10L104 -46L104 34L70 70Z', '#000', 0.08) +
    S('M-90 22Q-40 16 0 24T60 22', lighten(p.base, 0.3), 3, 0.6);
  return (
    board(ctx.simple) +
    cluster(ctx, unit, { foot: 70, half: 100, layouts: [[{ x: 196, y: 220, s: 1.2, a: 0 }]] })
  );
};

export const ribs: Drawer = (ctx) => {
  const { p } = ctx;
  const bones = [-70, -40, -10, 20, 50, 80];
  const unit = () =>
    G(
      'rotate(-8)',
      bones
        .map(
          (x) =>
            R(x - 8, 20, 16, 44, 8, darken(BONE, 0.08)) + C(x, 62, 10, BONE) + R(x - 6, -76, 12, 40, 6, BONE),
        )
        .join(''),
      R(-100, -50, 200, 90, 36, p.dark),
      R(-98, -56, 192, 86, 34, p.base),
      bones.map((x) => S(`M${x} -40L${x + 4} 20`, p.darker, 5, 0.5)).join(''),
      S('M-80 -36Q0 -50 80 -36', lighten(p.base, 0.35), 6, 0.5),
      S('M-60 0L-40 -20M-20 10L0 -10M30 6L50 -14', p.darker, 6, 0.35),
    );
  return (
    board(ctx.simple) +
    cluster(ctx, unit, { foot: 80, half: 100, layouts: [[{ x: 200, y: 210, s: 1.25, a: 0 }]] })
  );
};

const drumstick = (base: string, dark: string): string => {
  const meat = (c: string) =>
    P('M-14 40C-40 20 -62 -10 -60 -50C-58 -92 -28 -106 0 -106C28 -106 58 -92 60 -50C62 -10 40 20 14 40Z', c);
  const edge = darken(BONE, 0.22);
  return (
    R(-13, 20, 26, 68, 9, edge) +
    C(-12, 88, 15, edge) +
    C(12, 88, 15, edge) +
    R(-10, 20, 20, 66, 8, BONE) +
    C(-12, 88, 12, BONE) +
    C(12, 88, 12, BONE) +
    shaded(meat, base, dark, -4, -4, 0.93) +
    S('M-30 -70Q-44 -40 -30 -10', WHITE, 8, 0.35) +
    C(10, -50, 3, dark, 0.6) +
    C(24, -20, 3, dark, 0.6) +
    C(-4, -10, 3, dark, 0.6)
  );
};

export const chickenDrumstick: Drawer = (ctx) => {
  const { p } = ctx;
  return cluster(ctx, () => G('rotate(35)', drumstick(p.base, p.dark)), { foot: 80, half: 90 });
};

export const wholeChicken: Drawer = (ctx) => {
  const { p } = ctx;
  const leg = (sx: number) =>
    G(`scale(${sx} 1) translate(46 -16) rotate(215) scale(0.7)`, drumstick(p.dark, p.darker));
  const unit = () =>
    (ctx.simple ? '' : E(0, 60, 128, 36, '#ffffff') + E(0, 56, 112, 28, '#eef1f4')) +
    E(0, 22, 100, 62, p.dark) +
    E(-4, 14, 94, 56, p.base) +
    S('M0 -34Q-6 10 0 60', p.dark, 4, 0.5) +
    E(-78, 36, 26, 16, p.dark, 1, -25) +
    E(78, 36, 26, 16, p.dark, 1, 25) +
    shine(-40, -6, 26, 9, -10, 0.35) +
    leg(1) +
    leg(-1);
  return cluster(ctx, unit, { foot: 96, half: 128, layouts: solo(200, 214, 1.1) });
};

export const groundMeat: Drawer = (ctx) => {
  const { p } = ctx;
  const bits: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = -70 + ((i * 37) % 140);
    const y = -30 + ((i * 29) % 60) - Math.abs(x) * 0.1;
    bits.push(S(`M${x} ${y}q4 -6 8 0t8 0`, i % 3 ? p.dark : FAT, 3, 0.8));
  }
  const unit = () =>
    P('M-110 -30L110 -30L96 70L-96 70Z', '#e9eef2') +
    P('M-110 -30L110 -30L104 -14L-104 -14Z', '#d2dae0') +
    E(0, 8, 96, 46, p.dark) +
    E(-4, 2, 90, 40, p.base) +
    bits.join('') +
    P('M-80 -30L-30 -30L-90 60L-100 40Z', WHITE, 0.25) +
    R(40, 30, 44, 26, 4, '#fff7d6') +
    R(46, 36, 26, 4, 2, '#c94a3a', 0.6);
  return cluster(ctx, unit, { foot: 70, half: 110, layouts: solo(200, 206, 1.3) });
};

const fishBody = (c: string) =>
  P('M-96 0C-60 -56 34 -60 74 -12L108 -44L104 0L108 44L74 12C34 60 -60 56 -96 0Z', c);

/** A whole fish facing left, used by 'fish' and 'frozen-fish'. */
export function fishUnit(base: string, dark: string): string {
  return (
    P('M-30 -44C-10 -76 30 -70 40 -40Z', dark) +
    P('M0 40C10 62 30 60 36 40Z', dark) +
    shaded(fishBody, base, dark, -3, -3, 0.96) +
    clip(fishBody('#000'), E(-10, 40, 110, 34, lighten(base, 0.45), 0.9)) +
    S('M-52 -24Q-40 0 -52 24', dark, 4, 0.7) +
    [
      [-20, -10],
      [4, -20],
      [4, 4],
      [28, -10],
      [28, 14],
    ]
      .map(([x, y]) => S(`M${x} ${y}q8 8 0 16`, dark, 3, 0.5))
      .join('') +
    C(-70, -8, 10, WHITE) +
    C(-72, -8, 5.5, '#1f1f1f') +
    C(-74, -10, 2, WHITE) +
    shine(-20, -30, 30, 6, -5, 0.3)
  );
}

export const fish: Drawer = (ctx) => {
  const { p } = ctx;
  const layouts = [
    [{ x: 200, y: 200, s: 1.4, a: -8 }],
    [
      { x: 200, y: 160, s: 1.1, a: -6 },
      { x: 200, y: 250, s: 1.1, a: 4 },
    ],
  ];
  return cluster(ctx, () => fishUnit(p.base, p.dark), { foot: 50, half: 104, layouts });
};

export const fishFillet: Drawer = (ctx) => {
  const { p } = ctx;
  const body = (c: string) =>
    P('M-100 -10C-80 -56 60 -60 100 -30C110 10 80 50 20 54C-40 58 -110 30 -100 -10Z', c);
  const unit = () =>
    body(darken(p.base, 0.25)) +
    G('translate(-2 -6) scale(0.97)', body(p.base)) +
    [-60, -30, 0, 30, 60]
      .map((x) => S(`M${x} -46Q${x + 24} 0 ${x - 6} 46`, lighten(p.base, 0.55), 5, 0.9))
      .join('') +
    shine(-40, -30, 30, 7, -10, 0.35);
  return (
    board(ctx.simple) +
    cluster(ctx, unit, { foot: 54, half: 104, layouts: [[{ x: 200, y: 230, s: 1.3, a: -8 }]] })
  );
};

export const shrimp: Drawer = (ctx) => {
  const { p } = ctx;
  const seg = Array.from({ length: 6 }, (_, i) => {
    const a = (-140 + i * 36) * (Math.PI / 180);
    const x1 = Math.cos(a) * 32;
    const y1 = Math.sin(a) * 32;
    const x2 = Math.cos(a) * 78;
    const y2 = Math.sin(a) * 78;
    return S(`M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`, p.dark, 3.5, 0.7);
  }).join('');
  const unit = () =>
    S('M-60 -40Q-100 -60 -110 -100M-56 -30Q-110 -30 -120 -60', p.dark, 3) +
    P('M56 40L96 70L60 86L40 60Z', p.dark) +
    P('M50 40L70 90L30 80Z', p.base) +
    S('M-50 -38A55 55 0 1 1 40 52', p.dark, 50) +
    S('M-52 -42A55 55 0 1 1 38 48', p.base, 42) +
    seg +
    S('M-34 -62A60 60 0 0 1 40 -56', WHITE, 6, 0.35) +
    E(-58, -36, 30, 24, p.base, 1, -30) +
    C(-66, -44, 5, '#222222') +
    S('M-20 30l-10 16M-2 40l-6 18M16 46l-2 18', p.dark, 3);
  return cluster(ctx, unit, { foot: 90 });
};

export const crab: Drawer = (ctx) => {
  const { p } = ctx;
  const legs = [-1, 1]
    .map((s) =>
      [10, 30, 50]
        .map((y, i) =>
          S(`M${s * 60} ${y - 10}L${s * (100 + i * 4)} ${y - 20}L${s * (112 + i * 6)} ${y + 20}`, p.dark, 10),
        )
        .join(''),
    )
    .join('');
  const claw = (s: number) =>
    G(
      `scale(${s} 1)`,
      S('M40 -20L70 -60', p.dark, 14),
      E(80, -82, 28, 24, p.base, 1, -30),
      P('M84 -106L100 -82L80 -88Z', ctx.tint),
      C(72, -88, 5, WHITE, 0.35),
    );
  const unit = () =>
    legs +
    claw(1) +
    claw(-1) +
    E(0, 14, 84, 56, p.dark) +
    E(-3, 8, 80, 52, p.base) +
    S('M-20 -34L-24 -56M20 -34L24 -56', p.dark, 5) +
    C(-24, -60, 8, WHITE) +
    C(24, -60, 8, WHITE) +
    C(-24, -60, 4, '#222') +
    C(24, -60, 4, '#222') +
    S('M-20 20Q0 34 20 20', p.darker, 4, 0.6) +
    shine(-30, -10, 24, 10, -10, 0.35);
  return cluster(ctx, unit, { foot: 70, half: 110, scale: 0.9 });
};

export const squid: Drawer = (ctx) => {
  const { p } = ctx;
  const mantle = (c: string) => P('M0 -110C40 -80 50 -20 40 30L-40 30C-50 -20 -40 -80 0 -110Z', c);
  const tentacles = [-30, -18, -6, 6, 18, 30]
    .map((x, i) =>
      S(`M${x} 40q${i % 2 ? 12 : -12} 20 0 40t${i % 2 ? -6 : 6} 30`, i % 2 ? p.dark : p.base, 11),
    )
    .join('');
  const unit = () =>
    G(
      'rotate(-30)',
      tentacles,
      P('M-16 -96L-66 -50L-30 -36ZM16 -96L66 -50L30 -36Z', p.dark),
      shaded(mantle, p.base, p.dark, -3, -2, 0.95),
      E(0, 40, 36, 18, p.base),
      C(-14, 40, 5, '#333'),
      C(14, 40, 5, '#333'),
      [-60, -30, 0].map((y) => C(-8, y, 3, p.darker, 0.5) + C(10, y + 12, 2.5, p.darker, 0.5)).join(''),
      shine(-14, -60, 6, 24, 0, 0.4),
    );
  return cluster(ctx, unit, { foot: 80, half: 80 });
};

export const clams: Drawer = (ctx) => {
  const { p } = ctx;
  const shell = (x: number, y: number, a: number, c: string) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-50 30C-62 -10 -30 -52 0 -52C30 -52 62 -10 50 30Q0 44 -50 30Z', darken(c, 0.15)),
      P('M-46 26C-56 -10 -28 -46 0 -46C28 -46 56 -10 46 26Q0 38 -46 26Z', c),
      S('M-34 -2Q0 -18 34 -2M-42 14Q0 0 42 14M-22 -24Q0 -34 22 -24', darken(c, 0.3), 3, 0.55),
      E(0, 34, 14, 7, darken(c, 0.2)),
      shine(-20, -26, 10, 5, -25, 0.4),
    );
  const unit = () =>
    shell(-50, -10, -12, p.light) +
    shell(50, -14, 14, p.base) +
    shell(0, 40, 0, p.base) +
    shell(-66, 56, -20, p.dark) +
    shell(70, 58, 18, p.light);
  return cluster(ctx, unit, { foot: 96, half: 110, scale: 0.95, layouts: solo(200, 190, 1.15) });
};

export const sausage: Drawer = (ctx) => {
  const { p } = ctx;
  const link = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      R(-26, -56, 52, 112, 26, p.dark),
      R(-26, -58, 48, 110, 24, p.base),
      S('M-12 -40L-12 30', WHITE, 7, 0.35),
    );
  const unit = () =>
    link(-60, 10, -30) +
    link(0, -10, 0) +
    link(60, 14, 30) +
    C(-32, -42, 7, darken(p.base, 0.4)) +
    C(30, -42, 7, darken(p.base, 0.4));
  return cluster(ctx, unit, { foot: 70, half: 100, layouts: solo(200, 200, 1.2) });
};
