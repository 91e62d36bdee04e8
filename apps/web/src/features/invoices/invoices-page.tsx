import { INVOICE_MESSAGES } from '@landunits/domain';
import type { InvoiceItem } from '@landunits/domain/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { checkedFields } from '../../shared/admin/form-checks';
import { useFilterForm } from '../../shared/lib/use-form';
import { MOBILE_QUERY, useMediaQuery } from '../../shared/lib/use-media-query';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Pager } from '../../shared/ui/pager';
import { Skeleton } from '../../shared/ui/spinner';
import { TextField } from '../../shared/ui/text-field';
import { DateField } from '../../shared/ui/date-field';
import { InvoiceList } from './invoice-list';
import { invoicesApi } from './invoices-api';
import { apiQuery, checkParams, DEFAULT_PARAMS, hasFilters, readParams, writeSearch, type RawParams } from './invoices-query';
import * as styles from './invoices.module.css';

function ListSkeleton() {
  return (
    <div className={styles.invSkeleton} role="status">
      <span className="visually-hidden">Loading your invoices…</span>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height="3rem" />
      ))}
    </div>
  );
}

/** Dates and an order id, checked with the API's schema before anything is sent. */
function InvoiceSearch({
  params,
  addressErrors,
  onApply,
  onReset,
  canReset,
}: {
  params: RawParams;
  addressErrors: Readonly<Record<string, string>>;
  onApply: (p: RawParams) => void;
  onReset: () => void;
  canReset: boolean;
}) {
  // The page starts again at 1; the dates and the order id are checked with the API's schema.
  const schema = checkedFields((values) => {
    const next: RawParams = { ...params, ...values, page: '1' };
    const checked = checkParams(next);
    return checked.ok ? { ok: true, data: next } : checked;
  });
  const form = useFilterForm({ fromDate: params.fromDate, toDate: params.toDate, orderId: params.orderId }, onApply, { schema, errors: addressErrors });
  // The end date's check reads the start date.
  const from = form.field('fromDate');
  return (
    <form {...form.formProps} className={styles.invSearch} aria-label="Search invoices">
      <div className={styles.invSearchGrid}>
        <DateField {...from} onChange={(event) => (from.onChange(event), form.recheck('toDate'))} label="Issued from" />
        <DateField {...form.field('toDate')} label="Issued until" min={form.values.fromDate || undefined} />
        <TextField {...form.field('orderId')} label="Order id" hint="All of it, or a part such as the payment reference" autoComplete="off" spellCheck={false} autoCapitalize="characters" />
      </div>
      {form.otherErrors.length ? (
        <p className={styles.invSearchError} role="alert">
          {form.otherErrors.join(' ')}
        </p>
      ) : null}
      <div className={styles.invSearchActions}>
        <Button type="submit">Search</Button>
        {canReset ? (
          <Button variant="ghost" onClick={onReset}>
            Show all
          </Button>
        ) : null}
      </div>
    </form>
  );
}

type Outcome = { tone: 'success' | 'error'; text: string };
const OUTCOME_CLASS: Record<Outcome['tone'], string> = { success: styles.invOutcomeSuccess, error: styles.invOutcomeError };

/**
 * /dashboard/sales-invoices: an invoice for each paid buy and a sale statement for each completed
 * sale (PRODUCT-DECISIONS §10), searched by issue date and order id, each opened as a PDF in a new
 * tab or emailed to the person as an attachment.
 */
export function SalesInvoicesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const compact = useMediaQuery(MOBILE_QUERY);
  const params = useMemo(() => readParams(location.search), [location.search]);
  const checked = useMemo(() => checkParams(params), [params]);
  const query = checked.ok ? apiQuery(checked.query) : null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const list = useQuery({
    queryKey: ['invoices', query ?? {}],
    queryFn: ({ signal }) => invoicesApi.list(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const email = useMutation({
    mutationFn: (invoice: InvoiceItem) => invoicesApi.email(invoice.orderId),
    meta: { silent: true },
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => setOutcome({ tone: 'success', text: `${answer.number}: ${answer.message}` }),
    onError: (error, invoice) => setOutcome({ tone: 'error', text: `${invoice.number} was not emailed. ${errorMessage(error)}` }),
  });

  const go = (next: RawParams) => navigate({ pathname: location.pathname, search: writeSearch(next) });
  const reset = () => go(DEFAULT_PARAMS);
  const filtered = hasFilters(params);

  let results: ReactNode;
  if (!checked.ok) {
    results = <p className={styles.invNote}>Correct the search above to see your invoices.</p>;
  } else if (list.isPending) {
    results = <ListSkeleton />;
  } else if (list.isError) {
    results = <ErrorState title="Your invoices could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (list.data.total === 0) {
    results = filtered ? (
      <EmptyState
        title="No invoices found"
        message={INVOICE_MESSAGES.emptyFiltered}
        action={
          <Button variant="secondary" onClick={reset}>
            Show all invoices
          </Button>
        }
      />
    ) : (
      <EmptyState title={INVOICE_MESSAGES.emptyTitle} message={INVOICE_MESSAGES.empty} />
    );
  } else {
    const { invoices, total, page, pageSize } = list.data;
    results = (
      <>
        {invoices.length ? (
          <InvoiceList invoices={invoices} compact={compact} sending={email.isPending ? (email.variables?.orderId ?? null) : null} onEmail={(invoice) => email.mutate(invoice)} />
        ) : (
          <EmptyState
            title="This page is past the end of the list"
            action={
              <Button variant="secondary" onClick={() => go({ ...params, page: '1' })}>
                Go to the first page
              </Button>
            }
          />
        )}
        <Pager label="Invoice pages" page={page} pageSize={pageSize} total={total} onPage={(next) => go({ ...params, page: String(next) })} />
      </>
    );
  }

  return (
    <div className={`page ${styles.invPage}`}>
      <h1 tabIndex={-1}>Invoices</h1>
      <p className={`page__lead ${styles.invLead}`}>
        An invoice for each paid purchase and a sale statement for each completed sale, numbered in one series per year. Open one as a PDF or have it emailed to you. Dates are in UTC.
      </p>
      <InvoiceSearch key={location.search} params={params} addressErrors={checked.ok ? {} : checked.errors} onApply={go} onReset={reset} canReset={filtered} />
      <p className={outcome ? `${styles.invOutcome} ${OUTCOME_CLASS[outcome.tone]}` : styles.invOutcome} role="status" aria-live="polite">
        {outcome?.text}
      </p>
      <section className={styles.invResults} aria-labelledby="inv-results-title" aria-busy={list.isFetching || undefined}>
        <h2 id="inv-results-title" className="visually-hidden">
          Your invoices
        </h2>
        {results}
      </section>
    </div>
  );
}
