import type { Readable } from 'node:stream';
import type { StatementFormat } from '@landunits/domain';
import type { StatementLine } from './lines';
import type { StatementPlan } from './plan';

/** One format of the statement: a stream the reply reads while lines are written into it. */
export interface StatementWriter {
  readonly stream: Readable;
  readonly contentType: string;
  /** Title, period and the totals of every unit type (page 1 of the PDF, the sheet's top, nothing in CSV). */
  start(plan: StatementPlan): void;
  write(line: StatementLine): void;
  /** Resolves once the reader has taken what is buffered (or is gone). */
  whenRead(): Promise<void>;
  end(): Promise<void>;
  /** Drawn elsewhere (a render thread): resolves once page 1 is drawn, rejects if it could not be. */
  readonly opened?: Promise<void>;
  /** Stops a drawing that will not be finished (the client went away, a read failed). */
  cancel?(): Promise<void>;
}

export const STATEMENT_COLUMNS = ['Date', 'Order ID', 'Type', 'Direction', 'Counterparty', 'Units', 'Price per Unit', 'Amount', 'Balance'] as const;

/** land-units-statement-2025-11-26-to-2026-11-25.pdf */
export const statementFileName = (plan: Pick<StatementPlan, 'fromDate' | 'toDate'>, format: StatementFormat) => `land-units-statement-${plan.fromDate}-to-${plan.toDate}.${format}`;

/** The note every format carries about what a balance is. */
export const BALANCE_NOTE =
  'Balances are the Units you hold (owned, awaiting sale, queued for transfer or locked), as your dashboard shows them; a buy still awaiting payment is not included. ' +
  'Moves between your own buckets (placing a sale, queuing a transfer, unlocks) do not change what you hold and are not listed. Dates are UTC; both ends of the period are included.';
