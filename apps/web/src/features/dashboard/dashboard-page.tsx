import { formatPrice, UNIT_TYPE_INFO, UNIT_TYPES, type PriceSettings } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import { sessionQueryOptions, useSession } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { readDashboard, visibleHoldings, holdsAnything, type DashboardView } from './dashboard-data';
import { BUY_UNITS_PATH, HoldingCard, NoHoldings } from './holdings';
import { ChartSlot } from './chart-slot';
import { LockedUnits } from './locked-units';
import { MoneySummary } from './money-summary';
import { YourImpact } from './your-impact';
import * as styles from './dashboard.module.css';

/**
 * A bundle younger than this is shown as it is (it was just loaded, e.g. at sign-in); an older one
 * is asked for again when the page opens, so holdings and prices are current.
 */
const FRESH_FOR_MS = 10_000;

const TILES = [
  { to: '/dashboard/land-projects', title: 'View Project Status', text: 'How the land projects behind your Units are doing.' },
  { to: BUY_UNITS_PATH, title: 'Buy Units', text: 'Buy Units in GBP, USD, EUR or AUD in about a minute.' },
  { to: '/dashboard/my-transactions', title: 'View Transaction History', text: 'Every order you placed or received.' },
] as const;

function Tiles() {
  // Staff accounts hold no Units (decision 0037): no way to buy is offered to them.
  const { isAdmin } = useSession();
  const tiles = isAdmin ? TILES.filter((tile) => tile.to !== BUY_UNITS_PATH) : TILES;
  return (
    <nav aria-label="Shortcuts">
      <ul className={styles.dashboardTilesList}>
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className={styles.dashboardTile}>
              <span className={styles.dashboardTileTitle}>{tile.title}</span>
              <span className={styles.dashboardTileText}>{tile.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const COMMUNITY_TILES = [
  { to: '/dashboard/community/become-agent', title: 'Become an agent', text: 'Help the community by answering its questions.' },
  { to: '/dashboard/community/ask-question', title: 'Ask a question', text: 'Agents and the Land Units team answer.' },
  { to: '/dashboard/community/open-question', title: 'Open questions', text: 'Questions waiting for answers.' },
  { to: '/dashboard/community/close-question', title: 'Closed questions', text: 'Settled questions with their answers.' },
  { to: '/dashboard/community/your-question', title: 'Your questions', text: 'What you asked, open and closed.' },
] as const;

/** The community's shortcuts (PRODUCT-DECISIONS §11). */
function CommunityTiles() {
  return (
    <section aria-labelledby="community-title">
      <h2 id="community-title" className={styles.dashboardSectionTitle}>
        Community
      </h2>
      <ul className={styles.dashboardTilesList}>
        {COMMUNITY_TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className={styles.dashboardTile}>
              <span className={styles.dashboardTileTitle}>{tile.title}</span>
              <span className={styles.dashboardTileText}>{tile.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TodayPrices({ view }: { view: DashboardView }) {
  return (
    <ul className={styles.todayPrices} aria-label="Price per Unit today">
      {UNIT_TYPES.map((type) => {
        const price = view.prices[type]?.pricePerUnit;
        return (
          <li key={type} className={styles.todayPricesItem}>
            <span className={styles.todayPricesType}>{unitTypeLabel(type)}</span>
            <span className={styles.todayPricesPrice}>{price ? formatPrice(price, UNIT_TYPE_INFO[type].currency) : '—'}</span>
          </li>
        );
      })}
    </ul>
  );
}

function DashboardSkeleton() {
  return (
    <div className={styles.dashboardSkeleton} role="status">
      <span className="visually-hidden">Loading your dashboard…</span>
      <div className={styles.holdings}>
        {[0, 1].map((n) => (
          <Skeleton key={n} height="13rem" />
        ))}
      </div>
      <Skeleton height="4rem" />
      <Skeleton height="22rem" />
    </div>
  );
}

function DashboardBody({ view }: { view: DashboardView }) {
  const [now] = useState(() => new Date());
  const settings: PriceSettings = useMemo(
    () => ({ growthPerYear: view.stats.growthPerYear, priceEpoch: view.stats.priceEpoch, initialPrices: view.stats.initialPrices }),
    [view.stats.growthPerYear, view.stats.priceEpoch, view.stats.initialPrices],
  );
  const holdings = visibleHoldings(view.analytics);
  const isNew = !UNIT_TYPES.some((type) => {
    const holding = view.analytics[type];
    return holding ? holdsAnything(holding) : false;
  });
  const gbpPrice = view.prices.LAND_POUND?.pricePerUnit;

  return (
    <>
      <section aria-labelledby="holdings-title">
        <h2 id="holdings-title" className={styles.dashboardSectionTitle}>
          Your holdings
        </h2>
        {isNew ? (
          <NoHoldings gbpPrice={gbpPrice ? formatPrice(gbpPrice, 'GBP') : null} />
        ) : (
          <div className={styles.holdings}>
            {holdings.map(({ unitType, holding }) => (
              <HoldingCard key={unitType} unitType={unitType} holding={holding} />
            ))}
          </div>
        )}
        <LockedUnits view={view.locked} />
      </section>

      <Tiles />

      <YourImpact />

      <section aria-labelledby="prices-title">
        <h2 id="prices-title" className={styles.dashboardSectionTitle}>
          Today&rsquo;s price per Unit
        </h2>
        <TodayPrices view={view} />
      </section>

      <section aria-labelledby="chart-title">
        <h2 id="chart-title" className={styles.dashboardSectionTitle}>
          Unit price over time
        </h2>
        <ChartSlot settings={settings} now={now} />
      </section>
    </>
  );
}

/** /dashboard: the person's total and its parts, holdings per unit type with value and profit, shortcuts, your impact with its downloads, today's prices, the price chart. */
export function DashboardPage() {
  const session = useQuery({ ...sessionQueryOptions, staleTime: FRESH_FOR_MS, refetchOnMount: true });
  const view = useMemo(() => readDashboard(session.data), [session.data]);
  // Staff accounts hold no Units (decision 0037): no total to show.
  const { isAdmin } = useSession();

  let body;
  if (view) body = <DashboardBody view={view} />;
  else
    body = (
      <>
        {session.isFetching || session.isPending ? (
          <DashboardSkeleton />
        ) : (
          <ErrorState title="Your dashboard could not be loaded" message="We could not read your holdings and prices just now. Please try again." onRetry={() => void session.refetch()} />
        )}
        <Tiles />
      </>
    );

  return (
    <div className={`page ${styles.dashboardPage}`}>
      <h1 tabIndex={-1}>Dashboard</h1>
      <p className={`page__lead ${styles.dashboardPageLead}`}>
        {view?.firstName ? `Welcome back, ${view.firstName}. ` : ''}
        {view?.businessName ? `${view.businessName}’s Units, what they are worth today and how their price grows.` : 'Your Units, what they are worth today and how their price grows.'}
      </p>
      {/* The money first (on a phone too): the total, then the holdings; the shortcuts after them. */}
      {isAdmin ? null : <MoneySummary />}
      {body}
      <CommunityTiles />
    </div>
  );
}
