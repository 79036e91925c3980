import { describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '#shared/barcode';
import { fourDigitVerifier } from '#shared/gs1-scale';
import type { PackingLine } from '../api/packing';
import { scanAction } from './pick-scan';

const withCheck = (body: string) => `${body}${gs1CheckDigit(body)}`;
/** A US scale label (UPC-A number system 2): item code, verifier, weight in hundredths of a lb. */
const lbLabel = (item: string, hundredths: string) =>
  withCheck(`2${item}${fourDigitVerifier(hundredths)}${hundredths}`);
/** An EAN-13 scale label (prefix 20): item code, weight in grams. */
const gLabel = (item: string, grams: string) => withCheck(`20${item}${grams}`);

const PACK_CODE = withCheck('01234567890'); // a UPC-A
const OTHER_CODE = withCheck('400638133393'); // an EAN-13 of no line

function line(id: number, extra: Partial<PackingLine> = {}): PackingLine {
  return {
    id,
    key: `p${id}`,
    barcode: null,
    scale_item_code: null,
    aisle: 0,
    en_name: `P${id}`,
    zn_name: `品${id}`,
    price: 1,
    num: 1,
    when_missing: 'refund',
    substitute: null,
    ask_first: false,
    fallback: false,
    mark: null,
    weight: null,
    ...extra,
  };
}
const weight = {
  unit: 'lb' as const,
  unit_price: 7.99,
  piece_grams: null,
  estimate_grams: 454,
  estimate_amount: 7.99,
  weighed_grams: null,
  weighed_amount: null,
  estimate: true,
};
const pack = line(1, { barcode: PACK_CODE });
const brisket = line(2, { scale_item_code: '12345', weight });
const lines = [pack, brisket];

describe('a scan on the packing page', () => {
  it("picks the line of a pack's barcode, however the scanner spells the GTIN", () => {
    expect(scanAction(PACK_CODE, lines, 'lb')).toEqual({ kind: 'pick', line: pack });
    expect(scanAction(` 0${PACK_CODE}\n`, lines, 'lb')).toEqual({ kind: 'pick', line: pack });
  });

  it("weighs a weighed line with its scale label's weight, in the shop's unit", () => {
    // 0.92 lb is 417 g.
    expect(scanAction(lbLabel('12345', '0092'), lines, 'lb')).toEqual({
      kind: 'weigh',
      line: brisket,
      grams: 417,
    });
    expect(scanAction(gLabel('12345', '00420'), lines, 'kg')).toEqual({
      kind: 'weigh',
      line: brisket,
      grams: 420,
    });
  });

  it('refuses another product, a misread and a weight out of bounds, sending nothing', () => {
    expect(scanAction(OTHER_CODE, lines, 'lb')).toEqual({ kind: 'refuse', reason: 'wrongProduct' });
    expect(scanAction(lbLabel('54321', '0092'), lines, 'lb')).toEqual({
      kind: 'refuse',
      reason: 'wrongProduct',
    });
    const misread = PACK_CODE.slice(0, -1) + ((Number(PACK_CODE.at(-1)) + 1) % 10);
    expect(scanAction(misread, lines, 'lb')).toEqual({ kind: 'refuse', reason: 'unreadable' });
    expect(scanAction('abc', lines, 'lb')).toEqual({ kind: 'refuse', reason: 'unreadable' });
    expect(scanAction(lbLabel('12345', '0000'), lines, 'lb')).toEqual({
      kind: 'refuse',
      reason: 'badWeight',
      line: brisket,
      max: 1362,
    });
  });

  it('asks for the weight of a weighed line scanned by its pack code, and leaves a marked line alone', () => {
    const barcoded = line(3, { barcode: PACK_CODE, weight });
    expect(scanAction(PACK_CODE, [barcoded], 'lb')).toEqual({
      kind: 'refuse',
      reason: 'weighIt',
      line: barcoded,
    });
    const picked = line(1, {
      barcode: PACK_CODE,
      mark: {
        state: 'picked',
        short_num: 0,
        replacement: null,
        refund: 0,
        refund_state: 'none',
        proposal: null,
      },
    });
    expect(scanAction(PACK_CODE, [picked], 'lb')).toEqual({
      kind: 'refuse',
      reason: 'alreadyMarked',
      line: picked,
    });
  });
});
