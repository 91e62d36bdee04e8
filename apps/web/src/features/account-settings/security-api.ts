import type { BodyOf, ResponseOf, SECURITY_CONTRACTS } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/** The calls of the security page: authenticator app, recovery codes and sessions; every error is an ApiError or a NetworkError. */

type C = typeof SECURITY_CONTRACTS;
export type SecurityOverview = ResponseOf<C['overview']>;
export type SessionView = SecurityOverview['sessions'][number];
export type TotpSetup = ResponseOf<C['totpSetup']>;
export type RecoveryCodesAnswer = ResponseOf<C['totpConfirm']>;
export type CodeAndPassword = BodyOf<C['totpConfirm']>;
type Message = ResponseOf<C['endSession']>;

export const SECURITY_QUERY_KEY = ['account-settings', 'security'] as const;

export const securityApi = {
  overview: (signal?: AbortSignal) => api.get<SecurityOverview>('/user/security', { signal }),
  startTotpSetup: () => api.post<TotpSetup>('/user/security/totp/setup'),
  confirmTotp: (body: CodeAndPassword) => api.post<RecoveryCodesAnswer>('/user/security/totp', body),
  removeTotp: (body: BodyOf<C['totpRemove']>) => api.post<ResponseOf<C['totpRemove']>>('/user/security/totp/remove', body),
  makeRecoveryCodes: (body: BodyOf<C['recoveryCodes']>) => api.post<ResponseOf<C['recoveryCodes']>>('/user/security/recovery-codes', body),
  endSession: (id: string) => api.delete<Message>(`/user/security/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => api.post<ResponseOf<C['endOtherSessions']>>('/user/security/sessions/sign-out-others'),
};
