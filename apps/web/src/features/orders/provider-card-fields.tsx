import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Spinner } from '../../shared/ui/spinner';
import { OrderAlertBox } from './order-flow-view';
import type { OrderAlert } from './use-order-form';
import { fieldClassName } from '../../shared/ui/field-parts';
import * as styles from './orders.module.css';

/**
 * The frame around a card provider's own card field (Stripe's element, Square's card): its label
 * and hint, the spot the provider mounts into, its error, our alert and the Pay button, and the
 * state shown when the provider's script cannot be loaded. The provider forms keep only their
 * script handling.
 */
export function ProviderCardFields({
  mountRef,
  ...props
}: {
  provider: 'Stripe' | 'Square';
  hint: ReactNode;
  mountRef: RefObject<HTMLDivElement | null>;
  ready: boolean;
  loadFailed: boolean;
  onRetryLoad: () => void;
  cardError: string | null;
  alert: OrderAlert | null;
  retryHint?: string;
  paying: boolean;
  payLabel: string;
  elementClassName?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const id = useId();
  if (props.loadFailed) {
    return (
      <ErrorState title="The card form could not be loaded" message="The card form did not load. Check your connection, and any blocker of scripts, then try again." onRetry={props.onRetryLoad} />
    );
  }
  return (
    <form className={styles.cardForm} noValidate aria-label="Card details" onSubmit={props.onSubmit}>
      <div className={fieldClassName('field')}>
        <span className={fieldClassName('label')} id={`${id}-label`}>
          Card details
        </span>
        <span className={fieldClassName('hint')} id={`${id}-hint`}>
          {props.hint}
        </span>
        {props.ready ? null : <Spinner label="Loading the card form…" showLabel />}
        <div
          ref={mountRef}
          className={[styles.cardFormElement, props.elementClassName].filter(Boolean).join(' ')}
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={props.cardError ? `${id}-hint ${id}-error` : `${id}-hint`}
          hidden={props.provider === 'Stripe' ? !props.ready : undefined}
        />
        {props.cardError ? (
          <span className={fieldClassName('error')} id={`${id}-error`} role="alert">
            {props.cardError}
          </span>
        ) : null}
      </div>
      <OrderAlertBox alert={props.alert} {...(props.retryHint ? { retryHint: props.retryHint } : {})} />
      <Button type="submit" className={styles.cardFormPay} loading={props.paying} disabled={!props.ready}>
        {props.payLabel}
      </Button>
    </form>
  );
}
