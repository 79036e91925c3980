/** Dairy, eggs and tofu. */
import { cluster, shaded, solo } from './arrange';
import { bottle, cup, packs } from './packaging';
import {
  C,
  type Drawer,
  darken,
  E,
  G,
  label,
  lighten,
  lightness,
  P,
  R,
  S,
  shadow,
  shine,
  WHITE,
} from './svg-kit';

/** A gable-top carton: front face with label, side face, gable end, roof slope and fin. */
function carton(w: number, hb: number, d: number, g: number, color: string, v: number): string {
  const a = w / 2;
  const dy = d * 0.5;
  const ridge = -hb - dy / 2 - g;
  return (
    P(`M${a} ${-hb}L${a + d} ${-hb - dy}L${a + d} ${-dy}L${a} 0Z`, '#dde2e6') +
    P(
      `M${a} ${-hb * 0.36}L${a + d} ${-hb * 0.36 - dy}L${a + d} ${-hb * 0.2 - dy}L${a} ${-hb * 0.2}Z`,
      darken(color, 0.2),
    ) +
    P(`M${a} ${-hb}L${a + d} ${-hb - dy}L${a + d / 2} ${ridge}Z`, '#eceff1') +
    P(`M${-a} ${-hb}L${a} ${-hb}L${a + d / 2} ${ridge}L${-a + d / 2} ${ridge}Z`, lighten(color, 0.15)) +
    P(
      `M${-a + d / 2} ${ridge}L${a + d / 2} ${ridge}L${a + d / 2} ${ridge - 14}L${-a + d / 2} ${ridge - 14}Z`,
      '#f4f5f6',
    ) +
    R(-a, -hb, w, hb, 2, '#fcfcfa') +
    label(-a, -hb * 0.86, w, hb * 0.78, color, v, 0) +
    R(-a + 8, -hb + 6, 8, hb - 12, 4, WHITE, 0.4)
  );
}

export const milkCarton: Drawer = (ctx) =>
  packs(ctx, (v) => carton(130, 190, 50, 40, ctx.p.base, v), 290, 170);

export const milkBottle: Drawer = (ctx) => {
  const c = lightness(ctx.p.base) > 0.85 ? '#3f7cc4' : ctx.p.base;
  return packs(
    ctx,
    (v) =>
      bottle({
        w: 116,
        h: 260,
        neckW: 62,
        neckH: 36,
        shoulder: 56,
        capH: 24,
        cap: c,
        body: '#fbfbf7',
        labelColor: c,
        v,
        r: 26,
        labelLow: 0.18,
        labelHigh: 0.7,
      }),
    260,
  );
};

export const soyMilk: Drawer = (ctx) => {
  const beans = [
    [-90, -8],
    [-70, 4],
    [86, -4],
  ]
    .map(
      ([x, y]) =>
        E(x as number, y as number, 14, 11, '#e8cf8e') +
        E((x as number) - 4, (y as number) - 3, 5, 3, WHITE, 0.6),
    )
    .join('');
  return packs(
    ctx,
    (v) =>
      bottle({
        w: 112,
        h: 250,
        neckW: 52,
        neckH: 30,
        shoulder: 50,
        capH: 26,
        cap: ctx.p.base,
        body: '#f1e4c4',
        labelColor: ctx.p.base,
        v: v + 1,
        r: 22,
        labelLow: 0.16,
        labelHigh: 0.66,
      }) + (ctx.simple ? '' : beans),
    250,
  );
};

const egg = (x: number, y: number, s: number, base: string, dark: string) =>
  G(
    `translate(${x} ${y}) scale(${s})`,
    shaded((c) => E(0, 0, 32, 42, c), base, dark, -3, -3, 0.93),
    shine(-12, -16, 7, 11, 20, 0.5),
  );

export const eggs: Drawer = (ctx) => {
  const { p } = ctx;
  const shell = p.base;
  const dark = darken(shell, 0.15);
  const tray = '#d9ccb4';
  const v = ctx.simple ? 1 : ctx.v;
  if (v === 1) {
    return cluster(
      ctx,
      () => egg(-46, 16, 1.15, shell, dark) + egg(46, 20, 1.15, shell, dark) + egg(0, -20, 1.25, shell, dark),
      {
        foot: 66,
        half: 90,
        layouts: solo(200, 200, 1.15),
      },
    );
  }
  const missing = v === 3 ? 2 : -1;
  const back = [-80, 0, 80].map((x, i) => (i === missing ? '' : egg(x, -120, 0.95, shell, dark))).join('');
  const front = [-96, 0, 96].map((x) => egg(x, -92, 1.05, shell, dark)).join('');
  const scallops = Array.from({ length: 3 }, (_, i) => `Q${-96 + i * 96} -44 ${-48 + i * 96} -72`).join('');
  return (
    shadow(200, 338, 150) +
    G(
      'translate(200 336)',
      P('M-150 -100L150 -100L150 -60L-150 -60Z', darken(tray, 0.15)),
      back,
      front,
      P(`M-150 -72L-144 -72${scallops}L150 -72L140 0L-140 0Z`, tray),
      S('M-96 -56L-96 -4M0 -56L0 -4M96 -56L96 -4', darken(tray, 0.12), 4),
    )
  );
};

export const yogurtCup: Drawer = (ctx) => {
  const berry = (x: number) => C(x, -176, 9, ctx.p.base) + C(x - 3, -179, 3, WHITE, 0.5);
  return packs(
    ctx,
    (v) => cup(150, 116, 150, ctx.p.base, v, '#dfe4ea') + (ctx.simple ? '' : berry(-20) + berry(4)),
    180,
    150,
  );
};

export const cheese: Drawer = (ctx) => {
  const { p } = ctx;
  const unit = () =>
    P('M100 -10L120 -50L120 10L100 50Z', darken(p.base, 0.25)) +
    P('M-100 0L100 -10L100 50L-100 60Z', p.base) +
    P('M-100 0L120 -50L100 -10Z', lighten(p.base, 0.3)) +
    P('M-100 0L120 -50L100 -10Z', WHITE, 0.2) +
    E(-30, 30, 12, 9, p.dark) +
    E(30, 14, 9, 7, p.dark) +
    E(60, 36, 12, 9, p.dark) +
    E(-70, 40, 6, 5, p.dark) +
    E(10, -16, 10, 3, p.dark) +
    S('M-96 20L90 12', WHITE, 3, 0.35);
  const layouts = [[{ x: 196, y: 200, s: 1.25, a: 0 }], [{ x: 196, y: 200, s: 1.25, a: -6 }]];
  return cluster(ctx, unit, { foot: 60, half: 110, layouts });
};

export const butter: Drawer = (ctx) => {
  const { p } = ctx;
  const pale = '#fbe8a6';
  const unit = () =>
    P('M40 -40L120 -40L140 -70L60 -70Z', lighten(p.base, 0.2)) +
    P('M120 -40L140 -70L140 0L120 30Z', darken(p.base, 0.25)) +
    R(40, -40, 80, 70, 0, p.base) +
    label(40, -36, 80, 62, p.base, ctx.v + 2, 0, lighten(p.base, 0.5)) +
    P('M-120 -40L40 -40L60 -70L-100 -70Z', lighten(pale, 0.3)) +
    R(-120, -40, 160, 70, 0, pale) +
    P('M-120 -40L-100 -70L-100 0L-120 30Z', darken(pale, 0.1)) +
    S('M-100 -20L20 -20', WHITE, 4, 0.6) +
    P('M40 -40L56 -30L40 -20L56 -8L40 4L56 16L40 30Z', p.dark, 0.6);
  const layouts = [[{ x: 196, y: 214, s: 1.15, a: 0 }], [{ x: 196, y: 214, s: 1.15, a: -5 }]];
  return cluster(ctx, unit, { foot: 34, half: 140, layouts });
};

export const tofu: Drawer = (ctx) => {
  const { p } = ctx;
  const cube = (x: number, y: number, w: number, h: number, d: number) =>
    G(
      `translate(${x} ${y})`,
      P(
        `M${w / 2} ${-h}L${w / 2 + d} ${-h - d * 0.6}L${w / 2 + d} ${-d * 0.6}L${w / 2} 0Z`,
        darken(p.base, 0.12),
      ),
      P(
        `M${-w / 2} ${-h}L${-w / 2 + d} ${-h - d * 0.6}L${w / 2 + d} ${-h - d * 0.6}L${w / 2} ${-h}Z`,
        lighten(p.base, 0.5),
      ),
      R(-w / 2, -h, w, h, 4, p.base),
      R(-w / 2 + 6, -h + 6, 6, h - 12, 3, WHITE, 0.6),
      C(-w / 6, -h / 2, 2, darken(p.base, 0.1)),
      C(w / 5, -h / 3, 2, darken(p.base, 0.1)),
    );
  const dish = ctx.simple
    ? ''
    : E(0, 56, 160, 40, darken(ctx.tint, 0.08)) +
      E(0, 50, 156, 36, '#ffffff') +
      E(0, 52, 130, 26, lighten(ctx.tint, 0.3));
  const unit = () =>
    dish + cube(-14, 20, 140, 84, 56) + cube(-100, 74, 50, 42, 22) + cube(84, 80, 50, 42, 22);
  return cluster(ctx, unit, { foot: 90, half: 150, layouts: solo(200, 196, 1.0) });
};

/** A squat milk tin (condensed or evaporated milk), not a carton. */
export const milkCan: Drawer = (ctx) => {
  const c = ctx.p.base;
  const tin = (v: number) =>
    R(-72, -170, 144, 170, 10, '#c4ccd4') +
    R(-72, -162, 144, 156, 4, '#dfe4e9') +
    label(-72, -150, 144, 132, c, v, 0, '#fffaf2') +
    R(-52, -150, 12, 132, 0, WHITE, 0.3) +
    R(36, -162, 36, 156, 0, '#000', 0.08) +
    E(0, -170, 72, 14, '#aeb6bf') +
    E(0, -172, 64, 10, '#dfe4e9') +
    E(0, -172, 52, 7, '#c4ccd4') +
    E(0, -4, 72, 8, '#aeb6bf', 0.5);
  return packs(ctx, tin, 200, 150);
};

/** Cheese slices: a stack of thin square slices, the top one's corner peeled up. */
export const cheeseSlices: Drawer = (ctx) => {
  const { p } = ctx;
  const slice = (y: number, c: string) =>
    P(`M-90 ${y}L10 ${y - 50}L100 ${y - 10}L0 ${y + 40}Z`, darken(c, 0.12)) +
    P(`M-90 ${y - 5}L10 ${y - 55}L100 ${y - 15}L0 ${y + 35}Z`, c);
  const unit = () =>
    [30, 20, 10, 0, -10].map((y) => slice(y, p.base)).join('') +
    P('M-90 -15L-40 -40L-20 -6Q-50 4 -70 30Z', p.light) +
    P('M-90 -15L-70 30L-40 16Z', darken(p.base, 0.2), 0.4) +
    P('M-20 -50L40 -30L10 -20Z', WHITE, 0.3);
  return cluster(ctx, unit, { foot: 60, half: 100, layouts: solo(200, 220, 1.35) });
};

/** Douhua: silky tofu pudding scooped in thin white layers into a bowl of amber ginger syrup. */
export const tofuPudding: Drawer = (ctx) => {
  const syrup = lightness(ctx.p.base) > 0.8 ? '#d9a35a' : ctx.p.base;
  const unit = () =>
    E(0, 0, 130, 38, '#c8d3dc') +
    E(0, -2, 122, 32, syrup) +
    E(-20, -6, 74, 20, '#fbf8f0') +
    E(30, 2, 60, 16, '#f4efe4') +
    E(-40, 4, 40, 10, '#f4efe4') +
    E(-30, -12, 34, 6, WHITE, 0.8) +
    P('M-130 0Q-124 96 0 100Q124 96 130 0Q0 40 -130 0Z', '#f7f9fb') +
    P('M-130 0Q0 40 130 0L126 14Q0 52 -126 14Z', '#dfe6ec') +
    S('M-110 26Q-96 72 -44 86', '#dfe6ec', 6, 0.8) +
    (ctx.simple ? '' : R(60, -70, 16, 70, 8, '#e6c89a') + E(68, -70, 20, 8, '#e6c89a'));
  return cluster(ctx, unit, { foot: 100, half: 130, layouts: solo(200, 196, 1.15) });
};
