import type { BodyOf, ResponseOf, SECURITY_CONTRACTS } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/** The calls of the security page: passkeys, authenticator app, recovery codes and sessions; every error is an ApiError or a NetworkError. */

type C = typeof SECURITY_CONTRACTS;
export type SecurityOverview = ResponseOf<C['overview']>;
export type SessionView = SecurityOverview['sessions'][number];
export type PasskeyView = SecurityOverview['passkeys'][number];
export type PasskeyAdded = ResponseOf<C['passkeyRegister']>;
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
  passkeyOptions: (body: BodyOf<C['passkeyOptions']>) => api.post<ResponseOf<C['passkeyOptions']>>('/user/security/passkeys/options', body),
  registerPasskey: (body: BodyOf<C['passkeyRegister']>) => api.post<PasskeyAdded>('/user/security/passkeys', body),
  renamePasskey: (id: string, body: BodyOf<C['passkeyRename']>) => api.patch<Message>(`/user/security/passkeys/${encodeURIComponent(id)}`, body),
  removePasskey: (id: string, body: BodyOf<C['passkeyRemove']>) => api.post<Message>(`/user/security/passkeys/${encodeURIComponent(id)}/remove`, body),
  endSession: (id: string) => api.delete<Message>(`/user/security/sessions/${encodeURIComponent(id)}`),
  /** "This was not me" from a new-device email's link; no session needed. */
  notMe: (token: string) => api.post<Message>(`/auth/not-me/${encodeURIComponent(token)}`),
  endOtherSessions: () => api.post<ResponseOf<C['endOtherSessions']>>('/user/security/sessions/sign-out-others'),
  /** Raising the amount is refused until the person steps up: the API client opens the dialog and sends it again. */
  setSafeguards: (body: BodyOf<C['safeguards']>) => api.put<Message>('/user/security/safeguards', body),
  setTransferLimit: (body: BodyOf<C['transferLimit']>) => api.put<Message>('/user/security/transfer-limit', body),
};
