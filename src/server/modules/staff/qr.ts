/*
 * A small QR code writer (ISO/IEC 18004) for the authenticator enrolment link: byte mode, error
 * correction level M, versions 1 to 15 (up to 412 bytes), the mask with the lowest penalty. Written
 * here rather than added as a dependency: the shop needs one kind of code, drawn as SVG.
 */

/** Per version 1–15 at level M: EC codewords per block, and the blocks as [count, data codewords]. */
const LEVEL_M: ReadonlyArray<{ ec: number; blocks: ReadonlyArray<readonly [number, number]> }> = [
  { ec: 10, blocks: [[1, 16]] },
  { ec: 16, blocks: [[1, 28]] },
  { ec: 26, blocks: [[1, 44]] },
  { ec: 18, blocks: [[2, 32]] },
  { ec: 24, blocks: [[2, 43]] },
  { ec: 16, blocks: [[4, 27]] },
  { ec: 18, blocks: [[4, 31]] },
  {
    ec: 22,
    blocks: [
      [2, 38],
      [2, 39],
    ],
  },
  {
    ec: 22,
    blocks: [
      [3, 36],
      [2, 37],
    ],
  },
  {
    ec: 26,
    blocks: [
      [4, 43],
      [1, 44],
    ],
  },
  {
    ec: 30,
    blocks: [
      [1, 50],
      [4, 51],
    ],
  },
  {
    ec: 22,
    blocks: [
      [6, 36],
      [2, 37],
    ],
  },
  {
    ec: 22,
    blocks: [
      [8, 37],
      [1, 38],
    ],
  },
  {
    ec: 24,
    blocks: [
      [4, 40],
      [5, 41],
    ],
  },
  {
    ec: 24,
    blocks: [
      [5, 41],
      [5, 42],
    ],
  },
];

/** Centres of the alignment patterns, versions 2–15 (version 1 has none). */
const ALIGNMENT: ReadonlyArray<readonly number[]> = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
  [6, 30, 54],
  [6, 32, 58],
  [6, 34, 62],
  [6, 26, 46, 66],
  [6, 26, 48, 70],
];

/* GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1. */
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255] ?? 0;
}
const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : (EXP[(LOG[a] ?? 0) + (LOG[b] ?? 0)] ?? 0));

/** The Reed–Solomon error correction codewords of `data` (`degree` of them). */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  // The generator (x - α^0)(x - α^1)…(x - α^(degree-1)), highest coefficient first, leading 1 dropped.
  let gen = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    for (let j = 0; j < gen.length; j++) {
      next[j] = (next[j] ?? 0) ^ (gen[j] ?? 0);
      next[j + 1] = (next[j + 1] ?? 0) ^ mul(gen[j] ?? 0, EXP[i] ?? 0);
    }
    gen = next;
  }
  const rest = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (rest.shift() ?? 0);
    rest.push(0);
    for (let j = 0; j < degree; j++) rest[j] = (rest[j] ?? 0) ^ mul(gen[j + 1] ?? 0, factor);
  }
  return rest;
}

/** The codewords of `bytes` in byte mode, padded, split in blocks, corrected and interleaved. */
function codewords(bytes: Uint8Array, version: number): number[] {
  const spec = LEVEL_M[version - 1];
  if (!spec) throw new Error('no such version');
  const capacity = spec.blocks.reduce((n, [count, size]) => n + count * size, 0);
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8 !== 0) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((v, b) => (v << 1) | b, 0));
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);

  const blocks: { data: number[]; ec: number[] }[] = [];
  let at = 0;
  for (const [count, size] of spec.blocks) {
    for (let i = 0; i < count; i++) {
      const part = data.slice(at, at + size);
      at += size;
      blocks.push({ data: part, ec: reedSolomon(part, spec.ec) });
    }
  }
  const out: number[] = [];
  const longest = Math.max(...blocks.map((b) => b.data.length));
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.data.length) out.push(b.data[i] ?? 0);
  for (let i = 0; i < spec.ec; i++) for (const b of blocks) out.push(b.ec[i] ?? 0);
  return out;
}

function versionFor(length: number): number {
  for (let v = 1; v <= LEVEL_M.length; v++) {
    const spec = LEVEL_M[v - 1];
    const capacity = spec ? spec.blocks.reduce((n, [count, size]) => n + count * size, 0) : 0;
    if (4 + (v < 10 ? 8 : 16) + 8 * length <= capacity * 8) return v;
  }
  throw new Error('too long for a QR code of version 15');
}

/** BCH remainder of `value` (shifted by the generator's degree) for format and version bits. */
function bch(value: number, generator: number, degree: number): number {
  let rest = value << degree;
  for (let bit = 31 - Math.clz32(rest); bit >= degree; bit--) {
    if ((rest >>> bit) & 1) rest ^= generator << (bit - degree);
  }
  return (value << degree) | rest;
}

const MASKS: ReadonlyArray<(r: number, c: number) => boolean> = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** The modules of a QR code for `text` (UTF-8): `true` is dark, rows top to bottom. */
export function qrMatrix(text: string, onlyMask?: number): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length);
  const size = 17 + 4 * version;
  const dark: boolean[][] = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed: boolean[][] = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const place = (target: boolean[][], r: number, c: number, on: boolean) => {
    const row = target[r];
    if (row && c >= 0 && c < size) row[c] = on;
  };
  const set = (r: number, c: number, on: boolean) => {
    place(dark, r, c, on);
    place(fixed, r, c, true);
  };

  // Finder patterns with their separators, timing lines, alignment patterns, the dark module.
  for (const [fr, fc] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        if (fr + r >= 0 && fr + r < size) set(fr + r, fc + c, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const centres = ALIGNMENT[version - 1] ?? [];
  for (const r of centres) {
    for (const c of centres) {
      const last = centres.length - 1;
      const onFinder =
        (r === centres[0] && c === centres[0]) ||
        (r === centres[0] && c === centres[last]) ||
        (r === centres[last] && c === centres[0]);
      if (onFinder) continue;
      for (let dr = -2; dr <= 2; dr++)
        for (let dc = -2; dc <= 2; dc++) set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }
  }
  // Reserve the format areas (written after masking) and write the version blocks.
  const format = (target: boolean[][], bits: number) => {
    const on = (i: number) => ((bits >>> i) & 1) === 1;
    const mark = (r: number, c: number, value: boolean) =>
      target === dark ? set(r, c, value) : place(target, r, c, value);
    for (let i = 0; i <= 5; i++) mark(i, 8, on(i));
    mark(7, 8, on(6));
    mark(8, 8, on(7));
    mark(8, 7, on(8));
    for (let i = 9; i < 15; i++) mark(8, 14 - i, on(i));
    for (let i = 0; i < 8; i++) mark(8, size - 1 - i, on(i));
    for (let i = 8; i < 15; i++) mark(size - 15 + i, 8, on(i));
    mark(size - 8, 8, true);
  };
  format(dark, 0);
  if (version >= 7) {
    const bits = bch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const on = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, on);
      set(b, a, on);
    }
  }

  // Data bits in two-column zigzags from the bottom right, skipping the timing column.
  const data = codewords(bytes, version);
  let bit = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const c = right - j;
        const upward = ((right + 1) & 2) === 0;
        const r = upward ? size - 1 - vert : vert;
        if (fixed[r]?.[c]) continue;
        const word = data[bit >>> 3] ?? 0;
        const row = dark[r];
        if (row) row[c] = bit < data.length * 8 && ((word >>> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
  }

  let best: boolean[][] = dark;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (const [m, mask] of MASKS.entries()) {
    if (onlyMask !== undefined && m !== onlyMask) continue;
    const candidate = dark.map((row, r) => row.map((on, c) => (fixed[r]?.[c] ? on : on !== mask(r, c))));
    // Level M is 00; the format bits are BCH-coded and XORed with 101010000010010.
    format(candidate, bch(m, 0x537, 10) ^ 0x5412);
    const score = penalty(candidate);
    if (score < bestPenalty) {
      bestPenalty = score;
      best = candidate;
    }
  }
  return best;
}

/** The standard's four penalty rules: runs, 2×2 blocks, finder-like patterns, dark balance. */
function penalty(m: boolean[][]): number {
  const size = m.length;
  const at = (r: number, c: number) => m[r]?.[c] ?? false;
  let score = 0;
  for (const transpose of [false, true]) {
    for (let i = 0; i < size; i++) {
      let run = 1;
      const line = Array.from({ length: size }, (_, j) => (transpose ? at(j, i) : at(i, j)));
      for (let j = 1; j <= size; j++) {
        if (j < size && line[j] === line[j - 1]) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      const text = line.map((on) => (on ? '1' : '0')).join('');
      for (const pattern of ['10111010000', '00001011101']) {
        for (let k = text.indexOf(pattern); k >= 0; k = text.indexOf(pattern, k + 1)) score += 40;
      }
    }
  }
  let darkCount = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (at(r, c)) darkCount++;
      if (r < size - 1 && c < size - 1) {
        const v = at(r, c);
        if (at(r, c + 1) === v && at(r + 1, c) === v && at(r + 1, c + 1) === v) score += 3;
      }
    }
  }
  const percent = (darkCount * 100) / (size * size);
  return score + Math.floor(Math.abs(percent - 50) / 5) * 10;
}

/** The QR code of `text` as an SVG image: one path, a 4-module quiet zone, scalable. */
export function qrSvg(text: string): string {
  const matrix = qrMatrix(text);
  const size = matrix.length + 8;
  const path = matrix
    .flatMap((row, r) => row.map((on, c) => (on ? `M${c + 4} ${r + 4}h1v1h-1z` : '')))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
