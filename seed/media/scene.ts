/**
 * Wide scenes for banners, promotion ads and plate tiles: a gradient from→to, soft decorative
 * shapes and 2–5 family drawings arranged on a light platform. Banners and ads keep their left
 * part calm (the shop may lay a headline over it); ads add a sale burst; tiles centre the items.
 */
import { createHash } from 'node:crypto';
import type { MediaKind } from '#shared/media';
import type { ArtFamily, BannerArt } from '../catalogue/types';
import { drawItem, familyArt } from './families';
import { C, E, f, G, hex, lighten, lightness, mix, P, rng, starPath, uid } from './svg-kit';

interface Slot {
  x: number;
  s: number;
}

/** Item centres (as a fraction of the item area) and scales for 1..5 items; the middle is largest. */
const SLOTS: Slot[][] = [
  [{ x: 0.5, s: 1 }],
  [
    { x: 0.3, s: 0.92 },
    { x: 0.7, s: 1 },
  ],
  [
    { x: 0.2, s: 0.84 },
    { x: 0.5, s: 1 },
    { x: 0.8, s: 0.84 },
  ],
  [
    { x: 0.14, s: 0.76 },
    { x: 0.38, s: 0.94 },
    { x: 0.62, s: 0.96 },
    { x: 0.86, s: 0.76 },
  ],
  [
    { x: 0.12, s: 0.7 },
    { x: 0.31, s: 0.86 },
    { x: 0.5, s: 1 },
    { x: 0.69, s: 0.86 },
    { x: 0.88, s: 0.7 },
  ],
];

function seedOf(art: BannerArt): number {
  return createHash('sha1').update(JSON.stringify(art)).digest().readUInt32LE(0);
}

/** Four-pointed sparkle. */
const sparkle = (x: number, y: number, r: number, fill: string, o: number) =>
  `<path d="${starPath(x, y, r, r * 0.28, 4)}" fill="${fill}" opacity="${o}"/>`;

function decorations(
  w: number,
  h: number,
  from: string,
  to: string,
  rand: () => number,
  calmLeft: boolean,
): string {
  const light = lightness(mix(from, to, 0.5)) > 0.75;
  const ink = light ? '#ffffff' : '#ffffff';
  const parts: string[] = [
    C(w * 0.86, -h * 0.1, h * 0.62, ink, 0.16),
    C(w * 0.86, -h * 0.1, h * 0.42, ink, 0.12),
    C(w * 0.04, h * 1.02, h * 0.45, ink, 0.14),
    P(
      `M0 ${h * 0.78}C${w * 0.25} ${h * 0.64} ${w * 0.5} ${h * 0.96} ${w} ${h * 0.74}L${w} ${h}L0 ${h}Z`,
      ink,
      0.16,
    ),
  ];
  const dotX = calmLeft ? w * 0.05 : w * 0.04;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 5; c++) parts.push(C(dotX + c * 16, h * 0.1 + r * 16, 3, ink, 0.35));
  }
  for (let i = 0; i < 6; i++) {
    const x = w * (0.08 + rand() * 0.84);
    const y = h * (0.08 + rand() * 0.5);
    parts.push(sparkle(x, y, 7 + rand() * 9, ink, 0.55));
  }
  for (let i = 0; i < 5; i++) {
    const x = w * (0.05 + rand() * 0.3);
    const y = h * (0.35 + rand() * 0.45);
    parts.push(C(x, y, 4 + rand() * 8, ink, 0.25));
  }
  return parts.join('');
}

/** A sale burst (no text): a star badge with a ring and a few bars. */
function burst(x: number, y: number, r: number, color: string): string {
  return (
    `<path d="${starPath(x + 4, y + 6, r, r * 0.82, 16)}" fill="#000000" opacity="0.12"/>` +
    `<path d="${starPath(x, y, r, r * 0.82, 16)}" fill="${color}"/>` +
    C(x, y, r * 0.66, '#ffffff', 0.25) +
    C(x, y, r * 0.5, lighten(color, 0.15)) +
    C(x - r * 0.18, y - r * 0.18, r * 0.11, '#ffffff') +
    C(x + r * 0.18, y + r * 0.18, r * 0.11, '#ffffff') +
    `<path d="M${f(x + r * 0.24)} ${f(y - r * 0.28)}L${f(x - r * 0.24)} ${f(y + r * 0.28)}" stroke="#ffffff" stroke-width="${f(r * 0.08)}" stroke-linecap="round"/>`
  );
}

/** The scene's markup (no <svg> wrapper) in a w×h box. */
export function sceneBody(kind: MediaKind, art: BannerArt, w: number, h: number): string {
  const from = hex(art.from);
  const to = hex(art.to);
  const rand = rng(seedOf(art));
  const families = (art.families.length ? art.families : (['apple'] as ArtFamily[])).slice(0, 5);
  const wide = kind !== 'tile';
  const gid = uid('bg');
  const bg =
    `<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<rect width="${w}" height="${h}" fill="url(#${gid})"/>`;
  const area = wide ? { x0: w * 0.3, x1: w * 0.99 } : { x0: w * 0.05, x1: w * 0.95 };
  const slots = SLOTS[families.length - 1] as Slot[];
  const span = area.x1 - area.x0;
  // Item boxes are 400 wide with the drawing inside about ±0.42 of it: keep the edge items inside.
  const fit = Math.min(
    ...slots.map((slot) => (Math.min(slot.x, 1 - slot.x) * span + span * 0.02) / (0.42 * slot.s)),
  );
  const base = Math.min(h * (wide ? 1.15 : 1.05), fit, (span / families.length) * 2);
  const floorY = h * 0.93;
  const platform =
    E((area.x0 + area.x1) / 2, floorY - 6, span * 0.52, h * 0.085, '#ffffff', 0.28) +
    E((area.x0 + area.x1) / 2, floorY - 10, span * 0.46, h * 0.06, '#ffffff', 0.25);
  const items = families
    .map((family, i) => ({ family, slot: slots[i] as Slot, i }))
    .sort((a, b) => a.slot.s - b.slot.s)
    .map(({ family, slot, i }) => {
      const size = base * slot.s;
      const k = size / 400;
      const cx = area.x0 + span * slot.x;
      const lift = (i % 2) * h * 0.02;
      return G(
        `translate(${f(cx - 200 * k)} ${f(floorY - 352 * k - lift)}) scale(${f(k * 1000) / 1000})`,
        drawItem(familyArt(family, 0)),
      );
    })
    .join('');
  const badge = kind === 'ad' ? burst(w * 0.2, h * 0.3, h * 0.2, mix(to, '#e53935', 0.65)) : '';
  return bg + decorations(w, h, from, to, rand, wide) + platform + items + badge;
}
