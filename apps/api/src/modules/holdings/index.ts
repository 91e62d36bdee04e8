export { addCost } from './add-cost';
export { takeCost } from './take-cost';
export { holdingsOf } from './show-holdings';
export { valueInCents, costRowsQuery, holdingsFrom, profitPercentage, type CostRow, type Holding, issuerSupply, supplyCapUnits, unitsAvailableFrom, recipientCostCte, senderCostCte } from './store';
