import type { EMAIL_CHANGE_CONTRACTS, EmailChangeAnswer, ResponseOf } from '@landunits/domain/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api-client';
import { uploadForm, type UploadProgress } from '../../shared/api/upload';
import { SESSION_QUERY_KEY, type DashboardBundle } from '../../shared/session/session';

export type { EmailChangeAnswer, EmailChangeView } from '@landunits/domain/contracts';

/** The person's email change calls (SPEC §7); each answers `{message, emailChange}`. */
export const emailChangeApi = {
  verifyPassword: (password: string) => api.put<EmailChangeAnswer>('/user/verify-password-email-change/', { password }),
  sendLink: (newEmail: string) => api.put<EmailChangeAnswer>('/user/send-verification-link-email-change/', { newEmail }),
  submit: () => api.post<EmailChangeAnswer>('/user/submit-email-change'),
  cancel: () => api.post<EmailChangeAnswer>('/user/cancel-email-change'),
  verifyLink: (token: string) => api.get<ResponseOf<typeof EMAIL_CHANGE_CONTRACTS.verifyLink>>(`/auth/verify-email-change/${encodeURIComponent(token)}`),
};

/**
 * POST /api/user/upload-supported-documents-email-change with the upload's progress: the file goes
 * in the `identity` field.
 */
export function uploadEmailChangeDocument(file: File, onProgress: (progress: UploadProgress) => void): Promise<EmailChangeAnswer> {
  const form = new FormData();
  form.append('identity', file);
  return uploadForm<EmailChangeAnswer>('/user/upload-supported-documents-email-change', form, onProgress);
}

/** Puts an answer's request into the session bundle, so the page (and GET /api/user's readers) move on. */
export function storeEmailChange(client: QueryClient, answer: EmailChangeAnswer): void {
  client.setQueryData<DashboardBundle | null>(SESSION_QUERY_KEY, (bundle) => (bundle ? { ...bundle, emailChange: answer.emailChange } : bundle));
}
