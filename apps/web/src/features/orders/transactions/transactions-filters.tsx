import { DISPLAYED_STATUSES, ORDER_TYPES, UNIT_TYPES } from '@landunits/domain';
import { checkedFields } from '../../../shared/admin/form-checks';
import { useFilterForm } from '../../../shared/lib/use-form';
import { ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS, unitTypeLabel } from '../../../shared/orders/order-labels';
import { Button } from '../../../shared/ui/button';
import { Select, type SelectOption } from '../../../shared/ui/select';
import { DateField } from '../../../shared/ui/date-field';
import { checkParams, type ParamKey, type RawParams } from './transactions-query';
import * as styles from './transactions.module.css';

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

type FormField = Exclude<ParamKey, 'page' | 'pageSize'>;

/**
 * Dates, status, payment method, type, unit type and sort. Applying checks the values with the
 * API's schema first: a message (such as an end date before the start date) appears under its
 * field and nothing is sent; messages of the page and page size show below the fields.
 */
export function TransactionFilters({ params, addressErrors, onApply, onReset, canReset }: TransactionFiltersProps) {
  // Page back to 1; the page size stays as the address has it.
  const schema = checkedFields((values) => {
    const next: RawParams = { ...params, ...values, page: '1' };
    const checked = checkParams(next);
    return checked.ok ? { ok: true, data: next } : checked;
  });
  const { page: _page, pageSize: _pageSize, ...fields } = params;
  const form = useFilterForm<FormField, RawParams>(fields, onApply, { schema, errors: addressErrors });
  // The end date's check reads the start date.
  const from = form.field('fromDate');

  const select = (key: FormField, label: string, options: SelectOption[]) => (
    <Select {...form.field(key)} label={label} options={withCurrent(options, form.values[key])} className={styles.txFiltersField} />
  );

  return (
    <form {...form.formProps} className={styles.txFilters} aria-label="Filter transactions">
      <div className={styles.txFiltersGrid}>
        <DateField {...from} onChange={(event) => (from.onChange(event), form.recheck('toDate'))} label="From" className={styles.txFiltersField} />
        <DateField {...form.field('toDate')} label="To" min={form.values.fromDate || undefined} className={styles.txFiltersField} />
        {select('orderStatus', 'Status', STATUS_OPTIONS)}
        {select('paymentMethod', 'Payment method', PAYMENT_OPTIONS)}
        {select('orderType', 'Type', TYPE_OPTIONS)}
        {select('unitType', 'Unit type', UNIT_OPTIONS)}
        {select('sortBy', 'Sort by', SORT_OPTIONS)}
        {select('sortDirection', 'Order', DIRECTION_OPTIONS)}
      </div>
      {form.otherErrors.length ? (
        <p className={styles.txFiltersError} role="alert">
          {form.otherErrors.join(' ')}
        </p>
      ) : null}
      <div className={styles.txFiltersActions}>
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
