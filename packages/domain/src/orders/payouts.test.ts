import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { MarkPayoutPaidSchema, PAYOUT_MESSAGES, PAYOUT_SECOND_ADMIN_CENTS, payoutNeedsSecondAdmin, PayoutQueueQuerySchema } from './payouts';

describe('four eyes on payouts', () => {
  it('needs a second admin from 10,000.00 (1,000,000 cents), not at 9,999.99', () => {
    expect(PAYOUT_SECOND_ADMIN_CENTS).toBe(1_000_000);
    expect(payoutNeedsSecondAdmin(999_999)).toBe(false);
    expect(payoutNeedsSecondAdmin(1_000_000)).toBe(true);
    expect(payoutNeedsSecondAdmin(0)).toBe(false);
  });
});

describe('MarkPayoutPaidSchema', () => {
  it.each(['FP-2026-0001', 'BARC 7781 2299', 'a/b.c_d:e', 'X'.repeat(64)])('takes %j', (bankReference) => {
    expect(MarkPayoutPaidSchema.parse({ bankReference: ` ${bankReference} ` })).toEqual({ bankReference });
  });

  it.each([
    [undefined, PAYOUT_MESSAGES.referenceRequired],
    ['', PAYOUT_MESSAGES.referenceRequired],
    ['  ', PAYOUT_MESSAGES.referenceRequired],
    ['AB1', PAYOUT_MESSAGES.referenceShort],
    ['X'.repeat(65), PAYOUT_MESSAGES.referenceLong],
    ['-ABCD', PAYOUT_MESSAGES.referenceCharacters],
    ['REF<1>', PAYOUT_MESSAGES.referenceCharacters],
  ])('refuses %j with its message', (bankReference, message) => {
    const parsed = MarkPayoutPaidSchema.safeParse({ bankReference });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error)).toEqual({ bankReference: message });
  });

  it('refuses anything else in the body', () => {
    expect(MarkPayoutPaidSchema.safeParse({ bankReference: 'FP-0001', amountCents: 1 }).success).toBe(false);
  });
});

describe('PayoutQueueQuerySchema', () => {
  it('defaults to the first page of 20, oldest first, no filters', () => {
    expect(PayoutQueueQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20, sortBy: 'createdAt', sortDirection: 'asc' });
  });

  it('reads the filters and treats an empty value as none', () => {
    expect(PayoutQueueQuerySchema.parse({ page: '2', pageSize: '50', sortBy: 'amount', sortDirection: 'desc', currency: 'EUR', status: 'AllUnitSold', needsSecondAdmin: 'true' })).toEqual({
      page: 2,
      pageSize: 50,
      sortBy: 'amount',
      sortDirection: 'desc',
      currency: 'EUR',
      status: 'AllUnitSold',
      needsSecondAdmin: true,
    });
    expect(PayoutQueueQuerySchema.parse({ currency: '', status: '', needsSecondAdmin: '' })).toMatchObject({ currency: undefined, status: undefined, needsSecondAdmin: undefined });
    expect(PayoutQueueQuerySchema.parse({ needsSecondAdmin: 'false' }).needsSecondAdmin).toBe(false);
  });
});
