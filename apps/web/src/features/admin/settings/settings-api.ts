import { formatDate, type MoneyFigures, type PaymentDetails } from '@landunits/domain';
import type { MoneyPreview, MoneySettingsAdmin, PaymentDetailsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';
import { api } from '../../../shared/api/api-client';
import { errorMessage, isApiError } from '../../../shared/api/api-error';

export type { MoneyPreview, MoneySettingsAdmin, PaymentDetailsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';

/** The two four-eyes sections: their API base (without /api) and query keys. */
export type SectionBase = '/admin/settings' | '/admin/payment-details';

/** Every settings query; a decision refreshes them all (and the prices the site shows). */
export const SETTINGS_ROOT = ['admin', 'settings'] as const;
export const sectionKey = (base: SectionBase, page: number) => [...SETTINGS_ROOT, base, page] as const;

export interface SettingDecision {
  message: string;
  request: SettingChangeRequest;
}

export type DecisionVerb = 'approve' | 'reject' | 'withdraw';

/** The calls of /admin/settings (settings.money) and /admin/payment-details (settings.payment). */
export const settingsApi = {
  money: (page: number, signal?: AbortSignal) => api.get<MoneySettingsAdmin>('/admin/settings', { query: { page }, signal }),
  paymentDetails: (page: number, signal?: AbortSignal) => api.get<PaymentDetailsAdmin>('/admin/payment-details', { query: { page }, signal }),
  preview: (value: MoneyFigures) => api.post<MoneyPreview>('/admin/settings/preview', { value }),
  propose: (base: SectionBase, value: MoneyFigures | PaymentDetails, reason: string) => api.post<SettingDecision>(`${base}/requests`, { value, reason }),
  decide: (base: SectionBase, id: string, verb: DecisionVerb, reason?: string) =>
    api.post<SettingDecision>(`${base}/requests/${encodeURIComponent(id)}/${verb}`, reason === undefined ? {} : { reason }),
};

/** '21 Nov 2026 10:05 UTC'. */
export const whenText = (iso: string): string => `${formatDate(iso, 'DD MMM YYYY')} ${iso.slice(11, 16)} UTC`;

/**
 * What a settings form says under itself when saving failed: the server's field messages it has no
 * field for, or the error's message when none was shown on a field; '' when the fields show it all.
 */
export function formFailure(error: unknown, showServerErrors: (errors: Readonly<Record<string, string>>) => string[]): string {
  const others = isApiError(error) ? showServerErrors(error.errors) : [];
  const shown = isApiError(error) && Object.keys(error.errors).length > others.length;
  if (others.length) return others.join(' ');
  return shown ? '' : errorMessage(error);
}
