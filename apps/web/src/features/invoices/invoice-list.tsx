import { formatMoney, formatUnits, INVOICE_KIND_LABELS, type Currency, formatDay } from '@landunits/domain';
import type { InvoiceItem } from '@landunits/domain/contracts';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../shared/ui/card-list';
import { Table, type Column } from '../../shared/ui/table';
import { invoicePdfUrl } from './invoices-api';
import * as styles from './invoices.module.css';

const day = (iso: string) => formatDay(iso);
const total = (invoice: InvoiceItem) => formatMoney(invoice.totalCents, invoice.currency as Currency);
const what = (invoice: InvoiceItem) => `${invoice.orderType === 'SELL' ? 'Sale' : 'Purchase'} of ${formatUnits(invoice.numberOfUnits)} ${invoice.currency} Units`;

export interface InvoiceActionsProps {
  /** The order whose invoice is being emailed now, if any. */
  sending: string | null;
  onEmail: (invoice: InvoiceItem) => void;
}

/** Open (the PDF in a new tab) and Email me, each naming its invoice for screen readers. */
function Actions({ invoice, sending, onEmail, inTable = false }: InvoiceActionsProps & { invoice: InvoiceItem; inTable?: boolean }) {
  const name = <span className="visually-hidden"> {invoice.number}</span>;
  return (
    <span className={inTable ? `${styles.invActions} ${styles.invActionsTable}` : styles.invActions}>
      <a className={buttonClassName('secondary', 'sm')} href={invoicePdfUrl(invoice.orderId)} target="_blank" rel="noopener">
        Open{name}
        <span className="visually-hidden"> (PDF, opens in a new tab)</span>
      </a>
      <Button variant="secondary" size="sm" loading={sending === invoice.orderId} disabled={sending !== null && sending !== invoice.orderId} onClick={() => onEmail(invoice)}>
        {sending === invoice.orderId ? 'Sending…' : 'Email me'}
        {name}
      </Button>
    </span>
  );
}

function Kind({ invoice }: { invoice: InvoiceItem }) {
  return (
    <span className={styles.invKind}>
      <span className={styles.invKindLabel}>{INVOICE_KIND_LABELS[invoice.kind]}</span>
      <span className={styles.invKindDetail}>{what(invoice)}</span>
    </span>
  );
}

export interface InvoiceListProps extends InvoiceActionsProps {
  invoices: readonly InvoiceItem[];
  /** Below 768 px: stacked cards instead of the table. */
  compact: boolean;
}

/** A page of invoices: a table from 768 px, cards below. */
export function InvoiceList({ invoices, compact, sending, onEmail }: InvoiceListProps) {
  if (compact) {
    return (
      <CardList className={styles.invList} aria-label="Invoices">
        {invoices.map((invoice) => (
          <li key={invoice.number}>
            <Card aria-labelledby={`inv-${invoice.number}`}>
              <CardHead>
                <CardTitle id={`inv-${invoice.number}`} className={styles.invNumber}>
                  {invoice.number}
                </CardTitle>
                <span className={styles.invTotal}>{total(invoice)}</span>
              </CardHead>
              <CardFacts>
                <CardFact term="Date">{day(invoice.issuedAt)}</CardFact>
                <CardFact term="Type">
                  <Kind invoice={invoice} />
                </CardFact>
                <CardFact term="Order">
                  <span className={styles.invOrder}>{invoice.orderId}</span>
                </CardFact>
              </CardFacts>
              <Actions invoice={invoice} sending={sending} onEmail={onEmail} />
            </Card>
          </li>
        ))}
      </CardList>
    );
  }
  return (
    <div className={styles.invList}>
      <Table caption="Invoices" hideCaption className={styles.invResultsTable} columns={columns({ sending, onEmail })} rows={invoices} rowKey={(invoice) => invoice.number} />
    </div>
  );
}

const columns = (actions: InvoiceActionsProps): Column<InvoiceItem>[] => [
  { key: 'number', header: 'Number', rowHeader: true, cell: (invoice) => <span className={styles.invNumber}>{invoice.number}</span> },
  { key: 'date', header: 'Date', cell: (invoice) => day(invoice.issuedAt) },
  { key: 'order', header: 'Order', cell: (invoice) => <span className={styles.invOrder}>{invoice.orderId}</span> },
  { key: 'type', header: 'Type', cell: (invoice) => <Kind invoice={invoice} /> },
  { key: 'total', header: 'Total', numeric: true, cellClassName: styles.invResultsFigure, cell: total },
  { key: 'actions', header: <span className="visually-hidden">Actions</span>, cell: (invoice) => <Actions invoice={invoice} {...actions} inTable /> },
];
