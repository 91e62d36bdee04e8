import { currencyOf, formatMoney, IMPACT_MESSAGES, PROJECT_SHARE_METHOD, REPORT_TYPE_LABELS, type ReportType } from '@landunits/domain';
import { DOCUMENT_CONTRACTS, type ResponseOf } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, errorMessage } from '../../shared/api';
import { useSession } from '../../shared/session/session';
import { Button, buttonClassName } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { downloadDocument } from './download-document';
import { BUY_UNITS_PATH } from './holdings';
import * as styles from './your-impact.module.css';
import { progressText, useDocumentProgress } from '../../shared/documents/document-progress';
import * as dashboardStyles from './dashboard.module.css';

export type YourImpactData = ResponseOf<typeof DOCUMENT_CONTRACTS.yourImpact>;

export const yourImpactQuery = {
  queryKey: ['dashboard', 'impact'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(DOCUMENT_CONTRACTS.yourImpact, { signal }),
  staleTime: 10_000,
  // The section shows its own error state with a retry; no toast on top.
  meta: { silent: true },
};

const DOCUMENTS = [
  { type: 'DirectImpactCertificate', label: 'Download impact certificate', file: 'land-units-impact-certificate.pdf', variant: 'primary' },
  { type: 'CurrentValueDownload', label: 'Download current value', file: 'land-units-current-value.pdf', variant: 'secondary' },
] as const satisfies readonly { type: ReportType; label: string; file: string; variant: 'primary' | 'secondary' }[];

/** The two documents of today's holdings, each fetched and saved as a file, one at a time. */
function Downloads() {
  const [busy, setBusy] = useState<ReportType | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const progress = useDocumentProgress(busy !== null);

  const download = async (type: ReportType, file: string) => {
    setBusy(type);
    setFailure(null);
    setDone(null);
    try {
      await downloadDocument({ reportType: type }, file);
      setDone(`Your ${REPORT_TYPE_LABELS[type].toLowerCase()} is downloading.`);
    } catch (error) {
      setFailure(`The ${REPORT_TYPE_LABELS[type].toLowerCase()} could not be downloaded: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <div className={styles.yourImpactButtons}>
        {DOCUMENTS.map((d) => (
          <Button
            key={d.type}
            className={styles.yourImpactButton}
            variant={d.variant}
            loading={busy === d.type}
            disabled={busy !== null && busy !== d.type}
            onClick={() => void download(d.type, d.file)}
          >
            {d.label}
          </Button>
        ))}
      </div>
      <p className={styles.yourImpactStatus} role="status">
        {busy ? progressText(progress, 'document') : done}
      </p>
      {failure ? (
        <p className={styles.yourImpactError} role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/** "How we work this out": the plain-words method on /statistics. */
function MethodLink() {
  return (
    <Link to={PROJECT_SHARE_METHOD.path} className={styles.yourImpactMethod}>
      How we work this out
    </Link>
  );
}

/** "0.07 tonnes of CO₂ sequestered, less than 1 tree planted and 0.11 metres of hedgerow". */
const listed = (texts: readonly string[]) => (texts.length < 2 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1) ?? ''}`);

/** The person's share of what the land projects report, in tonnes, trees, metres and hectares. */
function ProjectFigures({ share }: { share: YourImpactData['projectShare'] }) {
  if (share.figures.length === 0) return <p className={styles.yourImpactNote}>No land project has reported its figures yet: your share of them appears here once one does.</p>;
  const projects = share.projects === 1 ? 'the land project' : `the ${share.projects} land projects`;
  return (
    <dl className={styles.yourImpactList} aria-label="Your share of the land projects">
      {share.figures.map((f) => (
        <div key={f.key} className={styles.yourImpactItem}>
          <dt>{f.label}</dt>
          <dd>
            <span className={styles.yourImpactValue}>{f.amount}</span>
            <span className={styles.yourImpactOf}>
              of {projects}&rsquo; {f.total}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Figures({ data }: { data: YourImpactData }) {
  return (
    <>
      <ProjectFigures share={data.projectShare} />
      <p className={styles.yourImpactNote}>
        Your share of the land is <strong>{data.landSharePercent}%</strong>: your Units&rsquo; value today over the value of the land, in each currency you hold. Each figure above is that share of
        what the land projects report. <MethodLink />
      </p>
      <h3 className={styles.yourImpactSubtitle}>Your share of the land&rsquo;s improvements</h3>
      <dl className={styles.yourImpactMetrics}>
        {data.metrics.map((m) => (
          <div key={m.key} className={styles.yourImpactMetric}>
            <dt>{m.label}</dt>
            <dd>
              <strong>{m.yoursPercent}%</strong> <span className={styles.yourImpactOf}>of the land&rsquo;s {m.metricPercent}%</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.yourImpactNote}>Each is the land&rsquo;s metric × your share of the land, as on your impact certificate.</p>
    </>
  );
}

/** For someone with no Units: what 100 Units would carry today, and the way to buy. */
function NoUnitsMessage({ data }: { data: YourImpactData }) {
  const example = data.per100Units;
  const texts = example.share.figures.map((f) => f.text);
  return (
    <>
      {IMPACT_MESSAGES.noUnits}
      {texts.length > 0 ? (
        <>
          {' '}
          For example, {example.units} Units ({formatMoney(example.valueCents, currencyOf(example.unitType))} today) carry a share of {listed(texts)}. <MethodLink />
        </>
      ) : null}
    </>
  );
}

/**
 * "Your impact" on /dashboard: the person's share of what the land projects report (tonnes of CO₂,
 * trees, metres of hedgerow, hectares; decision 0065), linked to how it is worked out, then their
 * share of each impact metric today (SPEC §9, the figures the direct impact certificate states),
 * with the certificate and current value downloads.
 */
export function YourImpact() {
  const query = useQuery({ ...yourImpactQuery, refetchOnMount: true });
  // Staff accounts hold no Units (decision 0037): no way to buy is offered to them.
  const { isAdmin } = useSession();
  let body;
  if (query.isPending) {
    body = (
      <div role="status">
        <span className="visually-hidden">Loading your impact…</span>
        <Skeleton height="7rem" />
      </div>
    );
  } else if (query.isError) {
    body = <ErrorState headingLevel={3} title="Your impact could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (!query.data.holdsUnits) {
    body = (
      <EmptyState
        headingLevel={3}
        title="No impact yet"
        message={<NoUnitsMessage data={query.data} />}
        action={
          isAdmin ? undefined : (
            <Link to={BUY_UNITS_PATH} className={buttonClassName('secondary')}>
              Buy Units
            </Link>
          )
        }
      />
    );
  } else {
    body = (
      <>
        <Figures data={query.data} />
        <Downloads />
      </>
    );
  }
  return (
    <section aria-labelledby="impact-title">
      <h2 id="impact-title" className={dashboardStyles.dashboardSectionTitle}>
        Your impact
      </h2>
      <p className={styles.yourImpactLead}>Your share of what the sustainably managed land behind your Units achieves, today.</p>
      {body}
    </section>
  );
}
