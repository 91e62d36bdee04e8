import { describe, expect, it } from 'vitest';
import { moneyHoldEmailLine, moneyHoldMessage, moneyHoldStaffMessage, payoutHeldMessage } from './money-holds';

describe('the cooling-off messages (decision 0049)', () => {
  it('say why and until when for a timed hold', () => {
    expect(moneyHoldMessage('email-change', '27/11/2026 14:06 (UTC)')).toBe(
      'Sales and transfers are paused until 27/11/2026 14:06 (UTC) because your email address changed. This protects your Units if someone else made the change.',
    );
    expect(moneyHoldStaffMessage('bank-details', '27 Nov 2026, 14:06 UTC')).toBe(
      "This person's sales, transfers and payouts are held until 27 Nov 2026, 14:06 UTC because their bank details changed.",
    );
    expect(payoutHeldMessage('second-factor-removed', 'X')).toBe('Payouts to this person are held until X because a second factor was removed from their account.');
    expect(moneyHoldEmailLine(new Date('2026-11-27T14:06:00Z'))).toBe('To protect your Units, sales and transfers are paused until 27/11/2026 14:06 (UTC).');
  });

  it('name no date for the lock that lasts until the password is reset', () => {
    for (const text of [moneyHoldMessage('not-me', '31/12/9999 00:00 (UTC)'), moneyHoldStaffMessage('not-me', 'x'), payoutHeldMessage('not-me', 'x')]) {
      expect(text).toContain('until');
      expect(text).toMatch(/reset (your|their) password/);
      expect(text).not.toMatch(/9999|x\b/);
    }
  });
});
