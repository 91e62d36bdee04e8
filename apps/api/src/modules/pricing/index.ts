export { getMoneySettings, loadMoneySettings, InvalidStoredSettingsError, MONEY_SETTINGS_KEY, type StoredMoneySettings } from './get-money-settings';
export { updateMoneySettings } from './update-money-settings';
export {
  buildPriceList,
  cachedPriceList,
  currentPriceList,
  currentMoneySettings,
  forgetPriceList,
  type BuyPaymentMethod,
  type PriceList,
  type PriceListBody,
  type UnitPrice,
} from './price-list';
export { pricingRoutes } from './routes';
export { SETTINGS_TTL_MS, SettingsCache } from './settings-cache';
export { readSettingRow, writeSettingRow, type SettingRow } from './setting-rows';
