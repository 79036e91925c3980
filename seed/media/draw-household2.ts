/** Household goods, part two: packs the detergent jug and the toothpaste would misname. */
import { packs } from './packaging';
import { C, clip, type Drawer, darken, E, G, hue, label, lighten, P, R, S, WHITE } from './svg-kit';

/** A laundry pod: a soft square pillow with two coloured chambers. */
const pod = (x: number, y: number, a: number, c: string) =>
  G(
    `translate(${x} ${y}) rotate(${a})`,
    R(-22, -20, 44, 40, 14, darken(c, 0.2)),
    R(-21, -21, 42, 38, 13, c),
    C(-8, -4, 9, hue(c, 120)),
    C(9, 4, 8, WHITE, 0.85),
    E(-10, -12, 8, 4, WHITE, 0.5, -20),
  );

/** Laundry pods: a stand-up tub with its window showing the pods, two loose in front. */
export const podsTub: Drawer = (ctx) => {
  const c = ctx.p.base;
  const body = 'M-92 -210L92 -210L86 -8Q84 0 74 0L-74 0Q-84 0 -86 -8Z';
  const tub = (v: number) =>
    P(body, darken(c, 0.18)) +
    clip(`<path d="${body}"/>`, R(-92, -210, 160, 210, 0, c), R(-78, -196, 10, 180, 5, WHITE, 0.3)) +
    R(-98, -236, 196, 34, 10, darken(c, 0.3)) +
    R(-98, -236, 196, 10, 6, darken(c, 0.42)) +
    E(0, -150, 60, 38, '#eef6fb') +
    pod(-24, -156, -12, lighten(c, 0.25)) +
    pod(22, -150, 14, lighten(c, 0.25)) +
    label(-70, -96, 140, 74, hue(c, 180), v, 8, WHITE) +
    (v === 2 ? '' : pod(-120, -20, -20, lighten(c, 0.25)) + pod(118, -16, 16, lighten(c, 0.25)));
  return packs(ctx, tub, 260, 220);
};

/** Washing powder: a box with a carry handle, a scoop of white powder in front. */
export const powderBox: Drawer = (ctx) => {
  const c = ctx.p.base;
  const one = (v: number) =>
    P('M70 -200L100 -220L100 -20L70 0Z', darken(c, 0.25)) +
    P('M-70 -200L-40 -220L100 -220L70 -200Z', lighten(c, 0.2)) +
    R(-70, -200, 140, 200, 3, c) +
    label(-60, -150, 120, 110, hue(c, 180), v, 6, WHITE) +
    S('M-24 -200Q-24 -236 0 -236Q24 -236 24 -200', darken(c, 0.35), 8) +
    R(-60, -190, 10, 176, 5, WHITE, 0.25) +
    (v === 2
      ? ''
      : G(
          'translate(-110 -6)',
          P('M-34 -24L34 -24L28 0L-28 0Z', '#e9eef2'),
          R(28, -20, 30, 10, 5, '#e9eef2'),
          P('M-34 -24Q-20 -44 0 -40Q20 -46 34 -24Z', WHITE),
          C(-10, -34, 4, '#cfe3f5'),
          C(12, -32, 3, '#cfe3f5'),
        ));
  return packs(ctx, one, 260, 200);
};

/** A standing squeeze tube with a flip cap (sunscreen, lotion), nothing else in the picture. */
export const squeezeTube: Drawer = (ctx) => {
  const c = ctx.p.base;
  const one = (v: number) =>
    P('M-50 -250L50 -250L56 -236L44 -44L-44 -44L-56 -236Z', darken(c, 0.2)) +
    P('M-48 -250L46 -250L52 -236L40 -46L-40 -46L-52 -236Z', c) +
    R(-56, -258, 112, 12, 3, darken(c, 0.3)) +
    label(-40, -200, 80, 110, hue(c, 160), v, 6, WHITE) +
    R(-36, -236, 8, 180, 4, WHITE, 0.3) +
    R(-40, -46, 80, 46, 12, lighten(c, 0.45)) +
    R(-40, -46, 80, 10, 4, darken(lighten(c, 0.45), 0.2));
  return packs(ctx, one, 270, 130);
};

/** Zipper storage bags: a clear bag with its coloured zip seal, a second one behind. */
export const zipperBag: Drawer = (ctx) => {
  const c = ctx.p.base;
  const bag = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      R(-90, -110, 180, 200, 10, '#cfdbe5'),
      R(-86, -104, 172, 190, 8, '#eef4f8'),
      R(-90, -110, 180, 18, 6, c),
      R(-90, -96, 180, 5, 2, lighten(c, 0.4)),
      R(-60, -70, 90, 44, 6, WHITE, 0.8),
      R(-52, -60, 60, 6, 3, c, 0.7),
      R(-52, -46, 40, 5, 2.5, c, 0.5),
      P('M-86 -80L-40 -80L-86 40Z', WHITE, 0.5),
    );
  return packs(ctx, () => G('translate(0 -110)', bag(30, -10, 8) + bag(-20, 10, -6)), 260, 220);
};
