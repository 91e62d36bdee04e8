import type { BuyPaymentMethod, CardPaymentSetup } from '@landunits/domain';
import { METHOD_ORDER } from './buy-terms';
import { methodFee, quoteTotal, type BuyQuote } from './order-breakdown';
import type { OrderContext } from './use-order-context';

/**
 * Which payment methods a customer is offered on the purchase page, and which one starts chosen.
 * One card option at most ("Card"): the provider card_setup offers, none when it offers none (no
 * card is taken here); without an answer, Stripe's, or the other one when the price data lists no
 * fees for it (the server refuses a card it does not take, with its message by the field).
 */
export function offeredMethods(context: OrderContext, setup: CardPaymentSetup | null): BuyPaymentMethod[] {
  if (setup && setup.offered === null) return METHOD_ORDER.filter((method) => method !== 'Card_Stripe' && method !== 'Card_Square');
  const preferred = setup?.offered ?? 'Card_Stripe';
  const other = preferred === 'Card_Stripe' ? 'Card_Square' : 'Card_Stripe';
  const card = methodFee(context, preferred) || !methodFee(context, other) ? preferred : other;
  return METHOD_ORDER.filter((method) => method === card || (method !== 'Card_Stripe' && method !== 'Card_Square'));
}

/**
 * BUSINESS users start on Bank (SPEC §4); everyone else on the cheapest offered method for this
 * order's amount, from the server's fees with the domain's buyTotal. A tie goes to the method
 * listed first (Bank before the paid ones).
 */
export function defaultMethod(context: OrderContext, offered: readonly BuyPaymentMethod[], quoteFor: (method: BuyPaymentMethod) => BuyQuote): BuyPaymentMethod {
  const available = offered.filter((method) => methodFee(context, method));
  if (context.userType === 'BUSINESS' && available.includes('Bank')) return 'Bank';
  let cheapest: { method: BuyPaymentMethod; amount: bigint } | null = null;
  for (const method of available) {
    const total = quoteTotal(context, quoteFor(method));
    if (total && (!cheapest || total.paymentAmount < cheapest.amount)) cheapest = { method, amount: total.paymentAmount };
  }
  return cheapest?.method ?? available[0] ?? 'Bank';
}
