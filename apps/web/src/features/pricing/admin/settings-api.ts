import type { MoneyFigures, PaymentDetails } from '@landunits/domain';
import { SETTINGS_ADMIN_CONTRACTS as C } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';
import { SETTINGS_ROOT } from '../../../shared/admin/settings-parts';

export type { MoneyPreview, MoneySettingsAdmin, PaymentDetailsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';

/** The two four-eyes sections: their API base (without /api) and query keys. */
export type SectionBase = '/admin/settings' | '/admin/payment-details';

export const sectionKey = (base: SectionBase, page: number) => [...SETTINGS_ROOT, base, page] as const;

export type DecisionVerb = 'approve' | 'reject' | 'withdraw';

/** Each section's decisions (SETTINGS_ADMIN_CONTRACTS). */
const DECISIONS = {
  '/admin/settings': { approve: C.approveMoneySettings, reject: C.rejectMoneySettings, withdraw: C.withdrawMoneySettings },
  '/admin/payment-details': { approve: C.approvePaymentDetails, reject: C.rejectPaymentDetails, withdraw: C.withdrawPaymentDetails },
} as const;

/** The calls of /admin/settings (settings.money) and /admin/payment-details (settings.payment), each through its contract. */
export const settingsApi = {
  money: (page: number, signal?: AbortSignal) => call(C.moneySettings, { query: { page }, signal }),
  paymentDetails: (page: number, signal?: AbortSignal) => call(C.paymentDetails, { query: { page }, signal }),
  preview: (value: MoneyFigures) => call(C.previewMoneySettings, { body: { value } }),
  propose: (base: SectionBase, value: MoneyFigures | PaymentDetails, reason: string) =>
    base === '/admin/settings' ? call(C.proposeMoneySettings, { body: { value: value as MoneyFigures, reason } }) : call(C.proposePaymentDetails, { body: { value: value as PaymentDetails, reason } }),
  decide: (base: SectionBase, id: string, verb: DecisionVerb, reason?: string) => {
    const params = { id };
    if (verb === 'reject') return call(DECISIONS[base].reject, { params, body: { reason: reason ?? '' } });
    return call(DECISIONS[base][verb], { params });
  },
};
