import { safeParseCreateOrder } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
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

export interface OrderAlert {
  message: string;
  /** The same submission can be sent again (network error, busy server): Confirm retries with the same key. */
  retryable: boolean;
}

export interface OrderFormOptions<Name extends OrderFieldName> {
  initial: Readonly<Record<Name, string>>;
  /** The create_order body of these values (without the tracker's data). */
  toBody: (values: Readonly<Record<Name, string>>) => CreateOrderBody;
  /** Checks beyond the request schema (limits, Units owned, verification…), by field. */
  validate?: (values: Readonly<Record<Name, string>>) => FieldErrors<Name>;
  /** Checks that ask the server before the review (the recipient exists), by field. */
  beforeReview?: (values: Readonly<Record<Name, string>>) => Promise<FieldErrors<Name>>;
  /** Where to go with the created order. */
  onCreated?: (order: OrderView) => void;
  /**
   * Instead of the review: what the submit button does once every check has passed (the Buy tab
   * goes on to the payment page, where the order is reviewed and placed).
   */
  next?: (values: Readonly<Record<Name, string>>) => void;
}

export type OrderStep = 'edit' | 'review';

const firstKey = (errors: object) => Object.keys(errors)[0];

/**
 * State of an order form: the fields, then a review of every figure, then Confirm, which posts
 * create_order with one Idempotency-Key per submission. Messages follow the account forms: a field
 * shows its message once left, every message shows on "Review". A 400 brings the form back with the
 * server's messages under the fields; a 403 or 409 (limits, not enough Units) stays on the review
 * with the message above Confirm; a network error or a busy server lets Confirm retry the same
 * submission (same key, same body). Any edit starts a new submission.
 */
export function useOrderForm<Name extends OrderFieldName>(options: OrderFormOptions<Name>) {
  const { initial, toBody, validate, beforeReview, onCreated, next } = options;
  const client = useQueryClient();
  const [values, setValues] = useState<Readonly<Record<Name, string>>>(initial);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<Name>>({});
  const [step, setStep] = useState<OrderStep>('edit');
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const [checking, setChecking] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ target: 'invalid' | 'review' | 'first'; n: number } | null>(null);
  // Elements to focus, kept in state (callback refs) so the view can read the form object while rendering.
  const [editForm, attachForm] = useState<HTMLFormElement | null>(null);
  const [reviewHeading, attachReviewHeading] = useState<HTMLHeadingElement | null>(null);
  const submit = useIdempotentSubmit(ordersApi.createOrder);
  const names = Object.keys(initial) as Name[];

  const body = toBody(values);
  const parsed = safeParseCreateOrder(body);
  const schemaErrors = (parsed.success ? {} : parsed.errors) as Record<string, string>;
  const clientErrors: FieldErrors<Name> = { ...validate?.(values) };
  for (const name of names) if (schemaErrors[name]) clientErrors[name] = schemaErrors[name];
  // A decimal mark in the Units is said at once, whatever else the schema found ('2.' parses as 2).
  const unitsName = 'numberOfUnits' as Name;
  const unitsProblem = names.includes(unitsName) ? unitsTextProblem(values[unitsName]) : undefined;
  if (unitsProblem) clientErrors[unitsName] = unitsProblem;

  // A focus request is served once its element is on screen (elements arrive through callback refs).
  const servedFocus = useRef(0);
  useLayoutEffect(() => {
    if (!focusRequest || servedFocus.current === focusRequest.n) return;
    let target: HTMLElement | null | undefined;
    if (focusRequest.target === 'review') target = reviewHeading;
    else if (focusRequest.target === 'invalid') target = editForm?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    else target = editForm?.querySelector<HTMLElement>('input:not([type="radio"]), select, input[type="radio"]:checked');
    if (!target?.isConnected) return;
    servedFocus.current = focusRequest.n;
    target.focus();
  }, [focusRequest, reviewHeading, editForm]);
  const requestFocus = (target: 'invalid' | 'review' | 'first') => setFocusRequest((r) => ({ target, n: (r?.n ?? 0) + 1 }));

  const { reset } = submit;
  const set = useCallback(
    (name: Name, value: string) => {
      setValues((current) => (current[name] === value ? current : { ...current, [name]: value }));
      setServerErrors(({ [name]: _dropped, ...rest }) => rest as FieldErrors<Name>);
      setAlert(null);
      // What would be sent changed: the next Confirm is a new submission with a new key.
      reset();
    },
    [reset],
  );

  const touch = useCallback((name: Name) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })), []);

  /** The message under a field: the server's, else the form's once the field was left. */
  const error = (name: Name): string | undefined => (name === unitsName && unitsProblem) || serverErrors[name] || (touched[name] ? clientErrors[name] : undefined);

  /** Props for a TextField, NumberField or Select bound to one field. */
  const bind = (name: Name) => ({
    name,
    value: values[name],
    error: error(name),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    onBlur: () => touch(name),
  });

  const putServerErrors = (errors: Readonly<Record<string, string>>): string[] => {
    const known = new Set<string>(names);
    const mine = Object.fromEntries(Object.entries(errors).filter(([key]) => known.has(key))) as FieldErrors<Name>;
    if (Object.keys(mine).length) {
      setServerErrors((current) => ({ ...current, ...mine }));
      setTouched((current) => ({ ...current, ...Object.fromEntries(Object.keys(mine).map((key) => [key, true])) }));
    }
    return Object.entries(errors)
      .filter(([key]) => !known.has(key))
      .map(([, message]) => message);
  };

  /** "Review order": checks everything, then shows the review. */
  const onReview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Partial<Record<Name, boolean>>);
    setAlert(null);
    if (firstKey(serverErrors) || firstKey(clientErrors)) {
      requestFocus('invalid');
      return;
    }
    const snapshot = values;
    const go = async () => {
      if (beforeReview) {
        setChecking(true);
        try {
          const problems = await beforeReview(snapshot);
          if (firstKey(problems)) {
            setServerErrors((current) => ({ ...current, ...problems }));
            requestFocus('invalid');
            return;
          }
        } finally {
          setChecking(false);
        }
      }
      if (next) {
        next(snapshot);
        return;
      }
      setStep('review');
      requestFocus('review');
    };
    void go();
  };

  /** Messages the page learnt itself (a reference code lookup), under their fields. */
  const showErrors = (errors: FieldErrors<Name>) => {
    setServerErrors((current) => ({ ...current, ...errors }));
    setTouched((current) => ({ ...current, ...Object.fromEntries(Object.keys(errors).map((key) => [key, true])) }));
  };

  /** Drops the server's (or the page's) message of these fields, e.g. when what they depend on changed. */
  const clearErrors = useCallback((...cleared: Name[]) => {
    setServerErrors((current) => {
      if (!cleared.some((name) => name in current)) return current;
      const rest = { ...current };
      for (const name of cleared) delete rest[name];
      return rest;
    });
  }, []);

  const back = () => {
    setStep('edit');
    setAlert(null);
    requestFocus(firstKey(serverErrors) ? 'invalid' : 'first');
  };

  const confirm = async () => {
    if (submit.pending) return;
    setAlert(null);
    try {
      const order = await submit.send({ ...body, hubspotMetaData: hubspotMetaData() });
      void invalidateAfterOrderAction(client);
      onCreated?.(order);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 400) {
        const others = putServerErrors(failure.errors);
        if (others.length < Object.keys(failure.errors).length) {
          setStep('edit');
          setAlert(others.length ? { message: others.join(' '), retryable: false } : null);
          requestFocus('invalid');
          return;
        }
      }
      if (isApiError(failure) && (failure.status === 403 || failure.status === 409)) {
        putServerErrors(failure.errors);
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
    step,
    alert,
    checking,
    confirming: submit.pending,
    onReview,
    back,
    confirm,
    showErrors,
    clearErrors,
    attachForm,
    attachReviewHeading,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
