/**
 * The complete SVG document for one image: products on a tinted square with a soft blob, icons
 * and avatars on a round tint (transparent corners), banners, ads and tiles as wide scenes.
 */
import type { MediaKind } from '#shared/media';
import type { Art, BannerArt } from '../catalogue/types';
import { avatarFace } from './avatars';
import { artContext, drawItem, familyArt } from './families';
import { sceneBody } from './scene';
import { blobPath, C, clip, G, mix, resetIds } from './svg-kit';

const doc = (w: number, h: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;

function productBody(art: Art): string {
  const { tint, v } = artContext(art);
  const soft = mix(tint, '#ffffff', 0.55);
  return (
    `<rect width="400" height="400" fill="${soft}"/>` +
    `<path d="${blobPath(200, 206, 168, 0.14, 11 + v * 7, 7)}" fill="${tint}"/>` +
    drawItem(art)
  );
}

function roundBody(art: Art, face: boolean): string {
  const { tint } = artContext(art);
  const disc = '<circle cx="200" cy="200" r="200"/>';
  const ring = C(200, 200, 200, tint) + C(200, 250, 170, mix(tint, '#ffffff', 0.35));
  const item = face
    ? G('translate(200 214) scale(1.12) translate(-200 -200)', drawItem(art, true), avatarFace(art))
    : G('translate(200 206) scale(1.04) translate(-200 -200)', drawItem(art, true));
  return clip(disc, ring, item);
}

function isArt(art: Art | BannerArt): art is Art {
  return 'family' in art;
}

/** One image as a standalone SVG document, sized for its kind's aspect. */
export function svgFor(kind: MediaKind, art: Art | BannerArt): string {
  resetIds();
  if (kind === 'banner' || kind === 'ad' || kind === 'tile') {
    const w = kind === 'tile' ? 800 : 1000;
    const scene: BannerArt = isArt(art)
      ? { families: [art.family], from: mix(art.color, '#ffffff', 0.85), to: mix(art.color, '#ffffff', 0.55) }
      : art;
    return doc(w, 400, sceneBody(kind, scene, w, 400));
  }
  const single: Art = isArt(art) ? art : familyArt(art.families[0] ?? 'apple');
  if (kind === 'icon') return doc(400, 400, roundBody(single, false));
  if (kind === 'avatar') return doc(400, 400, roundBody(single, true));
  return doc(400, 400, productBody(single));
}
