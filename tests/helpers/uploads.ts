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
