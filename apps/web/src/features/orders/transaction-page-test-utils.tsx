import { screen, within } from '@testing-library/react';
import { renderOrderPage, testBundle } from './orders-test-utils';

/** Helpers of the /dashboard/transaction page tests (transaction-page*.test.tsx). */

export type User = ReturnType<typeof renderOrderPage>['user'];

export const CREATE = 'POST /api/order/create_order';

export async function openTab(tab = 'buy', bundle = testBundle()) {
  const rendered = renderOrderPage(`/dashboard/transaction?tab=${tab}`, bundle);
  await screen.findByRole('heading', { level: 1, name: 'Buy, sell or transfer Units' });
  await screen.findByRole('tab', { name: tab[0]?.toUpperCase() + tab.slice(1), selected: true });
  return rendered;
}

/** The figure next to a label in the breakdown (or the review). */
export function figure(label: string, within_: HTMLElement = document.body): string {
  const term = within(within_).getAllByText(label, { selector: 'dt' })[0];
  return term?.nextElementSibling?.textContent ?? '';
}

export const breakdown = () => screen.getByRole('region', { name: 'Breakdown' });
/** The review, once shown: the form's checks run before it (a promise), so it may come a moment after the click. */
export const review = () => screen.findByRole('region', { name: /^Review your/ });

export async function typeUnits(user: User, units: string) {
  const field = screen.getByLabelText('Number of Units');
  await user.clear(field);
  await user.type(field, units);
}

export const CODE_LOOKUP = (code: string, subTotal?: number) =>
  `GET /api/referencecode/get_discount_by_reference_code?code=${code}${subTotal === undefined ? '' : `&subTotal=${subTotal}`}&unitType=LAND_POUND`;
export const CARD_SETUP = 'GET /api/order/card_setup';
export const SETUP = { preferred: 'Card_Stripe', offered: 'Card_Stripe', modes: { Card_Stripe: 'test', Card_Square: 'test' }, stripePublishableKey: null, square: null };

export const spring10 = {
  code: 'SPRING10',
  codeType: 'DISCOUNT',
  isPercent: true,
  amount: '10',
  discountValue: '10 %',
  bonusUnits: 0,
  minPaymentAmountInCents: null,
  maxPaymentAmountInCents: null,
  validUntil: null,
};
export const bonus50 = { ...spring10, code: 'BONUS50', codeType: 'BONUS', isPercent: false, amount: '0', discountValue: '', bonusUnits: 50 };
