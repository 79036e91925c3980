/*
 * Product barcodes (docs/product.md, Barcodes): EAN-13, UPC-A and EAN-8, each with the GS1 mod-10
 * check digit, and a product's 5-digit scale item code. One validator for the console form, the
 * CSV import and the server.
 */

export type BarcodeFormat = 'EAN-13' | 'UPC-A' | 'EAN-8';

const FORMAT_BY_LENGTH: Record<number, BarcodeFormat> = { 13: 'EAN-13', 12: 'UPC-A', 8: 'EAN-8' };

/** Why a code is refused; each is a message key under `errors:barcode`. */
export type BarcodeProblem = 'digits' | 'length' | 'checkDigit';

export type BarcodeCheck =
  | { ok: true; code: string; format: BarcodeFormat }
  | { ok: false; problem: BarcodeProblem };

/**
 * The GS1 check digit of `body` (the code without its last digit): from the right, digits are
 * weighted 3, 1, 3, …; the check digit brings the sum to a multiple of 10.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the last digit of an all-digit `code` is its GS1 check digit. */
export function hasGs1CheckDigit(code: string): boolean {
  return /^\d{2,}$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** Checks a barcode as typed or scanned (surrounding spaces ignored); the code to keep when good. */
export function checkBarcode(raw: string): BarcodeCheck {
  const code = raw.trim();
  if (!/^\d+$/.test(code)) return { ok: false, problem: 'digits' };
  const format = FORMAT_BY_LENGTH[code.length];
  if (!format) return { ok: false, problem: 'length' };
  if (!hasGs1CheckDigit(code)) return { ok: false, problem: 'checkDigit' };
  return { ok: true, code, format };
}

/**
 * The 14-digit GTIN a code stands for: a UPC-A and the EAN-13 that is it with a leading 0 are the
 * same product, which is how scanners differ in what they type.
 */
export function gtin14Of(code: string): string {
  return code.padStart(14, '0');
}

/** The other spellings of the same GTIN a product's barcode could have been saved as. */
export function sameGtinCodes(code: string): string[] {
  const gtin = gtin14Of(code);
  return [12, 13]
    .filter((n) => n !== code.length && gtin.slice(0, 14 - n) === '0'.repeat(14 - n))
    .map((n) => gtin.slice(14 - n));
}

/** A scale item code: exactly five digits (leading zeros kept). */
export const SCALE_ITEM_CODE_PATTERN = /^\d{5}$/;
