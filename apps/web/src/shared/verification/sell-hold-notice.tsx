import './sell-hold.css';
import { activeSellHold, sellHoldText } from './verification-data';

/**
 * The 48-hour hold on new sells after bank details changed (PRODUCT-DECISIONS §8), when it is
 * still running; nothing otherwise.
 */
export function SellHoldNotice({ sellHoldUntil, className }: { sellHoldUntil: string | null | undefined; className?: string }) {
  const until = activeSellHold(sellHoldUntil);
  if (!until) return null;
  return (
    <p className={['sell-hold', className].filter(Boolean).join(' ')} role="status">
      {sellHoldText(until)}. Changed bank details are checked before money is paid to them.
    </p>
  );
}
