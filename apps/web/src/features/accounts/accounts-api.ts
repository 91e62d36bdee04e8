import type { HubspotMeta, UserType } from '@landunits/domain';
import { api } from '../../shared/api/api-client';

/** The calls of the account pages (SPEC §7); every error is an ApiError or a NetworkError. */

export interface MessageAnswer {
  message: string;
}

export interface SignInAnswer {
  user: { email: string; firstName: string; firstLogin: boolean };
  /** '/dashboard/settings' for a first sign-in, '/dashboard' otherwise. */
  redirectTo: string;
}

export interface RegisterBody {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  userType: UserType;
  businessName?: string;
}

export const accountsApi = {
  register: (body: RegisterBody) => api.post<MessageAnswer>('/user/register', body),
  resendConfirmation: (email: string) => api.post<MessageAnswer>('/auth/send-confirmation', { email }),
  cancelRegistration: (email: string) => api.post<MessageAnswer>('/user/register/cancel', { email }),
  confirm: (token: string, hubspotMetaData: HubspotMeta) =>
    api.post<SignInAnswer & MessageAnswer>('/auth/confirmation', { token, hubspotMetaData }),
  login: (body: { email: string; password: string }) => api.post<SignInAnswer>('/auth/login', body),
  logout: () => api.post<MessageAnswer>('/auth/logout'),
  forgotPassword: (email: string) => api.post<MessageAnswer>('/auth/login/forgot', { email }),
  checkResetToken: (token: string, signal?: AbortSignal) =>
    api.get<{ valid: true }>(`/auth/verify_password_token/${encodeURIComponent(token)}`, { signal }),
  resetPassword: (token: string, password: string) =>
    api.post<MessageAnswer>(`/auth/login/reset/${encodeURIComponent(token)}`, { password }),
};
