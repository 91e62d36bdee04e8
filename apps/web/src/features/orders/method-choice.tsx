import type { BuyPaymentMethod } from '@landunits/domain';
import { useId, type ReactNode } from 'react';
import { BUY_METHOD_LABELS } from './buy-terms';
import * as styles from './orders.module.css';

/** The payment method choice of the purchase page (payment-choice-page.tsx): one radio per method, its hint and review note. */

export const REVIEW_NOTES: Readonly<Record<BuyPaymentMethod, string>> = {
  Bank: 'When you confirm, we reserve these Units for you and show our bank details and your payment reference.',
  Crypto: 'When you confirm, we reserve these Units for you and show our wallet address and your payment reference.',
  Card_Stripe: 'When you confirm, we reserve these Units for you and open the card payment.',
  Card_Square: 'When you confirm, we reserve these Units for you and open the card payment.',
};

export const METHOD_HINTS: Readonly<Record<BuyPaymentMethod, string>> = {
  Bank: 'You pay from your bank; we confirm when it arrives.',
  Card_Stripe: 'Paid at once; the Units are yours as soon as the payment is confirmed.',
  Card_Square: 'Paid at once; the Units are yours as soon as the payment is confirmed.',
  Crypto: 'You send Bitcoin or Ether to our wallet; we confirm when it arrives.',
};

/** One radio of the method choice: the method, its total and its fee named. */
export function MethodChoice({
  method,
  checked,
  disabled,
  hint,
  total,
  describedBy,
  invalid,
  onChoose,
  children,
}: {
  method: BuyPaymentMethod;
  checked: boolean;
  disabled: boolean;
  hint: ReactNode;
  total: string;
  describedBy: string | undefined;
  invalid: boolean;
  onChoose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={disabled ? `${styles.choice} ${styles.choiceDisabled}` : styles.choice}>
      <input
        id={id}
        type="radio"
        name="paymentMethod"
        value={method}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        aria-labelledby={`${id}-name ${id}-total`}
        aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid && checked ? true : undefined}
      />
      <span className={`${styles.choiceText} ${styles.methodText}`}>
        <label htmlFor={id} className={styles.methodLabel}>
          <span className={styles.methodHead}>
            <span id={`${id}-name`} className={styles.choiceLabel}>
              {BUY_METHOD_LABELS[method]}
            </span>
            <span id={`${id}-total`} className={styles.methodTotal}>
              {total}
            </span>
          </span>
          <span id={`${id}-hint`} className={styles.choiceHint}>
            {hint}
          </span>
        </label>
        {children}
      </span>
    </div>
  );
}
