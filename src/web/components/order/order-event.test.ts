import { describe, expect, it } from 'vitest';
import { SHOPPER_EVENT_KINDS } from '#shared/schemas/notification.rules';
import en from '../../../../public/locales/en/orders.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/orders.json' with { type: 'json' };

describe('the kinds a shopper sees', () => {
  it('each read as their own text in both languages, and the generic text exists for the rest', () => {
    for (const texts of [en.timeline.kinds, zh.timeline.kinds] as Record<string, string>[]) {
      for (const kind of SHOPPER_EVENT_KINDS)
        expect({ kind, text: texts[kind] }).toEqual({ kind, text: expect.any(String) });
      expect(texts.other).toEqual(expect.any(String));
      // A refund taken off a held card before its capture reads as not charged (order-event.tsx).
      expect(texts.refunded_held).toEqual(expect.any(String));
    }
  });
});
