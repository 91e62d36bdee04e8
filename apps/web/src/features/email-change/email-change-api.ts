import { EMAIL_CHANGE_CONTRACTS as C, type EmailChangeAnswer } from '@landunits/domain/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/api-client';
import { uploadWith, type UploadProgress } from '../../shared/api/upload';
import { SESSION_QUERY_KEY, type DashboardBundle } from '../../shared/session/session';

export type { EmailChangeAnswer, EmailChangeView } from '@landunits/domain/contracts';

/** The person's email change calls (SPEC §7), each through its contract (EMAIL_CHANGE_CONTRACTS); each step answers `{message, emailChange}`. */
export const emailChangeApi = {
  verifyPassword: (password: string) => call(C.verifyPassword, { body: { password } }),
  sendLink: (newEmail: string) => call(C.sendLink, { body: { newEmail } }),
  submit: () => call(C.submit),
  cancel: () => call(C.cancel),
  verifyLink: (token: string) => call(C.verifyLink, { params: { token } }),
};

/**
 * POST /api/user/upload-supported-documents-email-change with the upload's progress: the file goes
 * in the `identity` field.
 */
export function uploadEmailChangeDocument(file: File, onProgress: (progress: UploadProgress) => void): Promise<EmailChangeAnswer> {
  const form = new FormData();
  form.append('identity', file);
  return uploadWith(C.uploadDocument, { body: form }, onProgress);
}

/** Puts an answer's request into the session bundle, so the page (and GET /api/user's readers) move on. */
export function storeEmailChange(client: QueryClient, answer: EmailChangeAnswer): void {
  client.setQueryData<DashboardBundle | null>(SESSION_QUERY_KEY, (bundle) => (bundle ? { ...bundle, emailChange: answer.emailChange } : bundle));
}
