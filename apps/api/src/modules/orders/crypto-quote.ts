import { CRYPTO_QUOTE_MESSAGES, paymentUri, quoteSecondsLeft, type CryptoQuote, type CryptoQuoteAnswer } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { OrderDetails, OrderRow } from './order-view';
import { orders } from './schema';
import { lockOwnOrder } from './store';

/**
 * POST /api/order/crypto_quote (decision 0069): the coin amount of a person's own crypto buy that
 * still waits for its payment. A quote that holds for another QUOTE_KEPT_SECONDS is answered as it
 * is; otherwise a new one is made from the rate source (outside any transaction: a provider may
 * take seconds) and kept on the order (`details.buy.cryptoQuote`), where the admin who confirms
 * the payment sees what the buyer was told.
 */

/** A quote with less than this left is renewed rather than shown counting its last seconds. */
export const QUOTE_KEPT_SECONDS = 60;

/** Makes a quote for an order at an instant (the rate source and the arithmetic: payments module). */
export type QuoteMaker = (order: OrderRow, at: Date) => Promise<CryptoQuote>;

const quoteOf = (order: OrderRow): CryptoQuote | undefined => (order.details as OrderDetails | null)?.buy?.cryptoQuote;

/** The order's wallet address, copied onto it when it was placed. */
export const walletOfOrder = (order: OrderRow): string => (order.details as OrderDetails | null)?.buy?.walletAddress ?? '';

/** Refuses a quote for anything but an own crypto buy waiting for its payment, with a wallet to pay to. */
function checkQuotable(order: OrderRow, now: Date): void {
  if (order.orderType !== 'BUY' || order.paymentMethod !== 'Crypto') throw new AppError('WRONG_PAYMENT_METHOD', CRYPTO_QUOTE_MESSAGES.notCrypto);
  if (order.orderStatus !== 'Initiated' || (order.dueAt !== null && order.dueAt <= now)) throw new AppError('TRANSITION_REFUSED', CRYPTO_QUOTE_MESSAGES.notAwaiting);
  if (!walletOfOrder(order)) throw new AppError('CONFLICT', CRYPTO_QUOTE_MESSAGES.noWallet);
}

/** The answer without its QR code (drawn by the route). */
export type QuoteFound = Omit<CryptoQuoteAnswer, 'qrCodeSvg'>;

function answer(order: OrderRow, quote: CryptoQuote, now: Date): QuoteFound {
  return { quote, secondsLeft: quoteSecondsLeft(quote.expiresAt, now), paymentUri: paymentUri(quote.coin, walletOfOrder(order), quote.coinAmount) };
}

/** What the buyer pays, in cents of the order's currency. */
const amountToPay = (order: OrderRow): number | null => (order.paymentDetails as { paymentAmount?: number } | null)?.paymentAmount ?? order.amountCents;

/** The order's quote while it holds another QUOTE_KEPT_SECONDS and is for the order's amount as it is now. */
const kept = (order: OrderRow, now: Date): CryptoQuote | undefined => {
  const quote = quoteOf(order);
  return quote && quote.paymentAmount === amountToPay(order) && quoteSecondsLeft(quote.expiresAt, now) >= QUOTE_KEPT_SECONDS ? quote : undefined;
};

/** Attempts at a quote when the order's amount changes while its rate is fetched. */
const QUOTE_ATTEMPTS = 2;

export async function cryptoQuote(ctx: DbContext, userId: string, orderId: string, makeQuote: QuoteMaker, attempt = 1): Promise<QuoteFound> {
  const now = ctx.clock.now();
  const seen = await ctx.db.transaction((tx) => lockOwnOrder(tx, orderId, userId));
  checkQuotable(seen, now);
  const current = kept(seen, now);
  if (current) return answer(seen, current, now);

  const quote = await makeQuote(seen, now);
  const stored = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, orderId, userId);
    const at = ctx.clock.now();
    checkQuotable(order, at);
    // Another tab renewed it meanwhile: one quote per order at a time.
    const other = kept(order, at);
    if (other) return answer(order, other, at);
    // The number of Units changed while the rate was fetched: this quote is for an amount no longer owed.
    if (quote.paymentAmount !== amountToPay(order)) return null;
    const details = order.details as OrderDetails;
    await tx
      .update(orders)
      .set({ details: { ...details, buy: { ...details.buy!, cryptoQuote: quote } } })
      .where(eq(orders.id, order.id));
    return answer(order, quote, at);
  });
  if (stored) return stored;
  if (attempt >= QUOTE_ATTEMPTS) throw new AppError('CONFLICT', CRYPTO_QUOTE_MESSAGES.amountChanged);
  return cryptoQuote(ctx, userId, orderId, makeQuote, attempt + 1);
}
