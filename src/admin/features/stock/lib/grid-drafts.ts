import type { StockChange } from '../api/stock';
import { typedNumber, typedProblem } from './stock-view';

/** What staff typed on one grid row: a new count, a received amount, either or neither. */
export interface RowDraft {
  count: string;
  received: string;
}

export type Drafts = Record<number, RowDraft>;

/** The changes the typed rows make, or each row's problem (admin.json keys) when any has one. */
export function changesOf(drafts: Drafts): { changes: StockChange[]; problems: Record<number, string> } {
  const changes: StockChange[] = [];
  const problems: Record<number, string> = {};
  for (const [key, draft] of Object.entries(drafts)) {
    const productId = Number(key);
    const count = draft.count.trim();
    const received = draft.received.trim();
    if (!count && !received) continue;
    if (count && received) {
      problems[productId] = 'stock.problems.both';
      continue;
    }
    const reason = count ? 'count' : 'received';
    const typed = count || received;
    const problem = typedProblem(reason, typed);
    if (problem) problems[productId] = problem;
    else changes.push({ productId, reason, quantity: typedNumber(typed) });
  }
  return { changes, problems };
}
