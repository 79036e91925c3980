import { closeSync, mkdirSync, openSync, readSync, utimesSync, writeSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

const BLOCK = 512;
/** Copied through one buffer of this size: a 16 MB WAL segment never sits in memory whole. */
const CHUNK = 1 << 20;

/**
 * Writes the files of an uncompressed tar (a PGlite dump: plain ustar files and folders, as
 * `dumpDataDir('none')` makes them) under `dir`, reading it a chunk at a time. PGlite's own
 * `loadDataDir` reads the whole dump into memory, twice, and the process keeps that memory
 * (README.md, Memory); a database written here opens as on any restart.
 */
export function extractTar(tarPath: string, dir: string): void {
  const fd = openSync(tarPath, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    let at = 0;
    for (;;) {
      const header = Buffer.alloc(BLOCK);
      if (readSync(fd, header, 0, BLOCK, at) < BLOCK || header.every((b) => b === 0)) return;
      at += BLOCK;
      const name = join(field(header, 345, 155), field(header, 0, 100));
      const size = octal(header, 124, 12);
      const type = String.fromCharCode(header[156] ?? 0);
      const path = inside(dir, name);
      if (type === '5') mkdirSync(path, { recursive: true });
      else if (type === '0' || type === '\0') {
        mkdirSync(join(path, '..'), { recursive: true });
        copyOut(fd, at, size, path, buffer);
        const mtime = octal(header, 136, 12);
        utimesSync(path, mtime, mtime);
      } else
        throw new Error(`${tarPath}: entry ${name} is of tar type ${type}, which a PGlite dump never has`);
      at += Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    closeSync(fd);
  }
}

function copyOut(fd: number, from: number, size: number, path: string, buffer: Buffer): void {
  const out = openSync(path, 'w');
  try {
    for (let done = 0; done < size; ) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - done), from + done);
      if (read === 0) throw new Error(`${path}: the dump ends inside this file`);
      writeSync(out, buffer, 0, read);
      done += read;
    }
  } finally {
    closeSync(out);
  }
}

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.toString('utf8', 0, end === -1 ? length : end);
}

function octal(header: Buffer, offset: number, length: number): number {
  return Number.parseInt(field(header, offset, length).trim() || '0', 8);
}

/** A dump's names start at its root ("/base/5/…"); none may climb out of `dir`. */
function inside(dir: string, name: string): string {
  const path = join(dir, normalize(`/${name}`));
  if (path !== dir && !path.startsWith(dir + sep)) throw new Error(`tar entry ${name} is outside ${dir}`);
  return path;
}
