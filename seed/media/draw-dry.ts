/** Dry goods: rice, noodles, flour, beans, dried mushrooms, grains. */
import { cluster, solo } from './arrange';
import { cup, jar, packs, sack } from './packaging';
import {
  C,
  type Drawer,
  darken,
  E,
  EO,
  G,
  label,
  lighten,
  lightness,
  P,
  R,
  S,
  STEM,
  shine,
  WHITE,
} from './svg-kit';

/** A round emblem panel on a sack. */
const emblem = (r: number, color: string, inner: string, y = -110): string =>
  C(0, y, r + 6, '#fffaf2') + C(0, y, r, lighten(color, 0.55)) + G(`translate(0 ${y})`, inner);

const grains = (n: number, r: number, fill: string): string =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * 360;
    return G(`rotate(${a})`, E(0, -r, 5, 10, fill));
  }).join('');

const wheat = (color: string): string =>
  S('M0 40L0 -40', color, 4) +
  [-30, -14, 2, 18].map((y) => E(-9, y, 6, 11, color, 1, -30) + E(9, y, 6, 11, color, 1, 30)).join('') +
  E(0, -44, 5, 10, color);

/** A heap of rice, flour or sugar in front of a sack. */
const heap = (fill: string, dots: string): string =>
  P('M-150 0Q-110 -44 -70 0Z', fill) +
  C(-120, -10, 2.5, dots) +
  C(-104, -18, 2.5, dots) +
  C(-90, -8, 2.5, dots);

export const riceBag: Drawer = (ctx) => {
  const c = ctx.p.base;
  return packs(
    ctx,
    (v) =>
      sack(
        190,
        260,
        c,
        v % 2 ? lighten(c, 0.75) : '#f8f3e6',
        emblem(44, c, grains(8, 22, WHITE) + C(0, 0, 9, WHITE)) + label(-70, -54, 140, 34, c, v, 4),
      ) + (ctx.simple ? '' : heap('#fbfaf4', '#e2dccb')),
    260,
    190,
  );
};

export const flourBag: Drawer = (ctx) => {
  const c = ctx.p.base;
  return packs(
    ctx,
    (v) =>
      sack(
        180,
        250,
        c,
        '#f4ead6',
        emblem(42, c, wheat(darken(c, 0.1)), -104) + label(-66, -52, 132, 32, c, v + 1, 4),
      ) + (ctx.simple ? '' : heap('#ffffff', '#ece6da')),
    250,
    180,
  );
};

export const sugarBag: Drawer = (ctx) => {
  const c = ctx.p.base;
  const cube = (x: number, y: number) =>
    G(
      `translate(${x} ${y})`,
      P('M-18 -30L-6 -38L22 -38L10 -30Z', '#ffffff'),
      P('M10 -30L22 -38L22 -8L10 0Z', '#dfe3e8'),
      R(-18, -30, 28, 30, 2, '#f4f6f8'),
    );
  return packs(
    ctx,
    (v) =>
      sack(176, 240, c, '#ffffff', emblem(40, c, cube(-4, 16), -100) + label(-64, -50, 128, 30, c, v, 4)) +
      (ctx.simple ? '' : cube(-104, 0) + cube(-74, 4) + cube(-88, -30)),
    240,
    176,
  );
};

export const noodles: Drawer = (ctx) => {
  const { p } = ctx;
  const strand = lightness(p.base) > 0.7 ? p.base : '#f3dfa9';
  const bundle = (x: number, y: number, a: number, band: string) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      R(-120, -22, 240, 44, 6, darken(strand, 0.12)),
      R(-120, -22, 240, 38, 6, strand),
      S(
        Array.from({ length: 7 }, (_, i) => `M-116 ${-16 + i * 6}L116 ${-16 + i * 6}`).join(''),
        darken(strand, 0.18),
        1.6,
        0.6,
      ),
      R(-26, -26, 52, 52, 4, band),
      R(-26, -26, 52, 10, 2, darken(band, 0.2)),
      C(0, 4, 10, WHITE, 0.85),
    );
  const band = lightness(p.base) > 0.7 ? '#d84a3a' : p.base;
  const unit = () =>
    bundle(0, -40, -18, band) + bundle(10, 16, -18, darken(band, 0.1)) + bundle(-6, 70, -18, band);
  return cluster(ctx, unit, { foot: 110, half: 120, layouts: solo(200, 192, 1.05) });
};

export const riceNoodles: Drawer = (ctx) => {
  const { p } = ctx;
  const white = '#fbf8f0';
  const loops = Array.from({ length: 14 }, (_, i) => {
    const rx = 100 - (i % 5) * 6;
    const ry = 48 + (i % 3) * 6;
    return EO(0, -(i % 4) * 4, rx, ry, i % 2 ? white : '#e9e3d3', 5);
  }).join('');
  const band = lightness(p.base) > 0.75 ? '#3e8e5a' : p.base;
  const unit = () =>
    E(0, 6, 108, 62, '#ebe5d6') +
    G(
      'rotate(-12)',
      loops,
      E(0, 0, 60, 24, '#f4efe2'),
      R(-18, -62, 36, 124, 6, band),
      R(-18, -62, 36, 12, 4, darken(band, 0.2)),
    ) +
    shine(-50, -30, 30, 6, -15, 0.5);
  return cluster(ctx, unit, { foot: 70, half: 110, layouts: solo(200, 200, 1.25) });
};

/** A shallow bowl filled with small items drawn by item(x, y, i). */
export function bowlOf(item: (x: number, y: number, i: number) => string, bowl: string): string {
  const spots: string[] = [];
  let i = 0;
  for (let row = 0; row < 4; row++) {
    for (let k = 0; k < 7 - row; k++) {
      const x = (k - (6 - row) / 2) * 24 + (row % 2) * 6;
      const y = -row * 16 - 4 + ((k * 7) % 5);
      spots.push(item(x, y, i++));
    }
  }
  return (
    E(0, 0, 110, 24, darken(bowl, 0.2)) +
    spots.join('') +
    P('M-116 0Q-110 80 0 84Q110 80 116 0Q0 24 -116 0Z', bowl) +
    P('M-104 14Q-90 64 -30 76', WHITE, 0) +
    S('M-96 20Q-84 58 -40 70', WHITE, 6, 0.45)
  );
}

export const driedBeans: Drawer = (ctx) => {
  const { p } = ctx;
  const bean = (x: number, y: number, i: number) =>
    E(x, y, 13, 9, i % 3 ? p.base : p.dark, 1, (i * 47) % 180) +
    E(x - 3, y - 3, 4, 2, WHITE, 0.5, (i * 47) % 180);
  const unit = () =>
    bowlOf(bean, '#f3ede4') + (ctx.simple ? '' : bean(-120, 70, 1) + bean(112, 76, 2) + bean(128, 60, 4));
  return cluster(ctx, unit, { foot: 84, half: 120, layouts: solo(200, 200, 1.15) });
};

export const driedMushroom: Drawer = (ctx) => {
  const { p } = ctx;
  const capTop = (x: number, y: number, r: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      E(0, 4, r, r * 0.8, p.darker),
      E(0, 0, r, r * 0.78, p.base),
      S(
        `M${-r * 0.5} ${-r * 0.2}L${r * 0.1} ${r * 0.1}M${r * 0.3} ${-r * 0.4}L0 ${r * 0.3}M${-r * 0.2} ${r * 0.4}L${r * 0.5} ${r * 0.1}`,
        lighten(p.base, 0.6),
        3.5,
      ),
    );
  const gills = (x: number, y: number, r: number) =>
    G(
      `translate(${x} ${y})`,
      E(0, 0, r, r * 0.75, lighten(p.base, 0.2)),
      E(0, 0, r * 0.86, r * 0.62, lighten(p.base, 0.6)),
      S(
        Array.from(
          { length: 12 },
          (_, i) =>
            `M0 0L${(Math.cos((i * Math.PI) / 6) * r * 0.8).toFixed(1)} ${(Math.sin((i * Math.PI) / 6) * r * 0.58).toFixed(1)}`,
        ).join(''),
        lighten(p.base, 0.25),
        2,
      ),
      E(0, 0, 8, 6, STEM),
    );
  const unit = () =>
    capTop(-50, -30, 46, -10) +
    capTop(40, -40, 42, 15) +
    gills(-10, 30, 50) +
    capTop(64, 40, 38, 30) +
    capTop(-80, 46, 34, -20);
  return cluster(ctx, unit, { foot: 74, half: 120, layouts: solo(200, 200, 1.1) });
};

export const instantNoodles: Drawer = (ctx) => {
  const c = ctx.p.base;
  const noodleArt = (v: number) =>
    R(-90, -150, 180, 130, 0, c) +
    C(0, -86, 40, '#fffaf2') +
    S('M-28 -92q7 -8 14 0t14 0t14 0t14 0M-28 -80q7 -8 14 0t14 0t14 0t14 0', '#e7b54a', 4) +
    P('M-40 -84A40 40 0 0 0 40 -84Z', darken(c, 0.25)) +
    R(-90, -150, 180, 18, 0, darken(c, 0.2)) +
    (v % 2 ? C(50, -130, 10, '#ffd54f') : R(-60, -40, 120, 8, 4, WHITE, 0.7));
  return packs(ctx, (v) => cup(170, 130, 170, c, v, '#e9ecef', noodleArt(v)), 190, 170);
};

export const grainJar: Drawer = (ctx) => {
  const { p } = ctx;
  const dots = Array.from({ length: 16 }, (_, i) =>
    C(
      -50 + ((i * 29) % 100),
      i % 2 ? -14 - ((i * 7) % 18) : -134 - ((i * 11) % 36),
      3,
      darken(p.base, 0.25),
      0.7,
    ),
  ).join('');
  return packs(
    ctx,
    (v) =>
      jar({ w: 150, h: 210, lid: '#a8743f', content: p.base, labelColor: darken(p.base, 0.35), v }) + dots,
    220,
    150,
  );
};

/** Dried shrimp: a bowl heaped with tiny curled orange shrimp. */
export const driedShrimp: Drawer = (ctx) => {
  const { p } = ctx;
  const shrimp = (x: number, y: number, i: number) =>
    G(
      `translate(${x} ${y}) rotate(${(i * 67) % 360})`,
      S('M-7 -5A9 9 0 1 0 7 -4', p.dark, 8),
      S('M-7 -5A9 9 0 1 0 7 -4', p.base, 4.5),
      C(-7, -5, 2.5, p.dark),
    );
  const unit = () => bowlOf(shrimp, '#e9e2d4') + (ctx.simple ? '' : shrimp(-120, 72, 3) + shrimp(118, 74, 8));
  return cluster(ctx, unit, { foot: 84, half: 120, layouts: solo(200, 200, 1.15) });
};

/** Dried bean curd sticks (yuba): a tied bundle of long, wrinkled, pale-yellow sticks. */
export const yubaSticks: Drawer = (ctx) => {
  const { p } = ctx;
  const stick = (y: number, a: number, fill: string) =>
    G(
      `rotate(${a}) translate(0 ${y})`,
      R(-130, -9, 260, 18, 8, darken(fill, 0.15)),
      R(-130, -9, 260, 14, 7, fill),
      S(
        'M-110 -2q8 -5 16 0t16 0t16 0M-20 -2q8 -5 16 0t16 0M60 -2q8 -5 16 0t16 0t16 0',
        darken(fill, 0.22),
        1.8,
        0.7,
      ),
    );
  const unit = () =>
    G(
      'rotate(-24)',
      ...[-36, -18, 0, 18, 36, -27, -9, 9, 27].map((y, i) =>
        stick(y, (i % 3) - 1, i % 2 ? p.base : lighten(p.base, 0.15)),
      ),
      R(-18, -52, 14, 104, 4, '#c0392b'),
    );
  return cluster(ctx, unit, { foot: 90, half: 130, layouts: solo(200, 200, 1.1) });
};
