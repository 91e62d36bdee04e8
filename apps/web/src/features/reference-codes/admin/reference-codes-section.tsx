import { formatUnits } from '@landunits/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/spinner';
import { DisableCodeDialog } from './disable-code-dialog';
import { CodeCards, CodeTable } from './reference-code-list';
import { ReferenceCodeForm } from './reference-code-form';
import { CODES_PAGE_SIZE, referenceCodesApi, referenceCodesKey, type AdminReferenceCode } from './reference-codes-api';
import * as styles from './reference-codes.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/**
 * The admin's reference codes: every code, newest first, with whether it can be used now, a way
 * to disable it, and the form for a new one. Loaded only when the admin opens this section.
 */
export function ReferenceCodesSection() {
  const [page, setPage] = useState(1);
  const [toDisable, setToDisable] = useState<AdminReferenceCode | null>(null);
  // A new form (empty, no messages) after each code created.
  const [formKey, setFormKey] = useState(0);
  const compact = useMediaQuery(COMPACT_QUERY);
  // Whether each code can be used is judged at one moment: when the section opened.
  const [now] = useState(() => new Date());
  const codes = useQuery({
    queryKey: referenceCodesKey(page),
    queryFn: ({ signal }) => referenceCodesApi.list(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

  let body: ReactNode;
  if (codes.isPending) {
    body = (
      <div className={adminStyles.adminSkeleton} role="status">
        <span className="visually-hidden">Loading the reference codes…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="3rem" />
        ))}
      </div>
    );
  } else if (codes.isError) {
    body = <ErrorState title="The reference codes could not be loaded" message={errorMessage(codes.error)} onRetry={() => void codes.refetch()} retrying={codes.isFetching} />;
  } else if (codes.data.total === 0) {
    body = <EmptyState headingLevel={3} title="No reference codes yet" message="Codes you create below appear here, newest first." />;
  } else if (codes.data.codes.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title="This page is empty now"
        action={
          <Button variant="secondary" onClick={() => setPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else {
    const list = { codes: codes.data.codes, now, onDisable: setToDisable };
    body = (
      <>
        {compact ? <CodeCards {...list} /> : <CodeTable {...list} />}
        <Pager label="Reference code pages" page={codes.data.page ?? page} pageSize={codes.data.pageSize ?? CODES_PAGE_SIZE} total={codes.data.total} onPage={setPage} />
      </>
    );
  }

  return (
    <div className={styles.referenceCodes}>
      <section className={styles.referenceCodesList} aria-labelledby="codes-title" aria-busy={codes.isFetching || undefined}>
        <h2 id="codes-title" className={adminStyles.adminOrdersTitle}>
          Reference codes
          {codes.data && codes.data.total > 0 ? <span className={adminStyles.adminOrdersCount}> ({formatUnits(codes.data.total)})</span> : null}
        </h2>
        {body}
      </section>
      <ReferenceCodeForm
        key={formKey}
        onCreated={() => {
          setFormKey((n) => n + 1);
          setPage(1);
        }}
      />
      <DisableCodeDialog code={toDisable} onClose={() => setToDisable(null)} />
    </div>
  );
}
