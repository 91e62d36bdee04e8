import { formatUnits, type UnitType, formatDay } from '@landunits/domain';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import type { LockedBonusItem } from '../../shared/orders/types';
import { hasLockedUnits, type LockedUnitsView } from './locked-data';
import * as dashboardStyles from './dashboard.module.css';

/** '50 GBP Units', or '50 Units' when the API did not say which. */
const unitsText = (units: number, unitType: UnitType | undefined) => `${formatUnits(units)} ${unitType ? unitTypeLabel(unitType) : units === 1 ? 'Unit' : 'Units'}`;

const dateText = (iso: string) => formatDay(iso);

function BonusItem({ item }: { item: LockedBonusItem }) {
  return (
    <li className={dashboardStyles.lockedItem}>
      <span className={dashboardStyles.lockedItemUnits}>{unitsText(item.lockedUnits, item.unitType)}</span>
      {item.code ? <span className={dashboardStyles.lockedItemDetail}>Code {item.code}</span> : null}
      <span className={dashboardStyles.lockedItemWhen}>{item.unlockDate ? `Unlock on ${dateText(item.unlockDate)}` : 'Unlock after your payment is approved'}</span>
    </li>
  );
}

function BonusCard({ view }: { view: LockedUnitsView }) {
  const items = [...view.bonusApproved, ...view.bonusWaiting];
  return (
    <article className={dashboardStyles.lockedCard} aria-labelledby="locked-bonus-title">
      <h4 id="locked-bonus-title" className={dashboardStyles.lockedCardTitle}>
        Bonus Units
      </h4>
      <p className={dashboardStyles.lockedCardLead}>Added by a bonus code. They are yours, and can be sold or transferred once unlocked.</p>
      <ul className={dashboardStyles.lockedCardList}>
        {items.map((item) => (
          <BonusItem key={item.orderId} item={item} />
        ))}
      </ul>
    </article>
  );
}

function DoubleLandCard({ view }: { view: LockedUnitsView }) {
  return (
    <article className={dashboardStyles.lockedCard} aria-labelledby="locked-lu2x-title">
      <h4 id="locked-lu2x-title" className={dashboardStyles.lockedCardTitle}>
        LU2X Units
      </h4>
      <p className={dashboardStyles.lockedCardLead}>Bought under the LU2X offer. From the seventh month, a tenth of each purchase unlocks at the start of every month.</p>
      <ul className={dashboardStyles.lockedCardList}>
        {view.doubleLand.map(({ unitType, status }) => (
          <li key={unitType} className={dashboardStyles.lockedItem}>
            <span className={dashboardStyles.lockedItemUnits}>{unitsText(status.lockedUnits, unitType)} locked</span>
            {status.nextUnlockAt ? (
              <span className={dashboardStyles.lockedItemWhen}>
                Next: {formatUnits(status.nextUnlockUnits)} unlock on {dateText(status.nextUnlockAt)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </article>
  );
}

/**
 * Units a person holds that cannot be sold or transferred yet, under their holdings: bonus Units
 * (with their code and unlock date, or the approval they wait for) and LU2X Units (with the next
 * monthly unlock). Nothing at all is shown when there are none, so most people never see it.
 */
export function LockedUnits({ view }: { view: LockedUnitsView }) {
  if (!hasLockedUnits(view)) return null;
  const hasBonus = view.bonusApproved.length + view.bonusWaiting.length > 0;
  return (
    <section className={dashboardStyles.lockedUnits} aria-labelledby="locked-units-title">
      <h3 id="locked-units-title" className={dashboardStyles.lockedUnitsTitle}>
        Locked Units
      </h3>
      <div className={dashboardStyles.lockedUnitsGrid}>
        {hasBonus ? <BonusCard view={view} /> : null}
        {view.doubleLand.length ? <DoubleLandCard view={view} /> : null}
      </div>
    </section>
  );
}
