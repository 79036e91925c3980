/**
 * The frozen dumplings, each its own shape so no two dumpling products share a picture: wontons
 * in broth, soup dumplings in a steamer, pan-browned potstickers, see-through har gow, open siu
 * mai, crimped half-moon mandu and jiaozi with chives showing through.
 */
import { cluster, solo } from './arrange';
import { C, type Drawer, darken, E, G, lighten, lightness, P, R, S, WHITE } from './svg-kit';

const skinOf = (base: string) => (lightness(base) > 0.7 ? base : lighten(base, 0.7));

/** A white plate under a unit. */
const plate = (rim: string) =>
  E(0, 34, 160, 66, darken(rim, 0.1)) + E(0, 30, 158, 62, WHITE) + E(0, 32, 130, 48, lighten(rim, 0.78));

/** Wontons: soft bundles with frilly tails floating in a bowl of broth with scallion rings. */
export const wontons: Drawer = (ctx) => {
  const skin = skinOf(ctx.p.base);
  const wonton = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P(
        'M-40 4C-52 -14 -30 -30 -10 -22C0 -38 30 -34 34 -14C52 -8 48 16 30 18C14 30 -22 28 -40 4Z',
        darken(skin, 0.12),
      ),
      P('M-34 2C-44 -12 -26 -24 -8 -17C2 -30 26 -28 29 -11C44 -6 40 12 26 14C12 24 -18 22 -34 2Z', skin),
      C(-2, -2, 13, '#e8b7a0'),
      E(-16, -12, 9, 4, WHITE, 0.6, -20),
    );
  const unit = () =>
    E(0, 40, 170, 70, '#7a5a3a') +
    E(0, 32, 168, 66, WHITE) +
    E(0, 34, 146, 52, '#e9c98c') +
    wonton(-58, 24, -12) +
    wonton(52, 18, 14) +
    wonton(-4, 50, 4) +
    [-96, -20, 30, 96, 70]
      .map(
        (x, i) =>
          C(x, 30 + ((i * 17) % 30), 6, 'none') +
          S(`M${x - 5} ${30 + ((i * 17) % 30)}a5 5 0 1 0 10 0a5 5 0 1 0 -10 0`, '#4caf50', 3),
      )
      .join('');
  return cluster(ctx, unit, { foot: 100, half: 170, layouts: solo(200, 196, 1.05) });
};

/** Xiao long bao: round pleated buns with a twisted top, in a bamboo steamer. */
export const soupDumplings: Drawer = (ctx) => {
  const skin = skinOf(ctx.p.base);
  const bun = (x: number, y: number) =>
    E(x, y + 4, 40, 30, darken(skin, 0.18)) +
    E(x, y, 38, 28, skin) +
    S(
      `M${x - 26} ${y - 4}Q${x - 10} ${y - 12} ${x} ${y - 24}M${x + 26} ${y - 4}Q${x + 10} ${y - 12} ${x} ${y - 24}M${x - 12} ${y + 6}Q${x - 4} ${y - 8} ${x} ${y - 24}M${x + 12} ${y + 6}Q${x + 4} ${y - 8} ${x} ${y - 24}`,
      darken(skin, 0.2),
      3,
    ) +
    C(x, y - 24, 5, darken(skin, 0.12)) +
    E(x - 18, y + 6, 8, 4, WHITE, 0.5);
  const unit = () =>
    E(0, 44, 170, 72, '#9b6b32') +
    E(0, 36, 166, 68, '#d9a85c') +
    E(0, 38, 150, 58, '#c8923f') +
    [-100, -50, 0, 50, 100].map((x) => S(`M${x} -14L${x} 90`, '#b37f33', 3, 0.7)).join('') +
    bun(-58, 22) +
    bun(58, 22) +
    bun(0, 58) +
    bun(0, 4);
  return cluster(ctx, unit, { foot: 108, half: 170, layouts: solo(200, 196, 1.05) });
};

/** Potstickers: long pleated dumplings side by side, their bottoms pan-browned, in a skillet. */
export const potstickers: Drawer = (ctx) => {
  const skin = skinOf(ctx.p.base);
  const one = (x: number, y: number) =>
    G(
      `translate(${x} ${y})`,
      R(-20, -46, 40, 96, 18, darken(skin, 0.14)),
      R(-17, -43, 34, 90, 16, skin),
      S('M0 -40L0 40M-8 -30l8 6 8 -6M-8 -10l8 6 8 -6M-8 10l8 6 8 -6', darken(skin, 0.22), 3),
      R(-20, 30, 40, 20, 10, '#a8662a'),
      R(-17, 30, 34, 14, 8, '#c9833a'),
    );
  const unit = () =>
    R(150, 20, 70, 18, 8, '#2b2b2b') +
    E(0, 40, 160, 76, '#2f2f2f') +
    E(0, 36, 148, 68, '#444') +
    one(-84, 26) +
    one(-40, 32) +
    one(4, 30) +
    one(48, 26) +
    one(92, 32);
  return cluster(ctx, unit, { foot: 110, half: 170, layouts: solo(190, 196, 1.05) });
};

/** Har gow: see-through crescents with the pink shrimp showing, in a small steamer. */
export const harGow: Drawer = (ctx) => {
  const shrimp = ctx.p.base;
  const one = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-44 14C-44 -34 44 -34 44 14Q0 28 -44 14Z', '#e7e2d6'),
      P('M-30 6C-24 -16 22 -18 28 4Q0 14 -30 6Z', shrimp, 0.75),
      S('M-20 -6q6 6 0 12M-6 -10q6 8 0 16M8 -10q6 8 0 14', darken(shrimp, 0.2), 2.5, 0.7),
      P('M-44 14C-44 -34 44 -34 44 14Q0 28 -44 14Z', WHITE, 0.35),
      S('M-30 -14q4 -4 8 0q4 -4 8 0q4 -4 8 0q4 -4 8 0q4 -4 8 0q4 -4 8 0', '#d8d2c4', 3),
      E(-22, -10, 10, 4, WHITE, 0.7, -12),
    );
  const unit = () =>
    E(0, 42, 160, 66, '#9b6b32') +
    E(0, 36, 156, 62, '#d9a85c') +
    E(0, 38, 140, 52, '#f1efe6') +
    one(-52, 22, -8) +
    one(50, 20, 8) +
    one(0, 56, 0);
  return cluster(ctx, unit, { foot: 104, half: 165, layouts: solo(200, 196, 1.08) });
};

/** Siu mai: open-topped yellow cups of pork and shrimp, an orange dot of roe on each. */
export const siuMai: Drawer = (ctx) => {
  const wrap = ctx.p.base;
  const cup = (x: number, y: number) =>
    R(x - 28, y - 20, 56, 50, 12, darken(wrap, 0.15)) +
    R(x - 25, y - 18, 50, 46, 10, wrap) +
    E(x, y - 18, 28, 12, darken(wrap, 0.2)) +
    E(x, y - 20, 24, 10, '#e7b9a0') +
    C(x - 6, y - 22, 4, '#f4d3c2') +
    C(x + 2, y - 21, 5, '#ff7a1a') +
    S(`M${x - 24} ${y + 2}q6 4 12 0q6 4 12 0q6 4 12 0q6 4 12 0`, darken(wrap, 0.22), 2.5);
  const unit = () => plate('#3f7cc4') + cup(-60, 20) + cup(60, 20) + cup(0, 52) + cup(0, -4);
  return cluster(ctx, unit, { foot: 100, half: 160, layouts: solo(200, 196, 1.08) });
};

/** Mandu: golden half-moons with a fork-crimped edge, pan-fried, with dipping sauce. */
export const mandu: Drawer = (ctx) => {
  const skin = ctx.p.base;
  const one = (x: number, y: number, a: number) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-50 10A50 42 0 0 1 50 10Z', darken(skin, 0.2)),
      P('M-46 8A46 38 0 0 1 46 8Z', skin),
      E(-6, 0, 30, 12, lighten(skin, 0.25), 0.6),
      S(
        Array.from({ length: 9 }, (_, i) => {
          const t = Math.PI * (1 - (i + 0.5) / 9);
          const cx = Math.cos(t) * 46;
          const cy = 8 - Math.sin(t) * 38;
          return `M${(cx * 0.86).toFixed(1)} ${(8 + (cy - 8) * 0.86).toFixed(1)}L${cx.toFixed(1)} ${cy.toFixed(1)}`;
        }).join(''),
        darken(skin, 0.3),
        3,
      ),
      R(-46, 4, 92, 8, 4, '#a0621f', 0.8),
    );
  const unit = () =>
    plate('#c0392b') +
    E(-122, -46, 34, 15, darken('#c0392b', 0.1)) +
    E(-122, -48, 32, 13, WHITE) +
    E(-122, -47, 24, 8, '#5a2d1a') +
    one(-50, 18, -6) +
    one(52, 14, 8) +
    one(0, 56, 0);
  return cluster(ctx, unit, { foot: 100, half: 160, layouts: solo(200, 196, 1.08) });
};

/** Jiaozi with pork and chives: pleated crescents, the green filling showing through, one cut open. */
export const chiveDumplings: Drawer = (ctx) => {
  const skin = skinOf(ctx.p.base);
  const one = (x: number, y: number, a: number, open: boolean) =>
    G(
      `translate(${x} ${y}) rotate(${a})`,
      P('M-58 16C-58 -40 58 -40 58 16Q0 34 -58 16Z', darken(skin, 0.22)),
      P('M-54 10C-52 -34 52 -34 54 10Q0 26 -54 10Z', skin),
      open
        ? P('M-54 10Q0 -10 54 10Q0 26 -54 10Z', '#c98e78') +
            [-30, -12, 6, 24].map((cx) => E(cx, 10, 7, 3, '#3f8f3a')).join('')
        : [-30, -8, 14, 32].map((cx, i) => E(cx, -8 + (i % 2) * 8, 8, 3, '#4f9a44', 0.45)).join(''),
      S('M-34 -18q5 10 -2 20M-16 -26q5 12 -2 24M4 -27q5 12 -2 24M24 -22q5 12 -2 22', darken(skin, 0.2), 3.5),
    );
  const unit = () =>
    plate('#2e7d32') + one(-52, -2, -8, false) + one(50, -6, 10, false) + one(-4, 46, 0, true);
  return cluster(ctx, unit, { foot: 100, half: 160, layouts: solo(200, 196, 1.1) });
};
