/**
 * Card payments (PRODUCT-DECISIONS §7). Without provider keys both card pages show a built-in test
 * form, marked TEST MODE, that goes through the same order transitions as a real provider.
 */

export type CardProvider = 'Card_Stripe' | 'Card_Square';

/** How card payments are taken: with a provider's own page elements, or the built-in test form. */
export interface CardPaymentSetup {
  /** Which card page /dashboard/buy-units/payment-card/ leads to. */
  preferred: CardProvider;
  /**
   * The card provider buyers are offered (the buy form, /fees): the preferred one when it takes
   * payments here (live, or its TEST MODE form where the development tools are on); null when no
   * card is taken, e.g. a production server without card keys.
   */
  offered: CardProvider | null;
  /** Per provider: 'live' (keys set: the provider's own form) or 'test' (the built-in TEST MODE form). */
  modes: Record<CardProvider, 'live' | 'test'>;
  /** Public keys the browser needs for the live forms. */
  stripePublishableKey: string | null;
  square: { applicationId: string; locationId: string; sdkUrl: string } | null;
}

/** Test card numbers of the built-in form (the same ones the providers' sandboxes use). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

/**
 * How many declined cards one buy takes (decision 0067): a declined card leaves the order open with
 * its Units reserved, so the person can try another card on the same order; the third decline fails
 * it (the Units are released and the person is emailed), as does the order's payment deadline.
 */
export const MAX_CARD_DECLINES = 3;

export const CARD_MESSAGES = {
  declined: 'Your card was declined. No money was taken.',
  cardNumber: 'Enter the 16-digit card number.',
  expiry: 'Enter the expiry date as MM/YY, in the future.',
  cvc: 'Enter the 3-digit security code.',
  unknownTestCard: 'In test mode use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).',
  notInTestMode: 'Card payments are taken by the card provider; the test form is switched off.',
  amountMismatch: 'The amount paid does not match this order; an admin will check it.',
} as const;
