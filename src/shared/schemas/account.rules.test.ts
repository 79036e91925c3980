import { describe, expect, it } from 'vitest';
import { passwordProblem, staffPasswordProblem } from './account.rules';

describe('passwordProblem', () => {
  it("keeps the sign-up hint's word: a shopper's new password has 8 to 15 characters", () => {
    expect(passwordProblem('x'.repeat(8))).toBeUndefined();
    expect(passwordProblem('x'.repeat(15))).toBeUndefined();
    expect(passwordProblem('x'.repeat(7))).toBe('passwordLength');
    expect(passwordProblem('x'.repeat(16))).toBe('passwordLength');
    expect(passwordProblem('x'.repeat(17))).toBe('passwordLength');
    expect(passwordProblem('')).toBe('passwordEmpty');
  });
  it('lets staff passwords run to 64 characters', () => {
    expect(staffPasswordProblem('x'.repeat(64))).toBeUndefined();
    expect(staffPasswordProblem('x'.repeat(65))).toBe('passwordLength');
  });
});
