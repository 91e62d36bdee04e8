import { CURRENCIES, formatMoney, formatPrice, IMPACT_METRIC_KEYS, IMPACT_METRIC_LABELS, SITE_API, type Currency, type SiteStatistics, formatDay } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { Table } from '../../shared/ui/table';
import { statisticsQuery } from './site-queries';
import { GrowthChartSlot, ImpactChartSlot, LandValueChartSlot } from './statistics/chart-frame';
import { growthPoints, impactBars, landValueBars, percentText, RATE_CURRENCIES, shareOfCents } from './statistics/figures';
import { ShareMethod } from './statistics/share-method';
import * as styles from './statistics-page.module.css';

/**
 * /statistics: the growth of the Unit price, the value of the land managed in each currency, the
 * GBP exchange rates, the share of the land value that may be sold as Units and the impact
 * metrics (GET /api/site/statistics). Every figure is written out in a table or a list; the
 * charts repeat them as pictures and come in after the page is live (see chart-frame.tsx).
 */

const listText = (items: readonly string[]): string => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`);

const dayText = (isoDay: string): string => formatDay(isoDay.length === 10 ? `${isoDay}T00:00:00Z` : isoDay);

function ReportLink() {
  return (
    <p className={styles.statsReport}>
      <a href={SITE_API.report2025}>Download the 2025 report (PDF)</a>
    </p>
  );
}

function Growth({ stats }: { stats: SiteStatistics }) {
  const years = stats.growthByYear;
  const first = years[0];
  const last = years.at(-1);
  const growth = percentText(stats.growthPerYearPercent);
  // With the same price in every currency the four lines coincide; the caption says so.
  const samePrices = years.every((y) => CURRENCIES.every((c) => y.prices[c] === y.prices.GBP));
  return (
    <section className={styles.statsSection} aria-labelledby="stats-growth-title">
      <h2 id="stats-growth-title">Growth of the Unit price</h2>
      <p className={styles.statsFigure}>
        <strong>{growth}</strong> a year, in every currency
      </p>
      <p>The price of a Unit rises every day at a fixed rate. These are the prices of one Unit on 1 January of each year.</p>
      <div className={styles.statsPair}>
        <Table
          caption="Price of one Unit on 1 January"
          columns={[
            { key: 'year', header: 'Year', cell: (row) => row.year, rowHeader: true },
            ...CURRENCIES.map((currency) => ({
              key: currency,
              header: currency,
              numeric: true,
              cell: (row: (typeof years)[number]) => formatPrice(row.prices[currency], currency),
            })),
          ]}
          rows={years}
          rowKey={(row) => row.year}
        />
        {first && last ? (
          <GrowthChartSlot
            label={`Line chart of the price of one Unit on 1 January of each year from ${first.year} to ${last.year}, in ${listText(CURRENCIES)}.`}
            caption={`One GBP Unit costs ${formatPrice(first.prices.GBP, 'GBP')} on ${formatDay(`${first.year}-01-01`)} and ${formatPrice(last.prices.GBP, 'GBP')} on ${formatDay(`${last.year}-01-01`)}; every currency grows ${growth} a year.${samePrices ? ' The price is the same figure in every currency, so the four lines lie on top of each other.' : ''}`}
            points={growthPoints(stats)}
          />
        ) : null}
      </div>
    </section>
  );
}

function LandValues({ stats }: { stats: SiteStatistics }) {
  const max = stats.maxLandUnitsForSalePercent;
  const values = CURRENCIES.map((currency) => formatMoney(stats.landValues[currency], currency));
  return (
    <section className={styles.statsSection} aria-labelledby="stats-land-title">
      <h2 id="stats-land-title">Value of the land we manage</h2>
      <p>The same land, valued in each currency at the GBP exchange rates below.</p>
      <div className={styles.statsPair}>
        <Table
          caption="Land value per currency"
          columns={[
            { key: 'currency', header: 'Currency', cell: (c: Currency) => c, rowHeader: true },
            { key: 'value', header: 'Land value', numeric: true, cell: (c: Currency) => formatMoney(stats.landValues[c], c) },
            {
              key: 'max',
              header: `Maximum for sale (${percentText(max)})`,
              numeric: true,
              cell: (c: Currency) => formatMoney(shareOfCents(stats.landValues[c], max), c),
            },
          ]}
          rows={CURRENCIES}
          rowKey={(c) => c}
        />
        <LandValueChartSlot label={`Bar chart of the value of the land managed in ${listText(CURRENCIES)}.`} caption={`Land value: ${listText(values)}.`} bars={landValueBars(stats)} />
      </div>
    </section>
  );
}

function MaxForSale({ stats }: { stats: SiteStatistics }) {
  return (
    <section className={styles.statsSection} aria-labelledby="stats-max-title">
      <h2 id="stats-max-title">Maximum Units for sale</h2>
      <p className={styles.statsFigure}>
        <strong>{percentText(stats.maxLandUnitsForSalePercent)}</strong> of the land value
      </p>
      <p>
        The Units outstanding in each currency, valued at the day&apos;s price, may be worth at most this share of the land value in that currency. The last column of the land value table gives the
        amount.
      </p>
    </section>
  );
}

function ExchangeRates({ stats }: { stats: SiteStatistics }) {
  return (
    <section className={styles.statsSection} aria-labelledby="stats-rates-title">
      <h2 id="stats-rates-title">GBP exchange rates</h2>
      <p>Prices and land values in other currencies are worked out from GBP at these rates.</p>
      <div className={styles.statsNarrow}>
        <Table
          caption="What one pound (GBP) buys"
          columns={[
            { key: 'currency', header: 'Currency', cell: (c) => c, rowHeader: true },
            { key: 'rate', header: 'Rate', numeric: true, cell: (c) => `1 GBP = ${stats.exchangeRates[c]} ${c}` },
          ]}
          rows={RATE_CURRENCIES}
          rowKey={(c) => c}
        />
      </div>
    </section>
  );
}

function Impact({ stats }: { stats: SiteStatistics }) {
  const items = IMPACT_METRIC_KEYS.map((key) => ({ key, label: IMPACT_METRIC_LABELS[key], value: percentText(stats.impact[key]) }));
  return (
    <section className={styles.statsSection} aria-labelledby="stats-impact-title">
      <h2 id="stats-impact-title">Impact on the land</h2>
      <p>What sustainable management has changed on the land behind Land Units.</p>
      <dl className={styles.statsImpact}>
        {items.map((item) => (
          <div key={item.key} className={styles.statsImpactItem}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <ImpactChartSlot label="Bar chart of the seven impact metrics, in percent." caption={`${listText(items.map((item) => `${item.label} ${item.value}`))}.`} bars={impactBars(stats)} />
    </section>
  );
}

/** The page's sections at their size while the figures load. */
function StatisticsSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the statistics…
      </p>
      {['Growth of the Unit price', 'Value of the land we manage', 'Maximum Units for sale', 'GBP exchange rates', 'Impact on the land'].map((title) => (
        <section key={title} className={styles.statsSection}>
          <h2>{title}</h2>
          <Skeleton height="16rem" />
        </section>
      ))}
    </div>
  );
}

export function StatisticsPage() {
  const query = useQuery(statisticsQuery());
  const stats = query.data;

  let body;
  if (stats) {
    body = (
      <>
        <Growth stats={stats} />
        <LandValues stats={stats} />
        <MaxForSale stats={stats} />
        <ExchangeRates stats={stats} />
        <Impact stats={stats} />
      </>
    );
  } else if (query.isError) {
    body = <ErrorState title="The statistics could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    body = <StatisticsSkeleton />;
  }

  return (
    <div className={styles.statsPage}>
      <h1 tabIndex={-1}>Statistics</h1>
      <p className={styles.statsLead}>
        The land behind Land Units and the growth of the Unit price, in figures
        {stats ? `, as of ${dayText(stats.asOf)}` : ''}. See where the figures come from on <Link to="/references">References</Link>.
      </p>
      <ReportLink />
      {body}
      <ShareMethod />
      <p className={styles.statsSmall}>Past and stated figures are not a promise of future results. Nothing on this page is investment advice.</p>
    </div>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/statistics': StatisticsPage,
};
