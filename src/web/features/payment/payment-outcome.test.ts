import { describe, expect, it } from 'vitest';
import { walletOutcomeView } from './payment-outcome';

describe('walletOutcomeView', () => {
  it('follows the order first, then its latest wallet attempt', () => {
    expect(walletOutcomeView({ status: 2 })).toBe('paid');
    expect(walletOutcomeView({ status: 4 })).toBe('paid');
    expect(walletOutcomeView({ status: 5 })).toBe('closed');
    expect(walletOutcomeView({ status: 6 })).toBe('closed');
    expect(walletOutcomeView({ status: 1 })).toBe('none');
    expect(walletOutcomeView({ status: 1, attempt: { outcome: 'pending', vendor: 'alipay' } })).toBe(
      'waiting',
    );
    const failed = { outcome: 'failed' as const, vendor: 'alipay', message: 'why' };
    expect(walletOutcomeView({ status: 1, attempt: failed })).toBe('failed');
  });
});
