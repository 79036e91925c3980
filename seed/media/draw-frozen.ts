/** Frozen food. */
import { cluster, solo } from './arrange';
import { fishUnit } from './draw-meat';
import { cup, packs, pillowBag } from './packaging';
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
  mix,
  P,
  R,
  S,
  WHITE,
} from './svg-kit';

/** A six-armed snowflake. */
export const snowflake = (x: number, y: number, r: number, color = WHITE, o = 0.9): string =>
  S(
    [0, 60, 120]
      .map((a) => {
        const dx = Math.cos((a * Math.PI) / 180) * r;
        const dy = Math.sin((a * Math.PI) / 180) * r;
        return `M${(x - dx).toFixed(1)} ${(y - dy).toFixed(1)}L${(x + dx).toFixed(1)} ${(y + dy).toFixed(1)}`;
      })
      .join(''),
    color,
    Math.max(2, r / 5),
    o,
  );

const dumpling = (x: number, y: number, a: number, s: number, skin: string) =>
  G(
    `translate(${x} ${y}) rotate(${a}) scale(${s})`,
    P('M-58 16C-58 -40 58 -40 58 16Q0 34 -58 16Z', darken(skin, 0.22)),
    P('M-54 10C-52 -34 52 -34 54 10Q0 26 -54 10Z', skin),
    P('M-54 10Q0 26 54 10L52 2Q0 16 -52 2Z', darken(skin, 0.1)),
    S(
      'M-34 -18q5 10 -2 20M-16 -26q5 12 -2 24M4 -27q5 12 -2 24M24 -22q5 12 -2 22M40 -12q4 8 -2 16',
      darken(skin, 0.2),
      3.5,
    ),
    E(-28, -4, 14, 5, WHITE, 0.6, -10),
  );

export const dumplings: Drawer = (ctx) => {
  const skin = lightness(ctx.p.base) > 0.7 ? ctx.p.base : lighten(ctx.p.base, 0.7);
  const rim = lightness(ctx.p.base) > 0.7 ? '#3f7cc4' : ctx.p.base;
  const plate = ctx.simple
    ? ''
    : E(0, 34, 160, 66, darken(rim, 0.1)) + E(0, 30, 158, 62, WHITE) + E(0, 32, 130, 48, lighten(rim, 0.78));
  const dip = ctx.simple
    ? ''
    : E(-122, -46, 34, 15, darken(rim, 0.1)) + E(-122, -48, 32, 13, WHITE) + E(-122, -47, 24, 8, '#5a2d1a');
  const unit = () =>
    plate +
    dip +
    dumpling(-46, -6, -8, 1, skin) +
    dumpling(50, -10, 10, 1, skin) +
    dumpling(-62, 48, -4, 1, skin) +
    dumpling(44, 44, 6, 1, skin) +
    dumpling(-6, 22, 0, 1.08, skin);
  return cluster(ctx, unit, { foot: 100, half: 160, layouts: solo(200, 196, 1.1) });
};

/** Tangyuan: glossy white rice balls in a bowl of their syrup, one bitten to show its filling. */
export const tangyuan: Drawer = (ctx) => {
  const skin = lightness(ctx.p.base) > 0.85 ? ctx.p.base : '#fbfaf7';
  const filling = lightness(ctx.p.base) > 0.85 ? '#2b2624' : ctx.p.base;
  const ball = (x: number, y: number, r: number) =>
    C(x, y + 3, r, '#d9d4cb') +
    C(x - 2, y, r * 0.96, skin) +
    E(x - r * 0.35, y - r * 0.4, r * 0.3, r * 0.18, WHITE, 0.9);
  const bitten = (x: number, y: number, r: number) =>
    ball(x, y, r) +
    E(x + 4, y - 6, r * 0.62, r * 0.5, '#efeae2') +
    E(x + 4, y - 4, r * 0.46, r * 0.36, filling);
  const bowl = ctx.simple
    ? ''
    : E(0, 40, 170, 70, darken('#c8d8e8', 0.12)) + E(0, 36, 166, 64, WHITE) + E(0, 38, 140, 50, '#f3ead8');
  const unit = () =>
    bowl + ball(-70, 10, 40) + ball(20, -8, 42) + ball(-20, 52, 42) + ball(80, 40, 38) + bitten(-100, 60, 34);
  return cluster(ctx, unit, { foot: 104, half: 170, layouts: solo(200, 196, 1.05) });
};

export const steamedBuns: Drawer = (ctx) => {
  const bun = lightness(ctx.p.base) > 0.7 ? ctx.p.base : lighten(ctx.p.base, 0.75);
  const wood = '#d6a864';
  const one = (x: number, y: number) =>
    G(
      `translate(${x} ${y})`,
      P('M-56 12C-60 -52 60 -52 56 12Q0 24 -56 12Z', darken(bun, 0.16)),
      P('M-53 8C-55 -46 53 -46 53 8Q0 18 -53 8Z', bun),
      S(
        'M0 -36q-16 6 -12 18M0 -36q16 6 12 18M0 -36q-2 14 0 22M0 -36q-22 2 -24 12M0 -36q22 2 24 12',
        darken(bun, 0.22),
        3.5,
      ),
      E(-26, -18, 11, 6, WHITE, 0.7, -20),
    );
  const unit = () =>
    E(0, 16, 130, 36, darken(wood, 0.25)) +
    E(0, 12, 122, 30, '#f2e3c2') +
    one(-60, -8) +
    one(60, -8) +
    one(0, -24) +
    one(0, 14) +
    P('M-130 16Q0 40 130 16L122 76Q0 94 -122 76Z', wood) +
    S('M-126 40Q0 62 126 40M-124 60Q0 80 124 60', darken(wood, 0.2), 4) +
    S('M-60 -50q-8 -14 0 -28M0 -62q-8 -14 0 -28M60 -50q-8 -14 0 -28', WHITE, 5, ctx.simple ? 0 : 0.7);
  return cluster(ctx, unit, { foot: 86, half: 130, layouts: solo(200, 196, 1.1) });
};

export const iceCream: Drawer = (ctx) => {
  const { p } = ctx;
  const cone = () =>
    P('M-50 -10L50 -10L0 120Z', '#d9a25a') +
    S('M-34 10L14 80M-10 -6L28 50M22 -6L-24 60M40 0L-10 90', '#b97f3a', 4) +
    C(-28, -36, 40, lighten(p.base, 0.35)) +
    C(26, -40, 40, hue(p.base, 30)) +
    C(0, -84, 42, p.base) +
    P('M-60 -16Q-40 0 -20 -12Q0 4 20 -12Q40 2 62 -18L60 -6L-58 -6Z', p.dark) +
    E(-14, -100, 12, 7, WHITE, 0.5, -30) +
    C(4, -128, 10, '#d33a3a');
  const tub = (v: number) =>
    cup(190, 160, 120, p.base, v, darken(p.base, 0.15)) +
    C(0, -150, 46, lighten(p.base, 0.4)) +
    E(-16, -168, 14, 8, WHITE, 0.5, -20);
  if (ctx.v % 2 === 0 || ctx.simple)
    return cluster(ctx, cone, { foot: 120, half: 70, layouts: solo(200, 186, 1.15) });
  return packs(ctx, tub, 190, 190);
};

export const popsicle: Drawer = (ctx) => {
  const { p } = ctx;
  const bar = (c: string) =>
    G(
      '',
      R(-12, 40, 24, 80, 10, '#e1b77a'),
      P('M-52 60L-52 -70C-52 -110 52 -110 52 -70L52 60Z', darken(c, 0.15)),
      P('M-52 56L-52 -70C-52 -106 46 -108 46 -70L46 56Z', c),
      P('M-52 56L52 56L52 60Q30 80 20 62Q0 76 -10 62Q-30 84 -52 60Z', darken(c, 0.15)),
      C(52, -80, 18, ctx.tint),
      R(-34, -70, 12, 100, 6, WHITE, 0.35),
    );
  const n = ctx.simple || ctx.v % 2 === 0 ? 1 : 2;
  const unit = () =>
    n === 1
      ? G('rotate(12)', bar(p.base))
      : G('translate(-40 0) rotate(-10)', bar(hue(p.base, 40))) +
        G('translate(40 10) rotate(12)', bar(p.base));
  return cluster(ctx, unit, { foot: 120, half: 80, layouts: solo(200, 176, 1.1) });
};

/**
 * A frozen pillow bag whose window shows what is inside: `contents` draws the pieces around the
 * window's centre (0, -128), at most 56 wide and 46 high.
 */
const frozenBagOf =
  (contents: (c: string) => string): Drawer =>
  (ctx) => {
    const c = ctx.p.base;
    const inner = (v: number) =>
      E(0, -128, 58, 48, '#eaf6ff') +
      contents(c) +
      snowflake(-52, -200, 16) +
      snowflake(54, -60, 12) +
      label(-58, -70, 116, 28, c, v, 6, '#fffaf2');
    return packs(ctx, (v) => pillowBag(170, 250, c, inner(v)), 250, 170);
  };

/** Small pleated dumplings, as the dumpling bags hold. */
export const frozenBag = frozenBagOf(() =>
  (
    [
      [-22, -148, -10],
      [18, -152, 12],
      [-28, -118, 6],
      [12, -118, -8],
    ] as const
  )
    .map(([x, y, a]) => dumpling(x, y, a, 0.3, '#f6efdf'))
    .join(''),
);

/** Flat golden scallion pancakes, stacked, with green specks. */
export const frozenPancakeBag = frozenBagOf(() => {
  const cake = (x: number, y: number) =>
    E(x, y + 3, 42, 17, '#b8802f') +
    E(x, y, 41, 16, '#e9b64f') +
    E(x - 6, y - 3, 28, 9, '#f3cd72') +
    [
      [-22, -2],
      [-6, 5],
      [10, -6],
      [22, 3],
      [2, -1],
      [-14, -8],
    ]
      .map(([dx, dy]) => E(x + (dx as number), y + (dy as number), 3.4, 2, '#4e9a3a', 1, 20))
      .join('') +
    E(x + 16, y - 6, 5, 2.5, '#a86a22', 0.5);
  return cake(4, -156) + cake(-6, -128) + cake(6, -100);
});

/** Slices of white-grey turnip cake, flecked with sausage and shrimp, edges lightly browned. */
export const frozenCakeBag = frozenBagOf(() => {
  const slice = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      R(-24, -13, 48, 30, 5, '#c9c3b4'),
      R(-24, -16, 48, 28, 5, '#ece8de'),
      R(-24, -16, 48, 5, 3, '#e2c99a'),
      C(-12, -4, 2.6, '#b5563f'),
      C(6, 2, 2.2, '#c87a5a'),
      C(14, -8, 2.4, '#b5563f'),
      C(-4, 6, 2, '#9a8f7c'),
      C(-16, 6, 1.8, '#9a8f7c'),
    );
  return slice(-20, -146, -8) + slice(22, -150, 8) + slice(-18, -112, 6) + slice(22, -114, -6);
});

/** Round fish or beef balls, tinted towards the bag's colour (pale bag, pale balls). */
export const frozenBallBag = frozenBagOf((c) => {
  const meat = mix(c, '#f6f1e6', lightness(c) > 0.5 ? 0.75 : 0.35);
  const ball = (x: number, y: number) =>
    C(x, y + 2, 15, darken(meat, 0.18)) + C(x - 1, y, 14, meat) + E(x - 5, y - 5, 4.5, 3, WHITE, 0.6);
  return ball(-24, -150) + ball(8, -156) + ball(34, -136) + ball(-30, -120) + ball(0, -124) + ball(22, -104);
});

/** A frozen-shrimp bag: the window shows peeled pink shrimp, not vegetables. */
export const frozenShrimpBag = frozenBagOf(() => {
  const shrimp = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      S('M-9 -7A11 11 0 1 0 9 -5', '#e8745a', 11),
      S('M-9 -7A11 11 0 1 0 9 -5', '#f7a48a', 6),
      S('M-3 -2l4 4M3 3l4 3', '#e8745a', 1.6),
    );
  return (
    shrimp(-26, -150, -20) +
    shrimp(14, -158, 30) +
    shrimp(-6, -118, 160) +
    shrimp(30, -118, 90) +
    shrimp(-34, -112, 200)
  );
});

export const frozenFish: Drawer = (ctx) => {
  const { p } = ctx;
  const unit = () =>
    R(-130, -70, 260, 140, 26, '#dff1fb') +
    G('rotate(-4) scale(1.05)', fishUnit(p.base, p.dark)) +
    clip(
      R(-130, -70, 260, 140, 26, '#000'),
      R(-130, -70, 260, 140, 0, '#e6f4fc', 0.45),
      P('M-100 -70L-40 -70L-120 60L-130 30Z', WHITE, 0.35),
      R(-130, 40, 260, 30, 0, '#3f86c6', 0.9),
    ) +
    snowflake(96, -40, 16) +
    snowflake(-96, 20, 10) +
    snowflake(40, 55, 8);
  return cluster(ctx, unit, { foot: 70, half: 130, layouts: solo(200, 200, 1.1) });
};
