import { createHash, timingSafeEqual } from 'node:crypto';

function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/**
 * Yuansfer's `verifySign`: md5 of the non-empty fields but `verifySign`, sorted by name, joined
 * `k=v` with `&` (raw values, no URL encoding), then `&` and md5(token).
 */
export function yuansferSignature(fields: Record<string, string | undefined>, token: string): string {
  const base = Object.keys(fields)
    .filter((key) => key !== 'verifySign' && fields[key] !== undefined && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return md5Hex(`${base}&${md5Hex(token)}`);
}

/** The fields with their `verifySign` added; empty ones are dropped, as the signature skips them. */
export function signYuansferFields(
  fields: Record<string, string | undefined>,
  token: string,
): Record<string, string> & { verifySign: string } {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '' && key !== 'verifySign') kept[key] = value;
  }
  return { ...kept, verifySign: yuansferSignature(kept, token) };
}

/** Whether `fields.verifySign` is right, compared in constant time. */
export function hasValidYuansferSignature(
  fields: Record<string, string | undefined>,
  token: string,
): boolean {
  const given = fields.verifySign;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given)) return false;
  const expected = Buffer.from(yuansferSignature(fields, token), 'ascii');
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'ascii'), expected);
}
