import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import {
  MoneySafeguardsFormSchema,
  MoneySafeguardsSchema,
  STEP_UP_MESSAGES,
  StepUpSchema,
  stepUpRequiredMessage,
  TransferLimitFormSchema,
  TransferLimitSchema,
  transferLimitExceededMessage,
  transferLimitRaiseMessage,
} from './step-up';

describe('step-up schemas', () => {
  it('reads the transfer amount typed in the form as whole Units, with the form’s messages', () => {
    expect(MoneySafeguardsFormSchema.parse({ stepUpTransfersAbove: ' 2500 ' })).toEqual({ stepUpTransfersAbove: 2500 });
    expect(MoneySafeguardsFormSchema.parse({ stepUpTransfersAbove: '0' })).toEqual({ stepUpTransfersAbove: 0 });
    for (const typed of ['', '-1', '1.5', '1,000', 'ten'])
      expect(fieldErrors(MoneySafeguardsFormSchema.safeParse({ stepUpTransfersAbove: typed }).error!)).toEqual({ stepUpTransfersAbove: STEP_UP_MESSAGES.thresholdRequired });
    expect(fieldErrors(MoneySafeguardsFormSchema.safeParse({ stepUpTransfersAbove: '10000001' }).error!)).toEqual({ stepUpTransfersAbove: STEP_UP_MESSAGES.thresholdTooHigh });
    expect(MoneySafeguardsSchema.safeParse({ stepUpTransfersAbove: 10.5 }).success).toBe(false);
  });

  it('takes one way of proving it per request, normalising codes as the sign-in does', () => {
    expect(StepUpSchema.parse({ action: 'sell', method: 'recovery', code: 'ABCD-efgh jkmn-pqrs' })).toEqual({ action: 'sell', method: 'recovery', code: 'abcdefghjkmnpqrs' });
    expect(StepUpSchema.parse({ action: 'admin-money', method: 'totp', code: '123 456' })).toEqual({ action: 'admin-money', method: 'totp', code: '123456' });
    expect(StepUpSchema.safeParse({ action: 'sell', method: 'password' }).success).toBe(false);
    expect(fieldErrors(StepUpSchema.safeParse({ action: 'withdraw', method: 'password', password: 'x' }).error!)).toEqual({ action: STEP_UP_MESSAGES.actionRequired });
  });

  it('names the action in the refusal', () => {
    expect(stepUpRequiredMessage('sell')).toBe('Please confirm it is you to sell Units.');
    expect(stepUpRequiredMessage('admin-money')).toBe('Please confirm it is you to decide on money.');
  });

  it('reads the daily transfer limit as whole Units from 1, or none', () => {
    expect(TransferLimitFormSchema.parse({ units: ' 250 ' })).toEqual({ units: 250 });
    for (const typed of ['', '0', '-1', '2.5', 'ten']) expect(fieldErrors(TransferLimitFormSchema.safeParse({ units: typed }).error!)).toEqual({ units: STEP_UP_MESSAGES.limitRequired });
    expect(fieldErrors(TransferLimitFormSchema.safeParse({ units: '10000001' }).error!)).toEqual({ units: STEP_UP_MESSAGES.limitTooHigh });
    expect(TransferLimitSchema.parse({ units: null })).toEqual({ units: null });
    expect(TransferLimitSchema.safeParse({}).success).toBe(false);
  });

  it('says how much can still be sent, and when a raise applies', () => {
    expect(transferLimitExceededMessage(1000, 1n)).toContain('your daily transfer limit of 1,000 Units: you can transfer up to 1 Unit more now');
    expect(transferLimitExceededMessage(50, 0n)).toContain('you cannot transfer more Units now');
    const from = new Date('2026-12-01T10:05:00Z');
    expect(transferLimitRaiseMessage(400, from)).toBe('Saved. Your daily transfer limit will rise to 400 Units on 01/12/2026 10:05 (UTC); until then the current limit applies.');
    expect(transferLimitRaiseMessage(null, from)).toBe('Saved. Your daily transfer limit will be removed on 01/12/2026 10:05 (UTC); until then the current limit applies.');
  });
});
