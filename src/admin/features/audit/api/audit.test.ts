import { describe, expect, it } from 'vitest';
import { changedFields } from './audit';

describe('what an audit entry changed', () => {
  it('keeps only the fields whose value differs', () => {
    expect(
      changedFields(
        { status: 2, packed_at: null, carrier: null, tracking: null },
        { status: 3, packed_at: null, carrier: 'UPS', tracking: null },
      ),
    ).toEqual([
      { field: 'status', before: 2, after: 3 },
      { field: 'carrier', before: null, after: 'UPS' },
    ]);
  });

  it('shows every field of a side the other lacks', () => {
    expect(changedFields(null, { amount_cents: 500, whole: false })).toEqual([
      { field: 'amount_cents', before: undefined, after: 500 },
      { field: 'whole', before: undefined, after: false },
    ]);
    expect(changedFields({ role: 'packer' }, null)).toEqual([
      { field: 'role', before: 'packer', after: undefined },
    ]);
  });

  it('has nothing to show for an entry without before and after', () => {
    expect(changedFields(null, null)).toEqual([]);
  });
});
