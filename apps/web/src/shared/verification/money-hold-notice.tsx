import { moneyHoldMessage, moneyHoldStaffMessage } from '@landunits/domain';
import type { MoneyHold } from '@landunits/domain/contracts';
import * as styles from './money-hold.module.css';
import { useQuery } from '@tanstack/react-query';
import { activeMoneyHold, formatDateTime, verificationQueryOptions } from './verification-data';

/**
 * The cooling-off after a security change (docs/decisions/0049-cooling-off.md) while it runs: why
 * sales and transfers wait and until when, to the person or to staff on the person's pages.
 * Nothing otherwise.
 */
export function MoneyHoldNotice({ hold, className, staff = false }: { hold: MoneyHold | null | undefined; className?: string; staff?: boolean }) {
  const active = activeMoneyHold(hold);
  if (!active) return null;
  return (
    <p className={[styles.moneyHold, className].filter(Boolean).join(' ')} role="status">
      {(staff ? moneyHoldStaffMessage : moneyHoldMessage)(active.reason, formatDateTime(active.until))}
    </p>
  );
}

/** The signed-in person's own cooling-off, from their verification overview (the settings pages' query). */
export function OwnMoneyHoldNotice() {
  const verification = useQuery({ ...verificationQueryOptions, meta: { silent: true } });
  return <MoneyHoldNotice hold={verification.data?.moneyHold} />;
}
