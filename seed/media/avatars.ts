/**
 * Bundled avatars shoppers can choose from: friendly fruit and vegetable faces, drawn as the
 * family's icon with eyes, cheeks and a smile on top.
 */
import type { Art, ArtFamily } from '../catalogue/types';
import { artName } from './art-name';
import { C, E, G, S } from './svg-kit';

export const AVATAR_ARTS: Art[] = [
  { family: 'apple', color: '#e53935', background: '#ffe1dc' },
  { family: 'orange', color: '#fb8c00', background: '#fff0d6' },
  { family: 'strawberry', color: '#e53945', background: '#e3f4dc' },
  { family: 'peach', color: '#ffab91', background: '#fde3ec' },
  { family: 'pear', color: '#c5d84a', background: '#fff6cf' },
  { family: 'tomato', color: '#ef5350', background: '#e6f1ff' },
  { family: 'mushroom', color: '#a1664a', background: '#f4e9dc' },
  { family: 'broccoli', color: '#3d8b37', background: '#e0f3ff' },
  { family: 'watermelon', color: '#43a047', background: '#ffe3e6' },
  { family: 'pineapple', color: '#f9b233', background: '#e4f6ea' },
  { family: 'potato', color: '#c9a26b', background: '#e9e4ff' },
  { family: 'lemon', color: '#fdd835', background: '#dff3f8' },
];

/** The file names (without width) of the bundled avatars, in display order. */
export function avatarNames(): string[] {
  return AVATAR_ARTS.map((art) => artName('avatar', art));
}

/** Where the face sits on each family's icon drawing (unit coordinates) and how big it is. */
const FACES: Partial<Record<ArtFamily, [x: number, y: number, size: number, scale: number]>> = {
  apple: [0, 14, 1, 1],
  orange: [0, 10, 1, 1],
  strawberry: [0, 4, 0.9, 1],
  peach: [-4, 12, 1, 1],
  pear: [0, 44, 0.85, 1],
  tomato: [0, 14, 1, 1],
  mushroom: [0, -38, 0.9, 1],
  broccoli: [0, -36, 0.8, 1],
  watermelon: [0, 0, 1, 1],
  pineapple: [0, 34, 0.8, 0.9],
  potato: [0, 0, 0.9, 1],
  lemon: [-4, 6, 0.85, 1],
};

/** Eyes, cheeks and smile for an avatar, in the same 0..400 box as the icon drawing. */
export function avatarFace(art: Art): string {
  const face = FACES[art.family] ?? [0, 0, 1, 1];
  const [ux, uy, size, k] = face;
  const s = 1.3 * 1.08 * k;
  const x = 200 + ux * s;
  const y = 196 + uy * s;
  const z = size * s;
  const ink = '#3a2a25';
  return G(
    `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${z.toFixed(3)})`,
    E(-24, -6, 7, 9, ink),
    E(24, -6, 7, 9, ink),
    C(-21, -10, 2.6, '#ffffff'),
    C(27, -10, 2.6, '#ffffff'),
    E(-40, 12, 10, 6, '#ff7a8a', 0.55),
    E(40, 12, 10, 6, '#ff7a8a', 0.55),
    S('M-12 10Q0 22 12 10', ink, 4.5),
  );
}
