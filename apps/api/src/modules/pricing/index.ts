export { getMoneySettings, loadMoneySettings, InvalidStoredSettingsError, MONEY_SETTINGS_KEY, PAYMENT_DETAILS_KEY, type StoredMoneySettings } from './get-money-settings';
export { updateMoneySettings } from './update-money-settings';
export {
  buildPriceList,
  cachedPriceList,
  currentPriceList,
  currentCompanyDetails,
  currentMoneySettings,
  currentStoredMoneySettings,
  forgetPriceList,
  moneySettingsOn,
  settingsGeneration,
  type BuyPaymentMethod,
  type PriceList,
  type PriceListBody,
  type UnitPrice,
} from './price-list';
export { pricingRoutes } from './routes';
export { SETTINGS_TTL_MS, SettingsCache } from './settings-cache';
export { readSettingRow, writeSettingRow, type SettingRow } from './store';
export { proposeSettingChange, type SettingDecision } from './propose-setting-change';
export { approveSettingChange, rejectSettingChange, withdrawSettingChange } from './decide-setting-change';
export { previewMoneySettings } from './preview-money-settings';
export { MONEY_SECTION, PAYMENT_DETAILS_SECTION, type SettingSection } from './setting-sections';
export { settingChangeProposerOf } from './store';
