/** Sauces and seasonings: bottles, jars, pouches and a shaker. */
import { bottle, jar, packs, pouch } from './packaging';
import { C, type Drawer, darken, E, hue, label, lighten, lightness, P, R, S, WHITE } from './svg-kit';

/** Hue in degrees of a #rrggbb colour (0 for greys). */
function hueOf(c: string): number {
  const m = /^#(..)(..)(..)$/.exec(c);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => Number.parseInt(x as string, 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

export const sauceBottle: Drawer = (ctx) =>
  packs(
    ctx,
    (v) =>
      bottle({
        w: 100,
        h: 280,
        neckW: 34,
        neckH: 62,
        shoulder: 56,
        capH: 34,
        cap: ctx.p.base,
        body: '#3b2419',
        labelColor: ctx.p.base,
        v,
        glass: true,
        labelLow: 0.1,
        labelHigh: 0.66,
      }),
    280,
    100,
  );

/** Japanese mayonnaise: a soft squeeze bottle of pale yellow, red cap, a red lattice band. */
export const mayoBottle: Drawer = (ctx) => {
  const mayo = '#f4e3a4';
  const one = () =>
    P(
      'M-50 0Q-62 0 -62 -16L-60 -186Q-58 -222 -24 -234L-24 -248L24 -248L24 -234Q58 -222 60 -186L62 -16Q62 0 50 0Z',
      darken(mayo, 0.18),
    ) +
    P('M-46 -4Q-56 -4 -56 -18L-54 -184Q-52 -216 -20 -228L20 -228Q52 -216 54 -184L56 -18Q56 -4 46 -4Z', mayo) +
    R(-26, -290, 52, 46, 10, '#d7261e') +
    R(-26, -262, 52, 8, 0, darken('#d7261e', 0.2)) +
    P('M-8 -290L0 -312L8 -290Z', '#d7261e') +
    R(-56, -150, 112, 64, 4, WHITE) +
    S(
      'M-56 -150L8 -86M-24 -150L40 -86M8 -150L56 -102M-56 -118L-24 -86M24 -150L-40 -86M56 -150L-8 -86M56 -118L24 -86M-8 -150L-56 -102',
      '#d7261e',
      3,
      0.85,
    ) +
    C(0, -118, 18, WHITE) +
    C(0, -118, 14, '#d7261e', 0.9) +
    S('M-40 -196Q-44 -120 -40 -30', WHITE, 8, 0.45);
  return packs(ctx, one, 312, 124);
};

export const oilBottle: Drawer = (ctx) => {
  const h = hueOf(ctx.p.base);
  const oil = h >= 38 && h <= 110 ? ctx.p.base : '#f3b531';
  const tag = h >= 38 && h <= 110 ? darken(ctx.p.base, 0.45) : ctx.p.base;
  return packs(
    ctx,
    (v) =>
      bottle({
        w: 124,
        h: 280,
        neckW: 40,
        neckH: 34,
        shoulder: 70,
        capH: 30,
        cap: tag,
        body: oil,
        labelColor: tag,
        v,
        glass: true,
        labelLow: 0.1,
        labelHigh: 0.6,
        r: 20,
      }) + S('M-62 -150L62 -150', darken(oil, 0.2), 3, 0.4),
    280,
    124,
  );
};

export const vinegarBottle: Drawer = (ctx) =>
  packs(
    ctx,
    (v) =>
      bottle({
        w: 90,
        h: 292,
        neckW: 28,
        neckH: 84,
        shoulder: 48,
        capH: 28,
        cap: darken(ctx.p.base, 0.1),
        body: '#2a1c17',
        labelColor: ctx.p.base,
        v,
        glass: true,
        labelLow: 0.12,
        labelHigh: 0.7,
      }),
    292,
    90,
  );

export const chiliJar: Drawer = (ctx) => {
  const flakes = Array.from({ length: 12 }, (_, i) =>
    C(-50 + ((i * 31) % 100), i % 2 ? -14 - ((i * 5) % 14) : -120 - ((i * 7) % 20), 3.5, '#ffcf5c', 0.9),
  ).join('');
  return packs(
    ctx,
    (v) => jar({ w: 150, h: 190, lid: ctx.p.base, content: '#b8261b', labelColor: ctx.p.base, v }) + flakes,
    200,
    150,
  );
};

export const pasteJar: Drawer = (ctx) => {
  const content = lightness(ctx.p.base) > 0.75 ? '#c9894a' : ctx.p.base;
  return packs(
    ctx,
    (v) =>
      jar({
        w: 170,
        h: 170,
        lid: darken(content, 0.3),
        content,
        labelColor: hue(content, 10),
        v: v + 2,
        lidH: 32,
      }),
    180,
    170,
  );
};

export const spicePouch: Drawer = (ctx) => {
  const c = ctx.p.base;
  const spice = darken(c, 0.05);
  const dots = (cx: number, cy: number, r = 3) =>
    Array.from({ length: 9 }, (_, i) =>
      C(cx - 24 + ((i * 17) % 48), cy - 20 + ((i * 23) % 40), r, darken(c, 0.4), 0.7),
    ).join('');
  const window = (v: number) =>
    E(0, -92, 44, 50, '#fff6ea') +
    E(0, -92, 38, 44, spice) +
    dots(0, -92) +
    label(-56, -44, 112, 30, c, v, 4, '#fffaf2');
  return packs(
    ctx,
    (v) =>
      pouch(140, 210, lighten(c, 0.15), window(v)) +
      (ctx.simple ? '' : P('M-150 0Q-118 -40 -84 0Z', spice) + dots(-116, -8, 2)),
    210,
    150,
  );
};

export const saltShaker: Drawer = (ctx) => {
  const one = (v: number) => {
    const c = v % 2 ? darken(ctx.p.base, 0.1) : ctx.p.base;
    return (
      R(-56, -170, 112, 170, 26, '#dfe8ee') +
      R(-50, -112, 100, 108, 22, v % 2 ? '#3b3b3b' : '#ffffff') +
      R(-56, -170, 112, 170, 26, '#e9f2f8', 0.35) +
      R(-44, -154, 10, 130, 5, WHITE, 0.7) +
      R(-52, -64, 104, 26, 0, c) +
      R(-52, -64, 104, 6, 0, darken(c, 0.2)) +
      P('M-52 -170C-52 -220 52 -220 52 -170Z', '#c5ccd3') +
      P('M-52 -170C-52 -214 20 -220 30 -214C0 -200 -30 -190 -40 -170Z', '#e2e7eb') +
      R(-56, -176, 112, 12, 6, '#aab3bc') +
      [-20, 0, 20, -10, 10].map((x, i) => C(x, i < 3 ? -196 : -186, 3, '#7d8893')).join('')
    );
  };
  return packs(ctx, one, 230, 120);
};

export { hueOf };
