import { CRYPTO_KINDS, DEFAULT_UNIT_TYPE, ORDER_MESSAGES, type BuyPaymentMethod, type CryptoKind, type UnitType } from '@landunits/domain';
import type { OrderView } from '../../shared/orders/types';
import { isUnitType } from './order-format';

/**
 * What a buy is before it is placed: the Buy tab's choices, carried to the payment page in its
 * address (`/dashboard/buy-units/payment?unitType=LAND_POUND&units=100&lu2x=1&code=SPRING10`) so
 * a reload or a shared link keeps them, and back to the Buy tab to change them.
 */
export interface BuyTerms {
  unitType: UnitType;
  units: number;
  isDoubleLand: boolean;
  /** Upper-cased reference code, or null. */
  code: string | null;
}

export const BUY_TAB_PATH = '/dashboard/transaction';
export const PAYMENT_CHOICE_PATH = '/dashboard/buy-units/payment';
export const BANK_PAYMENT_PATH = '/dashboard/buy-units/payment-bank';
export const CRYPTO_PAYMENT_PATH = '/dashboard/buy-units/payment-crypto';
export const CARD_STRIPE_PATH = '/dashboard/buy-units/payment-card-stripe';
export const CARD_SQUARE_PATH = '/dashboard/buy-units/payment-card-square';
export const BUY_SUCCESS_PATH = '/dashboard/buy-units/payment/success';
export const BUY_CANCELLED_PATH = '/dashboard/buy-units/cancelled';
/** Where a new purchase starts. */
export const NEW_BUY_PATH = `${BUY_TAB_PATH}?tab=buy`;

/** The page where a buy of this method is paid. */
export const PAYMENT_PAGES: Readonly<Record<BuyPaymentMethod, string>> = {
  Bank: BANK_PAYMENT_PATH,
  Crypto: CRYPTO_PAYMENT_PATH,
  Card_Stripe: CARD_STRIPE_PATH,
  Card_Square: CARD_SQUARE_PATH,
};

export const withOrderId = (path: string, orderId: string) => `${path}?orderId=${encodeURIComponent(orderId)}`;

/** The payment page of a placed buy. */
export function paymentPageFor(order: Pick<OrderView, 'orderId' | 'paymentMethod'>): string {
  const page = PAYMENT_PAGES[order.paymentMethod as BuyPaymentMethod] ?? BANK_PAYMENT_PATH;
  return withOrderId(page, order.orderId);
}

/** The words of each buy payment method. A customer sees "Card" whichever provider takes the card. */
export const BUY_METHOD_LABELS: Readonly<Record<BuyPaymentMethod, string>> = {
  Bank: 'Bank transfer',
  Card_Stripe: 'Card',
  Card_Square: 'Card',
  Crypto: 'Crypto (Bitcoin or Ether)',
};

/** The order methods are offered in. */
export const METHOD_ORDER: readonly BuyPaymentMethod[] = ['Bank', 'Card_Stripe', 'Card_Square', 'Crypto'];

export const COIN_LABELS: Readonly<Record<CryptoKind, string>> = { BITCOIN: 'Bitcoin (BTC)', ETHER: 'Ether (ETH)' };

export const isCryptoKind = (value: string): value is CryptoKind => (CRYPTO_KINDS as readonly string[]).includes(value);

/** How a placed buy is paid, in words: 'Bank transfer', 'Card', 'Crypto: Bitcoin (BTC)'. */
export function orderMethodLabel(order: Pick<OrderView, 'paymentMethod' | 'buy'>): string {
  if (order.paymentMethod === 'Crypto') {
    const coin = order.buy?.cryptoType;
    return coin && isCryptoKind(coin) ? `Crypto: ${COIN_LABELS[coin]}` : 'Crypto';
  }
  return BUY_METHOD_LABELS[order.paymentMethod as BuyPaymentMethod] ?? order.paymentMethod;
}

/** The query of the payment page (and of the Buy tab, to come back and change the Units). */
function termsQuery(terms: BuyTerms): string {
  const params = new URLSearchParams({ unitType: terms.unitType, units: String(terms.units) });
  if (terms.isDoubleLand) params.set('lu2x', '1');
  if (terms.code) params.set('code', terms.code);
  return params.toString();
}

export const paymentChoicePath = (terms: BuyTerms) => `${PAYMENT_CHOICE_PATH}?${termsQuery(terms)}`;

/** Back to the Buy tab with these choices filled in. */
export const changeBuyPath = (terms: BuyTerms) => `${BUY_TAB_PATH}?tab=buy&${termsQuery(terms)}`;

const CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** The Buy tab's starting values from its address (after "Change"), each one only when valid. */
export function buyPrefill(search: string): { unitType: UnitType; numberOfUnits: string; isDoubleLand: boolean; referenceCode: string } {
  const params = new URLSearchParams(search);
  const unitType = params.get('unitType') ?? '';
  const units = params.get('units') ?? '';
  const code = params.get('code')?.trim() ?? '';
  return {
    unitType: isUnitType(unitType) ? unitType : DEFAULT_UNIT_TYPE,
    numberOfUnits: /^[1-9]\d{0,15}$/.test(units) ? units : '',
    isDoubleLand: params.get('lu2x') === '1',
    referenceCode: CODE_PATTERN.test(code) ? code.toUpperCase() : '',
  };
}

/** The payment page's terms, or why they cannot be used (a missing or broken link). */
export function parseBuyTerms(search: string): { ok: true; terms: BuyTerms } | { ok: false; problem: string } {
  const params = new URLSearchParams(search);
  const unitType = params.get('unitType') ?? DEFAULT_UNIT_TYPE;
  const units = params.get('units') ?? '';
  const code = params.get('code')?.trim() ?? '';
  const isDoubleLand = params.get('lu2x') === '1';
  if (!isUnitType(unitType)) return { ok: false, problem: 'The unit type in this link is not one we sell.' };
  const n = Number(units);
  if (!/^\d+$/.test(units) || !Number.isSafeInteger(n) || n < 1) {
    return { ok: false, problem: 'This link does not say how many Units to buy.' };
  }
  if (code && !CODE_PATTERN.test(code)) return { ok: false, problem: 'The reference code in this link is not valid.' };
  if (code && isDoubleLand) return { ok: false, problem: ORDER_MESSAGES.doubleLandNoCodes };
  return { ok: true, terms: { unitType, units: n, isDoubleLand, code: code ? code.toUpperCase() : null } };
}
