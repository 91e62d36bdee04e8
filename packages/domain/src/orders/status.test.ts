import { describe, expect, it } from 'vitest';
import { CRYPTO_KINDS, DISPLAYED_STATUSES, ORDER_STATUSES, ORDER_TYPES, OrderStatusSchema, PAYMENT_METHODS, STATUS_COLOURS, STATUS_DISPLAY, statusBadge, statusesShownAs } from './status';

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('order enums', () => {
  it('lists the SPEC §3 types, methods and crypto kinds', () => {
    expect(ORDER_TYPES).toEqual(['BUY', 'SELL', 'TRANSFER', 'TRANSFER_FUTURE', 'CONVERT']);
    expect([...PAYMENT_METHODS].sort()).toEqual(['Bank', 'Card_Square', 'Card_Stripe', 'Crypto', 'None']);
    expect(CRYPTO_KINDS).toEqual(['BITCOIN', 'ETHER']);
  });
  it('lists all 16 statuses of SPEC §4', () => {
    expect(ORDER_STATUSES).toHaveLength(16);
    expect(new Set(ORDER_STATUSES).size).toBe(16);
    expect(OrderStatusSchema.safeParse('PaymentSent_FromUserCrypto').success).toBe(true);
    expect(OrderStatusSchema.safeParse('Pending Approval').success).toBe(false);
  });
});

describe('status display', () => {
  it('lists each label shown to customers once, in the order of the statuses, and no other', () => {
    expect(DISPLAYED_STATUSES).toEqual([...new Set(ORDER_STATUSES.map((s) => STATUS_DISPLAY[s].label))]);
  });

  it('maps a label back to every status shown with it (SPEC §4: four statuses display as Completed)', () => {
    expect(statusesShownAs('Completed')).toEqual(['Approved', 'Completed', 'AUDReadyToSendBetweenAccounts', 'LockedBonusApproved']);
    expect(statusesShownAs('Pending Approval')).toEqual(['PaymentSent', 'PaymentSent_FromUserCrypto']);
    expect(statusesShownAs('Transfer Queued')).toEqual(['Scheduled']);
    expect(DISPLAYED_STATUSES.flatMap((label) => statusesShownAs(label)).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('gives every status a label and a colour', () => {
    for (const status of ORDER_STATUSES) {
      expect(STATUS_DISPLAY[status].label.length).toBeGreaterThan(0);
      expect(Object.keys(STATUS_COLOURS)).toContain(STATUS_DISPLAY[status].colour);
    }
    expect(Object.keys(STATUS_DISPLAY).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('uses the labels and colours of PRODUCT-DECISIONS §3', () => {
    const expected: Record<string, [string, string]> = {
      Initiated: ['Initiated', 'grey'],
      InProcess: ['In Process', 'blue'],
      Failed: ['Failed', 'red'],
      Cancelled: ['Cancelled', 'grey'],
      PaymentSent: ['Pending Approval', 'lilac'],
      PaymentSent_FromUserCrypto: ['Pending Approval', 'lilac'],
      Approved: ['Completed', 'green'],
      Completed: ['Completed', 'green'],
      LockedBonusApproved: ['Completed', 'green'],
      AUDReadyToSendBetweenAccounts: ['Completed', 'green'],
      PartialComplete: ['Partially Complete', 'amber'],
      AllUnitSold: ['All Units Sold', 'teal'],
      FundsWaitingApproval: ['Funds Waiting Approval', 'amber'],
      Expired: ['Expired', 'grey'],
      Locked: ['Locked', 'slate'],
      Scheduled: ['Transfer Queued', 'blue'],
    };
    for (const status of ORDER_STATUSES) {
      expect([STATUS_DISPLAY[status].label, STATUS_DISPLAY[status].colour]).toEqual(expected[status]);
    }
  });

  it('meets WCAG AA (4.5:1) for badge text on its background and on white', () => {
    for (const colour of Object.values(STATUS_COLOURS)) {
      expect(colour.text).toMatch(/^#[0-9a-f]{6}$/);
      expect(colour.background).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(colour.text, colour.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('checks the contrast formula against known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('builds a badge from a status', () => {
    expect(statusBadge('PaymentSent')).toEqual({
      label: 'Pending Approval',
      colour: 'lilac',
      tone: 'lilac',
      textToken: '--lilac-700',
      text: '#6a4696',
      backgroundToken: '--lilac-50',
      background: '#f1ebf8',
    });
  });
});
