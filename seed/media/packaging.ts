/**
 * Packaging shapes for packaged goods, drawn with the bottom centre at (0, 0) growing upwards.
 * Each has a label area with an abstract pattern in the product's colour, never text.
 */
import {
  C,
  type Ctx,
  clip,
  darken,
  E,
  f,
  G,
  label,
  lighten,
  lightness,
  P,
  R,
  S,
  shadow,
  WHITE,
} from './svg-kit';

/** Places one or two packs depending on the variant; one(v) draws a pack with label variant v. */
export function packs(ctx: Ctx, one: (labelV: number) => string, height = 270, width = 130): string {
  const s = Math.min(1.3, 300 / height);
  if (ctx.simple || ctx.v !== 2) {
    const sx = ctx.simple ? s * 1.08 : s;
    return shadow(200, 352, width * 0.62 * sx) + G(`translate(200 352) scale(${f(sx)})`, one(ctx.v));
  }
  return (
    shadow(210, 350, width * 1.0 * s) +
    G(`translate(258 330) scale(${f(s * 0.8)})`, one(1)) +
    G(`translate(166 352) scale(${f(s * 0.9)})`, one(2))
  );
}

/** The outline of a bottle: cap on top, neck, rounded shoulder, body with rounded bottom corners. */
function bottlePath(w: number, nw: number, neckTop: number, ys: number, sh: number, r = 16): string {
  const a = w / 2;
  const n = nw / 2;
  return (
    `M${-n} ${neckTop}L${-n} ${ys}C${-n} ${ys + sh * 0.5} ${-a} ${ys + sh * 0.4} ${-a} ${ys + sh}` +
    `L${-a} ${-r}Q${-a} 0 ${-a + r} 0L${a - r} 0Q${a} 0 ${a} ${-r}L${a} ${ys + sh}` +
    `C${a} ${ys + sh * 0.4} ${n} ${ys + sh * 0.5} ${n} ${ys}L${n} ${neckTop}Z`
  );
}

export interface BottleOptions {
  w: number;
  h: number;
  neckW: number;
  neckH: number;
  shoulder: number;
  capH: number;
  cap: string;
  /** The body (or the liquid seen through glass). */
  body: string;
  labelColor: string;
  v: number;
  /** Label from this fraction of the body height (measured from the bottom) ... */
  labelLow?: number;
  /** ... to this fraction. */
  labelHigh?: number;
  /** Glass neck shows lighter than the liquid. */
  glass?: boolean;
  r?: number;
}

export function bottle(o: BottleOptions): string {
  const top = -o.h;
  const neckTop = top + o.capH;
  const ys = neckTop + o.neckH;
  const d = bottlePath(o.w, o.neckW, neckTop, ys, o.shoulder, o.r);
  const bodyH = -ys - o.shoulder;
  const l0 = o.labelLow ?? 0.12;
  const l1 = o.labelHigh ?? 0.72;
  const ly = -bodyH * l1;
  const lh = bodyH * (l1 - l0);
  return (
    P(d, darken(o.body, 0.18)) +
    clip(`<path d="${d}"/>`, R(-o.w / 2, top, o.w * 0.8, o.h, 0, o.body)) +
    (o.glass
      ? R(-o.neckW / 2, neckTop, o.neckW, o.neckH + o.shoulder * 0.4, 0, lighten(o.body, 0.55), 0.55)
      : '') +
    label(-o.w / 2 + 4, ly, o.w - 8, lh, o.labelColor, o.v, 4) +
    R(-o.w / 2 + 10, ys + o.shoulder * 0.6, 9, -ys - o.shoulder * 0.6 - 14, 4.5, WHITE, 0.3) +
    R(-o.neckW / 2 - 3, top, o.neckW + 6, o.capH, 4, o.cap) +
    R(o.neckW / 2 - 6, top, 9, o.capH, 4, darken(o.cap, 0.2)) +
    R(-o.neckW / 2 - 3, top + o.capH - 5, o.neckW + 6, 5, 2, darken(o.cap, 0.25))
  );
}

export interface JarOptions {
  w: number;
  h: number;
  lid: string;
  content: string;
  labelColor: string;
  v: number;
  lidH?: number;
}

export function jar(o: JarOptions): string {
  const lidH = o.lidH ?? 36;
  const a = o.w / 2;
  const body = `M${-a + 8} ${-o.h + lidH}L${a - 8} ${-o.h + lidH}Q${a} ${-o.h + lidH + 8} ${a} ${-o.h + lidH + 24}L${a} -18Q${a} 0 ${a - 18} 0L${-a + 18} 0Q${-a} 0 ${-a} -18L${-a} ${-o.h + lidH + 24}Q${-a} ${-o.h + lidH + 8} ${-a + 8} ${-o.h + lidH}Z`;
  const bodyH = o.h - lidH;
  return (
    P(body, darken(o.content, 0.15)) +
    clip(
      `<path d="${body}"/>`,
      R(-a, -o.h, o.w * 0.82, o.h, 0, o.content),
      C(-a * 0.3, -bodyH * 0.85, 6, lighten(o.content, 0.3), 0.8),
    ) +
    label(-a + 2, -bodyH * 0.72, o.w - 4, bodyH * 0.5, o.labelColor, o.v, 3) +
    R(-a + 10, -bodyH + 16, 8, bodyH - 32, 4, WHITE, 0.35) +
    R(-a + 2, -o.h, o.w - 4, lidH, 8, o.lid) +
    R(a * 0.5, -o.h, a * 0.5 - 2, lidH, 8, darken(o.lid, 0.15)) +
    S(
      Array.from(
        { length: Math.floor(o.w / 12) },
        (_, i) => `M${-a + 10 + i * 12} ${-o.h + 6}L${-a + 10 + i * 12} ${-o.h + lidH - 6}`,
      ).join(''),
      darken(o.lid, 0.25),
      2.5,
      0.5,
    ) +
    R(-a - 2, -o.h + lidH - 6, o.w + 4, 8, 3, darken(o.lid, 0.3))
  );
}

export function can(w: number, h: number, color: string, v: number): string {
  const a = w / 2;
  const body = `M${-a} ${-h + 14}L${a} ${-h + 14}L${a} -8Q${a} 0 ${a - 8} 2L${-a + 8} 2Q${-a} 0 ${-a} -8Z`;
  const light = lighten(color, 0.35);
  const pattern = [
    () =>
      P(
        `M${-a} ${-h * 0.45}Q0 ${-h * 0.6} ${a} ${-h * 0.45}L${a} ${-h * 0.3}Q0 ${-h * 0.45} ${-a} ${-h * 0.3}Z`,
        WHITE,
      ),
    () => P(`M${-a} ${-h * 0.3}L${a} ${-h * 0.7}L${a} ${-h * 0.55}L${-a} ${-h * 0.15}Z`, light),
    () => C(0, -h * 0.5, a * 0.55, WHITE) + C(0, -h * 0.5, a * 0.38, light),
    () => R(-a, -h * 0.62, w, h * 0.1, 0, WHITE) + R(-a, -h * 0.46, w, h * 0.05, 0, light),
  ][v % 4] as () => string;
  return (
    clip(
      `<path d="${body}"/>`,
      R(-a, -h, w, h + 4, 0, color),
      pattern(),
      R(a * 0.45, -h, a * 0.55, h + 4, 0, '#000', 0.14),
      R(-a * 0.75, -h, 10, h, 0, WHITE, 0.3),
    ) +
    E(0, -h + 14, a, 12, '#cfd5db') +
    E(0, -h + 14, a - 8, 8, '#aeb6bf') +
    R(-10, -h + 8, 20, 8, 4, '#e6eaee') +
    E(0, 0, a - 6, 4, '#aeb6bf', 0.6)
  );
}

/** A box seen slightly from the right: front face with label, a darker side and a lighter top. */
export function box(w: number, h: number, d: number, color: string, v: number, face = '#fffaf2'): string {
  const a = w / 2;
  const dy = d * 0.55;
  return (
    P(`M${a} ${-h}L${a + d} ${-h - dy}L${a + d} ${-dy}L${a} 0Z`, darken(color, 0.22)) +
    P(`M${-a} ${-h}L${-a + d} ${-h - dy}L${a + d} ${-h - dy}L${a} ${-h}Z`, lighten(color, 0.2)) +
    R(-a, -h, w, h, 2, face) +
    label(-a, -h, w, h, color, v, 2)
  );
}

/** A pillow bag (chips, frozen food) with crimped top and bottom seals. */
export function pillowBag(w: number, h: number, color: string, inner: string): string {
  const a = w / 2;
  const n = 10;
  const step = (w - 8) / n;
  let d = `M${-a + 4} ${-h}`;
  for (let i = 0; i < n; i++) {
    const x = -a + 4 + i * step;
    d += `L${f(x + step / 2)} ${-h - 6}L${f(x + step)} ${-h}`;
  }
  d += `L${a - 4} ${-h + 24}Q${a + 8} ${-h / 2} ${a - 4} -24L${a - 4} 0`;
  for (let i = 0; i < n; i++) {
    const x = a - 4 - i * step;
    d += `L${f(x - step / 2)} 6L${f(x - step)} 0`;
  }
  d += `L${-a + 4} -24Q${-a - 8} ${-h / 2} ${-a + 4} ${-h + 24}Z`;
  return (
    P(d, darken(color, 0.15)) +
    clip(
      `<path d="${d}"/>`,
      R(-a - 10, -h - 10, w * 0.86, h + 20, 0, color),
      R(-a - 10, -h - 10, w + 20, 26, 0, darken(color, 0.2)),
      R(-a - 10, -22, w + 20, 30, 0, darken(color, 0.2)),
      inner,
      R(-a + 14, -h + 40, 10, h - 80, 5, WHITE, 0.3),
    )
  );
}

/** A stand-up pouch with a zip seal at the top. */
export function pouch(w: number, h: number, color: string, inner: string): string {
  const a = w / 2;
  const d = `M${-a + 6} ${-h}L${a - 6} ${-h}L${a} ${-h + 20}L${a - 4} -30Q${a} 0 ${a - 24} 0L${-a + 24} 0Q${-a} 0 ${-a + 4} -30L${-a} ${-h + 20}Z`;
  return (
    P(d, darken(color, 0.18)) +
    clip(
      `<path d="${d}"/>`,
      R(-a, -h, w * 0.84, h, 0, color),
      R(-a, -h, w, 30, 0, darken(color, 0.15)),
      S(`M${-a} ${-h + 36}L${a} ${-h + 36}`, darken(color, 0.3), 3, 0.5),
      inner,
      R(-a + 12, -h + 50, 9, h - 80, 4.5, WHITE, 0.28),
    ) +
    C(a - 18, -h + 14, 4, lighten(color, 0.6))
  );
}

/** A sack (rice, flour, sugar) with a stitched top and little ears at the corners. */
export function sack(w: number, h: number, color: string, body: string, inner: string): string {
  const a = w / 2;
  const d = `M${-a - 6} ${-h}L${a + 6} ${-h}L${a} ${-h + 30}Q${a + 8} ${-h / 2} ${a} -20Q${a} 0 ${a - 20} 0L${-a + 20} 0Q${-a} 0 ${-a} -20Q${-a - 8} ${-h / 2} ${-a} ${-h + 30}Z`;
  return (
    P(d, darken(body, 0.15)) +
    clip(
      `<path d="${d}"/>`,
      R(-a - 10, -h, w * 0.9, h, 0, body),
      R(-a - 10, -h, w + 20, 30, 0, color),
      `<path d="M${-a} ${-h + 22}H${a}" stroke="${WHITE}" stroke-width="3" stroke-dasharray="8 6" opacity="0.7"/>`,
      inner,
      R(-a + 14, -h + 44, 10, h - 70, 5, WHITE, 0.3),
    )
  );
}

/** A tapered cup (yogurt, instant noodles, ice-cream tub) with a lid. */
export function cup(
  wt: number,
  wb: number,
  h: number,
  color: string,
  v: number,
  lid: string,
  inner = '',
): string {
  const a = wt / 2;
  const b = wb / 2;
  const d = `M${-a} ${-h}L${a} ${-h}L${b} -4Q${b} 2 ${b - 8} 2L${-b + 8} 2Q${-b} 2 ${-b} -4Z`;
  const pal = lightness(color) > 0.85 ? darken(color, 0.3) : color;
  return (
    clip(
      `<path d="${d}"/>`,
      R(-a, -h, wt, h + 4, 0, '#fffaf2'),
      inner || label(-a, -h * 0.86, wt, h * 0.78, pal, v, 0),
      P(`M${a * 0.55} ${-h}L${a} ${-h}L${b} 4L${b * 0.5} 4Z`, '#000', 0.1),
      R(-a * 0.8, -h, 8, h, 0, WHITE, 0.35),
    ) +
    E(0, -h, a + 6, 12, darken(lid, 0.15)) +
    E(0, -h - 3, a + 4, 11, lid) +
    E(-a * 0.3, -h - 5, a * 0.45, 4, WHITE, 0.4)
  );
}
