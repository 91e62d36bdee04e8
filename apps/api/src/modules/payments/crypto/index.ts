import { coinAmountFor, cryptoQuoteExpiresAt, currencyOf, CRYPTO_KINDS, CRYPTO_QUOTE_MESSAGES, type CryptoKind, type CryptoQuote } from '@landunits/domain';
import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { AppError } from '../../../platform/http/app-error';
import { route } from '../../auth';
import { cryptoQuote, type OrderDetails, type OrderRow, type QuoteMaker } from '../../orders';
import { cardPaymentOf } from '../stripe/payment-intent-route';
import { adminRateSource, CoinRateUnavailable, providerRateSource, type CoinRateSource } from './rate-sources';

export { adminRateSource, providerRateSource, CoinRateUnavailable, PROVIDER_CACHE_MS, PROVIDER_PRICE_MAX_AGE_MS, type CoinRate, type CoinRateSource } from './rate-sources';

/** A quote of the order's payment amount at the source's price, held CRYPTO_QUOTE_MINUTES from `at` (at most until the order's deadline). */
export function quoteMaker(source: CoinRateSource): QuoteMaker {
  return async (order: OrderRow, at: Date): Promise<CryptoQuote> => {
    const coin = (order.details as OrderDetails | null)?.buy?.cryptoType;
    if (!coin || !(CRYPTO_KINDS as readonly string[]).includes(coin)) throw new AppError('WRONG_PAYMENT_METHOD', CRYPTO_QUOTE_MESSAGES.notCrypto);
    const { amountCents } = cardPaymentOf(order);
    const currency = currencyOf(order.unitType);
    let rate;
    try {
      rate = await source.rate(coin as CryptoKind, currency);
    } catch (err) {
      if (err instanceof CoinRateUnavailable) throw new AppError('UNAVAILABLE', CRYPTO_QUOTE_MESSAGES.rateUnavailable);
      throw err;
    }
    return {
      coin: coin as CryptoKind,
      currency,
      paymentAmount: amountCents,
      coinAmount: coinAmountFor(amountCents, rate.price),
      coinPrice: rate.price,
      rateSource: rate.source,
      rateAt: rate.at?.toISOString() ?? null,
      quotedAt: at.toISOString(),
      expiresAt: cryptoQuoteExpiresAt(at, order.dueAt).toISOString(),
    };
  };
}

/** POST /api/order/crypto_quote, on the provider when CRYPTO_RATES_URL is set, else on the admin's price. */
export async function cryptoQuoteRoute(app: FastifyInstance, { source }: { source?: CoinRateSource } = {}): Promise<void> {
  const ctx = app.ctx;
  const rates = app.config.cryptoRates;
  const chosen = source ?? (rates ? providerRateSource({ url: rates.url, apiKey: rates.apiKey, clock: ctx.clock }) : adminRateSource(ctx.db, ctx.clock));
  const makeQuote = quoteMaker(chosen);
  route(app, C.cryptoQuote, async ({ user, body }) => {
    const found = await cryptoQuote(ctx, user.id, body.orderId, makeQuote);
    return { ...found, qrCodeSvg: await QRCode.toString(found.paymentUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
  });
}
