import { CURRENCY_SYMBOLS, formatMoney, formatDay } from '@landunits/domain';
import type { VerifiedCertificate } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api';
import { buttonClassName } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { StatusBadge } from '../../shared/ui/status-badge';
import { Table } from '../../shared/ui/table';
import { certificateQuery } from './site-queries';
import * as styles from './verify-certificate.module.css';

type Figures = VerifiedCertificate['figures'];
const day = (iso: string) => formatDay(iso);

function MetricsTable({ figures }: { figures: Figures }) {
  return (
    <Table
      caption="The holder’s share of each impact metric"
      className={styles.verifyCertificateTable}
      rows={figures.metrics}
      rowKey={(m) => m.key}
      columns={[
        { key: 'label', header: 'Impact metric', cell: (m) => m.label, rowHeader: true },
        { key: 'land', header: 'On the land', cell: (m) => `${m.metricPercent}%`, numeric: true, cellClassName: styles.verifyCertificateFigure },
        { key: 'yours', header: 'Holder’s share', cell: (m) => `${m.yoursPercent}%`, numeric: true, cellClassName: styles.verifyCertificateFigure },
      ]}
    />
  );
}

/** Per currency held: the value, the land value and the share they make; then the share of the land. */
function Shares({ figures }: { figures: Figures }) {
  return (
    <section className={styles.verifyCertificateShares} aria-labelledby="verify-shares-title">
      <h2 id="verify-shares-title">How the share was worked out</h2>
      <ul className={styles.verifyCertificateCurrencies}>
        {figures.holdings.map((h) => (
          <li key={h.currency}>
            <h3>
              {h.currency} ({CURRENCY_SYMBOLS[h.currency]})
            </h3>
            <dl>
              <div>
                <dt>Value of the Units</dt>
                <dd>{formatMoney(h.valueTodayCents, h.currency)}</dd>
              </div>
              <div>
                <dt>Land value held</dt>
                <dd>{formatMoney(h.landValueCents, h.currency)}</dd>
              </div>
              <div>
                <dt>Share of the land</dt>
                <dd>{h.landSharePercent}%</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className={styles.verifyCertificateTotal}>
        Share of the land, all currencies: <strong>{figures.landSharePercent}%</strong>
      </p>
    </section>
  );
}

function NotFound() {
  return (
    <div className={`page ${styles.verifyCertificate}`}>
      <h1>No certificate has this code</h1>
      <p className={`page__lead ${styles.verifyCertificateLead}`}>Check the code on the certificate, letter by letter: it may have been typed or copied wrongly.</p>
      <p>
        Codes look like <code className={styles.verifyCertificateExample}>LUIC-7K3Q-M2XA-9RTD-0BVE</code>; capitals or small letters, dashes or spaces make no difference.
      </p>
      <p>
        <Link to="/" className={buttonClassName('secondary')}>
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

/**
 * /verify/{code} (public, rendered on the server, noindex): confirms a direct impact certificate
 * by its code, with its date and figures. It never shows who holds it: the certificate carries the
 * name, this page only says the figures are genuine.
 */
export function VerifyCertificatePage() {
  const code = useParams().code ?? '';
  const query = useQuery(certificateQuery(code));

  if (query.isPending) {
    return (
      <div className={`page ${styles.verifyCertificate}`} role="status">
        <span className="visually-hidden">Checking the certificate…</span>
        <Skeleton height="2.5rem" width="60%" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return (
      <div className={`page ${styles.verifyCertificate}`}>
        <ErrorState headingLevel={1} title="We could not check this certificate" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }

  const { figures } = query.data;
  return (
    <article className={`page ${styles.verifyCertificate}`} aria-labelledby="verify-title">
      <p className={styles.verifyCertificateBadge}>
        <StatusBadge label="Valid certificate" tone="success" />
      </p>
      <h1 id="verify-title">Direct impact certificate verified</h1>
      <p className={`page__lead ${styles.verifyCertificateLead}`}>
        Land Units issued this certificate on {formatDay(query.data.issuedAt)}. The figures below are those it states, for {day(figures.asOf)}.
      </p>
      <dl className={styles.verifyCertificateFacts}>
        <div>
          <dt>Certificate code</dt>
          <dd className={styles.verifyCertificateCode}>{query.data.code}</dd>
        </div>
        <div>
          <dt>Figures for</dt>
          <dd>
            <time dateTime={figures.asOf}>{day(figures.asOf)}</time>
          </dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd>
            <time dateTime={query.data.issuedAt}>{formatDay(query.data.issuedAt)}</time>
          </dd>
        </div>
      </dl>
      <MetricsTable figures={figures} />
      {figures.holdings.length > 0 ? <Shares figures={figures} /> : <p>The holder held no Units on this day.</p>}
      <p className={styles.verifyCertificateNote}>
        A share of a metric is the metric × the value of the holder’s Units that day ÷ the value of the land held, added up over the currencies held. This page shows no name or other personal details:
        the holder’s name is on their certificate.
      </p>
    </article>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/verify/:code': VerifyCertificatePage,
};
