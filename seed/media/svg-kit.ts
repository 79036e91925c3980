/**
 * Small toolkit the drawings share: colour maths (palettes from one main colour), terse SVG
 * element helpers and a few composite shapes (shadows, highlights, abstract labels).
 * Every drawing works in a 0..400 box; numbers are rounded to keep the markup small.
 */
import { prng } from '../prng';

export type Rgb = [number, number, number];

/** Rounds a coordinate to one decimal. */
export const f = (n: number): number => Math.round(n * 10) / 10;

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m?.[1]) return [136, 136, 136];
  let h = m[1];
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = Number.parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Normalises any colour string to #rrggbb (unknown input becomes grey). */
export const hex = (c: string): string => toHex(parseHex(c));

export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === R) h = (G - B) / d + (G < B ? 6 : 0);
  else if (max === G) h = (B - R) / d + 2;
  else h = (R - G) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const fn = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [fn(0) * 255, fn(8) * 255, fn(4) * 255];
}

export function lightness(c: string): number {
  return toHsl(parseHex(c))[2];
}

/** Moves lightness towards white by t (0..1), keeping the hue. */
export function lighten(c: string, t: number): string {
  const [h, s, l] = toHsl(parseHex(c));
  return toHex(fromHsl(h, s, l + (1 - l) * t));
}

/** Moves lightness towards black by t (0..1), keeping the hue and adding a little saturation. */
export function darken(c: string, t: number): string {
  const [h, s, l] = toHsl(parseHex(c));
  return toHex(fromHsl(h, Math.min(1, s * (1 + t * 0.3)), l * (1 - t)));
}

/** Rotates the hue by deg degrees. */
export function hue(c: string, deg: number): string {
  const [h, s, l] = toHsl(parseHex(c));
  return toHex(fromHsl((h + deg + 360) % 360, s, l));
}

export interface Palette {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
}

export function palette(color: string): Palette {
  const base = hex(color);
  return {
    base,
    light: lighten(base, 0.28),
    lighter: lighten(base, 0.6),
    dark: darken(base, 0.18),
    darker: darken(base, 0.38),
  };
}

/** The soft background tint the renderer picks when an Art has none. */
export function defaultTint(color: string): string {
  const [h, s, l] = toHsl(parseHex(color));
  if (s < 0.12) return l > 0.75 ? '#e3eaf2' : '#eef0f3';
  if (l > 0.68) return toHex(fromHsl((h + 180) % 360, 0.35, 0.9));
  return toHex(fromHsl(h, Math.min(0.7, s * 0.8), 0.92));
}

/** What a family drawing receives. */
export interface Ctx {
  p: Palette;
  /** 0..3 */
  v: number;
  /** The background tint, for shadows and cut-outs. */
  tint: string;
  /** True for icons: fewer details, single item. */
  simple: boolean;
}

export type Drawer = (ctx: Ctx) => string;

// ---- element helpers -------------------------------------------------------------------------

const op = (o?: number) => (o === undefined || o >= 1 ? '' : ` opacity="${o}"`);

export const C = (cx: number, cy: number, r: number, fill: string, o?: number): string =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${op(o)}/>`;

export const E = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  o?: number,
  rot = 0,
): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${op(o)}${
    rot ? ` transform="rotate(${f(rot)} ${f(cx)} ${f(cy)})"` : ''
  }/>`;

/** An unfilled ellipse outline. */
export const EO = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  stroke: string,
  width: number,
  o?: number,
): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${stroke}" stroke-width="${f(width)}"${op(o)}/>`;

export const R = (x: number, y: number, w: number, h: number, rx: number, fill: string, o?: number): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(rx)}" fill="${fill}"${op(o)}/>`;

export const P = (d: string, fill: string, o?: number): string => `<path d="${d}" fill="${fill}"${op(o)}/>`;

/** A stroked (unfilled) path with round caps. */
export const S = (d: string, stroke: string, width: number, o?: number): string =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"${op(o)}/>`;

export const G = (transform: string, ...children: string[]): string =>
  `<g transform="${transform}">${children.join('')}</g>`;

/** translate + rotate + scale, in that order. */
export const at = (x: number, y: number, s = 1, a = 0): string =>
  `translate(${f(x)} ${f(y)})${a ? ` rotate(${f(a)})` : ''}${s !== 1 ? ` scale(${f(s * 100) / 100})` : ''}`;

export const rot = (a: number, cx: number, cy: number): string => `rotate(${f(a)} ${f(cx)} ${f(cy)})`;

export const WHITE = '#ffffff';
export const INK = '#3a2e2a';

/** A flat soft shadow under an item. */
export function shadow(cx: number, cy: number, rx: number, ry = rx * 0.16): string {
  return E(cx, cy, rx, ry, '#3b2f2a', 0.1) + E(cx, cy, rx * 0.72, ry * 0.7, '#3b2f2a', 0.08);
}

/** A white highlight ellipse. */
export const shine = (cx: number, cy: number, rx: number, ry: number, a = 0, o = 0.45): string =>
  E(cx, cy, rx, ry, WHITE, o, a);

let idCounter = 0;
/** A unique id for clip paths and gradients inside one document. */
export const uid = (prefix = 'i'): string => `${prefix}${++idCounter}`;
export const resetIds = (): void => {
  idCounter = 0;
};

/** Wraps children in a clip path of the given shape markup. */
export function clip(shape: string, ...children: string[]): string {
  const id = uid('c');
  return `<clipPath id="${id}">${shape}</clipPath><g clip-path="url(#${id})">${children.join('')}</g>`;
}

/** Polar point helper. */
export const polar = (cx: number, cy: number, r: number, deg: number): [number, number] => {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
};

/** Deterministic small pseudo-random generator (mulberry32). */
export const rng = prng;

/** A smooth closed blob through points around (cx, cy). */
export function blobPath(cx: number, cy: number, r: number, wobble: number, seed: number, n = 7): string {
  const rand = rng(seed);
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const rr = r * (1 - wobble / 2 + rand() * wobble);
    pts.push(polar(cx, cy, rr, (360 / n) * i - 90));
  }
  return smoothClosed(pts);
}

/** Catmull-Rom through closed points, as cubic Béziers. */
export function smoothClosed(pts: [number, number][]): string {
  const n = pts.length;
  const p = (i: number) => pts[((i % n) + n) % n] as [number, number];
  let d = `M${f(p(0)[0])} ${f(p(0)[1])}`;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = p(i - 1);
    const [x1, y1] = p(i);
    const [x2, y2] = p(i + 1);
    const [x3, y3] = p(i + 2);
    d += `C${f(x1 + (x2 - x0) / 6)} ${f(y1 + (y2 - y0) / 6)} ${f(x2 - (x3 - x1) / 6)} ${f(y2 - (y3 - y1) / 6)} ${f(x2)} ${f(y2)}`;
  }
  return `${d}Z`;
}

/**
 * An abstract label: a light panel with a colour pattern chosen by v, an emblem and two short
 * bars that suggest print. No text.
 */
export function label(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  v: number,
  rx = 6,
  panelColor?: string,
): string {
  const pal = palette(lightness(color) > 0.85 ? darken(color, 0.35) : color);
  const panel = panelColor ?? '#fffaf2';
  const shape = `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(rx)}"/>`;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const em = Math.min(w, h) * 0.26;
  const parts: string[] = [R(x, y, w, h, rx, panel)];
  switch (v % 4) {
    case 0:
      parts.push(R(x, y + h * 0.62, w, h * 0.2, 0, pal.base), R(x, y + h * 0.82, w, h * 0.05, 0, pal.dark));
      parts.push(C(cx, y + h * 0.36, em, pal.base), C(cx, y + h * 0.36, em * 0.55, panel));
      break;
    case 1:
      parts.push(
        P(`M${f(x)} ${f(y + h * 0.75)}L${f(x + w)} ${f(y + h * 0.35)}V${f(y + h)}H${f(x)}Z`, pal.base),
      );
      parts.push(
        P(
          `M${f(x)} ${f(y + h * 0.9)}L${f(x + w)} ${f(y + h * 0.5)}V${f(y + h * 0.58)}L${f(x)} ${f(y + h)}Z`,
          pal.light,
        ),
      );
      parts.push(C(x + w * 0.3, y + h * 0.3, em * 0.8, pal.dark));
      break;
    case 2:
      parts.push(
        P(
          `M${f(x)} ${f(y)}H${f(x + w)}V${f(y + h * 0.34)}Q${f(x + w * 0.75)} ${f(y + h * 0.5)} ${f(cx)} ${f(y + h * 0.36)}T${f(x)} ${f(y + h * 0.38)}Z`,
          pal.base,
        ),
      );
      for (let i = 0; i < 3; i++) parts.push(C(x + w * (0.3 + i * 0.2), y + h * 0.8, em * 0.22, pal.light));
      break;
    default:
      parts.push(C(cx, cy - h * 0.05, em * 1.25, pal.base), C(cx, cy - h * 0.05, em * 0.95, pal.light));
      parts.push(C(cx, cy - h * 0.05, em * 0.5, panel));
      parts.push(R(x, y, w, h * 0.1, 0, pal.dark), R(x, y + h * 0.9, w, h * 0.1, 0, pal.dark));
  }
  const bar = v % 4 === 2 ? y + h * 0.55 : v % 4 === 0 ? y + h * 0.44 + em * 0.2 : y + h * 0.6;
  if (v % 4 !== 1) {
    parts.push(R(cx - w * 0.28, bar + h * 0.04, w * 0.56, Math.max(3, h * 0.05), 2, pal.darker, 0.55));
  } else {
    parts.push(R(x + w * 0.5, y + h * 0.22, w * 0.36, Math.max(3, h * 0.05), 2, pal.darker, 0.5));
    parts.push(R(x + w * 0.5, y + h * 0.32, w * 0.24, Math.max(3, h * 0.04), 2, pal.darker, 0.35));
  }
  return clip(shape, ...parts);
}

/** A star polygon path (calyxes, crowns, sparkles); squash flattens it vertically. */
export function starPath(
  cx: number,
  cy: number,
  rOut: number,
  rIn: number,
  n: number,
  squash = 1,
  start = -90,
): string {
  let d = '';
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? rOut : rIn;
    const [x, y] = polar(0, 0, r, start + (180 / n) * i);
    d += `${i === 0 ? 'M' : 'L'}${f(cx + x)} ${f(cy + y * squash)}`;
  }
  return `${d}Z`;
}

/** Common greens and browns. */
export const LEAF = '#4f9e3a';
export const LEAF_D = '#357a2c';
export const LEAF_L = '#86c25a';
export const STEM = '#7b5533';

/** A soft radial spot fading to transparent (blush on fruit, glow in scenes). */
export function softSpot(cx: number, cy: number, rx: number, ry: number, color: string, o = 0.7): string {
  const id = uid('g');
  return (
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${o}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>` +
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id})"/>`
  );
}
