import { formatDate, formatMoney, formatPrice, formatSignedMoney, formatSignedPercent, formatUnits, UNIT_TYPE_INFO, UNIT_TYPES, type Holding, type Price, type UnitType } from '@landunits/domain';
import type { PdfDocument } from '../../../platform/pdf';

export interface CurrentValueInput {
  holder: string;
  asOf: string;
  createdAt: Date;
  prices: Record<UnitType, Price>;
  holdings: Record<UnitType, Holding>;
}

/** Units held in a holding: every bucket but those awaiting payment (what its value today counts). */
export const heldUnitsOf = (h: Holding): number => h.owned + h.owned_DOUBLE_LAND + h.pendingSell + h.transferQueued + h.convertLocked + h.bonusLocked;

export const CURRENT_VALUE_TITLE = 'Current value of your holdings';

const typeName = (t: UnitType) => `${UNIT_TYPE_INFO[t].currency} Units`;

/** Unit types with anything in them: Units in a bucket, or a cost still on the books. */
const shown = (h: Holding) => heldUnitsOf(h) > 0 || h.pendingBuy > 0 || h.total_value_bought !== 0;

/**
 * The current value document (PRODUCT-DECISIONS §10): per unit type the Units in each bucket, then
 * today's price, value, what they cost and the profit, each in its own currency (amounts in
 * different currencies are never added). The figures are the dashboard's (holdings' holdingsOf).
 */
export function drawCurrentValue(pdf: PdfDocument, input: CurrentValueInput): void {
  const day = formatDate(`${input.asOf}T00:00:00Z`, 'DD MMM YYYY');
  pdf.heading(CURRENT_VALUE_TITLE, 20);
  pdf.keyValues([
    ['Holder', input.holder],
    ['Valued on', `${day}, at the price per Unit of that day`],
    ['Drawn up', `${formatDate(input.createdAt, 'DD MMM YYYY')} ${input.createdAt.toISOString().slice(11, 16)} UTC`],
  ]);
  const types = UNIT_TYPES.filter((t) => shown(input.holdings[t]));
  if (types.length === 0) {
    pdf.paragraph('You hold no Units today. Units you buy appear here once their payment is approved.');
    return;
  }

  pdf.heading('Units held', 13);
  const units = pdf.table([
    { title: 'Unit type', width: 1.5 },
    { title: 'Owned', width: 1.6, align: 'right' },
    { title: 'LU2X', width: 1.4, align: 'right' },
    { title: 'Locked', width: 1.4, align: 'right' },
    { title: 'Being sold', width: 1.4, align: 'right' },
    { title: 'Transfer queued', width: 1.7, align: 'right' },
    { title: 'Total held', width: 1.7, align: 'right' },
  ]);
  for (const t of types) {
    const h = input.holdings[t];
    units.row([
      typeName(t),
      formatUnits(h.owned),
      formatUnits(h.owned_DOUBLE_LAND),
      formatUnits(h.convertLocked + h.bonusLocked),
      formatUnits(h.pendingSell),
      formatUnits(h.transferQueued),
      formatUnits(heldUnitsOf(h)),
    ]);
  }
  pdf.y += 4;
  pdf.paragraph('Locked: Units converted in the last 30 days and bonus Units not yet unlocked. LU2X: double-land offer Units.', { size: 8, muted: true });

  pdf.heading('Value today', 13);
  const value = pdf.table([
    { title: 'Unit type', width: 1.4 },
    { title: 'Price today', width: 1.6, align: 'right' },
    { title: 'Value today', width: 2.2, align: 'right' },
    { title: 'Bought cost', width: 2.2, align: 'right' },
    { title: 'Profit', width: 2.2, align: 'right' },
    { title: 'Profit %', width: 1.3, align: 'right' },
  ]);
  for (const t of types) {
    const h = input.holdings[t];
    const currency = UNIT_TYPE_INFO[t].currency;
    value.row([
      typeName(t),
      formatPrice(input.prices[t], currency, 6),
      formatMoney(h.total_value_today, currency),
      formatMoney(h.total_value_bought, currency),
      formatSignedMoney(h.profit, currency),
      formatSignedPercent(h.profit_percentage),
    ]);
  }

  pdf.y += 4;
  const awaiting = types.filter((t) => input.holdings[t].pendingBuy > 0);
  if (awaiting.length > 0) {
    pdf.paragraph(`Not counted above, awaiting payment approval: ${awaiting.map((t) => `${formatUnits(input.holdings[t].pendingBuy)} ${typeName(t)}`).join(', ')}.`, { size: 8.5, muted: true });
  }
  pdf.paragraph(
    'Value today = Units held × today’s price, half-up to the cent. Bought cost = what you paid for the Units you hold, fees included (Units received by transfer or conversion at their value that day; Units that left took their average cost with them). Profit = value today − bought cost. Each currency stands on its own: amounts in different currencies are never added. A Unit is not ownership of land; this document is not investment advice.',
    { size: 8.5, muted: true },
  );
}
