/** Household goods. */
import { cluster, solo } from './arrange';
import { hueOf } from './draw-sauces';
import { bottle, box, packs } from './packaging';
import {
  C,
  clip,
  type Drawer,
  darken,
  E,
  G,
  hue,
  label,
  lighten,
  lightness,
  P,
  R,
  S,
  WHITE,
} from './svg-kit';

const bubbles = (pts: [number, number, number][]): string =>
  pts.map(([x, y, r]) => C(x, y, r, WHITE, 0.75) + C(x - r * 0.35, y - r * 0.35, r * 0.25, WHITE)).join('');

export const detergent: Drawer = (ctx) => {
  const c = ctx.p.base;
  const body = 'M-90 -170Q-90 -196 -64 -200L40 -200Q86 -200 90 -160L90 -20Q90 0 70 0L-70 0Q-90 0 -90 -20Z';
  const jug = (v: number) =>
    S('M6 -196Q20 -262 70 -244Q96 -232 84 -170', darken(c, 0.15), 26) +
    S('M6 -196Q20 -256 68 -240Q90 -230 80 -172', c, 16) +
    P(body, darken(c, 0.15)) +
    clip(`<path d="${body}"/>`, R(-90, -200, 150, 200, 0, c), R(-76, -180, 10, 160, 5, WHITE, 0.3)) +
    label(-76, -150, 140, 120, hue(c, 180), v, 10, '#ffffff') +
    R(-74, -236, 52, 40, 8, darken(c, 0.3)) +
    R(-74, -236, 52, 10, 5, darken(c, 0.45));
  return packs(ctx, jug, 250, 190);
};

export const dishSoap: Drawer = (ctx) => {
  const c = ctx.p.base;
  return packs(
    ctx,
    (v) =>
      bottle({
        w: 96,
        h: 270,
        neckW: 40,
        neckH: 18,
        shoulder: 40,
        capH: 40,
        cap: '#f4f6f8',
        body: c,
        labelColor: hue(c, 150),
        v,
        labelLow: 0.18,
        labelHigh: 0.58,
        r: 22,
      }) +
      R(-8, -292, 16, 26, 6, '#dfe4e9') +
      (ctx.simple
        ? ''
        : bubbles([
            [-74, -40, 16],
            [-96, -80, 10],
            [70, -30, 12],
            [86, -70, 8],
            [-70, -120, 7],
          ])),
    292,
    110,
  );
};

export const shampoo: Drawer = (ctx) => {
  const c = ctx.p.base;
  const pump =
    R(-8, -300, 16, 50, 4, '#9aa4ae') +
    R(-28, -308, 56, 20, 8, '#b9c2cb') +
    R(-60, -304, 44, 11, 5, '#b9c2cb') +
    R(-22, -258, 44, 22, 6, darken(c, 0.3));
  return packs(
    ctx,
    (v) =>
      pump +
      bottle({
        w: 118,
        h: 240,
        neckW: 40,
        neckH: 8,
        shoulder: 44,
        capH: 4,
        cap: darken(c, 0.3),
        body: c,
        labelColor: lighten(c, 0.1),
        v: v + 3,
        labelLow: 0.16,
        labelHigh: 0.66,
        r: 26,
      }),
    310,
    118,
  );
};

export const tissueBox: Drawer = (ctx) => {
  const c = ctx.p.base;
  const puff =
    P('M-40 -150C-50 -190 -20 -200 -4 -186C6 -214 44 -206 38 -180C60 -182 60 -150 40 -150Z', '#ffffff') +
    P('M-20 -170C-10 -180 10 -170 20 -176', '#e6ebef', 0.8) +
    S('M-10 -186Q0 -172 12 -182', '#dfe5ea', 3);
  return packs(
    ctx,
    (v) => box(220, 130, 60, c, v) + E(30, -147, 56, 9, darken(c, 0.45)) + G('translate(30 0)', puff),
    210,
    250,
  );
};

export const paperTowel: Drawer = (ctx) => {
  const c = ctx.p.base;
  const roll = (x: number) =>
    G(
      `translate(${x} 0)`,
      R(-52, -200, 104, 200, 6, '#f3f5f7'),
      R(14, -200, 38, 200, 0, '#dfe4e8'),
      Array.from({ length: 24 }, (_, i) =>
        C(-36 + (i % 4) * 22, -180 + Math.floor(i / 4) * 30 + (i % 2) * 8, 2.5, '#d5dbe1'),
      ).join(''),
      R(-52, -120, 104, 64, 0, c),
      label(-40, -116, 80, 56, c, ctx.v + 1, 4, lighten(c, 0.85)),
      E(0, -200, 52, 16, '#ffffff'),
      E(0, -200, 16, 6, '#c9a77a'),
      E(0, -200, 10, 3.5, '#8d6b45'),
    );
  const n = ctx.simple ? 1 : 2;
  return packs(ctx, () => (n === 1 ? roll(0) : roll(58) + roll(-50)), 220, n === 1 ? 120 : 230);
};

export const sponge: Drawer = (ctx) => {
  const { p } = ctx;
  const pad = hueOf(p.base) > 70 && hueOf(p.base) < 170 ? '#f2c94c' : '#3f9e52';
  const one = () =>
    P('M-100 -20L-70 -50L110 -50L80 -20Z', lighten(p.base, 0.3)) +
    P('M80 -20L110 -50L110 10L80 40Z', darken(p.base, 0.2)) +
    R(-100, -20, 180, 60, 6, p.base) +
    [-80, -50, -20, 10, 40, 64, -66, -34, 26, 52]
      .map((x, i) => C(x, i < 6 ? 0 : 24, 4 + (i % 3), darken(p.base, 0.2)))
      .join('') +
    P('M-100 -46L-70 -76L110 -76L80 -46Z', lighten(pad, 0.2)) +
    P('M80 -46L110 -76L110 -50L80 -20Z', darken(pad, 0.2)) +
    R(-100, -46, 180, 26, 4, pad);
  const unit = () =>
    one() +
    (ctx.simple
      ? ''
      : bubbles([
          [100, -100, 14],
          [120, -70, 9],
          [-80, -100, 9],
        ]));
  return cluster(ctx, unit, { foot: 40, half: 110, layouts: solo(200, 210, 1.2) });
};

export const trashBags: Drawer = (ctx) => {
  const { p } = ctx;
  const bag =
    P(
      'M-70 60C-110 40 -110 -60 -40 -80L-16 -96L-30 -126L0 -110L30 -126L16 -96L40 -80C110 -60 110 40 70 60Z',
      p.dark,
    ) +
    P('M-64 52C-100 34 -100 -56 -36 -74L36 -74C90 -56 92 30 60 52Z', p.base) +
    S('M-50 -40Q-70 0 -50 40', WHITE, 6, 0.3) +
    S('M-10 -70Q0 -20 -6 40', darken(p.base, 0.25), 3, 0.5);
  const roll = G(
    'translate(40 80)',
    P('M-20 18L100 30L100 50L-20 36Z', lighten(p.base, 0.2)),
    R(-90, -28, 110, 56, 28, darken(p.base, 0.1)),
    R(-90, -28, 100, 52, 26, p.base),
    E(16, 0, 14, 28, darken(p.base, 0.25)),
    E(16, 0, 6, 12, '#e8dcc4'),
    S('M-70 -16L-4 -16', WHITE, 5, 0.3),
  );
  const unit = () => G('translate(-34 -30)', bag) + (ctx.simple ? '' : roll);
  return cluster(ctx, unit, { foot: 110, half: 130, layouts: solo(200, 190, 1.05) });
};

export const toothpaste: Drawer = (ctx) => {
  const { p } = ctx;
  const tube =
    P('M-110 -40L-110 40L-90 44L-90 -44Z', darken(p.base, 0.2)) +
    P('M-96 -44L60 -30Q76 -28 76 -14L76 14Q76 28 60 30L-96 44Z', '#f7f9fb') +
    P('M-96 -44L-20 -37L-20 37L-96 44Z', p.base) +
    P('M-20 -37L10 -34L10 34L-20 37Z', lighten(p.base, 0.35)) +
    P('M-96 20L60 14L60 30L-96 44Z', '#000', 0.06) +
    S('M-80 -30L40 -22', WHITE, 5, 0.7) +
    R(76, -20, 40, 40, 8, darken(p.base, 0.1)) +
    R(76, -20, 40, 12, 6, lighten(p.base, 0.2));
  const brush = ctx.simple
    ? ''
    : G(
        'translate(0 80) rotate(-6)',
        R(-110, -8, 180, 16, 8, hue(p.base, 160)),
        R(50, -30, 56, 22, 6, '#ffffff'),
        R(50, -30, 56, 8, 4, lighten(p.base, 0.6)),
      );
  const unit = () => G('rotate(-14)', tube) + brush;
  return cluster(ctx, unit, { foot: 90, half: 120, layouts: solo(200, 190, 1.1) });
};

/** A trigger spray bottle (cleaners): the sprayer head with its nozzle and trigger on a bottle. */
export const sprayBottle: Drawer = (ctx) => {
  const c = ctx.p.base;
  const head = lightness(c) > 0.85 ? '#2f6fb5' : '#f4f6f8';
  const one = (v: number) =>
    bottle({
      w: 108,
      h: 216,
      neckW: 38,
      neckH: 14,
      shoulder: 34,
      capH: 14,
      cap: darken(head, 0.1),
      body: c,
      labelColor: hue(c, 150),
      v,
      labelLow: 0.14,
      labelHigh: 0.62,
      r: 20,
    }) +
    P('M-26 -296L30 -296Q44 -296 44 -282L44 -226L-26 -226Z', darken(head, 0.16)) +
    P('M-26 -296L24 -296Q38 -296 38 -282L38 -232L-26 -232Z', head) +
    P('M-26 -292L-66 -286L-66 -270L-26 -262Z', darken(head, 0.1)) +
    R(-72, -290, 10, 24, 3, darken(c, 0.2)) +
    P('M-30 -256Q-52 -250 -52 -222Q-46 -216 -40 -222Q-40 -242 -24 -246Z', darken(head, 0.22)) +
    R(-16, -228, 30, 14, 4, darken(head, 0.12));
  return packs(ctx, one, 300, 140);
};
