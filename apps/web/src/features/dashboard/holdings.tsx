import { formatMoney, formatSignedMoney, formatSignedPercent, formatUnits, MAKER_CHECKER_MESSAGES, type UnitType } from '@landunits/domain';
import { Link } from 'react-router';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import type { Holding } from '../../shared/orders/types';
import { useSession } from '../../shared/session/session';
import { buttonClassName } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';

export const BUY_UNITS_PATH = '/dashboard/transaction?tab=buy';

/** The buckets besides `owned`, in the words the dashboard uses, shown only when not zero. */
const OTHER_BUCKETS: readonly { key: keyof Holding; text: string }[] = [
  { key: 'pendingBuy', text: 'awaiting payment approval' },
  { key: 'pendingSell', text: 'being sold' },
  { key: 'transferQueued', text: 'scheduled to transfer' },
  { key: 'convertLocked', text: 'locked after conversion' },
  { key: 'owned_DOUBLE_LAND', text: 'LU2X double-land Units' },
  { key: 'bonusLocked', text: 'bonus Units locked' },
];

function Profit({ holding }: { holding: Holding }) {
  const tone = holding.profit > 0 ? 'gain' : holding.profit < 0 ? 'loss' : 'flat';
  return (
    <span className={`profit profit--${tone}`}>
      {formatSignedMoney(holding.profit, holding.currencyType)} <span className="profit__percent">({formatSignedPercent(holding.profit_percentage)})</span>
    </span>
  );
}

export function HoldingCard({ unitType, holding }: { unitType: UnitType; holding: Holding }) {
  const headingId = `holding-${unitType}`;
  const others = OTHER_BUCKETS.filter(({ key }) => holding[key] !== 0);
  return (
    <article className="holding" aria-labelledby={headingId}>
      <h3 id={headingId} className="holding__title">
        {unitTypeLabel(unitType)}
      </h3>
      <dl className="holding__figures">
        <div className="holding__figure holding__figure--main">
          <dt>Owned</dt>
          <dd>{formatUnits(holding.owned)}</dd>
        </div>
        <div className="holding__figure">
          <dt>Value today</dt>
          <dd>{formatMoney(holding.total_value_today, holding.currencyType)}</dd>
        </div>
        <div className="holding__figure">
          <dt>Total bought</dt>
          <dd>{formatMoney(holding.total_value_bought, holding.currencyType)}</dd>
        </div>
        <div className="holding__figure">
          <dt>Profit</dt>
          <dd>
            <Profit holding={holding} />
          </dd>
        </div>
      </dl>
      {others.length ? (
        <ul className="holding__buckets" aria-label={`Other ${unitTypeLabel(unitType)}`}>
          {others.map(({ key, text }) => (
            <li key={key}>
              <strong>{formatUnits(holding[key] as number)}</strong> {text}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** A new user's holdings: nothing yet, and the way to buy; a staff account is told it holds none (decision 0037). */
export function NoHoldings({ gbpPrice }: { gbpPrice: string | null }) {
  const { isAdmin } = useSession();
  if (isAdmin) return <EmptyState headingLevel={3} title="Staff accounts hold no Units" message={MAKER_CHECKER_MESSAGES.staffTrades} />;
  return (
    <EmptyState
      headingLevel={3}
      title="You have no Units yet"
      message={gbpPrice ? `Units rise in price every day. A GBP Unit costs ${gbpPrice} today; buying takes about a minute.` : 'Units rise in price every day; buying takes about a minute.'}
      action={
        <Link to={BUY_UNITS_PATH} className={buttonClassName('primary')}>
          Buy your first Units
        </Link>
      }
    />
  );
}
