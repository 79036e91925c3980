import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractTar } from './untar';

/** One ustar header as PGlite's dumpDataDir writes it: name, size, mtime and type. */
function header(name: string, size: number, type: '0' | '5', mtime = 1_700_000_000): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(`${mtime.toString(8).padStart(11, '0')}\0`, 136);
  block.write(type, 156);
  block.write('ustar\x0000', 257);
  return block;
}

function tarOf(entries: { name: string; data?: Buffer; mtime?: number }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data, mtime } of entries) {
    parts.push(header(name, data?.length ?? 0, data ? '0' : '5', mtime));
    if (data) parts.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

describe('extractTar', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'shop-untar-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes every file whole, a WAL segment larger than its copy buffer included, with its time', () => {
    const wal = Buffer.alloc(16 * 1024 * 1024 + 100, 7);
    wal.write('end', wal.length - 3);
    const tar = join(root, 'dump.tar');
    writeFileSync(
      tar,
      tarOf([
        { name: '/pg_wal' },
        { name: '/pg_wal/000000010000000000000001', data: wal, mtime: 1_796_624_720 },
        { name: '/PG_VERSION', data: Buffer.from('17\n') },
      ]),
    );
    const dir = join(root, 'db');
    extractTar(tar, dir);
    expect(readFileSync(join(dir, 'pg_wal/000000010000000000000001')).equals(wal)).toBe(true);
    expect(statSync(join(dir, 'pg_wal/000000010000000000000001')).mtimeMs).toBe(1_796_624_720_000);
    expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('keeps a name that climbs with .. inside the folder', () => {
    const tar = join(root, 'dump.tar');
    writeFileSync(tar, tarOf([{ name: '../../escaped', data: Buffer.from('x') }]));
    extractTar(tar, join(root, 'db'));
    expect(readFileSync(join(root, 'db/escaped'), 'utf8')).toBe('x');
  });
});
