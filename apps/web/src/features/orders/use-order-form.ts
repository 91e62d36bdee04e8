import { safeParseCreateOrder } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { checkedFields } from '../../shared/admin/form-checks';
import { useForm, type FieldProps, type FormSchema, type SubmitHelpers } from '../../shared/lib/use-form';
import { hubspotMetaData } from '../../shared/lib/tracking-meta';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { invalidateAfterOrderAction } from '../../shared/orders/query-keys';
import type { OrderView } from '../../shared/orders/types';
import { unitsTextProblem } from './order-format';
import { ordersApi, type CreateOrderBody } from './orders-api';

/**
 * Form field names are the keys the API uses for field errors (docs/api/orders.md), so a 400's
 * `errors` land under the right fields.
 */
export type OrderFieldName = 'unitType' | 'numberOfUnits' | 'paymentMethod' | 'cryptoType' | 'isDoubleLand' | 'referenceCode' | 'recipientEmail' | 'scheduledDate' | 'convertUnitType';

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

type Values<Name extends string> = Readonly<Record<Name, string>>;

export interface OrderAlert {
  message: string;
  /** The same submission can be sent again (network error, busy server): Confirm retries with the same key. */
  retryable: boolean;
}

export interface OrderFormOptions<Name extends OrderFieldName> {
  initial: Values<Name>;
  /** The create_order body of these values (without the tracker's data). */
  toBody: (values: Values<Name>) => CreateOrderBody;
  /** Checks beyond the request schema (limits, Units owned, verification…), by field. */
  validate?: (values: Values<Name>) => FieldErrors<Name>;
  /**
   * Fields whose checks read other fields: `{numberOfUnits: ['unitType']}` checks the Units again
   * when the unit type changes.
   */
  dependsOn?: Partial<Record<NoInfer<Name>, readonly NoInfer<Name>[]>>;
  /** Checks that ask the server before the review (the recipient exists), by field. */
  beforeReview?: (values: Values<Name>) => Promise<FieldErrors<Name>>;
  /** Where to go with the created order. */
  onCreated?: (order: OrderView) => void;
  /**
   * Instead of the review: what the submit button does once every check has passed (the Buy tab
   * goes on to the payment page, where the order is reviewed and placed).
   */
  next?: (values: Values<Name>) => void;
}

export type OrderStep = 'edit' | 'review';

const messagesOf = (errors: object): Record<string, string> => Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));

/**
 * The checks of an order form as the form kit's schema: the request schema over the body the
 * values make, then the form's own checks; a decimal mark in the Units is said first, whatever
 * else the schema found ('2.' parses as 2). Only the form's fields count: the server answers the rest.
 */
function orderSchema<Name extends OrderFieldName>(
  names: readonly Name[],
  toBody: (values: Values<Name>) => CreateOrderBody,
  validate?: (values: Values<Name>) => FieldErrors<Name>,
): FormSchema<Values<Name>> {
  return checkedFields((input) => {
    const values = input as Values<Name>;
    const parsed = safeParseCreateOrder(toBody(values));
    const schemaErrors: Record<string, string> = parsed.success ? {} : parsed.errors;
    const errors: Record<string, string> = messagesOf({ ...validate?.(values) });
    for (const name of names) if (schemaErrors[name]) errors[name] = schemaErrors[name];
    const unitsProblem = names.includes('numberOfUnits' as Name) ? unitsTextProblem(values['numberOfUnits' as Name]) : undefined;
    if (unitsProblem) errors.numberOfUnits = unitsProblem;
    return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data: values };
  });
}

/**
 * An order form on the form kit: the fields (the kit's state and messages: a field shows its
 * message once left, every message and the first invalid field on "Review"), then a review of
 * every figure, then Confirm, which posts create_order with one Idempotency-Key per submission. A
 * 400 brings the form back with the server's messages under the fields; a 403 or 409 (limits, not
 * enough Units) stays on the review with the message above Confirm; a network error or a busy
 * server lets Confirm retry the same submission (same key, same body). Any edit starts a new submission.
 */
export function useOrderForm<Name extends OrderFieldName>(options: OrderFormOptions<Name>) {
  const { initial, toBody, validate, dependsOn, beforeReview, onCreated, next } = options;
  const client = useQueryClient();
  const [step, setStep] = useState<OrderStep>('edit');
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: 'review' | 'form'; n: number } | null>(null);
  // The review heading, kept in state (a callback ref) so the focus waits for it to be on screen.
  const [reviewHeading, attachReviewHeading] = useState<HTMLHeadingElement | null>(null);
  const submit = useIdempotentSubmit(ordersApi.createOrder);
  const names = Object.keys(initial) as Name[];
  const requestFocus = (target: 'review' | 'form') => setFocusRequest((r) => ({ target, n: (r?.n ?? 0) + 1 }));

  /** "Review order", once the kit's checks pass: the server's checks, then the review (or `next`). */
  const review = async (values: Values<Name>, { showServerErrors }: SubmitHelpers) => {
    if (beforeReview) {
      const problems = messagesOf(await beforeReview(values));
      if (Object.keys(problems).length) {
        showServerErrors(problems);
        return;
      }
    }
    if (next) {
      next(values);
      return;
    }
    setStep('review');
    requestFocus('review');
  };
  const form = useForm<Name, Values<Name>, Values<Name>>(orderSchema(names, toBody, validate), initial, review);
  // Every field of an order form is text.
  const field = (name: Name): FieldProps<Name> => form.field(name as never);
  const values = form.values as Values<Name>;
  const formElement = form.formProps.ref;

  // A focus request is served once its element is on screen: the review's heading, or back on the
  // form its first invalid field (a server's message), else its first field.
  const servedFocus = useRef(0);
  useLayoutEffect(() => {
    if (!focusRequest || servedFocus.current === focusRequest.n) return;
    const element = formElement.current;
    const target =
      focusRequest.target === 'review'
        ? reviewHeading
        : (element?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]') ??
          element?.querySelector<HTMLElement>('input:not([type="radio"]), select, input[type="radio"]:checked'));
    if (!target?.isConnected) return;
    servedFocus.current = focusRequest.n;
    target.focus();
  }, [focusRequest, reviewHeading, formElement]);

  /** What an edit does beyond the field: what would be sent changed, so the next Confirm is a new submission with a new key. */
  const edited = (name: Name) => {
    setAlert(null);
    submit.reset();
    const dependents = names.filter((other) => dependsOn?.[other]?.includes(name));
    if (dependents.length) form.recheck(...dependents);
  };

  /** Props for a TextField, NumberField or Select bound to one field. */
  const bind = (name: Name) => {
    const props = field(name);
    return {
      ...props,
      onChange: (event: { target: { value: string } }) => {
        props.onChange(event as ChangeEvent<HTMLInputElement>);
        edited(name);
      },
    };
  };

  /** Sets a field as if typed (radios, checkboxes, the code field). */
  const set = (name: Name, value: string) => bind(name).onChange({ target: { value } });
  /** The field was left: its message shows from now on. */
  const touch = (name: Name) => field(name).onBlur();
  /** The message shown under a field. */
  const error = (name: Name): string | undefined => field(name).error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setAlert(null);
    form.formProps.onSubmit(event);
  };

  const back = () => {
    setStep('edit');
    setAlert(null);
    requestFocus('form');
  };

  const confirm = async () => {
    if (submit.pending) return;
    setAlert(null);
    try {
      const order = await submit.send({ ...toBody(values), hubspotMetaData: hubspotMetaData() });
      void invalidateAfterOrderAction(client);
      onCreated?.(order);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 400) {
        const others = form.showErrors(failure.errors);
        if (others.length < Object.keys(failure.errors).length) {
          setStep('edit');
          setAlert(others.length ? { message: others.join(' '), retryable: false } : null);
          requestFocus('form');
          return;
        }
      }
      if (isApiError(failure) && (failure.status === 403 || failure.status === 409)) {
        form.showErrors(failure.errors);
        // Holdings or limits changed since the page loaded: show the current ones.
        void invalidateAfterOrderAction(client);
      }
      setAlert({ message: errorMessage(failure), retryable: isRetryableFailure(failure) });
    }
  };

  return {
    values,
    set,
    touch,
    bind,
    error,
    /** Messages the page learnt itself (a reference code lookup), under their fields at once. */
    showErrors: form.showErrors,
    /** Checks these fields again (what their checks read changed outside the form, e.g. an applied code). */
    recheck: form.recheck,
    step,
    alert,
    checking: form.submitting,
    confirming: submit.pending,
    formProps: { ...form.formProps, onSubmit },
    back,
    confirm,
    attachReviewHeading,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
