import { defaultScaleLayouts, matchScan } from '#shared/gs1-scale';
import { maxWeighedGrams, type WeightUnit, weighedGramsOk } from '#shared/weight';
import type { PackingLine } from '../api/packing';

/*
 * What a scan does on the packing page (docs/product.md, Packing: picking by scan): matched on the
 * spot against the order's lines, so a wrong product is refused before anything is sent. The server
 * still checks every mark it is sent.
 */

export type ScanAction =
  /** A pack's barcode: the line is marked picked. */
  | { kind: 'pick'; line: PackingLine }
  /** A scale label of a weighed line: the line is marked picked with the label's weight. */
  | { kind: 'weigh'; line: PackingLine; grams: number }
  /** Nothing is sent; `reason` is a message key under `packing.scan.refused`. */
  | {
      kind: 'refuse';
      reason: 'wrongProduct' | 'unreadable' | 'alreadyMarked' | 'weighIt';
      line?: PackingLine;
    }
  /** A label whose weight is no line may weigh (none, or above maxWeighedGrams, the server's bound). */
  | { kind: 'refuse'; reason: 'badWeight'; line: PackingLine; max: number };

/** The action a scanned (or typed) code takes on an order's lines, in the shop's weight unit. */
export function scanAction(raw: string, lines: readonly PackingLine[], unit: WeightUnit): ScanAction {
  const match = matchScan(
    raw,
    lines.map((l) => ({ id: l.id, barcode: l.barcode, scaleItemCode: l.scale_item_code })),
    defaultScaleLayouts(unit),
  );
  if (match.kind === 'unreadable') return { kind: 'refuse', reason: 'unreadable' };
  if (match.kind === 'wrongProduct') return { kind: 'refuse', reason: 'wrongProduct' };
  const line = lines.find((l) => l.id === match.lineId);
  if (!line) return { kind: 'refuse', reason: 'wrongProduct' };
  if (line.mark !== null) return { kind: 'refuse', reason: 'alreadyMarked', line };
  if (!line.weight) return { kind: 'pick', line };
  // A weighed line needs its weight: its pack barcode or a price label does not say it.
  if (match.by !== 'scale' || match.weightG === undefined) return { kind: 'refuse', reason: 'weighIt', line };
  if (!weighedGramsOk(match.weightG, line.weight.estimate_grams)) {
    return { kind: 'refuse', reason: 'badWeight', line, max: maxWeighedGrams(line.weight.estimate_grams) };
  }
  return { kind: 'weigh', line, grams: match.weightG };
}
