import { formatUnits } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { adminApi, RECONCILE_KEY } from './admin-api';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const SHOWN_PROBLEMS = 10;

/** A problem in words: the contract does not fix its shape, so a message, a string or the fields. */
function describeProblem(problem: unknown): string {
  if (typeof problem === 'string') return problem;
  if (typeof problem === 'object' && problem !== null) {
    const record = problem as Record<string, unknown>;
    if (typeof record.message === 'string') return record.message;
    return Object.entries(record)
      .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
      .join(', ');
  }
  return String(problem);
}

/** GET /api/admin/ledger/reconcile: whether the ledger adds up, and what does not. */
export function ReconcileCard() {
  const check = useQuery({
    queryKey: RECONCILE_KEY,
    queryFn: ({ signal }) => adminApi.reconcile(signal),
    staleTime: 0,
    meta: { silent: true },
  });

  let body;
  if (check.isPending) {
    body = (
      <div role="status">
        <span className="visually-hidden">Checking the ledger…</span>
        <Skeleton height="1.6rem" width="9rem" />
      </div>
    );
  } else if (check.isError) {
    body = (
      <p className={adminStyles.adminLedgerError} role="alert">
        The ledger check could not be run: {errorMessage(check.error)}
      </p>
    );
  } else if (check.data.ok && check.data.problems.length === 0) {
    body = (
      <p className={adminStyles.adminLedgerStatus}>
        <StatusBadge label="Balanced" tone="success" /> Every unit type sums to zero and every balance equals its entries.
      </p>
    );
  } else {
    const { problems } = check.data;
    body = (
      <>
        <p className={adminStyles.adminLedgerStatus}>
          <StatusBadge label={problems.length === 1 ? '1 problem' : `${formatUnits(problems.length)} problems`} tone="danger" /> The ledger does not add up.
        </p>
        <ul className={adminStyles.adminLedgerProblems}>
          {problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
            <li key={index}>{describeProblem(problem)}</li>
          ))}
        </ul>
        {problems.length > SHOWN_PROBLEMS ? <p className="muted">And {formatUnits(problems.length - SHOWN_PROBLEMS)} more.</p> : null}
      </>
    );
  }

  return (
    <Card as="section" title={<span id="admin-ledger-title">Ledger check</span>} aria-labelledby="admin-ledger-title" className={adminStyles.adminLedger} titleClassName={adminStyles.adminLedgerTitle}>
      <div className={adminStyles.adminLedgerBody} aria-live="polite">
        {body}
      </div>
      <Button variant="secondary" size="sm" onClick={() => void check.refetch()} loading={check.isFetching}>
        Check again
      </Button>
    </Card>
  );
}
