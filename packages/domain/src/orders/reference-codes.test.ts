import { describe, expect, it } from 'vitest';
import { REFERENCE_CODE_MESSAGES as M, referenceCodeProblem, type CodeTermsForCheck } from './reference-codes';

const NOW = new Date('2026-03-01T12:00:00Z');
const open: CodeTermsForCheck = { minPaymentAmountInCents: null, maxPaymentAmountInCents: null, validFrom: null, validUntil: null, maxUses: null, uses: 0, disabled: false };
const gbp = (cents: number) => ({ subTotalCents: cents, currency: 'GBP' as const });

describe('referenceCodeProblem', () => {
  it('accepts an open code for any purchase', () => {
    expect(referenceCodeProblem(open, NOW, gbp(1))).toBeNull();
    expect(referenceCodeProblem(open, NOW)).toBeNull();
  });

  it('checks the payment range at its boundaries: exactly at either end passes, one cent beyond fails', () => {
    const ranged = { ...open, minPaymentAmountInCents: 10_000, maxPaymentAmountInCents: 50_000 };
    expect(referenceCodeProblem(ranged, NOW, gbp(10_000))).toBeNull();
    expect(referenceCodeProblem(ranged, NOW, gbp(50_000))).toBeNull();
    expect(referenceCodeProblem(ranged, NOW, gbp(9_999))).toBe('This code applies to purchases of at least £100.00.');
    expect(referenceCodeProblem(ranged, NOW, gbp(50_001))).toBe('This code applies to purchases of up to £500.00.');
    // Without a purchase only dates, uses and status count.
    expect(referenceCodeProblem(ranged, NOW)).toBeNull();
  });

  it('checks validity: valid from its start instant, expired at its end instant', () => {
    expect(referenceCodeProblem({ ...open, validFrom: NOW }, NOW)).toBeNull();
    expect(referenceCodeProblem({ ...open, validFrom: new Date(NOW.getTime() + 1) }, NOW)).toBe(M.notYetValid);
    expect(referenceCodeProblem({ ...open, validUntil: new Date(NOW.getTime() + 1) }, NOW)).toBeNull();
    expect(referenceCodeProblem({ ...open, validUntil: NOW }, NOW)).toBe(M.expired);
  });

  it('checks uses and status, disabled first', () => {
    expect(referenceCodeProblem({ ...open, maxUses: 3, uses: 2 }, NOW)).toBeNull();
    expect(referenceCodeProblem({ ...open, maxUses: 3, uses: 3 }, NOW)).toBe(M.usedUp);
    expect(referenceCodeProblem({ ...open, maxUses: 3, uses: 3, disabled: true }, NOW)).toBe(M.disabled);
  });
});
