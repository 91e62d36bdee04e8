import { useId, type ReactNode } from 'react';
import type { Form } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { Stepper } from '../../shared/ui/stepper';
import type { FigureRow } from './order-breakdown';
import type { OrderAlert, OrderStep } from './use-order-form';
import * as styles from './orders.module.css';

/** The figures of an order as a description list; the deciding figure stands out. */
export function Figures({ rows, label }: { rows: readonly FigureRow[]; label?: string }) {
  return (
    <dl className={styles.figures} aria-label={label}>
      {rows.map((row, index) => (
        <div key={`${index}-${row.label}`} className={row.total ? `${styles.figuresRow} ${styles.figuresRowTotal}` : styles.figuresRow}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const CONFIRM_RETRY_HINT = 'Your order may not have reached us. Press Confirm to try again: the same order is sent, so it cannot be placed twice.';

/**
 * A server or network problem, in the server's words, above the button it concerns. When the same
 * request may be sent again (network error, busy server), `retryHint` says how.
 */
export function OrderAlertBox({ alert, retryHint = CONFIRM_RETRY_HINT }: { alert: OrderAlert | null; retryHint?: string }) {
  if (!alert) return null;
  return (
    <div role="alert" className={styles.orderAlert}>
      <p className={styles.orderAlertMessage}>{alert.message}</p>
      {alert.retryable ? <p className={styles.orderAlertHint}>{retryHint}</p> : null}
    </div>
  );
}

/** The steps of each order flow (issue #30, item 4): a buy is paid after its review; the others are done at Confirm. */
export const FLOW_STEPS = {
  buy: { label: 'Buying Units', names: ['Units', 'Payment method', 'Review', 'Pay', 'Done'] },
  sell: { label: 'Selling Units', names: ['Details', 'Review', 'Done'] },
  transfer: { label: 'Sending Units', names: ['Details', 'Review', 'Done'] },
  convert: { label: 'Converting Units', names: ['Details', 'Review', 'Done'] },
  schedule: { label: 'Scheduling a transfer', names: ['Details', 'Review', 'Scheduled'] },
} as const satisfies Record<string, { label: string; names: readonly string[] }>;

export type FlowName = keyof typeof FLOW_STEPS;

/** The flow's steps with the person on step `at` (0-based). */
export function FlowStepper({ flow, at }: { flow: FlowName; at: number }) {
  const { label, names } = FLOW_STEPS[flow];
  return <Stepper label={label} steps={names} current={at} />;
}

/** What the flow view needs of `useOrderForm`. */
export interface OrderFlowState {
  step: OrderStep;
  alert: OrderAlert | null;
  checking: boolean;
  confirming: boolean;
  /** Spread on the form's <form>: the form kit's, whose submit checks the fields, then shows the review. */
  formProps: Form<string>['formProps'];
  back: () => void;
  confirm: () => Promise<void>;
  /** Callback ref of the review's heading, which takes focus. */
  attachReviewHeading: (element: HTMLHeadingElement | null) => void;
}

export interface OrderFlowViewProps {
  form: OrderFlowState;
  /** Accessible name of the form, e.g. "Buy Units". */
  formLabel: string;
  /** The form's fields. */
  children: ReactNode;
  /** Live figures beside the form, and every figure of the review. */
  rows: readonly FigureRow[];
  /** Rows only the review shows (recipient, payment method, date…), before the figures. */
  reviewRows?: readonly FigureRow[];
  /** Extra lines under the live figures (what happens next, locks…). */
  summaryNote?: ReactNode;
  reviewTitle: string;
  /** A sentence under the review's figures: what Confirm does. */
  reviewNote?: ReactNode;
  /** Set when the order cannot be placed at all (selling before verification): why, beside a disabled button. */
  blocked?: ReactNode;
  /** The label of the button that leads to the review. */
  reviewButtonLabel?: string;
  /** Under the review's message, e.g. a way back to change what the server refused. */
  reviewAfterAlert?: ReactNode;
  /** The flow this form is a step of, and the step its form is (its review is the next one). */
  steps?: { flow: FlowName; form: number };
}

/**
 * Two steps in one place: the form with its live figures (side by side from 992 px, stacked
 * below), then the review of every figure with Confirm. The review heading takes focus so screen
 * readers start there; going back focuses the form.
 */
export function OrderFlowView({
  form,
  formLabel,
  children,
  rows,
  reviewRows = [],
  summaryNote,
  reviewTitle,
  reviewNote,
  blocked,
  reviewButtonLabel = 'Review order',
  reviewAfterAlert,
  steps,
}: OrderFlowViewProps) {
  const id = useId();
  const { step, alert, checking, confirming, formProps, back, confirm, attachReviewHeading } = form;
  const reviewTitleId = `${id}-review`;
  const summaryTitleId = `${id}-summary`;
  const blockedId = `${id}-blocked`;
  const stepper = steps ? <FlowStepper flow={steps.flow} at={steps.form + (step === 'review' ? 1 : 0)} /> : null;
  if (step === 'review') {
    return (
      <>
        {stepper}
        <section className={`${styles.orderCard} ${styles.orderReview}`} aria-labelledby={reviewTitleId}>
          <h2 id={reviewTitleId} ref={attachReviewHeading} tabIndex={-1} className={styles.orderCardTitle}>
            {reviewTitle}
          </h2>
          <Figures rows={[...reviewRows, ...rows]} />
          {reviewNote ? <p className={styles.orderReviewNote}>{reviewNote}</p> : null}
          <OrderAlertBox alert={alert} />
          {reviewAfterAlert}
          <div className={styles.orderActions}>
            <Button onClick={() => void confirm()} loading={confirming}>
              Confirm
            </Button>
            <Button variant="secondary" onClick={back} disabled={confirming}>
              Change order
            </Button>
          </div>
        </section>
      </>
    );
  }

  return (
    <>
      {stepper}
      <div className={styles.orderLayout}>
        <form
          {...formProps}
          aria-label={formLabel}
          className={`${styles.orderCard} ${styles.orderForm}`}
          onSubmit={(event) => {
            if (blocked) event.preventDefault();
            else formProps.onSubmit(event);
          }}
        >
          {children}
          {blocked ? (
            <div className={styles.orderBlocked} id={blockedId}>
              {blocked}
            </div>
          ) : null}
          <OrderAlertBox alert={alert} />
          <Button type="submit" className={styles.orderFormSubmit} loading={checking} disabled={Boolean(blocked)} aria-describedby={blocked ? blockedId : undefined}>
            {reviewButtonLabel}
          </Button>
        </form>
        <section className={`${styles.orderCard} ${styles.orderSummary}`} aria-labelledby={summaryTitleId}>
          <h2 id={summaryTitleId} className={styles.orderCardTitle}>
            Breakdown
          </h2>
          <Figures rows={rows} />
          {summaryNote ? <div className={styles.orderSummaryNote}>{summaryNote}</div> : null}
        </section>
      </div>
    </>
  );
}
