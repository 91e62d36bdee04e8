import { ORDER_MESSAGES } from '@landunits/domain';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderApi, renderOrderPage } from './orders-test-utils';
import { breakdown, CREATE, figure, openTab, typeUnits } from './transaction-page-test-utils';

beforeAll(async () => {
  await import('./order-pages');
});

const units = () => screen.getByLabelText('Number of Units') as HTMLInputElement;

describe('Units fields take whole Units only', () => {
  it('Buy: "2.5" stays as typed, is called out at once and never becomes 25 in the breakdown', async () => {
    const api = orderApi({});
    const { user, location } = await openTab('buy');

    await typeUnits(user, '2.5');

    expect(units().value).toBe('2.5');
    // Said while typing, before the field is left.
    expect(screen.getByText(ORDER_MESSAGES.unitsWhole)).toBeTruthy();
    expect(units().getAttribute('aria-invalid')).toBe('true');
    expect(figure('Units', breakdown())).not.toMatch(/25/);
    expect(breakdown().textContent).not.toContain('£26.75');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(location.current).toBe('/dashboard/transaction?tab=buy');
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('Buy: "2." is refused too (it would otherwise parse as 2), a comma likewise; whole Units clear the message', async () => {
    orderApi({});
    const { user } = await openTab('buy');

    await typeUnits(user, '2.');
    expect(screen.getByText(ORDER_MESSAGES.unitsWhole)).toBeTruthy();
    await typeUnits(user, '2,5');
    expect(units().value).toBe('2,5');
    expect(screen.getByText(ORDER_MESSAGES.unitsWhole)).toBeTruthy();
    await typeUnits(user, '25');
    expect(screen.queryByText(ORDER_MESSAGES.unitsWhole)).toBeNull();
    expect(figure('Units', breakdown())).toBe('25 GBP Units');
  });

  it.each(['sell', 'transfer'])('%s: a decimal is called out and the order is not sent', async (tab) => {
    const api = orderApi({});
    const { user } = await openTab(tab);

    await typeUnits(user, '1.5');

    expect(units().value).toBe('1.5');
    expect(screen.getByText(ORDER_MESSAGES.unitsWhole)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Review/ }));
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it.each([
    ['/dashboard/convert', 'Convert Units'],
    ['/dashboard/future-transfer', /Schedule/],
  ])('%s: a decimal is called out', async (path, form) => {
    orderApi({});
    const { user } = renderOrderPage(path);
    await screen.findByRole('form', { name: form });

    await typeUnits(user, '3.75');

    expect(units().value).toBe('3.75');
    expect(screen.getByText(ORDER_MESSAGES.unitsWhole)).toBeTruthy();
  });
});
