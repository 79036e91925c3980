import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A multipart body as a browser's FormData sends one file: the part named `file` by default. */
export function multipartUpload(
  bytes: Buffer,
  { filename = 'me.png', type = 'image/png', field = 'file' } = {},
): { contentType: string; body: Buffer } {
  const boundary = '----shopUploadBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** Sends one file to an upload route as a browser would; answers the status and the parsed envelope. */
export async function uploadTo(
  app: FastifyInstance,
  url: string,
  token: string,
  bytes: Buffer,
  options: { filename?: string; type?: string } = {},
  lang = 'en',
) {
  const { contentType, body } = multipartUpload(bytes, options);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: token, 'content-type': contentType, 'accept-language': lang },
    payload: body,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** A photo-like picture (noise, so a cut-off file is missing real data). */
export function photo(width: number, height: number, seed = 1) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = ((i + seed) * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } });
}

/** A PNG whose header says `width` × `height` and that carries a few bytes of pixels: a decompression bomb. */
export function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
