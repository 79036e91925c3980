import { gtin14Of, hasGs1CheckDigit } from './barcode';
import { milliUnitsToGrams } from './weight';

/*
 * GS1 variable-measure labels from an in-store scale (docs/product.md, Scale labels): restricted
 * circulation numbers beginning with 2 carry the shop's own item code and the item's weight or
 * price. Which digits mean what is national, so each layout is one row of SCALE_LAYOUTS.
 */

/** What a label's value field holds. */
export type ScaleMeasure = 'weight_g' | 'weight_lb100' | 'price_cents';

export interface ScaleLayout {
  id: string;
  /** What the 13-digit form (a UPC-A with its leading 0) starts with. */
  prefix: string;
  /** Item code: digits [from, to) of the 13-digit form. */
  item: readonly [number, number];
  /** The value field: digits [from, to). */
  value: readonly [number, number];
  /** Index of the price/weight verifier digit over a 4-digit value, or null when the layout has none. */
  verifier: number | null;
  measure: ScaleMeasure;
}

/**
 * The layouts we read. US UPC-A number system 2 ("2 IIIII V VVVV C", shown with its leading 0):
 * item code, verifier digit, 4-digit value. EAN-13 prefixes 20–29 ("2X IIIII VVVVV C"): item code,
 * 5-digit value, no verifier.
 */
const UPC_NUMBER_SYSTEM_2 = { prefix: '02', item: [2, 7], value: [8, 12], verifier: 7 } as const;
const EAN_PREFIX_2X = { prefix: '2', item: [2, 7], value: [7, 12], verifier: null } as const;

export const SCALE_LAYOUTS = {
  'upc-weight-lb': { id: 'upc-weight-lb', ...UPC_NUMBER_SYSTEM_2, measure: 'weight_lb100' },
  'upc-price': { id: 'upc-price', ...UPC_NUMBER_SYSTEM_2, measure: 'price_cents' },
  'ean-weight-g': { id: 'ean-weight-g', ...EAN_PREFIX_2X, measure: 'weight_g' },
  'ean-price': { id: 'ean-price', ...EAN_PREFIX_2X, measure: 'price_cents' },
} as const satisfies Record<string, ScaleLayout>;
export type ScaleLayoutId = keyof typeof SCALE_LAYOUTS;

/** The layouts a shop reads by default: its scales weigh in its own unit. */
export function defaultScaleLayouts(weightUnit: 'lb' | 'kg'): ScaleLayout[] {
  return weightUnit === 'lb' ? [SCALE_LAYOUTS['upc-weight-lb']] : [SCALE_LAYOUTS['ean-weight-g']];
}

export type ScaleLabel = {
  layout: ScaleLayoutId | string;
  itemCode: string;
} & ({ weightG: number; priceCents?: undefined } | { priceCents: number; weightG?: undefined });

export type ScaleProblem = 'notScaleLabel' | 'checkDigit' | 'verifier';

export type ScaleParse = { ok: true; label: ScaleLabel } | { ok: false; problem: ScaleProblem };

/** Effects of each weight on a digit in the price/weight verifier (GS1 General Specifications 7.9.3). */
const TWO_MINUS = [0, 2, 4, 6, 8, 9, 1, 3, 5, 7];
const THREE = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7];
const FIVE_MINUS = [0, 5, 9, 4, 8, 3, 7, 2, 6, 1];

/** The verifier digit of a 4-digit price or weight: weights 2-, 2-, 3, 5-, the sum times 3, mod 10. */
export function fourDigitVerifier(value: string): number {
  const tables = [TWO_MINUS, TWO_MINUS, THREE, FIVE_MINUS];
  let sum = 0;
  for (let i = 0; i < 4; i++) sum += tables[i]?.[value.charCodeAt(i) - 48] ?? 0;
  return (sum * 3) % 10;
}

/** A label's hundredths of a pound as whole grams, half up (src/shared/weight.ts). */
function gramsOfLb100(hundredths: number): number {
  return milliUnitsToGrams(hundredths * 10, 'lb');
}

/** The 13-digit form of a scanned code, or null when it is neither an EAN-13 nor a UPC-A. */
function thirteenDigits(raw: string): string | null {
  const code = raw.trim();
  if (!/^\d{12,13}$/.test(code)) return null;
  return code.length === 12 ? `0${code}` : code;
}

/**
 * Reads a scale label with the first of `layouts` whose prefix it has (a shop uses one layout per
 * prefix). The check digit, and the verifier where the layout has one, must be right.
 */
export function parseScaleLabel(raw: string, layouts: readonly ScaleLayout[]): ScaleParse {
  const code = thirteenDigits(raw);
  const layout = code === null ? undefined : layouts.find((l) => code.startsWith(l.prefix));
  if (code === null || !layout) return { ok: false, problem: 'notScaleLabel' };
  // A UPC-A's leading 0 is no part of its check: the sum's weights start from the right.
  if (!hasGs1CheckDigit(code)) return { ok: false, problem: 'checkDigit' };
  const value = code.slice(...layout.value);
  if (layout.verifier !== null && fourDigitVerifier(value) !== Number(code[layout.verifier])) {
    return { ok: false, problem: 'verifier' };
  }
  const itemCode = code.slice(...layout.item);
  const n = Number(value);
  if (layout.measure === 'price_cents')
    return { ok: true, label: { layout: layout.id, itemCode, priceCents: n } };
  const weightG = layout.measure === 'weight_g' ? n : gramsOfLb100(n);
  return { ok: true, label: { layout: layout.id, itemCode, weightG } };
}

/** An order line as the packing page knows it: what it is, to match a scan against. */
export interface ScanLine {
  id: number;
  barcode: string | null;
  scaleItemCode: string | null;
}

export type ScanMatch =
  | { kind: 'line'; lineId: number; by: 'barcode' }
  | { kind: 'line'; lineId: number; by: 'scale'; weightG?: number; priceCents?: number }
  /** A good code, but of no line of this order: the packer holds the wrong product. */
  | { kind: 'wrongProduct' }
  /** Not a readable code: a misread or a mistyped code. */
  | { kind: 'unreadable'; problem: 'digits' | 'checkDigit' | 'verifier' };

/**
 * Which order line a scanned code confirms: a product's own barcode first (the same GTIN however
 * the scanner spells it), then a scale label by its item code, with the weight or price it carries.
 */
export function matchScan(
  raw: string,
  lines: readonly ScanLine[],
  layouts: readonly ScaleLayout[],
): ScanMatch {
  const code = raw.trim();
  if (!/^\d{8}$|^\d{12,14}$/.test(code)) return { kind: 'unreadable', problem: 'digits' };
  if (!hasGs1CheckDigit(code)) return { kind: 'unreadable', problem: 'checkDigit' };
  const gtin = gtin14Of(code);
  const byBarcode = lines.find((l) => l.barcode !== null && gtin14Of(l.barcode) === gtin);
  if (byBarcode) return { kind: 'line', lineId: byBarcode.id, by: 'barcode' };
  const parsed = parseScaleLabel(code, layouts);
  if (!parsed.ok) {
    return parsed.problem === 'verifier'
      ? { kind: 'unreadable', problem: 'verifier' }
      : { kind: 'wrongProduct' };
  }
  const { itemCode, weightG, priceCents } = parsed.label;
  const byItem = lines.find((l) => l.scaleItemCode === itemCode);
  if (!byItem) return { kind: 'wrongProduct' };
  return weightG === undefined
    ? { kind: 'line', lineId: byItem.id, by: 'scale', priceCents }
    : { kind: 'line', lineId: byItem.id, by: 'scale', weightG };
}
