import type { HubspotMeta } from '@landunits/domain';
import type { ADMINS_CONTRACTS, AUTH_CONTRACTS, BodyOf, InvitationView, ResponseOf } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/** The calls of the account pages (SPEC §7); every error is an ApiError or a NetworkError. */

export type MessageAnswer = ResponseOf<typeof AUTH_CONTRACTS.register>;
/** The password step: signed in, or a second step to take (an authenticator or recovery code). */
export type LoginAnswer = ResponseOf<typeof AUTH_CONTRACTS.login>;
export type SignInAnswer = ResponseOf<typeof AUTH_CONTRACTS.loginSecondFactor>;
export type SecondFactorBody = BodyOf<typeof AUTH_CONTRACTS.loginSecondFactor>;
export type RegisterBody = BodyOf<typeof AUTH_CONTRACTS.register>;

export const accountsApi = {
  register: (body: RegisterBody) => api.post<MessageAnswer>('/user/register', body),
  resendConfirmation: (email: string) => api.post<MessageAnswer>('/auth/send-confirmation', { email }),
  cancelRegistration: (email: string) => api.post<MessageAnswer>('/user/register/cancel', { email }),
  confirm: (token: string, hubspotMetaData: HubspotMeta) => api.post<ResponseOf<typeof AUTH_CONTRACTS.confirm>>('/auth/confirmation', { token, hubspotMetaData }),
  login: (body: { email: string; password: string }) => api.post<LoginAnswer>('/auth/login', body),
  loginSecondFactor: (body: SecondFactorBody) => api.post<SignInAnswer>('/auth/login/second-factor', body),
  secondStepPasskeyOptions: () => api.post<ResponseOf<typeof AUTH_CONTRACTS.loginSecondFactorPasskey>>('/auth/login/second-factor/passkey'),
  passkeyOptions: () => api.post<ResponseOf<typeof AUTH_CONTRACTS.passkeyOptions>>('/auth/passkey/options'),
  passkeyLogin: (body: BodyOf<typeof AUTH_CONTRACTS.passkeyLogin>) => api.post<SignInAnswer>('/auth/passkey', body),
  logout: () => api.post<MessageAnswer>('/auth/logout'),
  forgotPassword: (email: string) => api.post<MessageAnswer>('/auth/login/forgot', { email }),
  checkResetToken: (token: string, signal?: AbortSignal) => api.get<ResponseOf<typeof AUTH_CONTRACTS.checkResetToken>>(`/auth/verify_password_token/${encodeURIComponent(token)}`, { signal }),
  resetPassword: (token: string, password: string) => api.post<MessageAnswer>(`/auth/login/reset/${encodeURIComponent(token)}`, { password }),
  checkInvitation: (token: string, signal?: AbortSignal) => api.get<InvitationView>(`/auth/admin-invitation/${encodeURIComponent(token)}`, { signal }),
  acceptInvitation: (token: string, body: BodyOf<typeof ADMINS_CONTRACTS.acceptInvitation>) =>
    api.post<ResponseOf<typeof ADMINS_CONTRACTS.acceptInvitation>>(`/auth/admin-invitation/${encodeURIComponent(token)}`, body),
};
