import { STATUS_DISPLAY, type OrderStatus } from '@landunits/domain';

/** Whether the viewer placed the order or received it (a transfer). */
export type Direction = 'SENT' | 'RECEIVED';

/** A status with the label and colour name users see (PRODUCT-DECISIONS §3). */
export function statusFields(status: OrderStatus) {
  const display = STATUS_DISPLAY[status];
  return { orderStatus: status, statusLabel: display.label, statusColour: display.colour };
}
