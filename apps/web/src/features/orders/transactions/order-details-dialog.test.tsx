import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../shared/orders/types';
import { json, mockApi } from '../../../test/api-mock';
import { renderWithProviders, TEST_USER } from '../../../test/render-app';
import { OrderDetailsDialog } from './order-details-dialog';

const ID = '01JCARD0000000000000AAAAA';

// A card buy of 50 Units at £1.07: base £53.50 + £1.00 = £54.50; 1.50 % of it is £0.82 (half-up), plus £0.20.
function cardBuy(payment: Partial<NonNullable<OrderView['paymentDetails']>> = {}): OrderView {
  return {
    orderId: ID,
    orderType: 'BUY',
    orderStatus: 'Completed',
    statusLabel: 'Completed',
    statusColour: 'green',
    direction: 'SENT',
    paymentMethod: 'Card_Stripe',
    currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 50, pricePerUnit: '1.070000' },
    paymentDetails: {
      currency: 'GBP',
      paymentMethod: 'Card_Stripe',
      subTotal: 5_350,
      discount: 0,
      transactionFee: 100,
      paymentMethodFees: { fixedPercentageFees: 82, fixedCentsFees: 20 },
      paymentAmount: 5_552,
      ...payment,
    },
    buy: { paymentId: ID.slice(-5), expiresAt: null },
    createdAt: '2026-03-10T14:05:00.000Z',
    updatedAt: '2026-03-10T14:05:00.000Z',
    statusHistory: [],
  };
}

async function feeRow(order: OrderView): Promise<string | null> {
  mockApi({ [`GET /api/order/get_order_details/${ID}`]: () => json(200, { orderData: order }) });
  renderWithProviders(<OrderDetailsDialog orderId={ID} onClose={() => undefined} />, { session: TEST_USER });
  const dialog = await screen.findByRole('dialog', { name: 'Order details' });
  const term = await within(dialog).findByText('Payment method fee');
  return term.nextElementSibling?.textContent ?? null;
}

describe('the order details dialog', () => {
  it('states the card fee with the terms the buy was charged under, not its amounts read as a rate', async () => {
    const text = await feeRow(cardBuy({ paymentMethodFeeTerms: { percentageBasisPoints: 150, fixedCents: 20 } }));
    expect(text).toBe('£1.02 (1.50% + £0.20)');
    expect(text).not.toContain('0.82%');
  });

  it('shows the amounts charged, and no rate, for a buy stored before its terms were recorded', async () => {
    const text = await feeRow(cardBuy());
    expect(text).toBe('£1.02 (£0.82 + £0.20)');
    expect(text).not.toMatch(/%/);
  });

  it('names only the part of the terms that applies', async () => {
    expect(
      await feeRow(cardBuy({ paymentMethodFees: { fixedPercentageFees: 55, fixedCentsFees: 0 }, paymentAmount: 5_505, paymentMethodFeeTerms: { percentageBasisPoints: 100, fixedCents: 0 } })),
    ).toBe('£0.55 (1.00%)');
  });
});
