import { STATUS_COLOURS, STATUS_DISPLAY, type StatusColour } from '@landunits/domain';
import { StatusBadge } from '../ui/status-badge';
import type { OrderView } from './types';

/**
 * An order's status as the API words and colours it (`statusLabel`, `statusColour`), falling back
 * to the domain's table for an unknown colour; the label is always written out.
 */
export function OrderStatusBadge({ order }: { order: Pick<OrderView, 'orderStatus' | 'statusLabel' | 'statusColour'> }) {
  const fallback = STATUS_DISPLAY[order.orderStatus];
  const colour: StatusColour = order.statusColour in STATUS_COLOURS ? order.statusColour : (fallback?.colour ?? 'grey');
  const label = order.statusLabel || fallback?.label || order.orderStatus;
  return <StatusBadge label={label} tone={STATUS_COLOURS[colour].tone} />;
}
