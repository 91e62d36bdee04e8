import { DISPLAYED_STATUSES, ORDER_TYPES, UNIT_TYPES } from '@landunits/domain';
import { useState, type FormEvent } from 'react';
import { ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS, unitTypeLabel } from '../../../shared/orders/order-labels';
import { Button } from '../../../shared/ui/button';
import { Select, type SelectOption } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import { checkParams, FILTER_KEYS, type ParamKey, type RawParams } from './transactions-query';

const ALL: SelectOption = { value: '', label: 'All' };

// The statuses as customers see them: "Completed" finds every order shown as Completed (the server maps).
const STATUS_OPTIONS: SelectOption[] = [ALL, ...DISPLAYED_STATUSES.map((label) => ({ value: label, label }))];
// One "Card" choice for a card payment through either provider; customers never see the provider.
const PAYMENT_OPTIONS: SelectOption[] = [ALL, ...(['Bank', 'Card', 'Crypto', 'None'] as const).map((method) => ({ value: method, label: method === 'Card' ? 'Card' : PAYMENT_METHOD_LABELS[method] }))];
const TYPE_OPTIONS: SelectOption[] = [ALL, ...ORDER_TYPES.map((type) => ({ value: type, label: ORDER_TYPE_LABELS[type] }))];
const UNIT_OPTIONS: SelectOption[] = [ALL, ...UNIT_TYPES.map((type) => ({ value: type, label: unitTypeLabel(type) }))];
const SORT_OPTIONS: SelectOption[] = [
  { value: 'createdAt', label: 'Date' },
  { value: 'numberOfUnits', label: 'Units' },
  { value: 'orderStatus', label: 'Status' },
];
const DIRECTION_OPTIONS: SelectOption[] = [
  { value: 'desc', label: 'Newest or largest first' },
  { value: 'asc', label: 'Oldest or smallest first' },
];

/** Fields with their own place in the form; other messages (page, page size) show below it. */
const FORM_FIELDS: readonly string[] = [...FILTER_KEYS, 'sortBy', 'sortDirection'];

/** A value the list does not offer (from an edited address) still shows, so the form tells the truth. */
function withCurrent(options: SelectOption[], value: string): SelectOption[] {
  return options.some((o) => o.value === value) ? options : [...options, { value, label: value }];
}

export interface TransactionFiltersProps {
  /** The parameters in the address; the form starts from them. */
  params: RawParams;
  /** Messages of the parameters in the address, when they do not pass the check. */
  addressErrors: Readonly<Record<string, string>>;
  /** Called with checked parameters (page back to 1). */
  onApply: (params: RawParams) => void;
  onReset: () => void;
  canReset: boolean;
}

/**
 * Dates, status, payment method, type, unit type and sort. Applying checks the values with the
 * API's schema first: a message (such as an end date before the start date) appears under its
 * field and nothing is sent. Mount it with a key of the address so back/forward refill it.
 */
export function TransactionFilters({ params, addressErrors, onApply, onReset, canReset }: TransactionFiltersProps) {
  const [draft, setDraft] = useState<RawParams>(params);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>(addressErrors);
  const [checking, setChecking] = useState(Object.keys(addressErrors).length > 0);

  const update = (key: ParamKey, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (checking) {
      const checked = checkParams({ ...next, page: '1' });
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { ...draft, page: '1' };
    const checked = checkParams(next);
    if (!checked.ok) {
      setErrors(checked.errors);
      setChecking(true);
      const first = FILTER_KEYS.find((key) => checked.errors[key]) ?? Object.keys(checked.errors)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    onApply(next);
  };

  const select = (key: ParamKey, label: string, options: SelectOption[]) => (
    <Select
      name={key}
      label={label}
      value={draft[key]}
      options={withCurrent(options, draft[key])}
      error={errors[key]}
      onChange={(event) => update(key, event.target.value)}
      className="tx-filters__field"
    />
  );

  const otherErrors = Object.entries(errors).filter(([key]) => !FORM_FIELDS.includes(key));

  return (
    <form className="tx-filters" aria-label="Filter transactions" noValidate onSubmit={submit}>
      <div className="tx-filters__grid">
        <TextField name="fromDate" label="From" type="date" value={draft.fromDate} error={errors.fromDate} onChange={(event) => update('fromDate', event.target.value)} className="tx-filters__field" />
        <TextField
          name="toDate"
          label="To"
          type="date"
          value={draft.toDate}
          min={draft.fromDate || undefined}
          error={errors.toDate}
          onChange={(event) => update('toDate', event.target.value)}
          className="tx-filters__field"
        />
        {select('orderStatus', 'Status', STATUS_OPTIONS)}
        {select('paymentMethod', 'Payment method', PAYMENT_OPTIONS)}
        {select('orderType', 'Type', TYPE_OPTIONS)}
        {select('unitType', 'Unit type', UNIT_OPTIONS)}
        {select('sortBy', 'Sort by', SORT_OPTIONS)}
        {select('sortDirection', 'Order', DIRECTION_OPTIONS)}
      </div>
      {otherErrors.length ? (
        <p className="tx-filters__error" role="alert">
          {otherErrors.map(([, message]) => message).join(' ')}
        </p>
      ) : null}
      <div className="tx-filters__actions">
        <Button type="submit">Apply filters</Button>
        {canReset ? (
          <Button variant="ghost" onClick={onReset}>
            Reset filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
