import { formatMoney, formatSignedMoney, formatSignedPercent, formatUnits, MAKER_CHECKER_MESSAGES, type UnitType } from '@landunits/domain';
import { Link } from 'react-router';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import type { Holding } from '../../shared/orders/types';
import { useSession } from '../../shared/session/session';
import { buttonClassName } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import * as dashboardStyles from './dashboard.module.css';

export const BUY_UNITS_PATH = '/dashboard/transaction?tab=buy';

/**
 * What the Units held are, part by part: the parts add up to "Units held", the Units "Value today"
 * is the value of. Parts other than Available are shown only when not zero.
 */
function heldParts(holding: Holding): { label: string; units: number; detail?: string }[] {
  const locked = holding.owned_DOUBLE_LAND + holding.bonusLocked + holding.convertLocked;
  const lockedDetail = [
    holding.owned_DOUBLE_LAND ? `${formatUnits(holding.owned_DOUBLE_LAND)} LU2X` : '',
    holding.bonusLocked ? `${formatUnits(holding.bonusLocked)} bonus` : '',
    holding.convertLocked ? `${formatUnits(holding.convertLocked)} after conversion` : '',
  ].filter(Boolean);
  const parts = [
    { label: 'Available', units: holding.owned },
    { label: 'Locked', units: locked, detail: lockedDetail.join(', ') },
    { label: 'Being sold', units: holding.pendingSell },
    { label: 'Scheduled to transfer', units: holding.transferQueued },
  ];
  return parts.filter((part, i) => i === 0 || part.units !== 0);
}

/** The colour of a profit: green when gained, red when lost. */
const PROFIT_TONE = { gain: dashboardStyles.profitGain, loss: dashboardStyles.profitLoss, flat: dashboardStyles.profitFlat };

function Profit({ holding }: { holding: Holding }) {
  const tone = holding.profit > 0 ? 'gain' : holding.profit < 0 ? 'loss' : 'flat';
  return (
    <span className={PROFIT_TONE[tone]}>
      {formatSignedMoney(holding.profit, holding.currencyType)} <span className={dashboardStyles.profitPercent}>({formatSignedPercent(holding.profit_percentage)})</span>
    </span>
  );
}

const unitsWord = (units: number) => `${formatUnits(units)} ${units === 1 ? 'Unit' : 'Units'}`;

export function HoldingCard({ unitType, holding }: { unitType: UnitType; holding: Holding }) {
  const headingId = `holding-${unitType}`;
  const label = unitTypeLabel(unitType);
  return (
    <article className={dashboardStyles.holding} aria-labelledby={headingId}>
      <h3 id={headingId} className={dashboardStyles.holdingTitle}>
        {label}
      </h3>
      <dl className={dashboardStyles.holdingFigures}>
        <div className={`${dashboardStyles.holdingFigure} ${dashboardStyles.holdingFigureMain}`}>
          <dt>Units held</dt>
          <dd>{formatUnits(holding.units_valued)}</dd>
        </div>
        <div className={dashboardStyles.holdingFigure}>
          <dt>Value today of {unitsWord(holding.units_valued)}</dt>
          <dd>{formatMoney(holding.total_value_today, holding.currencyType)}</dd>
        </div>
        <div className={dashboardStyles.holdingFigure}>
          <dt>Cost, fees included</dt>
          <dd>{formatMoney(holding.total_value_bought, holding.currencyType)}</dd>
        </div>
        <div className={dashboardStyles.holdingFigure}>
          <dt>Profit (value − cost)</dt>
          <dd>
            <Profit holding={holding} />
          </dd>
        </div>
      </dl>
      <div role="group" aria-label={`What the ${label} held are`}>
        <dl className={dashboardStyles.holdingParts}>
          {heldParts(holding).map(({ label: part, units, detail }) => (
            <div key={part} className={dashboardStyles.holdingPart}>
              <dt>{detail ? `${part} (${detail})` : part}</dt>
              <dd>{formatUnits(units)}</dd>
            </div>
          ))}
          <div className={`${dashboardStyles.holdingPart} ${dashboardStyles.holdingPartTotal}`}>
            <dt>Total</dt>
            <dd>{formatUnits(holding.units_valued)}</dd>
          </div>
        </dl>
      </div>
      {holding.pendingBuy ? (
        <p className={dashboardStyles.holdingPending}>
          <strong>{unitsWord(holding.pendingBuy)}</strong> awaiting payment approval, not counted above until the payment is approved.
        </p>
      ) : null}
      <p className={dashboardStyles.holdingNote}>Cost: what you paid for the Units you hold, fees included; Units received by transfer or conversion count at their value on the day.</p>
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
