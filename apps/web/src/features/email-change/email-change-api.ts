import { isApiErrorBody } from '@landunits/domain';
import type { EMAIL_CHANGE_CONTRACTS, EmailChangeAnswer, ResponseOf } from '@landunits/domain/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '../../shared/api/api-client';
import { ApiError, NetworkError } from '../../shared/api/api-error';
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
 * POST /api/user/upload-supported-documents-email-change with the upload's progress (fetch cannot
 * report it): the file goes in the `identity` field; errors become the same ApiError as elsewhere.
 */
export function uploadEmailChangeDocument(file: File, onProgress: (percent: number) => void): Promise<EmailChangeAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/user/upload-supported-documents-email-change`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as EmailChangeAnswer);
      else if (isApiErrorBody(body)) reject(new ApiError(xhr.status, body.code, body.message, body.errors ?? {}));
      else reject(new ApiError(xhr.status, `HTTP_${xhr.status}`, 'The document could not be uploaded. Please try again.'));
    };
    const form = new FormData();
    form.append('identity', file);
    xhr.send(form);
  });
}

/** Puts an answer's request into the session bundle, so the page (and GET /api/user's readers) move on. */
export function storeEmailChange(client: QueryClient, answer: EmailChangeAnswer): void {
  client.setQueryData<DashboardBundle | null>(SESSION_QUERY_KEY, (bundle) => (bundle ? { ...bundle, emailChange: answer.emailChange } : bundle));
}
