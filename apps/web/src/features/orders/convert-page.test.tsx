import { MONEY_MESSAGES, ORDER_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { idempotencyKeys, ORDER_ID, orderApi, renderOrderPage, testBundle, testOrder } from './orders-test-utils';
import * as badgeStyles from '../../shared/ui/status-badge.module.css';

beforeAll(async () => {
  await import('./order-pages');
});

const CREATE = 'POST /api/order/create_order';

function figure(label: string, scope: HTMLElement): string {
  return within(scope).getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent ?? '';
}

async function openConvert(bundle = testBundle()) {
  const rendered = renderOrderPage('/dashboard/convert', bundle);
  await screen.findByRole('form', { name: 'Convert Units' });
  return rendered;
}

const conversion = testOrder({
  orderType: 'CONVERT',
  orderStatus: 'Completed',
  statusLabel: 'Completed',
  statusColour: 'green',
  paymentMethod: 'None',
  paymentDetails: null,
  buy: null,
  currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 20, pricePerUnit: '1.070000' },
  convert: { unitType: 'LAND_USD', numberOfUnits: 24, pricePerUnit: '1.100000', exchangeRate: '1.240000', feeUnits: 0, unlockAt: '2026-12-22T14:05:00.000Z' },
});

describe('/dashboard/convert', () => {
  it('converts GBP to USD by default and previews the Units received from today’s prices and rates', async () => {
    orderApi({});
    const { user } = await openConvert();

    expect((screen.getByLabelText('Convert from') as HTMLSelectElement).value).toBe('LAND_POUND');
    expect((screen.getByLabelText('Convert to') as HTMLSelectElement).value).toBe('LAND_USD');
    expect(screen.getByText('The converted Units are locked for 30 days and then become yours to sell or transfer.')).toBeTruthy();
    expect(screen.getByText('Available to convert: 500 GBP Units.')).toBeTruthy();

    await user.type(screen.getByLabelText('Number of Units'), '20');
    const breakdown = screen.getByRole('region', { name: 'Breakdown' });
    // floor(20 × 1.07 × 1.24 / 1.10) = floor(24.12…) = 24
    expect(figure('Units converted', breakdown)).toBe('20 GBP Units');
    expect(figure('Exchange rate', breakdown)).toBe('1 GBP = 1.240000 USD');
    expect(figure('Price per GBP Unit', breakdown)).toBe('£1.0700');
    expect(figure('Price per USD Unit', breakdown)).toBe('$1.1000');
    expect(figure('Conversion fee', breakdown)).toBe('0 Units');
    expect(figure('Units received', breakdown)).toBe('24 USD Units');
    // 24.1236… − 24 = 0.1236… of a USD Unit.
    expect(within(breakdown).getByText('0.12 USD Units are lost to rounding.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const review = await screen.findByRole('region', { name: 'Review your conversion' });
    expect(within(review).getByText(/^0\.12 USD Units are lost to rounding\. When you confirm/)).toBeTruthy();
  });

  it('says so when no Units are lost to rounding', async () => {
    const bundle = testBundle();
    // Same price on both sides and a whole rate: 100 GBP Units × 2 = 200 AUD Units exactly.
    bundle.prices.LAND_AUD = { ...bundle.prices.LAND_AUD, pricePerUnit: '1.070000' };
    bundle.exchangeRate = { ...bundle.exchangeRate!, AUD: '2' };
    orderApi({}, bundle);
    const { user } = await openConvert(bundle);
    await user.selectOptions(screen.getByLabelText('Convert to'), 'LAND_AUD');
    await user.type(screen.getByLabelText('Number of Units'), '100');
    const breakdown = screen.getByRole('region', { name: 'Breakdown' });
    expect(figure('Units received', breakdown)).toBe('200 AUD Units');
    expect(within(breakdown).getByText('No Units are lost to rounding.')).toBeTruthy();
  });

  it('refuses the same unit type on both sides and more Units than owned, with the SPEC words', async () => {
    const api = orderApi({});
    const { user } = await openConvert();

    await user.selectOptions(screen.getByLabelText('Convert to'), 'LAND_POUND');
    await user.tab();
    expect(await screen.findByText(ORDER_MESSAGES.convertSameType)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Convert to'), 'LAND_EUR');
    await user.type(screen.getByLabelText('Number of Units'), '501');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByText(MONEY_MESSAGES.convertUpTo(500))).toBeTruthy();
    expect(screen.getByText('You can only convert up to 500 units')).toBeTruthy();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('checks the target again when the source changes, without the target being touched again', async () => {
    orderApi({});
    const { user } = await openConvert();
    const to = screen.getByLabelText('Convert to');
    await user.selectOptions(to, 'LAND_POUND');
    await user.tab();
    expect(await screen.findByText(ORDER_MESSAGES.convertSameType)).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Convert from'), 'LAND_USD');
    await waitFor(() => expect(screen.queryByText(ORDER_MESSAGES.convertSameType)).toBeNull());
    expect(to.getAttribute('aria-invalid')).toBeNull();
  });

  it('confirms with an Idempotency-Key and shows the conversion with its lock date', async () => {
    const api = orderApi({
      [CREATE]: () => json(201, { orderCreatedData: conversion }),
      [`GET /api/order/get_order_details/${ORDER_ID}`]: () => json(200, { orderData: conversion }),
    });
    const { user, location } = await openConvert();
    await user.type(screen.getByLabelText('Number of Units'), '20');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const review = await screen.findByRole('region', { name: 'Review your conversion' });
    expect(figure('Units received', review)).toBe('24 USD Units');
    expect(within(review).getByText(/locked for 30 days/)).toBeTruthy();
    await user.click(within(review).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Conversion complete' })).toBeTruthy();
    expect(location.current).toBe(`/dashboard/convert/success?orderId=${ORDER_ID}`);
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({
      orderType: 'CONVERT',
      currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 20 },
      convert: { unitType: 'LAND_USD' },
    });
    expect(idempotencyKeys(CREATE)).toHaveLength(1);

    const result = await screen.findByRole('region', { name: /^Order/ });
    expect(figure('Units given', result)).toBe('20 GBP Units');
    expect(figure('Units received', result)).toBe('24 USD Units');
    expect(figure('Locked until', result)).toBe('22 Dec 2026');
    expect(within(result).getByText('Completed').className).toContain(badgeStyles.badgeSuccess);
  });

  it('shows a 409 limit above Confirm', async () => {
    orderApi({
      [CREATE]: () => json(409, { message: 'You can only convert up to 12 units', code: 'INSUFFICIENT_UNITS', errors: { numberOfUnits: 'You can only convert up to 12 units' } }),
    });
    const { user } = await openConvert();
    await user.type(screen.getByLabelText('Number of Units'), '20');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You can only convert up to 12 units');
    // Above the button it concerns.
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(alert.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
