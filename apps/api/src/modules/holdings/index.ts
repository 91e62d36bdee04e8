export { addCost, takeCost, valueInCents } from './cost-basis';
export { costRowsQuery, holdingsFrom, profitPercentage, type CostRow, type Holding } from './holdings-from';
export { holdingsOf } from './holdings-of';
export { issuerSupply, supplyCapUnits, unitsAvailableFrom } from './supply';
export { recipientCostCte, senderCostCte } from './transfer-cost-ctes';
